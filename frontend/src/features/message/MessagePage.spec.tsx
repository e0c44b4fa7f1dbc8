import {
  MESSAGE_DELIVERY_API,
  MESSAGE_DELIVERY_LABELS,
  COMPANY_API,
  DATE_FORMAT_STATUS,
  MESSAGE_SOURCE,
  MESSAGING_API,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  type PortalCompany,
  SEND_STATE,
  SITE_API,
  SITE_TOKEN_HEADER,
  siteMessageSchema,
} from '@store-cloud/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import de from '../../i18n/de/message';
import { initI18n } from '../../i18n/i18n';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { MessagePage } from './MessagePage';

const store = (companyId: number, storeId: number, storeName: string) => ({
  companyId,
  storeId,
  storeName,
  status: 1,
});
const NORTHWAY: PortalCompany = {
  companyId: 101,
  companyName: 'Northway Fuels',
  stores: [store(101, 1, 'Harbour Road'), store(101, 2, 'Mill Lane')],
};
const SUNRISE: PortalCompany = {
  companyId: 202,
  companyName: 'Sunrise Convenience',
  stores: [store(202, 1, 'Market Street')],
};
const BRANDS: Record<string, string> = { '101-1': 'BP', '101-2': 'Shell', '202-1': 'BP' };

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  siteToken: string | null;
}

/**
 * The cloud at the network boundary: every store but `offline` is online; a broadcast to
 * `failing` is refused.
 */
function cloud({
  companies = [NORTHWAY, SUNRISE],
  offline = [] as string[],
  failing = [] as string[],
} = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path, search] = url.split('?') as [string, string | undefined];
      const query = new URLSearchParams(search);
      const method = init?.method ?? 'GET';
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const body: unknown = init?.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, path, query, body, siteToken: headers[SITE_TOKEN_HEADER] ?? null });
      const reply = (value: unknown, code = 200) =>
        new Response(JSON.stringify(value), { status: code });
      const key = `${query.get('c')}-${query.get('s')}`;
      const bodyKey = (b: { company?: number; store?: number }) => `${b.company}-${b.store}`;
      if (path.startsWith(MESSAGE_DELIVERY_API.deliveries) && method === 'POST') {
        const created = path === MESSAGE_DELIVERY_API.deliveries;
        const sent = (created ? body : { message: null, sites: [] }) as {
          message: unknown;
          sites: object[];
        };
        return reply(
          {
            id: 'a'.repeat(24),
            message: sent.message,
            user: 'me',
            createdAt: new Date().toISOString(),
            resendOf: null,
            resentBy: null,
            sites: sent.sites.map((site) => ({
              ...site,
              state: 'Pending',
              reason: null,
              at: null,
              result: null,
            })),
          },
          created ? 201 : 200,
        );
      }
      switch (path) {
        case COMPANY_API.companiesForUser:
          return reply(companies);
        case COMPANY_API.allStoresStatus:
          return reply(
            companies.flatMap((c) =>
              c.stores.map((s) => ({
                companyId: c.companyId,
                storeId: s.storeId,
                status: offline.includes(`${c.companyId}-${s.storeId}`) ? 0 : 1,
              })),
            ),
          );
        case SITE_API.siteConnect:
        case SITE_API.siteLogout:
          return reply({ success: true });
        case SITE_API.siteLogin:
          return reply({
            success: true,
            token: `site-token-${bodyKey(body as object)}`,
            expires: '2030-01-01T00:00:00.000Z',
          });
        case MESSAGING_API.broadcastMessage:
          return failing.includes(key)
            ? reply({ code: 'STORE_ERROR', message: 'refused' }, 502)
            : reply({ success: true });
        case MESSAGING_API.messageHistory:
          return reply([
            {
              receivedAt: '2026-11-20T10:00:00.000Z',
              message: {
                id: '3f2b8a1e-6c1d-4f7a-9a57-1d2e3f4a5b6c',
                dateTime: '2026-11-20T09:59:00.000Z',
                type: 'Prompt',
                source: MESSAGE_SOURCE,
                locations: [key],
                destinations: ['POS'],
                payload: { content: 'Fuel delivery at noon' },
              },
            },
          ]);
        case MESSAGING_API.workstations:
          return reply([
            { id: 'POS1', workstationType: 'POS' },
            { id: 'BOS1', workstationType: 'evoBOS' },
            { id: 'PUMP1', workstationType: 'PumpController' },
          ]);
        case MESSAGING_API.sitePosMainParams:
          return BRANDS[key]
            ? reply({ poleSignBrand: BRANDS[key], siteName: 'x' })
            : reply({ code: 'STORE_OFFLINE', message: 'offline' }, 409);
      }
      if (path.startsWith('/api/v1/loglevel/')) return reply({ success: true });
      return reply({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
  return calls;
}

const signIn = (all: boolean) => localStorage.setItem(STORAGE_KEY.token, makeToken({ all }));

const tab = (name: string) => screen.getByRole('tab', { name });
const targetPanel = () => screen.getByRole('complementary', { name: MESSAGING_LABELS.targetSites });
const row = (table: string, text: string) =>
  within(screen.getByRole('table', { name: table }))
    .getByText(text)
    .closest('tr')!;

async function renderPage(all = true, options?: Parameters<typeof cloud>[0]) {
  signIn(all);
  const calls = cloud(options);
  renderWithProviders(<MessagePage />);
  await screen.findByRole('heading', { name: MESSAGING_TEXT.title });
  await screen.findByRole('tab', { name: MESSAGING_TEXT.tabBySite });
  return calls;
}

const storeBox = (store: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`^Target ${store} \\(`) });

