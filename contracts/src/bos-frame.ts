/**
 * How the function frame (spec §2 Function screen) addresses a back-office app: the host of
 * evoBOS n (a portal setting, BOS_HOSTS; by default the router simulator's BOS_APP_PATH(n)) plus
 * this query. The back-office app checks the token with GET SITE_API.siteTokenInfo.
 */
export const BOS_APP_PATH = (n: 1 | 2 | 3) => `/bos${n}/`;

export const BOS_FRAME_QUERY = {
  /** The site token of the connected store. */
  token: 'token',
  /** The store id (the installed store id when there is one). */
  store: 'store',
  /** The fixed user value, BOS_FRAME_USER. */
  user: 'user',
} as const;
