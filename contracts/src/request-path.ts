/**
 * One rule for the path of a request URL, for the proxies (the portal server of `npm start`,
 * docker/nginx.conf) and the services behind them: a proxy decides on the path exactly as it
 * arrived and forwards that same string, so it must refuse every path a service could read
 * differently (a dot segment spelt %2e%2e, a slash spelt %2f or %c0%af). The services refuse a
 * path that does not decode at all.
 */

/**
 * Encoded '.', '/' and '\' and the lead bytes of overlong UTF-8 ('.' and '/' as %c0%ae, %c0%af):
 * no client of the platform needs them in a path. docker/nginx.conf repeats this pattern.
 */
export const DISGUISED_PATH_PATTERN = '%(2e|2f|5c|c0|c1)';
const DISGUISED = new RegExp(DISGUISED_PATH_PATTERN, 'i');
const BAD_PERCENT = /%(?![0-9a-f]{2})/i;

export const REQUEST_PATH_TEXT = {
  malformed: 'The URL holds a malformed percent-encoding (for example %ff or %c0%af)',
  disguised:
    'The URL path holds an encoded dot, slash or backslash, a dot segment or a backslash; send the path as it is meant',
} as const;

/**
 * What is wrong with the path of a request URL (req.url: path and query), if anything:
 * - 'malformed': a percent-encoding that is no byte (%, %ZZ) or bytes that are no UTF-8;
 * - 'disguised': not a plain absolute path (a dot segment, a backslash, '//' at its start, an
 *   absolute URL) or a DISGUISED_PATH_PATTERN encoding. Plain paths are the same before and
 *   after any normalisation, so whoever reads them next reads what was decided on.
 */
export function requestPathProblem(url: string): 'malformed' | 'disguised' | undefined {
  const path = url.split(/[?#]/, 1)[0]!;
  if (BAD_PERCENT.test(path)) return 'malformed';
  try {
    decodeURIComponent(path);
  } catch {
    return 'malformed';
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return 'disguised';
  if (DISGUISED.test(path)) return 'disguised';
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return 'disguised';
  return undefined;
}

/** The portal server's answers when the service behind a path fails (the spec words none). */
export const PROXY_TEXT = {
  unreachable: 'The service behind the portal is not reachable, try again shortly',
  failed: 'The service behind the portal failed to answer',
} as const;
