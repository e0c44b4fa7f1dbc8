import {
  AUDIT_ACTION,
  AUDIT_ACTION_LABEL,
  AUDIT_API,
  AUDIT_TEXT,
  type AuditEntryView,
  COMPANY_API,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import de from '../../i18n/de/audit';
import { initI18n } from '../../i18n/i18n';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { AuditPage } from './AuditPage';

const entry = (n: number): AuditEntryView => ({
  id: `e${n}`,
  at: new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString(),
  actor: 'admin@storecloud.test',
  action: AUDIT_ACTION.siteConnect,
  targetType: 'store',
  target: `101/${n}`,
  companies: [101],
  changes: n === 1 ? [{ field: 'tagLimit', before: 5, after: 7 }] : [],
});

/** The backend as the screen sees it: 60 entries, paged, and the query each call carried. */
function cloud(total = 60) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [path, search] = url.split('?');
      const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (path === AUDIT_API.list) {
        const query = new URLSearchParams(search);
        queries.push(query);
        const page = Number(query.get('page'));
        const size = Number(query.get('pageSize'));
        const all =
          query.get('action') === 'media.'
            ? []
            : Array.from({ length: total }, (_, i) => entry(i + 1));
        return reply({
          entries: all.slice((page - 1) * size, page * size),
          page,
          pageSize: size,
          total: all.length,
          totalCapped: false,
        });
      }
      if (path === COMPANY_API.companiesForUser)
        return reply([
          {
            companyId: 101,
            companyName: 'Northway Fuels',
            stores: [{ storeId: 1, storeName: 'Harbour Road', companyId: 101, status: 1 }],
          },
        ]);
      return new Response('{}', { status: 404 });
    }),
  );
  return queries;
}

const rows = (name: string = AUDIT_TEXT.table) =>
  within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

beforeEach(() =>
  localStorage.setItem(STORAGE_KEY.token, makeToken({ usertype: USER_TYPE.ADMIN, all: true })),
);

describe('AuditPage', () => {
  it('shows a page of entries with their changes and pages through them', async () => {
    const queries = cloud();
    renderWithProviders(<AuditPage />);
    await screen.findByRole('table', { name: AUDIT_TEXT.table });
    expect(rows()).toHaveLength(50);
    // In words: no action code, the store's name for its ids, each field before → after.
    expect(rows()[0]).toHaveTextContent(
      'admin@storecloud.test connected to the store Harbour Road',
    );
    expect(rows()[0]).not.toHaveTextContent(AUDIT_ACTION.siteConnect);
    expect(rows()[0]).toHaveTextContent('Tag limit: 5 → 7');
    expect(rows()[0]).toHaveTextContent('20/11/2026');
    expect(screen.getByText(AUDIT_TEXT.pageOf(1, 2))).toBeInTheDocument();
    expect(screen.getByText(AUDIT_TEXT.total(60))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: AUDIT_TEXT.next }));
    expect(await screen.findByText(AUDIT_TEXT.pageOf(2, 2))).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(queries.at(-1)!.get('page')).toBe('2');
  });

  it('sends the filters and says when nothing matches', async () => {
    const queries = cloud();
    renderWithProviders(<AuditPage />);
    await screen.findByRole('table', { name: AUDIT_TEXT.table });
    const form = screen.getByRole('form', { name: AUDIT_TEXT.filters });
    await userEvent.type(within(form).getByLabelText(AUDIT_TEXT.user), 'someone@x.test');
    await userEvent.selectOptions(within(form).getByLabelText(AUDIT_TEXT.action), 'media.');
    await userEvent.selectOptions(within(form).getByLabelText(AUDIT_TEXT.company), '101');
    await userEvent.click(within(form).getByRole('button', { name: AUDIT_TEXT.apply }));
    expect(await screen.findByText(AUDIT_TEXT.noEntries)).toBeInTheDocument();
    const last = queries.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      user: 'someone@x.test',
      action: 'media.',
      company: '101',
      page: '1',
      pageSize: '50',
    });
  });

  it('offers the media file actions and their area in the action filter', async () => {
    const queries = cloud();
    renderWithProviders(<AuditPage />);
    await screen.findByRole('table', { name: AUDIT_TEXT.table });
    const form = screen.getByRole('form', { name: AUDIT_TEXT.filters });
    const select = within(form).getByLabelText(AUDIT_TEXT.action);
    for (const [action, label] of [
      [AUDIT_ACTION.mediaFileUpload, 'Media file uploaded'],
      [AUDIT_ACTION.mediaFileReplace, 'Media file replaced'],
      [AUDIT_ACTION.mediaFileDelete, 'Media file deleted'],
      [AUDIT_ACTION.mediaFileMove, 'Media file moved'],
    ])
      expect(within(select).getByRole('option', { name: label })).toHaveValue(action);
    expect(AUDIT_ACTION_LABEL[AUDIT_ACTION.mediaFileMove]).toBe('Media file moved');
    expect(within(select).getByRole('option', { name: 'All media file actions' })).toHaveValue(
      'media.file.',
    );

    await userEvent.selectOptions(select, 'Media file moved');
    await userEvent.click(within(form).getByRole('button', { name: AUDIT_TEXT.apply }));
    await vi.waitFor(() => expect(queries.at(-1)!.get('action')).toBe(AUDIT_ACTION.mediaFileMove));

    await userEvent.selectOptions(select, 'All media file actions');
    await userEvent.click(within(form).getByRole('button', { name: AUDIT_TEXT.apply }));
    await vi.waitFor(() => expect(queries.at(-1)!.get('action')).toBe('media.file.'));
  });

  it('reads in German once chosen: the sentences, the paging and the action filter', async () => {
    initI18n('de');
    cloud();
    renderWithProviders(<AuditPage />);
    await screen.findByRole('table', { name: de.page.table });
    expect(screen.getByRole('heading', { name: de.page.title })).toBeInTheDocument();
    expect(rows(de.page.table)[0]).toHaveTextContent(
      'admin@storecloud.test hat sich mit der Filiale Harbour Road verbunden',
    );
    expect(screen.getByText('Seite 1 von 2')).toBeInTheDocument();
    expect(screen.getByText('60 Einträge')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: de.page.filters });
    const select = within(form).getByLabelText(de.page.action);
    expect(
      within(select).getByRole('option', { name: 'Alle Aktionen zu Mediendateien' }),
    ).toHaveValue('media.file.');
    expect(within(select).getByRole('option', { name: 'Mediendatei verschoben' })).toHaveValue(
      AUDIT_ACTION.mediaFileMove,
    );
  });
});