/** By Site: the company filter, then each store's checkbox. */
async function pickStores(company: string, ...stores: string[]) {
  await userEvent.click(tab(MESSAGING_TEXT.tabBySite));
  const filter = screen.getByRole('combobox', { name: MESSAGING_LABELS.filterCompany });
  const option = within(filter).getByRole('option', { name: new RegExp(`^${company} `) });
  await userEvent.selectOptions(filter, option);
  for (const s of stores) await userEvent.click(storeBox(s));
}

describe('MessagePage tabs', () => {
  it('offers Company and Polesign to a user with all companies and several of them', async () => {
    await renderPage(true);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      MESSAGING_TEXT.tabByWorkstation,
      MESSAGING_TEXT.tabBySite,
      MESSAGING_TEXT.tabByCompany,
      MESSAGING_TEXT.tabByPolesign,
      MESSAGING_TEXT.tabCreateMessage,
      MESSAGE_DELIVERY_LABELS.tab,
    ]);
  });

  it('hides Company with one company and Polesign without access to all', async () => {
    await renderPage(false, { companies: [NORTHWAY] });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      MESSAGING_TEXT.tabByWorkstation,
      MESSAGING_TEXT.tabBySite,
      MESSAGING_TEXT.tabCreateMessage,
      MESSAGE_DELIVERY_LABELS.tab,
    ]);
    // One company: its stores straight away.
    expect(screen.getByRole('table', { name: MESSAGING_LABELS.stores })).toHaveTextContent(
      'Harbour Road',
    );
  });

  it('lists chosen sites in the panel, keeps them for Create Message and resets them on another selection tab', async () => {
    await renderPage(true);
    await pickStores('Northway Fuels', 'Harbour Road', 'Mill Lane');
    expect(targetPanel()).toHaveTextContent(`${MESSAGING_LABELS.targetSites} (2)`);
    expect(targetPanel()).toHaveTextContent('Northway Fuels - Mill Lane (101-2)');

    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    expect(targetPanel()).toHaveTextContent(`${MESSAGING_LABELS.targetSites} (2)`);
    await userEvent.click(tab(MESSAGING_TEXT.tabBySite));
    expect(targetPanel()).toHaveTextContent(`${MESSAGING_LABELS.targetSites} (2)`);

    await userEvent.click(tab(MESSAGING_TEXT.tabByCompany));
    expect(targetPanel()).toHaveTextContent(MESSAGING_LABELS.noTargets);
    await userEvent.click(row(MESSAGING_LABELS.companies, 'Sunrise Convenience'));
    expect(targetPanel()).toHaveTextContent('Sunrise Convenience - Market Street (202-1)');
    await userEvent.click(
      within(targetPanel()).getByRole('button', { name: MESSAGING_LABELS.clearTargets }),
    );
    expect(targetPanel()).toHaveTextContent(MESSAGING_LABELS.noTargets);
  });

  it('ticks a company on By Company: its box says all its stores are targets', async () => {
    await renderPage(true);
    await userEvent.click(tab(MESSAGING_TEXT.tabByCompany));
    const box = screen.getByRole('checkbox', {
      name: MESSAGING_LABELS.selectCompany('Northway Fuels'),
    });
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(targetPanel()).toHaveTextContent(`${MESSAGING_LABELS.targetSites} (2)`);
    await userEvent.click(row(MESSAGING_LABELS.companies, 'Northway Fuels'));
    expect(box).not.toBeChecked();
    expect(targetPanel()).toHaveTextContent(MESSAGING_LABELS.noTargets);
  });

  it('searches the companies from three characters', async () => {
    await renderPage(true);
    await userEvent.click(tab(MESSAGING_TEXT.tabByCompany));
    const search = screen.getByRole('searchbox', { name: MESSAGING_LABELS.search });
    await userEvent.type(search, 'su');
    expect(screen.getByRole('table', { name: MESSAGING_LABELS.companies })).toHaveTextContent(
      'Northway Fuels',
    );
    await userEvent.type(search, 'n');
    const table = screen.getByRole('table', { name: MESSAGING_LABELS.companies });
    expect(table).not.toHaveTextContent('Northway Fuels');
    expect(table).toHaveTextContent('Sunrise Convenience');
  });

  it('offers only POS and BOS workstations of the chosen store and sends the chosen ones', async () => {
    const calls = await renderPage(true);
    await userEvent.click(tab(MESSAGING_TEXT.tabByWorkstation));
    await userEvent.click(row(MESSAGING_LABELS.companies, 'Northway Fuels'));
    await userEvent.click(row(MESSAGING_LABELS.stores, 'Mill Lane'));
    const table = await screen.findByRole('table', { name: MESSAGING_LABELS.workstations });
    expect(within(table).getByRole('checkbox', { name: 'POS1' })).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'BOS1' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent('PUMP1');
    const call = calls.find((c) => c.path === MESSAGING_API.workstations)!;
    expect([call.query.get('c'), call.query.get('s')]).toEqual(['101', '2']);
    expect(targetPanel()).toHaveTextContent('Northway Fuels - Mill Lane (101-2)');

    // The chosen workstations travel with the message.
    await userEvent.click(within(table).getByRole('checkbox', { name: 'POS1' }));
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    await userEvent.type(screen.getByLabelText(MESSAGING_LABELS.content), 'Till 1 only');
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_LABELS.prepareMessage }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXT.sendMessage }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: MESSAGING_LABELS.result })).toHaveTextContent(
        SEND_STATE.sent,
      ),
    );
    const broadcast = calls.find((c) => c.path === MESSAGING_API.broadcastMessage)!;
    expect(siteMessageSchema.parse(broadcast.body)).toMatchObject({
      locations: ['101-2'],
      payload: { content: 'Till 1 only', parameters: { workstations: ['POS1'] } },
    });
  });

  it('targets every store whose pole sign is the chosen brand', async () => {
    await renderPage(true);
    await userEvent.click(tab(MESSAGING_TEXT.tabByPolesign));
    const grid = await screen.findByRole('group', { name: MESSAGING_LABELS.polesigns });
    await userEvent.click(within(grid).getByRole('button', { name: 'BP' }));
    expect(targetPanel()).toHaveTextContent(`${MESSAGING_LABELS.targetSites} (2)`);
    expect(targetPanel()).toHaveTextContent('Northway Fuels - Harbour Road (101-1)');
    expect(targetPanel()).toHaveTextContent('Sunrise Convenience - Market Street (202-1)');
    expect(within(grid).getByRole('button', { name: 'Esso' })).toBeDisabled();
  });
});

