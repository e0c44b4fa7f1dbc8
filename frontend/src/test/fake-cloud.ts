/**
 * The backend as the alert screens' specs see it: routes answered by handlers, every call kept
 * (method, path, query, body) so a spec can say what the screen sent.
 */
import { COMPANY_API, type Incident, type PortalCompany } from '@store-cloud/contracts';
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => unknown;

export const COMPANIES: PortalCompany[] = [
  {
    companyId: 101,
    companyName: 'Northway Fuels',
    stores: [
      { companyId: 101, storeId: 1, storeName: 'Harbour Road', status: 0 },
      { companyId: 101, storeId: 2, storeName: 'Mill Lane', status: 1 },
    ],
  },
  { companyId: 202, companyName: 'Southgate Retail', stores: [] },
];

export const incident = (n: number, over: Partial<Incident> = {}): Incident => ({
  id: `6650000000000000000000${String(n).padStart(2, '0')}`,
  companyId: 101,
  storeId: 1,
  kind: 'store-offline',
  subject: 'store/1',
  state: 'open',
  title: `Harbour Road (Northway Fuels) is offline ${n}`,
  openedAt: new Date(Date.UTC(2026, 10, 26, 9, n)).toISOString(),
  resolvedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  mutedUntil: null,
  data: {},
  ...over,
});

/** Stubs fetch with `routes` ('GET /portal/x' → handler) and the user's companies. */
export function fakeCloud(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = '', search] = url.split('?');
      const method = init.method ?? 'GET';
      const call: Call = {
        method,
        path,
        query: new URLSearchParams(search),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const all: Record<string, Handler> = {
        [`GET ${COMPANY_API.companiesForUser}`]: () => COMPANIES,
        ...routes,
      };
      const handler = all[`${method} ${path}`];
      if (!handler) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(handler(call)), { status: 200 });
    }),
  );
  return calls;
}
