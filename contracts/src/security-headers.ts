/**
 * The security headers of the platform's HTTP answers, one source for the backend, the media
 * server (both through helmet), the portal server of `npm start` and docker/nginx.conf (which
 * repeats PORTAL_CSP by hand: keep the two in step).
 */

/** The API docs page (/api/docs): Swagger UI's own script and stylesheet, the document it fetches. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes while it renders.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The portal (the built SPA): its scripts only from its own origin (Vite's build has no inline
 * script); inline styles because react-toastify injects its stylesheet and React sets style
 * attributes; Bootstrap's icons are data: images; the socket.io connection is same-origin.
 * bosOrigins: where the function frame may load the back-office apps from (the origins of
 * BOS_HOSTS; same-origin paths such as /bos1 need none).
 */
export function portalCsp(bosOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Media previews (mp4 included) are blob URLs fetched with the token.
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    ['frame-src', "'self'", ...bosOrigins].join(' '),
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The origins (scheme://host:port) of the BOS_HOSTS that are absolute URLs. */
export function bosFrameOrigins(bosHosts: readonly string[]): string[] {
  const origins = bosHosts.flatMap((host) => {
    try {
      return [new URL(host).origin];
    } catch {
      return []; // A same-origin path such as /bos1.
    }
  });
  return [...new Set(origins)];
}

/** Headers besides the CSP that every portal answer carries (helmet's names and values). */
export const PORTAL_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  // The function frame's URL carries a site token: it is never sent on as a referrer.
  'Referrer-Policy': 'no-referrer',
} as const;

/** Strict-Transport-Security, sent only when the platform is reached over https (HTTPS=true). */
export const HSTS = { maxAge: 15_552_000, includeSubDomains: true } as const;

/**
 * helmet's options for a JSON API (backend, media server): a CSP under which nothing may load
 * from an answer and no page may frame one, X-Frame-Options DENY,
 * no Referer, nosniff (helmet's default), HSTS only behind TLS.
 */
export function apiHelmetOptions(options: { https: boolean }) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
    strictTransportSecurity: options.https ? HSTS : (false as const),
  };
}

/** Cache-Control of the services' answers. */
export const CACHE_CONTROL = {
  /** The default of every API answer: tokens and private data are kept by no cache at all. */
  noStore: 'no-store',
  /** A private answer that the browser revalidates with its ETag on every use (allstoresstatus). */
  privateRevalidate: 'private, no-cache',
  /** A media file fetched with the caller's token: only the browser keeps it, revalidated. */
  privateMedia: 'private, max-age=0',
} as const;
