import {
  BOS_APP,
  BOS_VERSIONS,
  SITE_API,
  SITE_LABELS,
  type SiteTokenInfo,
  siteTokenInfoSchema,
} from '@store-cloud/contracts';
import { type Request, type Response, Router } from 'express';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, lines: string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}dt{font-weight:600}</style></head>
<body><h1>${escape(title)}</h1>${lines.join('\n')}</body></html>`;
}

/**
 * The three back-office apps (evoBOS 1, 2, 3) the portal embeds in its function frame. Each
 * shows its version, the store and the user value from its address. The site token of the
 * address is checked with the cloud (GET SITE_API.siteTokenInfo): the simulator holds no
 * signing key, and a closed connection's token is refused at once.
 */
export function bosRouter(options: { backendUrl: string; portalOrigins: string[] }): Router {
  const router = Router();
  // The portal frames these pages: only its origins (any, when not configured) may.
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `frame-ancestors ${options.portalOrigins.length ? options.portalOrigins.join(' ') : '*'}`,
  ].join('; ');
  const versions = [BOS_VERSIONS.bos1, BOS_VERSIONS.bos2, BOS_VERSIONS.bos3];
  versions.forEach((version, i) => {
    const title = SITE_LABELS.bosVersion(i + 1);
    router.get(BOS_APP.path(i + 1), async (req: Request, res: Response) => {
      const param = (name: string) => (typeof req.query[name] === 'string' ? req.query[name] : '');
      const token = param(BOS_APP.tokenParam);
      const info = token ? await checkToken(options.backendUrl, token) : undefined;
      res.type('html');
      res.setHeader('Content-Security-Policy', csp);
      res.removeHeader('X-Frame-Options');
      if (!info) {
        res
          .status(401)
          .send(
            page(title, [`<p role="alert">Access denied: a valid site token is required.</p>`]),
          );
        return;
      }
      res.send(
        page(title, [
          '<dl>',
          `<dt>Version</dt><dd data-testid="bos-version">${escape(version)}</dd>`,
          `<dt>Store</dt><dd data-testid="bos-store">${escape(param(BOS_APP.storeParam))}</dd>`,
          `<dt>User</dt><dd data-testid="bos-user">${escape(param(BOS_APP.userParam))}</dd>`,
          `<dt>Signed in</dt><dd data-testid="bos-signed-in">${escape(info.user)}</dd>`,
          '</dl>',
        ]),
      );
    });
  });
  return router;
}

async function checkToken(backendUrl: string, token: string): Promise<SiteTokenInfo | undefined> {
  try {
    const url = `${backendUrl}${SITE_API.siteTokenInfo}?token=${encodeURIComponent(token)}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) return undefined;
    const info = siteTokenInfoSchema.safeParse(await res.json());
    return info.success ? info.data : undefined;
  } catch {
    return undefined;
  }
}
