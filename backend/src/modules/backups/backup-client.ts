import { Injectable } from '@nestjs/common';
import { BACKUP_KEY_HEADER, errorBodySchema } from '@store-cloud/contracts';
import { createHmac } from 'node:crypto';
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { ConfigService } from '../../config/config.service';

const TIMEOUT_MS = 10 * 60_000;
const MAX_RESPONSE_BYTES = 512 * 1024 * 1024;

/** Link-local and cloud metadata addresses (SSRF targets); loopback and private stay allowed. */
const BLOCKED = new BlockList();
BLOCKED.addSubnet('169.254.0.0', 16, 'ipv4');
BLOCKED.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud metadata
BLOCKED.addSubnet('fe80::', 10, 'ipv6');
BLOCKED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
const BLOCKED_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) return BLOCKED.check(address.replace(/%.*$/, ''), 'ipv6');
  return false;
}

export function isBlockedHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  return BLOCKED_HOSTS.has(host) || isBlockedAddress(host);
}

/** A failed outgoing call, with a message fit for a person (it becomes the job's error). */
export class BackupCallError extends Error {}

/**
 * Calls another backend's /portal/systembackup. Only configured servers' URLs are called, and
 * (unless BACKUP_ALLOW_LINK_LOCAL=true) an address that is or resolves to link-local or cloud
 * metadata is refused; the check sits in the socket's own DNS lookup, so a name cannot resolve
 * one way for the check and another for the connection.
 *
 * The call carries x-backup-key: BACKUP_SERVER_KEY, or when that is unset a key derived from
 * JWT_SECRET, so servers sharing either trust each other's backup calls.
 */
@Injectable()
export class BackupClient {
  readonly key: string;
  private readonly allowLinkLocal: boolean;

  constructor(config: ConfigService) {
    this.key =
      config.get('backupServerKey') ??
      createHmac('sha256', config.get('jwtSecret'))
        .update('store-cloud backup server')
        .digest('hex');
    this.allowLinkLocal = config.get('backupAllowLinkLocal');
  }

  /** Refuses a URL whose host is a blocked literal address or name (checked on add and edit). */
  checkUrl(url: string): void {
    if (!this.allowLinkLocal && isBlockedHost(new URL(url).hostname)) {
      throw new BackupCallError(
        'The server URL points to a link-local or cloud metadata address, which is not allowed.',
      );
    }
  }

  async getJson(url: string): Promise<unknown> {
    return this.call('GET', url);
  }

  async postJson(url: string, body: unknown): Promise<unknown> {
    return this.call('POST', url, Buffer.from(JSON.stringify(body)));
  }

  private call(method: 'GET' | 'POST', url: string, body?: Buffer): Promise<unknown> {
    this.checkUrl(url);
    const target = new URL(url);
    const lib = target.protocol === 'https:' ? https : http;
    const lookup = this.allowLinkLocal ? undefined : checkedLookup;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        target,
        {
          method,
          lookup,
          timeout: TIMEOUT_MS,
          headers: {
            accept: 'application/json',
            [BACKUP_KEY_HEADER]: this.key,
            ...(body
              ? { 'content-type': 'application/json', 'content-length': String(body.length) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) {
              req.destroy(new BackupCallError(`The answer of ${target.origin} is too large`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              return reject(new BackupCallError(`${target.origin} did not answer with JSON`));
            }
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) return resolve(json);
            const remote = errorBodySchema.safeParse(json);
            const detail = remote.success ? `: ${remote.data.message}` : '';
            reject(new BackupCallError(`${target.origin} answered ${status}${detail}`));
          });
        },
      );
      req.on('timeout', () =>
        req.destroy(new BackupCallError(`${target.origin} did not answer in time`)),
      );
      req.on('error', (error) => {
        reject(
          error instanceof BackupCallError
            ? error
            : new BackupCallError(`Could not reach ${target.origin}: ${describe(error)}`),
        );
      });
      req.end(body);
    });
  }
}

function describe(error: Error): string {
  const code = (error as { code?: string }).code;
  return code ?? error.message;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails for blocked addresses, honouring the `all` option net.connect may set. */
function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses;
    if (list.some((a) => isBlockedAddress(a.address))) {
      return callback(
        Object.assign(
          new BackupCallError(`${hostname} resolves to a link-local or cloud metadata address`),
          { code: 'EBLOCKEDADDRESS' },
        ),
        [],
      );
    }
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
