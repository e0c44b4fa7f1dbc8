import { WEBHOOK_LIMITS } from '@store-cloud/contracts';
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { isBlockedAddress, isBlockedHost } from '../backups';

const TIMEOUT_MS = 10_000;

/**
 * Addresses inside the platform's own network: a company administrator must not make the
 * platform POST to (and show the answers of) its Redis, database or internal services. Allowed
 * only with WEBHOOK_ALLOW_PRIVATE=true (tests, or receivers on a trusted private network).
 * Link-local and cloud metadata addresses are refused always (isBlockedAddress).
 */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('0.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addAddress('::', 'ipv6');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return PRIVATE.check(address.replace(/%.*$/, ''), 'ipv6');
  return false;
}

const bare = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Whether the URL's host is an address (or name) webhooks may not reach, before any lookup. */
export function isRefusedWebhookHost(url: string, allowPrivate: boolean): boolean {
  const host = bare(new URL(url).hostname);
  if (isBlockedHost(host)) return true;
  if (allowPrivate) return false;
  return host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host);
}

/** What one POST came to: the receiver's status and first bytes, or the error. */
export interface WebhookAnswer {
  status?: number;
  error?: string;
  answer?: string;
  durationMs: number;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup refusing what the name resolves to when it is not allowed (no rebinding past it). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, []);
      const refused = list.find(
        (a) => isBlockedAddress(a.address) || (!allowPrivate && isPrivateAddress(a.address)),
      );
      if (refused) {
        return callback(
          Object.assign(new Error(`${hostname} resolves to a refused address`), {
            code: 'EREFUSEDADDRESS',
          }),
          [],
        );
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs the body; answers what came back (any status: the caller decides), never throws. No
 * redirect is followed (a 3xx is an answer like any other).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; now: () => number },
): Promise<WebhookAnswer> {
  const started = options.now();
  const took = () => Math.max(0, Math.round(options.now() - started));
  if (isRefusedWebhookHost(url, options.allowPrivate)) {
    return Promise.resolve({ error: 'The URL points to a refused address', durationMs: 0 });
  }
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body);
  return new Promise((resolve) => {
    const req = lib.request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': 'store-cloud-webhooks',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_LIMITS.answerBytes) chunks.push(chunk);
          size += chunk.length;
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            answer: Buffer.concat(chunks).subarray(0, WEBHOOK_LIMITS.answerBytes).toString('utf8'),
            durationMs: took(),
          });
        res.on('end', done);
        res.on('error', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        error: error.code ? `${error.code}: ${error.message}` : error.message,
        durationMs: took(),
      }),
    );
    req.end(payload);
  });
}
