/**
 * The Administration tab's own rules (spec media §2, §4, §5, §8): limits revert on failure, tag
 * folder names and the tag limit, the removal refusal and confirmation, the media server set-up.
 * fetch answers as the backend and the media server do (src/test/fake-media-backend.ts).
 */
import {
  MEDIA_ADMIN_LABELS,
  MEDIA_LIMIT,
  MEDIA_PORTAL_API,
  MEDIA_RULE_TEXT,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  type Schedule,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ACME, fakeMediaBackend } from '../../../test/fake-media-backend';
import { MediaAdministrationTab } from './MediaAdministrationTab';

const L = MEDIA_ADMIN_LABELS;

describe('MediaAdministrationTab limits', () => {
  it('puts the media file limit back and says so when the save fails', async () => {
    const backend = fakeMediaBackend(ACME, {
      fail: [`PUT ${MEDIA_PORTAL_API.updateMediaFileLimit}`],
    });
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    const input = screen.getByLabelText(L.mediaFileLimit);
    expect(input).toHaveValue('20');
    expect(input).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: L.edit(L.mediaFileLimit) }));
    await userEvent.clear(input);
    await userEvent.type(input, '35');
    await userEvent.click(screen.getByRole('button', { name: L.save(L.mediaFileLimit) }));
    expect(await screen.findByText(MEDIA_TOAST_TEXT.mediaFileLimitFailed)).toBeInTheDocument();
    expect(input).toHaveValue('20');
    expect(input).toHaveAttribute('readonly');
    expect(backend.changes()).toEqual([
      {
        method: 'PUT',
        path: MEDIA_PORTAL_API.updateMediaFileLimit,
        body: { companyId: 7, newLimit: 35 },
      },
    ]);
  });

  it('saves the tag limit, and refuses an empty one without a call', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    const input = screen.getByLabelText(L.tagFolderLimit);
    await userEvent.click(screen.getByRole('button', { name: L.edit(L.tagFolderLimit) }));
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: L.save(L.tagFolderLimit) }));
    expect(input).toBeInvalid();
    expect(backend.changes()).toEqual([]);

    await userEvent.type(input, '3');
    await userEvent.click(screen.getByRole('button', { name: L.save(L.tagFolderLimit) }));
    expect(await screen.findByText(MEDIA_TOAST_TEXT.tagLimitUpdated)).toBeInTheDocument();
    expect(input).toHaveValue('3');
    expect(input).toHaveAttribute('readonly');
  });

  it('refuses anything but a whole number in range, in words, without a call', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    const input = screen.getByLabelText(L.mediaFileLimit);
    await userEvent.click(screen.getByRole('button', { name: L.edit(L.mediaFileLimit) }));
    const { label, max } = MEDIA_LIMIT.mediaFileLimit;
    for (const bad of ['-5', '0', '2.5', '200000', '1e3']) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      await userEvent.click(screen.getByRole('button', { name: L.save(L.mediaFileLimit) }));
      expect(await screen.findByText(MEDIA_RULE_TEXT.limitRange(label, max))).toBeVisible();
      expect(input).toBeInvalid();
    }
    expect(backend.changes()).toEqual([]);
  });

  it('refuses a tag limit below the tag folders present, and shows a server refusal', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    const input = screen.getByLabelText(L.tagFolderLimit);
    await userEvent.click(screen.getByRole('button', { name: L.edit(L.tagFolderLimit) }));
    await userEvent.clear(input);
    await userEvent.type(input, '1');
    await userEvent.click(screen.getByRole('button', { name: L.save(L.tagFolderLimit) }));
    expect(await screen.findByText(MEDIA_RULE_TEXT.tagLimitBelowTags(2))).toBeVisible();
    expect(backend.changes()).toEqual([]);
  });

  it('cancel puts the saved value back', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    const input = screen.getByLabelText(L.mediaFileLimit);
    // Enter in the read-only field saves nothing.
    await userEvent.type(input, '{Enter}');
    await userEvent.click(screen.getByRole('button', { name: L.edit(L.mediaFileLimit) }));
    await userEvent.type(input, '5');
    expect(input).toHaveValue('205');
    await userEvent.click(screen.getByRole('button', { name: L.cancelEdit(L.mediaFileLimit) }));
    expect(input).toHaveValue('20');
    expect(backend.changes()).toEqual([]);
  });
});

