import {
  ERROR_CODE,
  type FleetStore,
  MESSAGING_STORE_PATH,
  SITE_API,
  SITE_SERVICE,
  SITE_SOCKET,
  type SiteReply,
  siteLoginRequestSchema,
  siteRequestSchema,
  storePathOf,
  type Workstation,
  workstationTypeOf,
} from '@store-cloud/contracts';
import { withRemoteParent } from '@store-cloud/node-kit';
import type { Socket } from 'socket.io-client';
import type { FleetState } from '../fleet/fleet-state';
import { answerMessenger } from '../messenger/messenger-api';

type Ack = (reply: unknown) => void;

const SERVICE_BY_D: Record<string, keyof FleetStore['versions']> = {
  [SITE_SERVICE.serving]: 'serving',
  [SITE_SERVICE.deal]: 'deal',
  [SITE_SERVICE.booking]: 'booking',
  [SITE_SERVICE.pump]: 'pump',
};

const ROUTER_VERSION_PATH = storePathOf(SITE_API.evorouterVersion);
/** The status calls answered with the version of the service named by ?d. */
const SERVICE_STATUS_PATHS = [SITE_API.ping, SITE_API.promotionPing, SITE_API.version].map(
  storePathOf,
);

/** The store's workstations: its POS and BOS tills and the other machines the portal leaves out. */
export const workstationsOf = (store: FleetStore): Workstation[] =>
  store.workstations.map((id) => ({ id, workstationType: workstationTypeOf(id) }));

/** The store's POS main parameters, with its pole sign brand. */
export const posMainParamsOf = (companyId: number, store: FleetStore) => ({
  poleSignBrand: store.poleSignBrand,
  siteName: store.storeName,
  siteNumber: `${companyId}-${store.storeId}`,
  currency: 'GBP',
});

/**
 * The store's answer to one relayed call: versions for the status calls, its workstations and POS
 * main parameters, the messenger's calls; a receipt for any other call that is not GET. Without a
 * state (a bare answer) the messenger keeps nothing.
 */
export function answer(
  store: FleetStore,
  request: { method: string; path: string; query: Record<string, string>; body?: unknown },
  context?: { companyId: number; state: FleetState },
): SiteReply {
  const messenger = context?.state.messengerOf(context.companyId, store.storeId);
  const fromMessenger = answerMessenger(messenger, request);
  if (fromMessenger) return fromMessenger;
  if (request.method !== 'GET') return { status: 200, body: { success: true } };
  if (request.path === ROUTER_VERSION_PATH) {
    return { status: 200, body: { version: store.versions.router } };
  }
  if (request.path === MESSAGING_STORE_PATH.workstations) {
    return { status: 200, body: workstationsOf(store) };
  }
  if (request.path === MESSAGING_STORE_PATH.sitePosMainParams) {
    return { status: 200, body: posMainParamsOf(context?.companyId ?? 0, store) };
  }
  if (SERVICE_STATUS_PATHS.includes(request.path)) {
    const service = SERVICE_BY_D[request.query.d ?? ''];
    if (service) return { status: 200, body: { version: store.versions[service] } };
    return { status: 400, body: { code: ERROR_CODE.validation, message: 'Unknown service d' } };
  }
  return {
    status: 404,
    body: { code: ERROR_CODE.notFound, message: `No ${request.path} on this router` },
  };
}

/**
 * The site API of one simulated store, on its tentacle socket: relayed calls and the site login
 * (checked against the store's own credentials), answered after the store's delay. Each is a
 * span continuing the cloud's trace when the call carries one (tracing on).
 */
export function attachSiteApi(
  socket: Socket,
  companyId: number,
  store: FleetStore,
  state: FleetState,
): void {
  const later = (ack: Ack, reply: unknown) =>
    new Promise<void>((resolve) => {
      const send = () => {
        ack(reply);
        resolve();
      };
      const delay = state.delayOf(companyId, store.storeId);
      if (delay > 0) setTimeout(send, delay);
      else send();
    });
  socket.on(SITE_SOCKET.requestEvent, (payload: unknown, ack: Ack) => {
    if (typeof ack !== 'function') return;
    const request = siteRequestSchema.safeParse(payload);
    if (!request.success) {
      return ack({ status: 400, body: { code: ERROR_CODE.validation, message: 'Bad request' } });
    }
    const { method, path, query, body, trace } = request.data;
    void withRemoteParent(trace, `${SITE_SOCKET.requestEvent} ${method} ${path}`, () => {
      if (method !== 'GET') state.recordMessage(companyId, store.storeId, { path, query, body });
      return later(ack, answer(store, request.data, { companyId, state }));
    });
  });
  socket.on(SITE_SOCKET.loginEvent, (payload: unknown, ack: Ack) => {
    if (typeof ack !== 'function') return;
    const login = siteLoginRequestSchema.safeParse(payload);
    const success =
      login.success &&
      login.data.username === store.siteCredentials.username &&
      login.data.password === store.siteCredentials.password;
    const trace = login.success ? login.data.trace : undefined;
    void withRemoteParent(trace, SITE_SOCKET.loginEvent, () => later(ack, { success }));
  });
}