describe('MessagePage Create Message', () => {
  const prepare = () =>
    userEvent.click(screen.getByRole('button', { name: MESSAGING_LABELS.prepareMessage }));
  const destination = (name: string) => screen.getByRole('checkbox', { name });

  it('asks for content and a target site, and clears the content error once content is typed', async () => {
    await renderPage(true);
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    await prepare();
    expect(screen.getByText(MESSAGING_TEXT.contentRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_TEXT.messageNeedsContent)).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_LABELS.needsTargetSite)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(MESSAGING_LABELS.content), 'Hello');
    expect(screen.queryByText(MESSAGING_TEXT.contentRequired)).not.toBeInTheDocument();
    await prepare();
    expect(screen.queryByText(MESSAGING_TEXT.contentRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGING_LABELS.needsTargetSite)).toBeInTheDocument();
  });

  it('reads in German once chosen: the tabs, the form and the errors of PREPARE', async () => {
    initI18n('de');
    signIn(true);
    cloud();
    renderWithProviders(<MessagePage />);
    await screen.findByRole('heading', { name: de.text.title });
    await userEvent.click(await screen.findByRole('tab', { name: de.text.tabCreateMessage }));
    await userEvent.click(screen.getByRole('button', { name: de.labels.prepareMessage }));
    expect(screen.getByText(de.text.contentRequired)).toBeInTheDocument();
    expect(screen.getByText(de.text.messageNeedsContent)).toBeInTheDocument();
    expect(screen.getByText(de.labels.needsTargetSite)).toBeInTheDocument();
    expect(tab(de.deliveries.tab)).toBeInTheDocument();
  });

  it('keeps the errors of PREPARE through type, destination and tab changes, and prepares nothing until they are gone', async () => {
    const calls = await renderPage(true);
    await pickStores('Northway Fuels', 'Harbour Road');
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    await userEvent.type(screen.getByLabelText(MESSAGING_LABELS.content), 'Hello');
    await userEvent.click(destination('POS'));
    await userEvent.click(destination('BOS'));
    await prepare();
    expect(screen.getByText(MESSAGING_LABELS.needsDestination)).toBeInTheDocument();
    await userEvent.click(destination('POS'));
    await userEvent.click(screen.getByRole('radio', { name: 'Prompt' }));
    await userEvent.click(tab(MESSAGING_TEXT.tabBySite));
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    expect(screen.getByText(MESSAGING_LABELS.needsDestination)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await prepare();
    expect(screen.queryByText(MESSAGING_LABELS.needsDestination)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGING_TEXT.sendMessage })).toBeEnabled();
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });

  it('asks a Command for its operation and applies each operation destination rule', async () => {
    await renderPage(true);
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    expect(destination('POS')).toBeEnabled();
    expect(destination('BOS')).toBeEnabled();
    expect(destination('service')).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Command' }));
    for (const d of ['POS', 'BOS', 'service', 'messenger']) expect(destination(d)).toBeDisabled();
    await prepare();
    expect(screen.getByText(MESSAGING_TEXT.contentRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGING_TEXT.commandNeedsOperation)).toBeInTheDocument();

    const operation = screen.getByLabelText(MESSAGING_LABELS.operation);
    await userEvent.selectOptions(operation, 'SignOff');
    expect(screen.queryByText(MESSAGING_TEXT.commandNeedsOperation)).not.toBeInTheDocument();
    expect(destination('POS')).toBeEnabled();
    expect(destination('POS')).toBeChecked();
    for (const d of ['BOS', 'service', 'messenger']) expect(destination(d)).toBeDisabled();
    expect(screen.queryByLabelText(MESSAGING_LABELS.logLevel)).not.toBeInTheDocument();

    await userEvent.selectOptions(operation, 'SwitchLoggingLevel');
    for (const d of ['POS', 'service', 'messenger']) expect(destination(d)).toBeEnabled();
    expect(destination('BOS')).toBeDisabled();
    expect(screen.getByLabelText(MESSAGING_LABELS.logLevel)).toHaveValue('Debug');
    expect(screen.getByLabelText(MESSAGING_LABELS.logLevelTimePeriod)).toHaveValue(0);

    for (const op of ['MessageHistory', 'RevokeMessage']) {
      await userEvent.selectOptions(operation, op);
      expect(destination('messenger')).toBeEnabled();
      for (const d of ['POS', 'BOS', 'service']) expect(destination(d)).toBeDisabled();
    }
  });

  it('shows the history the MessageHistory command fetched', async () => {
    await renderPage(true);
    await pickStores('Northway Fuels', 'Harbour Road');
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    await userEvent.click(screen.getByRole('radio', { name: 'Command' }));
    await userEvent.selectOptions(
      screen.getByLabelText(MESSAGING_LABELS.operation),
      'MessageHistory',
    );
    if (!destination('messenger').matches(':checked'))
      await userEvent.click(destination('messenger'));
    await prepare();
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXT.sendMessage }));
    const history = await screen.findByRole('table', {
      name: MESSAGING_LABELS.historyOf('Harbour Road'),
    });
    expect(history).toHaveTextContent('Fuel delivery at noon');
    expect(history).toHaveTextContent('Prompt');
  });

  it('sends to one site at a time and shows each result', async () => {
    const calls = await renderPage(true, { offline: ['202-1'], failing: ['101-2'] });
    await userEvent.click(tab(MESSAGING_TEXT.tabByCompany));
    await userEvent.click(row(MESSAGING_LABELS.companies, 'Sunrise Convenience'));
    await userEvent.click(row(MESSAGING_LABELS.companies, 'Northway Fuels'));
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    await userEvent.click(screen.getByRole('radio', { name: 'Prompt' }));
    await userEvent.type(screen.getByLabelText(MESSAGING_LABELS.content), 'Close early today');
    await prepare();

    const results = screen.getByRole('table', { name: MESSAGING_LABELS.result });
    const state = (store: string) =>
      within(results).getByText(store, { exact: false }).closest('tr')!;
    expect(state('Market Street')).toHaveTextContent(SEND_STATE.ready);
    expect(screen.getByText('Close early today')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXT.sendMessage }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGING_LABELS.progress(3, 3)),
    );
    expect(state('Market Street')).toHaveTextContent(SEND_STATE.offline);
    expect(state('Harbour Road')).toHaveTextContent(SEND_STATE.sent);
    expect(state('Mill Lane')).toHaveTextContent(SEND_STATE.sendFailed);

    // The send is recorded, and each site's outcome reported (issue 17).
    const deliveries = calls.filter((c) => c.path.startsWith(MESSAGE_DELIVERY_API.deliveries));
    expect(deliveries[0]!.path).toBe(MESSAGE_DELIVERY_API.deliveries);
    expect(
      deliveries.slice(1).map((c) => {
        const b = c.body as { companyId: number; storeId: number; state: string };
        return `${b.companyId}-${b.storeId} ${b.state}`;
      }),
    ).toEqual(['202-1 Failed', '101-1 Sent', '101-2 Failed']);

    const sequence = calls
      .filter((c) => c.method === 'POST' && !c.path.startsWith(MESSAGE_DELIVERY_API.deliveries))
      .map((c) => {
        const b = c.body as { company?: number; store?: number } | undefined;
        const where = b?.company
          ? `${b.company}-${b.store}`
          : `${c.query.get('c')}-${c.query.get('s')}`;
        return `${c.path} ${where}`;
      });
    expect(sequence).toEqual([
      `${SITE_API.siteConnect} 101-1`,
      `${SITE_API.siteLogin} 101-1`,
      `${MESSAGING_API.broadcastMessage} 101-1`,
      `${SITE_API.siteLogout} 101-1`,
      `${SITE_API.siteConnect} 101-2`,
      `${SITE_API.siteLogin} 101-2`,
      `${MESSAGING_API.broadcastMessage} 101-2`,
      `${SITE_API.siteLogout} 101-2`,
    ]);
    const broadcast = calls.find((c) => c.path === MESSAGING_API.broadcastMessage)!;
    expect(broadcast.siteToken).toBe('site-token-101-1');
    expect(broadcast.query.get('d')).toBe('em');
    const message = siteMessageSchema.parse(broadcast.body);
    expect(message).toMatchObject({
      type: 'Prompt',
      source: 'EvoConnect',
      destinations: ['POS', 'BOS'],
      payload: { content: 'Close early today' },
    });
    expect(message.locations.sort()).toEqual(['101-1', '101-2', '202-1']);
    expect(
      screen.getByText(format(new Date(message.dateTime), DATE_FORMAT_STATUS)),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGING_TEXT.sendMessage })).toBeDisabled();

    await userEvent.click(
      screen.getByRole('button', { name: MESSAGING_TEXT.returnToCreateMessage }),
    );
    expect(screen.getByLabelText(MESSAGING_LABELS.content)).toHaveValue('Close early today');
  });

  it('sends a log level command with its period as for=', async () => {
    const calls = await renderPage(true);
    await pickStores('Northway Fuels', 'Harbour Road');
    await userEvent.click(tab(MESSAGING_TEXT.tabCreateMessage));
    await userEvent.click(screen.getByRole('radio', { name: 'Command' }));
    await userEvent.selectOptions(
      screen.getByLabelText(MESSAGING_LABELS.operation),
      'SwitchLoggingLevel',
    );
    await userEvent.selectOptions(screen.getByLabelText(MESSAGING_LABELS.logLevel), 'Error');
    const period = screen.getByLabelText(MESSAGING_LABELS.logLevelTimePeriod);
    await userEvent.clear(period);
    await userEvent.type(period, '15');
    await prepare();
    expect(screen.getByText(MESSAGING_LABELS.minutes(15))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXT.sendMessage }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: MESSAGING_LABELS.result })).toHaveTextContent(
        SEND_STATE.sent,
      ),
    );
    const call = calls.find((c) => c.path.startsWith('/api/v1/loglevel/'))!;
    expect(call.path).toBe(MESSAGING_API.logLevel('Error'));
    expect(call.method).toBe('POST');
    expect(call.body).toBeUndefined();
    expect(call.query.get('for')).toBe('15');
  });
});