describe('MediaAdministrationTab tag folders', () => {
  it('refuses a tag folder name the company already has, then adds a new one in one backend call', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    await userEvent.click(screen.getByRole('button', { name: L.addMediaTagFolder }));
    const dialog = screen.getByRole('dialog', { name: L.addTagTitle });
    const name = within(dialog).getByLabelText(L.newTagName);
    await userEvent.type(name, 'promo');
    await userEvent.click(within(dialog).getByRole('button', { name: L.addTag }));
    expect(
      await within(dialog).findByText(MEDIA_VALIDATION_TEXT.tagFolderExists('promo')),
    ).toBeInTheDocument();
    expect(backend.changes()).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, 'winter');
    await userEvent.click(within(dialog).getByRole('button', { name: L.addTag }));
    expect(await screen.findByText(L.tagFolderAdded('winter'))).toBeInTheDocument();
    // The backend makes the folder on the media server and records it: the portal calls it once.
    expect(backend.changes()).toEqual([
      {
        method: 'POST',
        path: MEDIA_PORTAL_API.addTagFolder,
        body: { companyId: 7, newTag: 'winter' },
      },
    ]);
    const list = screen.getByRole('list', { name: L.tagFolders });
    expect(await within(list).findByText('winter')).toBeInTheDocument();
  });

  it('says the tag folder was not added and keeps the dialog when the media server refuses', async () => {
    fakeMediaBackend(ACME, { refuse: [`POST ${MEDIA_PORTAL_API.addTagFolder}`] });
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    await userEvent.click(screen.getByRole('button', { name: L.addMediaTagFolder }));
    const dialog = screen.getByRole('dialog', { name: L.addTagTitle });
    await userEvent.type(within(dialog).getByLabelText(L.newTagName), 'winter');
    await userEvent.click(within(dialog).getByRole('button', { name: L.addTag }));
    expect(await screen.findByText(L.tagFolderAddFailed('winter'))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: L.addTagTitle })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: L.tagFolders });
    expect(within(list).queryByText('winter')).not.toBeInTheDocument();
  });

  it('refuses an empty tag name and a leading dot in words, without a call', async () => {
    const backend = fakeMediaBackend(ACME);
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    await userEvent.click(screen.getByRole('button', { name: L.addMediaTagFolder }));
    const dialog = screen.getByRole('dialog', { name: L.addTagTitle });
    const name = within(dialog).getByLabelText(L.newTagName);
    await userEvent.click(within(dialog).getByRole('button', { name: L.addTag }));
    expect(
      await within(dialog).findByText(MEDIA_RULE_TEXT.nameRequired('tag folder name')),
    ).toBeVisible();
    await userEvent.type(name, '.hidden');
    await userEvent.click(within(dialog).getByRole('button', { name: L.addTag }));
    expect(
      await within(dialog).findByText(MEDIA_RULE_TEXT.nameStartsWithDot('tag folder name')),
    ).toBeVisible();
    expect(backend.changes()).toEqual([]);
  });

  it('offers no new tag folder at the tag limit', async () => {
    const full = { ...ACME, tagLimit: 2 };
    fakeMediaBackend(full);
    renderWithProviders(<MediaAdministrationTab company={full} />);
    expect(await screen.findByText(MEDIA_VALIDATION_TEXT.maxTagFolders(2))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: L.addMediaTagFolder })).not.toBeInTheDocument();
  });

  it('refuses to remove a tag folder that a non-expired schedule sends files to', async () => {
    const schedule: Schedule = {
      _id: 's1',
      companyId: 7,
      companyName: ACME.companyName,
      mediaFolderName: 'AcmeFuels-7',
      destination: 'promo',
      startDate: '2026-11-20T10:00:00.000Z',
      endDate: '2026-12-20T10:00:00.000Z',
      createdDate: '2026-11-19T10:00:00.000Z',
      author: 'someone',
      files: ['a.png'],
      status: 'ACTIVE',
    };
    const backend = fakeMediaBackend(ACME, {
      schedules: [schedule, { ...schedule, _id: 's2', destination: 'fuel', status: 'EXPIRED' }],
    });
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    await userEvent.click(screen.getByRole('button', { name: L.removeTagFolder('promo') }));
    expect(
      await screen.findByText(MEDIA_VALIDATION_TEXT.tagHasActiveSchedules),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Only expired schedules: the confirmation names the tag, the company and its stores.
    await userEvent.click(screen.getByRole('button', { name: L.removeTagFolder('fuel') }));
    const dialog = await screen.findByRole('dialog', { name: L.removeTagFolderTitle });
    expect(dialog).toHaveTextContent(L.removeTagFolderConfirm('fuel', ACME.companyName, 0));
    await userEvent.click(within(dialog).getByRole('button', { name: L.remove }));
    expect(
      await screen.findByText(MEDIA_TOAST_TEXT.tagFolderRemovedFromServer),
    ).toBeInTheDocument();
    expect(screen.getByText(MEDIA_TOAST_TEXT.tagRemovedFromStores)).toBeInTheDocument();
    expect(screen.getByText(L.tagFolderRemoved('fuel'))).toBeInTheDocument();
    // One backend call removes the folder on the media server and the tag from the company.
    expect(backend.changes()).toEqual([
      {
        method: 'PUT',
        path: MEDIA_PORTAL_API.removeTagFolder,
        body: { companyId: 7, removeTag: 'fuel' },
      },
    ]);
    expect(
      screen.queryByRole('button', { name: L.removeTagFolder('fuel') }),
    ).not.toBeInTheDocument();
  });

  it('counts a tag assigned to stores in the confirmation and keeps the folder when the company refuses', async () => {
    const backend = fakeMediaBackend(ACME, { fail: [`PUT ${MEDIA_PORTAL_API.removeTagFolder}`] });
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    await userEvent.click(screen.getByRole('button', { name: L.removeTagFolder('promo') }));
    const dialog = await screen.findByRole('dialog', { name: L.removeTagFolderTitle });
    expect(dialog).toHaveTextContent(L.removeTagFolderConfirm('promo', ACME.companyName, 1));
    await userEvent.click(within(dialog).getByRole('button', { name: L.remove }));
    expect(await screen.findByText(MEDIA_TOAST_TEXT.removeTagFailed)).toBeInTheDocument();
    expect(backend.changes().map((c) => c.method)).toEqual(['PUT']);
    expect(screen.getByRole('button', { name: L.removeTagFolder('promo') })).toBeInTheDocument();
  });

  it('keeps the tag and names the media server when it refuses to remove the folder', async () => {
    fakeMediaBackend(ACME, { refuse: [`PUT ${MEDIA_PORTAL_API.removeTagFolder}`] });
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    await userEvent.click(screen.getByRole('button', { name: L.removeTagFolder('fuel') }));
    const dialog = await screen.findByRole('dialog', { name: L.removeTagFolderTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: L.remove }));
    expect(await screen.findByText(L.tagFolderRemoveFromServerFailed)).toBeInTheDocument();
    // Nothing was removed, so no success toast claims it was.
    expect(screen.queryByText(L.tagFolderRemoved('fuel'))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: L.removeTagFolder('fuel') })).toBeInTheDocument();
  });
});

