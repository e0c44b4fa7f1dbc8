/**
 * The Central Media screen's own rules with fetch answering as the backend and media server do:
 * tabs by user type, the company picker, the unconfigured company, selection of scheduled files,
 * upload warnings and limit, and the schedule checks. The network path is Playwright's
 * (e2e/tests/media.spec.ts).
 */
import {
  APP,
  MEDIA_API,
  MEDIA_LABELS,
  MEDIA_PORTAL_API,
  MEDIA_RULE_TEXT,
  MEDIA_SERVER_PARAMS,
  MEDIA_SERVER_PREFIX,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
  type MediaFile,
  ROUTES,
  type Schedule,
  SCHEDULE_STATUS_LABEL,
  USER_TYPE,
  type UserTypeName,
} from '@store-cloud/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/AppRoutes';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';

const FOLDER = 'Acme-7';
const ACME: MediaCompany = {
  companyId: 7,
  companyName: 'Acme',
  mediaFolderName: FOLDER,
  tagsList: ['promo'],
  mediaFileLimit: 20,
  tagLimit: 10,
  stores: [],
};
const BETA: MediaCompany = {
  ...ACME,
  companyId: 8,
  companyName: 'Beta',
  mediaFolderName: undefined,
};
const file = (filename: string, area = 'pending'): MediaFile => ({
  filename,
  filesize: 1234,
  timestamp: '2026-01-01T10:00:00.000Z',
  directory: `${FOLDER}/${area}`,
  thumbnail: false,
});
const SCHEDULE: Schedule = {
  _id: 's1',
  companyId: 7,
  companyName: 'Acme',
  mediaFolderName: FOLDER,
  destination: 'promo',
  startDate: '2030-01-01T10:00:00.000Z',
  endDate: '2030-01-02T10:00:00.000Z',
  createdDate: '2026-01-01T09:00:00.000Z',
  author: 'a@b.c',
  files: ['scheduled.png'],
  status: 'READY',
};

function servers({
  companies = [ACME],
  pending = [] as MediaFile[],
  active = [] as MediaFile[],
  schedules = [] as Schedule[],
  other = {} as Record<string, unknown>,
}) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://portal').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answers: Record<string, unknown> = {
        [MEDIA_PORTAL_API.mediaCompanies]: companies,
        [MEDIA_PORTAL_API.serverParams]: MEDIA_SERVER_PARAMS,
        [MEDIA_PORTAL_API.schedules]: schedules,
        [`${MEDIA_SERVER_PREFIX}${MEDIA_API.pendingMediaList}`]: { success: true, files: pending },
        [`${MEDIA_SERVER_PREFIX}${MEDIA_API.expiredMediaList}`]: { success: true, files: [] },
        [`${MEDIA_SERVER_PREFIX}${MEDIA_API.mediaList}`]: { success: true, files: active },
        ...other,
      };
      return new Response(JSON.stringify(answers[path] ?? {}), { status: 200 });
    }),
  );
  return calls;
}

const signIn = (usertype: UserTypeName) =>
  localStorage.setItem(
    STORAGE_KEY.token,
    makeToken({ usertype, all: true, applications: [APP.centralMediaServer] }),
  );

