/** The portal's routes (spec §2). */
export const ROUTES = {
  login: '/login',
  home: '/home',
  media: '/media',
  proofOfPlay: '/proofofplay',
  message: '/message',
  bulkActions: '/bulkactions',
  sqlbackup: '/sqlbackup',
  backup: '/evoConnectBackup',
  store: '/store',
  users: '/users',
  status: '/status',
  audit: '/audit',
  alerts: '/alerts',
  alertRules: '/alertrules',
  webhooks: '/webhooks',
  apiTokens: '/apitokens',
  companies: '/companies',
  editUser: '/edituser',
  userProfile: '/userprofile',
  configuration: '/configuration',
  timeout: '/timeout',
  /** MFA_REQUIRED_ROLES: where a user without a second factor sets one up, and nowhere else. */
  mfaEnrol: '/twostep',
  function: (id: number | string) => `/function/${id}`,
  /** Edit user and Configuration of one user: the id in the address, so a reload keeps it. */
  editUserOf: (id: string) => `/edituser/${id}`,
  configurationOf: (id: string) => `/configuration/${id}`,
  /** Home showing a company's stores with one marked: where an incident links to its store. */
  homeStore: (companyId: number, storeId?: number | null) =>
    `/home?company=${companyId}${storeId == null ? '' : `&store=${storeId}`}`,
} as const;

/** Entering one of these first closes any active store connection. */
export const ROUTES_CLOSING_STORE: readonly string[] = [
  ROUTES.users,
  ROUTES.companies,
  ROUTES.userProfile,
  ROUTES.home,
  ROUTES.status,
  ROUTES.audit,
];

/** Cloud service paths (spec §7). */
export const API = {
  login: '/portallogin',
  logout: '/portallogout',
  version: '/version',
  /** Readiness under its older name: compose and probes written before /health/ready use it. */
  health: '/health',
  /** 200 while the process answers at all (restart it when this fails). */
  healthLive: '/health/live',
  /** 200 while its dependencies answer (take it out of the load balancer when this fails). */
  healthReady: '/health/ready',
  storeStatus: '/storestatus',
  log: '/log',
  error: '/error',
} as const;

/** Paths the backend answers without an access token. */
export const PUBLIC_API_PATHS: readonly string[] = [
  API.login,
  API.version,
  API.health,
  API.healthLive,
  API.healthReady,
  API.storeStatus,
];

/** The portal reaches the media server through this prefix (the dev server and nginx proxy it). */
export const MEDIA_SERVER_PREFIX = '/media-server';

/**
 * What the portal's origin passes on to the services (the Vite dev server, the production
 * portal server of npm start, nginx in compose): these exact backend paths (a '/log' prefix
 * would swallow the portal's own /login route), these backend prefixes, socket.io with its
 * websocket upgrade, and the media server under MEDIA_SERVER_PREFIX (stripped).
 */
export const PORTAL_PROXY = {
  backendPaths: [
    API.login,
    API.logout,
    API.version,
    API.storeStatus,
    API.log,
    API.error,
    API.health,
  ],
  // '/portallogin/': the login's further steps (second factor, single sign-on).
  backendPrefixes: ['/portallogin/', '/portalconfig/', '/portal/', '/admin/', '/api/'],
  socketPrefix: '/socket.io/',
  mediaPrefix: `${MEDIA_SERVER_PREFIX}/`,
} as const;
