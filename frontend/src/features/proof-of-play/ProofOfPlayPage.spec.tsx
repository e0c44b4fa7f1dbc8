import {
  MEDIA_PORTAL_API,
  type MediaCompany,
  PROOF_OF_PLAY_API,
  PROOF_OF_PLAY_TEXT,
  type ProofOfPlayRollup,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import de from '../../i18n/de/proof-of-play';
import { initI18n } from '../../i18n/i18n';
import { type Call, fakeCloud } from '../../test/fake-cloud';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { ProofOfPlayPage } from './ProofOfPlayPage';

const COMPANY: MediaCompany = {
  companyId: 101,
  companyName: 'Northway Fuels',
  mediaFolderName: 'NorthwayFuels-101',
  tagsList: ['forecourt', 'lobby'],
  mediaFileLimit: 20,
  tagLimit: 10,
  stores: [
    { storeId: 1, storeName: 'Harbour Road', tags: ['forecourt'] },
    { storeId: 2, storeName: 'Mill Lane', tags: [] },
  ],
};

function cloud(rows: ProofOfPlayRollup['rows']): Call[] {
  return fakeCloud({
    [`GET ${MEDIA_PORTAL_API.mediaCompanies}`]: () => [COMPANY],
    [`GET ${PROOF_OF_PLAY_API.rollup}`]: ({ query }) => ({
      companyId: Number(query.get('companyId')),
      from: query.get('from'),
      to: query.get('to'),
      dimension: query.get('dimension'),
      rows,
      plays: rows.reduce((n, r) => n + r.plays, 0),
      durationMs: rows.reduce((n, r) => n + r.durationMs, 0),
    }),
  });
}

const lastRollup = (calls: Call[]) =>
  calls.filter((c) => c.path === PROOF_OF_PLAY_API.rollup).at(-1)!.query;

beforeEach(() => localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true })));

describe('ProofOfPlayPage', { timeout: 20_000 }, () => {
  it('shows the plays per file of the last seven days in a chart and a table', async () => {
    const calls = cloud([
      { key: 'm1', label: 'welcome.png', plays: 1200, durationMs: 12_000_000 },
      { key: 'm2', label: 'menu.mp4', plays: 300, durationMs: 4_500_000 },
    ]);
    renderWithProviders(<ProofOfPlayPage />);
    const table = await screen.findByRole('table', { name: PROOF_OF_PLAY_TEXT.table });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('welcome.png1,2003:20:00');
    expect(rows[1]).toHaveTextContent('menu.mp43001:15:00');
    expect(screen.getByTestId('plays-total')).toHaveTextContent(PROOF_OF_PLAY_TEXT.total(1500));
    expect(within(screen.getByTestId('plays-chart')).getAllByRole('listitem')).toHaveLength(2);
    const query = lastRollup(calls);
    expect(query.get('companyId')).toBe('101');
    expect(query.get('dimension')).toBe('file');
  });

  it('asks per store within a tag and names the stores', async () => {
    const calls = cloud([{ key: '1', label: '1', plays: 5, durationMs: 50_000 }]);
    renderWithProviders(<ProofOfPlayPage />);
    await screen.findByRole('table', { name: PROOF_OF_PLAY_TEXT.table });
    await userEvent.selectOptions(screen.getByLabelText(PROOF_OF_PLAY_TEXT.dimension), 'store');
    await userEvent.selectOptions(screen.getByLabelText(PROOF_OF_PLAY_TEXT.tag), 'forecourt');
    expect(
      await within(await screen.findByRole('table')).findByText('Harbour Road'),
    ).toBeInTheDocument();
    const query = lastRollup(calls);
    expect(query.get('dimension')).toBe('store');
    expect(query.get('tag')).toBe('forecourt');
    expect(query.get('storeId')).toBeNull();
  });

  it('says when nothing played and when the end day is before the start', async () => {
    cloud([]);
    renderWithProviders(<ProofOfPlayPage />);
    expect(await screen.findByText(PROOF_OF_PLAY_TEXT.empty)).toBeInTheDocument();
    const to = screen.getByLabelText(PROOF_OF_PLAY_TEXT.to);
    await userEvent.clear(to);
    await userEvent.type(to, '2020-01-01');
    expect(await screen.findByText(PROOF_OF_PLAY_TEXT.toBeforeFrom)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PROOF_OF_PLAY_TEXT.exportCsv })).toBeDisabled();
  });

  it('reads in German once chosen: labels, counts and the range check', async () => {
    initI18n('de');
    cloud([{ key: 'm1', label: 'welcome.png', plays: 1500, durationMs: 15_000_000 }]);
    renderWithProviders(<ProofOfPlayPage />);
    const table = await screen.findByRole('table', { name: de.plays.table });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('welcome.png1.5004:10:00');
    expect(screen.getByTestId('plays-total')).toHaveTextContent('1.500 Wiedergaben insgesamt');
    const to = screen.getByLabelText(de.plays.to);
    await userEvent.clear(to);
    await userEvent.type(to, '2020-01-01');
    expect(await screen.findByText(de.plays.toBeforeFrom)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: de.plays.exportCsv })).toBeDisabled();
  });
});
