/** Query parameters whose value is a secret (a site token, a password, a key) by their name. */
const SECRET_QUERY_NAME = /token|secret|password|passwd|key|signature|auth/i;

export const REDACTED = '[redacted]';

/**
 * The request URL as a log line may carry it: the value of every secret-like query parameter
 * (`?token=<JWT>` of GET /portal/sitetokeninfo and the back-office apps) replaced by
 * `[redacted]`. The path and the other parameters stay, so the line still says what was asked.
 */
export function redactUrlSecrets(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_QUERY_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}
