import {
  ALERT_FOLLOW_TEXT,
  ALERT_KIND_LABEL,
  ALERT_SUBSCRIPTIONS_API,
  ALERTS_TEXT,
  type AlertSubscriptions,
  INCIDENT_API,
  incidentAckPath,
  incidentMutePath,
  ROUTES,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { AlertsPage } from './AlertsPage';
import { type Call, fakeCloud, incident } from '../../test/fake-cloud';

const OPEN = [
  incident(1),
  incident(2, { storeId: null, kind: 'media-near-limit', title: 'Media' }),
];
const RESOLVED = [
  incident(3, {
    state: 'resolved',
    resolvedAt: new Date(Date.UTC(2026, 10, 26, 10)).toISOString(),
  }),
];

/** The incidents routes: open and resolved by the state asked; the subscriptions kept. */
function cloud(open = OPEN, resolved = RESOLVED) {
  let subscriptions: AlertSubscriptions = { follows: [], mutes: [] };
  const calls = fakeCloud({
    [`GET ${INCIDENT_API.list}`]: ({ query }) => ({
      incidents: query.get('state') === 'open' ? open : resolved,
    }),
    [`POST /portal/incidents/${OPEN[0]!.id}/ack`]: () => ({
      ...OPEN[0],
      acknowledgedAt: new Date().toISOString(),
      acknowledgedBy: 'me@x.test',
    }),
    [`POST /portal/incidents/${OPEN[0]!.id}/mute`]: () => OPEN[0],
    [`GET ${ALERT_SUBSCRIPTIONS_API.mine}`]: () => subscriptions,
    [`PUT ${ALERT_SUBSCRIPTIONS_API.mine}`]: ({ body }) => {
      subscriptions = body as AlertSubscriptions;
      return subscriptions;
    },
  });
  return calls;
}

const lastList = (calls: Call[], state: string) =>
  calls.filter((c) => c.path === INCIDENT_API.list && c.query.get('state') === state).at(-1)!;

beforeEach(() => localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true })));

// Screens with forms and modals on a shared, busy machine: more than the 5 s default.
describe('AlertsPage', { timeout: 20_000 }, () => {
  it('lists the open incidents first, then the history, each linked to its store', async () => {
    cloud();
    renderWithProviders(<AlertsPage />);
    const open = await screen.findByRole('table', { name: ALERTS_TEXT.openTable });
    const history = await screen.findByRole('table', { name: ALERTS_TEXT.historyTable });
    expect(open.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const rows = within(open).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(OPEN[0]!.title);
    expect(rows[0]).toHaveTextContent(ALERT_KIND_LABEL['store-offline']);
    const link = within(rows[0]!).getByRole('link', {
      name: ALERTS_TEXT.openStore('Harbour Road (1)'),
    });
    expect(link).toHaveAttribute('href', ROUTES.homeStore(101, 1));
    // A company-wide incident links to its company.
    expect(within(rows[1]!).getByRole('link', { name: 'Northway Fuels (101)' })).toHaveAttribute(
      'href',
      ROUTES.homeStore(101, null),
    );
    expect(within(history).getAllByRole('row')).toHaveLength(2);
  });

  it('says so when there is nothing open and no history', async () => {
    cloud([], []);
    renderWithProviders(<AlertsPage />);
    expect(await screen.findByText(ALERTS_TEXT.noOpen)).toBeInTheDocument();
    expect(await screen.findByText(ALERTS_TEXT.noHistory)).toBeInTheDocument();
    expect(await screen.findByText(ALERT_FOLLOW_TEXT.none)).toBeInTheDocument();
  });

  it('filters both lists by company, store and kind', async () => {
    const calls = cloud();
    renderWithProviders(<AlertsPage />);
    await screen.findByRole('table', { name: ALERTS_TEXT.openTable });
    const form = screen.getByRole('form', { name: ALERTS_TEXT.filters });
    const company = within(form).getByLabelText(ALERTS_TEXT.company);
    await within(form).findByRole('option', { name: 'Northway Fuels (101)' });
    await userEvent.selectOptions(company, '101');
    await userEvent.selectOptions(within(form).getByLabelText(ALERTS_TEXT.store), '1');
    await userEvent.selectOptions(
      within(form).getByLabelText(ALERTS_TEXT.kind),
      ALERT_KIND_LABEL['store-offline'],
    );
    for (const state of ['open', 'resolved']) {
      const query = Object.fromEntries(lastList(calls, state).query);
      expect(query).toMatchObject({ companyId: '101', storeId: '1', kind: 'store-offline' });
    }
  });

  it('acknowledges an incident and mutes one for a chosen time', async () => {
    const calls = cloud();
    renderWithProviders(<AlertsPage />);
    const open = await screen.findByRole('table', { name: ALERTS_TEXT.openTable });
    const row = within(open).getAllByRole('row')[1]!;
    await userEvent.click(within(row).getByRole('button', { name: ALERTS_TEXT.acknowledge }));
    await userEvent.click(within(row).getByRole('button', { name: ALERTS_TEXT.mute }));
    await userEvent.click(
      await screen.findByRole('button', { name: `${ALERTS_TEXT.muteFor} 4 hours` }),
    );
    await screen.findAllByRole('table', { name: ALERTS_TEXT.openTable });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([
      incidentAckPath(OPEN[0]!.id),
      incidentMutePath(OPEN[0]!.id),
    ]);
    expect(posts[1]!.body).toEqual({ minutes: 240 });
  });

  it('follows a store and mutes a company for the user, saving the whole set', async () => {
    const calls = cloud();
    renderWithProviders(<AlertsPage />);
    const form = await screen.findByRole('form', { name: ALERT_FOLLOW_TEXT.add });
    await within(form).findByRole('option', { name: 'Northway Fuels (101)' });
    await userEvent.selectOptions(within(form).getByLabelText(ALERT_FOLLOW_TEXT.company), '101');
    await userEvent.selectOptions(within(form).getByLabelText(ALERT_FOLLOW_TEXT.store), '2');
    await userEvent.click(within(form).getByRole('button', { name: ALERT_FOLLOW_TEXT.add }));
    const table = await screen.findByRole('table', { name: ALERT_FOLLOW_TEXT.table });
    expect(table).toHaveTextContent('Mill Lane (2)');

    await userEvent.selectOptions(within(form).getByLabelText(ALERT_FOLLOW_TEXT.store), '');
    await userEvent.selectOptions(
      within(form).getByLabelText(ALERT_FOLLOW_TEXT.action),
      ALERT_FOLLOW_TEXT.mute,
    );
    await userEvent.click(within(form).getByRole('button', { name: ALERT_FOLLOW_TEXT.add }));
    await within(table).findByText(ALERT_FOLLOW_TEXT.muted);

    const puts = calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts.at(-1)).toEqual({
      follows: [{ companyId: 101, storeId: 2 }],
      mutes: [{ companyId: 101 }],
    });
  });
});
