/**
 * Store Tags and Tag Stores (spec media §2, §4): clicking moves tags, a failed save reverts.
 */
import { MEDIA_ADMIN_LABELS, MEDIA_PORTAL_API } from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ACME, fakeMediaBackend } from '../../../test/fake-media-backend';
import { StoreTagsView } from './StoreTagsView';
import { TagStoresView } from './TagStoresView';

const L = MEDIA_ADMIN_LABELS;
const SAVE = `PUT ${MEDIA_PORTAL_API.saveTagChanges}`;
const region = (name: string) => screen.getByRole('region', { name });

describe('StoreTagsView', () => {
  it('moves tags by click and saves them for the store', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<StoreTagsView company={ACME} />);
    await userEvent.click(within(region(L.stores)).getByRole('button', { name: 'North Road' }));
    expect(within(region(L.storeTags('North Road'))).getByText('promo')).toBeInTheDocument();
    await userEvent.click(within(region(L.availableTags)).getByRole('button', { name: 'fuel' }));
    await userEvent.click(
      within(region(L.storeTags('North Road'))).getByRole('button', { name: 'promo' }),
    );
    expect(within(region(L.availableTags)).getByText('promo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: L.saveTagChanges }));
    expect(await screen.findByText(L.tagChangesSaved('North Road'))).toBeInTheDocument();
    expect(backend.changes()).toEqual([
      {
        method: 'PUT',
        path: MEDIA_PORTAL_API.saveTagChanges,
        body: { companyId: 7, storeId: 1, tags: ['fuel'] },
      },
    ]);
    expect(within(region(L.storeTags('North Road'))).getByText('fuel')).toBeInTheDocument();
  });

  it("puts the store's original tags back when the save fails", async () => {
    fakeMediaBackend(ACME, { fail: [SAVE] });
    renderWithProviders(<StoreTagsView company={ACME} />);
    await userEvent.click(within(region(L.stores)).getByRole('button', { name: 'South Road' }));
    expect(within(region(L.storeTags('South Road'))).getByText(L.noStoreTags)).toBeInTheDocument();
    await userEvent.click(within(region(L.availableTags)).getByRole('button', { name: 'promo' }));
    await userEvent.click(within(region(L.availableTags)).getByRole('button', { name: 'fuel' }));
    expect(within(region(L.availableTags)).getByText(L.noAvailableTags)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: L.saveTagChanges }));
    expect(await screen.findByText(L.tagChangesFailed('South Road'))).toBeInTheDocument();
    expect(within(region(L.storeTags('South Road'))).getByText(L.noStoreTags)).toBeInTheDocument();
    expect(
      within(region(L.availableTags)).getByRole('button', { name: 'promo' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: L.saveTagChanges })).toBeDisabled();
  });

  it('shows the empty store list', () => {
    const empty = { ...ACME, stores: [] };
    fakeMediaBackend(empty);
    renderWithProviders(<StoreTagsView company={empty} />);
    expect(screen.getByText(L.noStores)).toBeInTheDocument();
  });
});

describe('TagStoresView', () => {
  it('gives a store the tag at once, and leaves it as it was when the save fails', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<TagStoresView company={ACME} />);
    await userEvent.click(within(region(L.tags)).getByRole('button', { name: 'promo' }));
    expect(within(region(L.tagStores('promo'))).getByText('North Road')).toBeInTheDocument();
    await userEvent.click(
      within(region(L.availableStores)).getByRole('button', { name: 'South Road' }),
    );
    expect(
      await within(region(L.tagStores('promo'))).findByRole('button', { name: 'South Road' }),
    ).toBeInTheDocument();
    expect(backend.changes()).toEqual([
      {
        method: 'PUT',
        path: MEDIA_PORTAL_API.saveTagChanges,
        body: { companyId: 7, storeId: 2, tags: ['promo'] },
      },
    ]);
  });

  it('keeps the store when taking the tag away fails', async () => {
    fakeMediaBackend(ACME, { fail: [SAVE] });
    renderWithProviders(<TagStoresView company={ACME} />);
    await userEvent.click(within(region(L.tags)).getByRole('button', { name: 'promo' }));
    await userEvent.click(
      within(region(L.tagStores('promo'))).getByRole('button', { name: 'North Road' }),
    );
    expect(await screen.findByText(L.tagChangesFailed('North Road'))).toBeInTheDocument();
    expect(
      within(region(L.tagStores('promo'))).getByRole('button', { name: 'North Road' }),
    ).toBeInTheDocument();
  });
});