describe('MediaPage', () => {
  it('shows the Administration tab to ADMIN and SUPER-ADMIN only', async () => {
    servers({});
    signIn(USER_TYPE.BASIC);
    const { unmount } = renderWithProviders(<AppRoutes />, ROUTES.media);
    expect(await screen.findByRole('tab', { name: MEDIA_LABELS.managementTab })).toBeVisible();
    expect(screen.queryByRole('tab', { name: MEDIA_LABELS.administrationTab })).toBeNull();
    unmount();
    for (const type of [USER_TYPE.ADMIN, USER_TYPE.SUPER_ADMIN]) {
      signIn(type);
      const view = renderWithProviders(<AppRoutes />, ROUTES.media);
      expect(
        await screen.findByRole('tab', { name: MEDIA_LABELS.administrationTab }),
      ).toBeVisible();
      view.unmount();
    }
  });

  it('picks a company from a table searched from 3 characters, and goes back to it', async () => {
    servers({ companies: [ACME, BETA] });
    signIn(USER_TYPE.BASIC);
    renderWithProviders(<AppRoutes />, ROUTES.media);
    const search = await screen.findByRole('searchbox', { name: MEDIA_LABELS.searchCompanies });
    expect(screen.getAllByTestId('media-company-row')).toHaveLength(2);
    await userEvent.type(search, 'Be');
    expect(screen.getAllByTestId('media-company-row')).toHaveLength(2);
    await userEvent.type(search, 't');
    expect(screen.getAllByTestId('media-company-row')).toHaveLength(1);
    await userEvent.click(screen.getByText('Beta'));
    expect(screen.getByTestId('media-company')).toHaveTextContent(
      MEDIA_LABELS.companyHeading('Beta', 8),
    );
    // Beta has no media folder.
    expect(screen.getByText(MEDIA_VALIDATION_TEXT.companyNotConfigured)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: MEDIA_LABELS.backToCompanySelect }));
    expect(screen.getByRole('searchbox', { name: MEDIA_LABELS.searchCompanies })).toBeVisible();
  });

  it('skips the picker for one company; a scheduled file cannot be selected', async () => {
    servers({ pending: [file('free.png'), file('scheduled.png')], schedules: [SCHEDULE] });
    signIn(USER_TYPE.BASIC);
    renderWithProviders(<AppRoutes />, ROUTES.media);
    const free = await screen.findByRole('checkbox', { name: MEDIA_LABELS.selectFile('free.png') });
    const scheduled = screen.getByRole('checkbox', {
      name: MEDIA_LABELS.selectFile('scheduled.png'),
    });
    expect(scheduled).toBeDisabled();
    expect(
      screen.getByRole('button', { name: MEDIA_LABELS.scheduleOf('scheduled.png') }),
    ).toBeVisible();
    const del = screen.getByRole('button', { name: MEDIA_LABELS.deleteSelectedFiles });
    expect(del).toBeDisabled();
    await userEvent.click(screen.getByLabelText(MEDIA_LABELS.selectAll));
    expect(free).toBeChecked();
    expect(scheduled).not.toBeChecked();
    expect(del).toBeEnabled();
  });

  it('warns of files it will not upload, and disables upload at the limit', async () => {
    servers({ pending: [file('a.png'), file('b.png')] });
    signIn(USER_TYPE.BASIC);
    const view = renderWithProviders(<AppRoutes />, ROUTES.media);
    const input = await screen.findByLabelText(MEDIA_LABELS.uploadMedia);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [new File(['x'], 'notes.txt'), new File(['x'], 'README')]);
    expect(
      await screen.findByText(MEDIA_VALIDATION_TEXT.invalidFileExtension('notes.txt')),
    ).toBeVisible();
    expect(screen.getByText(MEDIA_VALIDATION_TEXT.invalidFileName('README'))).toBeVisible();
    expect(screen.getByText(MEDIA_VALIDATION_TEXT.noValidFiles)).toBeVisible();
    view.unmount();

    servers({
      companies: [{ ...ACME, mediaFileLimit: 2 }],
      pending: [file('a.png'), file('b.png')],
    });
    renderWithProviders(<AppRoutes />, ROUTES.media);
    expect(await screen.findByText(MEDIA_VALIDATION_TEXT.mediaFileLimitReached)).toBeVisible();
    expect(screen.getByRole('button', { name: MEDIA_LABELS.uploadMedia })).toBeDisabled();
    expect(screen.queryByLabelText(MEDIA_LABELS.uploadMedia, { selector: 'input' })).toBeNull();
  });

  it('checks a new schedule in the spec words before saving', async () => {
    const calls = servers({ pending: [file('a.png')] });
    signIn(USER_TYPE.BASIC);
    renderWithProviders(<AppRoutes />, ROUTES.media);
    await screen.findByRole('checkbox', { name: MEDIA_LABELS.selectFile('a.png') });
    await userEvent.click(screen.getByRole('button', { name: MEDIA_LABELS.createSchedule }));
    let modal = screen.getByRole('dialog', { name: MEDIA_LABELS.createScheduleTitle });
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.save }));
    expect(within(modal).getByText(MEDIA_VALIDATION_TEXT.noFilesForSchedule)).toBeVisible();
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.cancel }));

    await userEvent.click(screen.getByRole('checkbox', { name: MEDIA_LABELS.selectFile('a.png') }));
    await userEvent.click(screen.getByRole('button', { name: MEDIA_LABELS.createSchedule }));
    modal = screen.getByRole('dialog', { name: MEDIA_LABELS.createScheduleTitle });
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.save }));
    expect(within(modal).getByText(MEDIA_VALIDATION_TEXT.scheduleNeedsDestination)).toBeVisible();
    await userEvent.selectOptions(within(modal).getByLabelText(MEDIA_LABELS.destination), 'promo');
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.save }));
    expect(within(modal).getByText(MEDIA_VALIDATION_TEXT.endAfterStart)).toBeVisible();

    // A schedule wholly in the past is refused before any call; the start offers no past time.
    // (The shared date input is text: a time before its min shows as invalid at once.)
    const start = within(modal).getByLabelText(MEDIA_LABELS.start);
    expect(start).not.toHaveClass('is-invalid');
    fireEvent.change(start, { target: { value: '2020-01-01T10:00' } });
    expect(start).toHaveClass('is-invalid');
    fireEvent.change(within(modal).getByLabelText(MEDIA_LABELS.end), {
      target: { value: '2020-01-02T10:00' },
    });
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.save }));
    expect(within(modal).getByText(MEDIA_RULE_TEXT.endInPast)).toBeVisible();
    expect(calls.some((c) => c.path === MEDIA_PORTAL_API.addSchedule)).toBe(false);
  });

  it('says that deleting an active schedule leaves its files live', async () => {
    servers({ schedules: [{ ...SCHEDULE, status: 'ACTIVE' }] });
    signIn(USER_TYPE.BASIC);
    renderWithProviders(<AppRoutes />, ROUTES.media);
    await userEvent.click(await screen.findByText(MEDIA_LABELS.schedules));
    await userEvent.click(await screen.findByTestId('schedule-row'));
    const modal = screen.getByRole('dialog', { name: MEDIA_LABELS.editScheduleTitle });
    await userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.deleteSchedule }));
    const confirm = screen.getByRole('dialog', { name: MEDIA_LABELS.deleteScheduleTitle });
    expect(confirm).toHaveTextContent(MEDIA_LABELS.deleteScheduleConsequence.ACTIVE);
    expect(within(confirm).getByRole('button', { name: MEDIA_LABELS.delete })).toHaveClass(
      'btn-danger',
    );
  });

  it('lists schedules with their status labels, or says there are none', async () => {
    servers({ schedules: [SCHEDULE, { ...SCHEDULE, _id: 's2', status: 'EXPIRED' }] });
    signIn(USER_TYPE.BASIC);
    const view = renderWithProviders(<AppRoutes />, ROUTES.media);
    await userEvent.click(await screen.findByText(MEDIA_LABELS.schedules));
    const rows = await screen.findAllByTestId('schedule-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      SCHEDULE_STATUS_LABEL.READY,
      SCHEDULE_STATUS_LABEL.EXPIRED,
    ]);
    // Statuses are badges whose text colour Bootstrap picks for contrast.
    expect(within(rows[0]!).getByText(SCHEDULE_STATUS_LABEL.READY)).toHaveClass(
      'badge',
      'text-bg-info',
    );
    expect(within(rows[1]!).getByText(SCHEDULE_STATUS_LABEL.EXPIRED)).toHaveClass(
      'text-bg-secondary',
    );
    // An expired schedule opens read-only.
    await userEvent.click(rows[1]!);
    const modal = screen.getByRole('dialog', { name: MEDIA_LABELS.editScheduleTitle });
    expect(within(modal).queryByRole('button', { name: MEDIA_LABELS.save })).toBeNull();
    expect(within(modal).getByLabelText(MEDIA_LABELS.end)).toBeDisabled();
    view.unmount();

    servers({});
    renderWithProviders(<AppRoutes />, ROUTES.media);
    await userEvent.click(await screen.findByText(MEDIA_LABELS.schedules));
    expect(await screen.findByText(MEDIA_VALIDATION_TEXT.noSchedulesFound)).toBeVisible();
  });

  it('asks before Update Media Now replaces a file of the same name live in the tag', async () => {
    const calls = servers({
      pending: [file('a.png'), file('b.png')],
      active: [file('a.png', 'tags/promo')],
      other: { [`${MEDIA_SERVER_PREFIX}${MEDIA_API.mediaFiles}`]: { success: true } },
    });
    signIn(USER_TYPE.BASIC);
    renderWithProviders(<AppRoutes />, ROUTES.media);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: MEDIA_LABELS.selectFile('a.png') }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: MEDIA_LABELS.selectFile('b.png') }));
    await userEvent.click(screen.getByRole('button', { name: MEDIA_LABELS.updateMediaNow }));
    const modal = screen.getByRole('dialog', { name: MEDIA_LABELS.updateMediaTitle });
    await userEvent.selectOptions(within(modal).getByLabelText(MEDIA_LABELS.destination), 'promo');
    expect(modal).toHaveTextContent(MEDIA_LABELS.liveInTag('promo', ['a.png']));
    const go = within(modal).getByRole('button', { name: MEDIA_LABELS.replaceAndUpdate });
    expect(go).toHaveClass('btn-danger');
    await userEvent.click(go);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith(MEDIA_API.mediaFiles))?.body).toEqual({
        directoryname: FOLDER,
        tag: 'promo',
        files: ['a.png', 'b.png'],
        replace: true,
      }),
    );
  });

  it('sorts active files by a column, a second click reversing, and expires them per tag folder', async () => {
    const calls = servers({
      active: [
        { ...file('b.png', 'tags/promo'), filesize: 10 },
        { ...file('a.png', 'tags/promo'), filesize: 99 },
      ],
      other: { [`${MEDIA_SERVER_PREFIX}${MEDIA_API.moveMediaFiles}`]: { success: true } },
    });
    signIn(USER_TYPE.BASIC);
    renderWithProviders(<AppRoutes />, ROUTES.media);
    await userEvent.click(await screen.findByText(MEDIA_LABELS.activeMedia));
    const names = () =>
      screen
        .getAllByTestId('active-media-row')
        .map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    await screen.findAllByTestId('active-media-row');
    expect(names()).toEqual(['a.png', 'b.png']);
    await userEvent.click(
      screen.getByRole('button', { name: MEDIA_LABELS.sortBy(MEDIA_LABELS.fileSize) }),
    );
    expect(names()).toEqual(['b.png', 'a.png']);
    await userEvent.click(
      screen.getByRole('button', { name: MEDIA_LABELS.sortBy(MEDIA_LABELS.fileSize) }),
    );
    expect(names()).toEqual(['a.png', 'b.png']);
    expect(
      screen.queryByRole('button', { name: MEDIA_LABELS.sortBy(MEDIA_LABELS.startDate) }),
    ).toBeNull();

    const expire = screen.getByRole('button', { name: MEDIA_LABELS.expireSelectedFiles });
    expect(expire).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: MEDIA_LABELS.selectFile('a.png') }));
    await userEvent.click(expire);
    const dialog = screen.getByRole('dialog', { name: MEDIA_LABELS.expireFilesTitle });
    // The button names the action; expiring is not destructive, so it is not red.
    const confirm = within(dialog).getByRole('button', { name: MEDIA_LABELS.expire });
    expect(confirm).toHaveClass('btn-primary');
    expect(dialog).toHaveTextContent(MEDIA_LABELS.expireFilesConfirm(1));
    await userEvent.click(confirm);
    expect(await screen.findByText(MEDIA_TOAST_TEXT.filesExpired)).toBeVisible();
    expect(calls.find((c) => c.path.endsWith(MEDIA_API.moveMediaFiles))?.body).toEqual({
      directoryname: FOLDER,
      sourceFolder: 'tags\\promo',
      destinationFolder: 'expired',
      filelist: ['a.png'],
    });
  });

  it('says how many files could not be deleted', async () => {
    servers({
      pending: [file('a.png'), file('b.png')],
      other: {
        [`${MEDIA_SERVER_PREFIX}${MEDIA_API.deleteFiles}`]: {
          success: false,
          failedFiles: ['b.png'],
        },
      },
    });
    signIn(USER_TYPE.BASIC);
    renderWithProviders(<AppRoutes />, ROUTES.media);
    await screen.findByRole('checkbox', { name: MEDIA_LABELS.selectFile('a.png') });
    await userEvent.click(screen.getByLabelText(MEDIA_LABELS.selectAll));
    await userEvent.click(screen.getByRole('button', { name: MEDIA_LABELS.deleteSelectedFiles }));
    const dialog = screen.getByRole('dialog', { name: MEDIA_LABELS.deleteFilesTitle });
    expect(dialog).toHaveTextContent(MEDIA_LABELS.deleteFilesConfirm(2));
    const confirm = within(dialog).getByRole('button', { name: MEDIA_LABELS.delete });
    expect(confirm).toHaveClass('btn-danger');
    await userEvent.click(confirm);
    expect(await screen.findByText(MEDIA_TOAST_TEXT.someFilesNotDeleted(1, 'Acme'))).toBeVisible();
  });
});
