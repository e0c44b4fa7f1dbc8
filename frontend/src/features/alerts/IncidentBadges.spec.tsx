/**
 * The open incidents beside the stores on Home and Status (issue 26): one query of every open
 * incident, joined to the store lists in the browser.
 */
import {
  ALERT_KIND_LABEL,
  COMPANY_API,
  INCIDENT_API,
  INCIDENT_BADGE_TEXT,
  ROUTES,
  SITE_API,
  STATUS_TEXT,
  type SystemStatus,
  USER_TYPE,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { HomePage } from '../home/HomePage';
import { StatusPage } from '../status/StatusPage';
import { COMPANIES, fakeCloud, incident } from '../../test/fake-cloud';

const OPEN = [
  incident(1),
  incident(2, { kind: 'sqlbackup-stale', title: 'Harbour Road: no successful SQL backup' }),
  incident(3, { storeId: 2, kind: 'sqlbackup-stale', title: 'Mill Lane: no backup' }),
];
const badge = (...kinds: (keyof typeof ALERT_KIND_LABEL)[]) =>
  INCIDENT_BADGE_TEXT.label(kinds.map((k) => ALERT_KIND_LABEL[k]).join(', '));

const STATUS: SystemStatus = {
  loginRequestList: [],
  portalConnectionsList: [],
  storePingList: [
    {
      enterprise: { company: 101, store: 2 },
      datetime: '2026-11-26T09:00:00.000Z',
      tentacleVersion: '2.0.1',
      noPingCounter: 0,
    },
  ],
};

function cloud() {
  return fakeCloud({
    [`GET ${INCIDENT_API.list}`]: () => ({ incidents: OPEN }),
    [`GET ${COMPANY_API.allStoresStatus}`]: () => COMPANIES.flatMap((c) => c.stores),
    [`GET ${SITE_API.systemStatus}`]: () => STATUS,
    [`GET ${SITE_API.messageQueue}`]: () => [],
  });
}

beforeEach(() =>
  localStorage.setItem(
    STORAGE_KEY.token,
    makeToken({ all: true, usertype: USER_TYPE.SUPER_ADMIN }),
  ),
);

// Screens with forms and modals on a shared, busy machine: more than the 5 s default.
describe('incident badges', { timeout: 20_000 }, () => {
  it('marks the stores with open incidents on Home, with one call for all of them', async () => {
    const calls = cloud();
    renderWithProviders(<HomePage />, ROUTES.homeStore(101, 1));
    const table = await screen.findByRole('table', { name: 'Stores' });
    const harbour = within(table).getByRole('row', { current: true });
    expect(harbour).toHaveTextContent('Harbour Road');
    expect(
      await within(harbour).findByRole('img', { name: badge('store-offline', 'sqlbackup-stale') }),
    ).toBeInTheDocument();
    const mill = within(table).getByText('Mill Lane').closest('tr')!;
    expect(within(mill).getByRole('img', { name: badge('sqlbackup-stale') })).toBeInTheDocument();
    const incidentCalls = calls.filter((c) => c.path === INCIDENT_API.list);
    expect(incidentCalls).toHaveLength(1);
    expect(Object.fromEntries(incidentCalls[0]!.query)).toMatchObject({ state: 'open' });
  });

  it('shows the stores with open incidents on Status, and the badge beside an online one', async () => {
    cloud();
    renderWithProviders(<StatusPage />, ROUTES.status);
    const list = await screen.findByRole('list', { name: INCIDENT_BADGE_TEXT.statusCard });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Harbour Road: no successful SQL backup');
    const online = await screen.findByRole('table', { name: STATUS_TEXT.tentaclesOnline });
    expect(
      await within(online).findByRole('img', { name: badge('sqlbackup-stale') }),
    ).toBeInTheDocument();
  });
});