describe('MediaAdministrationTab counts', () => {
  it('counts pending, active (every tag folder), expired and total files, and the tag folders', async () => {
    fakeMediaBackend(ACME, { files: { pending: 3, promo: 2, fuel: 1, expired: 4 } });
    renderWithProviders(<MediaAdministrationTab company={ACME} />);
    const table = screen.getByRole('table', { name: L.counts });
    const count = (label: string) =>
      within(table).getByRole('row', { name: new RegExp(`^${label}`) });
    expect(await within(count(L.totalFiles)).findByText('10')).toBeInTheDocument();
    expect(count(L.pendingFiles)).toHaveTextContent('3');
    expect(count(L.activeFiles)).toHaveTextContent('3');
    expect(count(L.expiredFiles)).toHaveTextContent('4');
    expect(count(L.tagFolderCount)).toHaveTextContent('2');
  });
});

describe('MediaAdministrationTab configure', () => {
  const bare = {
    ...ACME,
    companyName: 'Bare Co',
    companyId: 9,
    mediaFolderName: undefined,
    tagsList: [],
  };

  it('creates the folder named from the company in one backend call', async () => {
    const backend = fakeMediaBackend(bare);
    renderWithProviders(<MediaAdministrationTab company={bare} />);
    expect(screen.getByText(MEDIA_VALIDATION_TEXT.companyNotConfigured)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: L.configureForMediaServer }));
    const dialog = screen.getByRole('dialog', { name: L.configureTitle });
    expect(dialog).toHaveTextContent('BareCo-9');
    await userEvent.click(within(dialog).getByRole('button', { name: L.configure }));
    expect(await screen.findByText(L.mediaFolderCreated('BareCo-9'))).toBeInTheDocument();
    expect(backend.changes()).toEqual([
      {
        method: 'POST',
        path: MEDIA_PORTAL_API.addMediaFolders,
        body: { companyId: 9, mediaFolderName: 'BareCo-9', tagsList: [] },
      },
    ]);
    expect(await screen.findByRole('button', { name: L.addMediaTagFolder })).toBeInTheDocument();
  });

  it('says the media folder was not created when the media server refuses', async () => {
    const backend = fakeMediaBackend(bare, {
      refuse: [`POST ${MEDIA_PORTAL_API.addMediaFolders}`],
    });
    renderWithProviders(<MediaAdministrationTab company={bare} />);
    await userEvent.click(screen.getByRole('button', { name: L.configureForMediaServer }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: L.configure }),
    );
    expect(await screen.findByText(MEDIA_TOAST_TEXT.createMediaFolderFailed)).toBeInTheDocument();
    expect(backend.changes()).toHaveLength(1);
    expect(screen.getByText(MEDIA_VALIDATION_TEXT.companyNotConfigured)).toBeInTheDocument();
  });

  it('says the database was not updated when the backend cannot record the folder', async () => {
    fakeMediaBackend(bare, { fail: [`POST ${MEDIA_PORTAL_API.addMediaFolders}`] });
    renderWithProviders(<MediaAdministrationTab company={bare} />);
    await userEvent.click(screen.getByRole('button', { name: L.configureForMediaServer }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: L.configure }),
    );
    expect(await screen.findByText(MEDIA_TOAST_TEXT.updateDatabaseFailed)).toBeInTheDocument();
    expect(screen.queryByText(MEDIA_TOAST_TEXT.createMediaFolderFailed)).not.toBeInTheDocument();
    expect(screen.getByText(MEDIA_VALIDATION_TEXT.companyNotConfigured)).toBeInTheDocument();
  });
});
