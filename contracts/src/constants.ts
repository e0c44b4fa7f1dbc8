/** Business constants and limits of spec/portal-core.md §9. */

/** The product's name, wherever a title, a sender or an authenticator shows it. */
export const PRODUCT_NAME = 'Store Cloud';

export const PORTAL_VERSION = '23.3.5';
/** The header shows the version without its last dotted part. */
export const shortVersion = (version: string) => version.split('.').slice(0, -1).join('.');

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
/** bcrypt's limit: it ignores everything after the 72nd byte (UTF-8). */
export const PASSWORD_MAX_BYTES = 72;
export const SEARCH_MIN_LENGTH = 3;

export const STATUS_REFRESH_MS = 5000;
export const PING_INITIAL_DELAY_MS = 1000;
export const PING_PERIOD_MS = 5000;

export const BOS_FRAME_USER = 100;
export const FUNCTION_HEADER_PX = 60;

/** date-fns patterns for the spec's dd/MM/yyyy HH:mm:ss and dd/MM/yyyy hh:mm. */
export const DATE_FORMAT_STATUS = 'dd/MM/yyyy HH:mm:ss';
export const DATE_FORMAT_BACKUP = 'dd/MM/yyyy hh:mm';

export const SCROLL_HEIGHT = { backupServers: 400, companies: 800, homeCompanies: 800 } as const;
export const POPOVER_DELAY = { show: 300, hide: 500 } as const;
export const TOAST_TIMEOUT_MS = 5000;

export const MEDIA_MAX_WIDTH = 1200;
export const MEDIA_MAX_HEIGHT = 937;
export const MEDIA_TYPE_TAG_PARAM = 'CentralMediaTypeTags';

export const LOG_SYSTEM_ID = 'ERiC Portal';

/** Store status numbers (DESIGN §4): 3 is also read as connected, for older routers. */
export const STORE_STATUS = { offline: 0, online: 1, connected: 2 } as const;
export type StoreStateName = 'offline' | 'online' | 'connected' | 'unknown';
export const storeStateName = (status: number | undefined): StoreStateName => {
  if (status === STORE_STATUS.offline) return 'offline';
  if (status === STORE_STATUS.online) return 'online';
  if (status === STORE_STATUS.connected || status === 3) return 'connected';
  return 'unknown';
};
/** A store state as the portal names it (the status dot, 'currently offline'): each its own word. */
export const STORE_STATE_LABEL: Record<StoreStateName, string> = {
  offline: 'offline',
  online: 'online',
  connected: 'connected',
  unknown: 'unknown',
};

/** The header that carries the portal's access token on every cloud call. */
export const ACCESS_TOKEN_HEADER = 'x-access-token';
