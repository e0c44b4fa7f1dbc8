/**
 * By Site's filters and checkboxes (issue 30) with the media companies (the store tags) stubbed
 * at the network boundary.
 */
import {
  APP,
  BULK_ACTIONS_TEXT,
  MEDIA_PORTAL_API,
  MESSAGING_LABELS as L,
  type PortalCompany,
  siteKey,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { TargetPicker } from './TargetPicker';
import { useTargets } from './useTargets';

const store = (companyId: number, storeId: number, storeName: string, status = 1) => ({
  companyId,
  storeId,
  storeName,
  status,
});
const COMPANIES: PortalCompany[] = [
  {
    companyId: 101,
    companyName: 'Northway Fuels',
    stores: [store(101, 1, 'Harbour Road'), store(101, 2, 'Mill Lane', 0)],
  },
  { companyId: 202, companyName: 'Sunrise Convenience', stores: [store(202, 1, 'Market Street')] },
];
const TAGS: Record<string, string[]> = { '101-1': ['coast'], '101-2': [], '202-1': ['coast'] };

function Harness() {
  const { targets, isTarget, toggleTarget, setMany } = useTargets();
  return (
    <>
      <TargetPicker
        companies={COMPANIES}
        isTarget={isTarget}
        onToggle={toggleTarget}
        onSetMany={setMany}
      />
      <output aria-label="targets">{targets.map(siteKey).sort().join(' ')}</output>
    </>
  );
}

function open() {
  localStorage.setItem(
    STORAGE_KEY.token,
    makeToken({ all: true, applications: [APP.centralMediaServer, APP.messageManager] }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== MEDIA_PORTAL_API.mediaCompanies) return Response.json({}, { status: 404 });
      return Response.json(
        COMPANIES.map((c) => ({
          companyId: c.companyId,
          companyName: c.companyName,
          tagsList: ['coast'],
          mediaFileLimit: 10,
          tagLimit: 10,
          stores: c.stores.map((s) => ({ ...s, tags: TAGS[siteKey(s)] })),
        })),
      );
    }),
  );
  renderWithProviders(<Harness />);
}

const chosen = () => screen.getByRole('status', { name: 'targets' }).textContent;
const table = () => screen.getByRole('table', { name: L.stores });

describe('TargetPicker', () => {
  it('selects all the stores shown, and only those, then none', async () => {
    open();
    expect(within(table()).getAllByRole('checkbox')).toHaveLength(4);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: L.filterOnline }),
      BULK_ACTIONS_TEXT.onlineLabel.online,
    );
    const all = screen.getByRole('checkbox', { name: L.selectAllShown(2) });
    await userEvent.click(all);
    expect(chosen()).toBe('101-1 202-1');
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(chosen()).toBe('');
  });

  it('narrows by company and by store tag; one box marks a store', async () => {
    open();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: L.filterTag }),
      'coast',
    );
    expect(within(table()).queryByText('Mill Lane')).toBeNull();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: L.filterCompany }),
      'Sunrise Convenience (202)',
    );
    expect(within(table()).queryByText('Harbour Road')).toBeNull();
    await userEvent.click(
      screen.getByRole('checkbox', { name: L.selectStore('Market Street', '202-1') }),
    );
    expect(chosen()).toBe('202-1');
    // Some of the shown: the select-all box is half set.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: L.filterCompany }), '');
    expect(screen.getByRole('checkbox', { name: L.selectAllShown(3) })).toHaveProperty(
      'indeterminate',
      true,
    );
  });
});
