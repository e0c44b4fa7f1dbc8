/**
 * The rules of a store connection that need no React: which routes close it (spec §2 route
 * rule), which back-office host a function id opens and the frame's address (spec §2 Function
 * screen).
 */
import { BOS_APP, BOS_FRAME_USER, ROUTES_CLOSING_STORE } from '@store-cloud/contracts';

/** /timeout's query naming why the connection ended, when it was not idleness. */
export const TIMEOUT_REASON_PARAM = 'reason';
export const TIMEOUT_REASON = { admin: 'admin' } as const;

/** Entering one of these routes first closes any active store connection. */
export function closesStoreConnection(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES_CLOSING_STORE.includes(path);
}

export interface BosHosts {
  bos1: string;
  bos2: string;
  bos3: string;
}

/** id 1 selects the first back-office host, id 2 the second, anything else the third. */
export function bosHostFor(id: string | number | undefined, hosts: BosHosts): string {
  const n = String(id);
  if (n === '1') return hosts.bos1;
  if (n === '2') return hosts.bos2;
  return hosts.bos3;
}

/** The store id the back office knows the store by: the installed one when there is one. */
export const frameStoreId = (storeId: number, installedStoreId?: number) =>
  installedStoreId ?? storeId;

/** The frame's address: the host plus the site token, the store id and the fixed user value. */
export function frameAddress(host: string, siteToken: string, storeId: number): string {
  const query = new URLSearchParams({
    [BOS_APP.tokenParam]: siteToken,
    [BOS_APP.storeParam]: String(storeId),
    [BOS_APP.userParam]: String(BOS_FRAME_USER),
  });
  return `${host}${host.includes('?') ? '&' : '?'}${query}`;
}
