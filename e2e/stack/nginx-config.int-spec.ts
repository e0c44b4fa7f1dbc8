/**
 * The portal's nginx as docker compose runs it (docker/nginx-main.conf, docker/nginx.conf,
 * docker/portal-headers.conf, docker/portal-port.conf.template), run by Debian's nginx on spare
 * ports: the files are copied with only what a machine without Docker needs changed (paths,
 * ports, the upstream names resolved to a stand-in on loopback, no `resolve`), then checked with
 * `nginx -t` and served. .ci/run installs nginx when it is missing.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from './paths';
import { sparePortsSync } from './spare-ports';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? 'nginx';
const MB = 1024 * 1024;
const HSTS = 'strict-transport-security';

interface Seen {
  method: string;
  url: string;
  bytes: number;
}

/** Every upstream of the compose file (backend, simulator, media server) in one stand-in. */
function startStandIn(seen: Seen[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, bytes });
      // As helmet does with HTTPS=true: nginx must send its own HSTS only, once.
      res.writeHead(200, { 'content-type': 'application/json', [HSTS]: 'max-age=1' });
      res.end(JSON.stringify({ url: req.url, bytes }));
    });
  });
  server.on('upgrade', (req, socket) => {
    seen.push({ method: 'UPGRADE', url: req.url!, bytes: 0 });
    socket.end(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The compose files, rendered into dir for these ports. */
function renderConfig(dir: string, ports: { http: number; https: number; upstream: number }) {
  const etc = path.join(dir, 'etc');
  fs.mkdirSync(path.join(etc, 'conf.d'), { recursive: true });
  fs.mkdirSync(path.join(etc, 'tls'));
  fs.mkdirSync(path.join(dir, 'html'));
  fs.writeFileSync(path.join(dir, 'html', 'index.html'), '<!doctype html><title>portal</title>');
  const read = (name: string) => fs.readFileSync(path.join(REPO_ROOT, 'docker', name), 'utf8');
  const paths = (text: string) =>
    text
      .replace(/(\s)\/tmp\//g, `$1${dir}/`)
      .replaceAll('/etc/nginx/', `${etc}/`)
      .replaceAll('/var/log/nginx/', `${dir}/`)
      .replaceAll('/usr/share/nginx/html', path.join(dir, 'html'));

  fs.writeFileSync(path.join(etc, 'nginx.conf'), paths(read('nginx-main.conf')));
  fs.writeFileSync(
    path.join(etc, 'conf.d', 'default.conf'),
    paths(read('nginx.conf'))
      .replace(/listen 8080;/, `listen 127.0.0.1:${ports.http};`)
      .replace(/listen 8443 ssl;/, `listen 127.0.0.1:${ports.https} ssl;`)
      // Docker's DNS is not here: every upstream is the stand-in (and `resolve` needs 1.27.3).
      .replace(/server [a-z-]+:\d+ resolve;/g, `server 127.0.0.1:${ports.upstream};`),
  );
  // What the nginx image's entrypoint does with the template (envsubst, PORTAL_PORT).
  fs.writeFileSync(
    path.join(etc, 'conf.d', 'portal-port.conf'),
    read('portal-port.conf.template').replace('${PORTAL_PORT}', String(ports.https)),
  );
  // What frontend/Dockerfile does to it (no absolute BOS_HOSTS).
  fs.writeFileSync(
    path.join(etc, 'portal-headers.conf'),
    read('portal-headers.conf').replace('__BOS_FRAME_ORIGINS__', ''),
  );
  const mime = '/etc/nginx/mime.types';
  fs.writeFileSync(
    path.join(etc, 'mime.types'),
    fs.existsSync(mime)
      ? fs.readFileSync(mime)
      : 'types { text/html html; application/javascript js; }\n',
  );
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-keyout',
      path.join(etc, 'tls', 'tls.key'),
      '-out',
      path.join(etc, 'tls', 'tls.crt'),
    ],
    { stdio: 'ignore' },
  );
  // nginx's workers may run as another user (nobody) when the tests run as root.
  for (const d of [dir, etc, path.join(dir, 'html')]) fs.chmodSync(d, 0o755);
  fs.chmodSync(path.join(dir, 'html', 'index.html'), 0o644);
  return path.join(etc, 'nginx.conf');
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  url: string,
  options: { method?: string; headers?: Record<string, string | number>; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, {
      method: options.method ?? 'GET',
      headers: options.headers,
      rejectUnauthorized: false,
      agent: false,
    });
    let answered = false;
    // nginx may answer 413 and close while the body is still being written.
    req.on('error', (e) => answered || reject(e));
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.end(options.body);
  });
}

function waitForPort(port: number, nginx: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (nginx.exitCode !== null) return reject(new Error(`nginx exited ${nginx.exitCode}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => setTimeout(attempt, 50));
    };
    attempt();
  });
}

describe('nginx of docker compose (docker/nginx*.conf)', () => {
  const seen: Seen[] = [];
  const [httpPort, httpsPort] = sparePortsSync(2);
  const portal = `https://127.0.0.1:${httpsPort}`;
  let dir: string;
  let conf: string;
  let standIn: http.Server;
  let nginx: ChildProcess;
  let nginxOutput = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-config-'));
    standIn = await startStandIn(seen);
    const upstream = (standIn.address() as net.AddressInfo).port;
    conf = renderConfig(dir, { http: httpPort, https: httpsPort, upstream });
    nginx = spawn(
      NGINX,
      ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    nginx.stdout!.on('data', (c: Buffer) => (nginxOutput += c.toString()));
    nginx.stderr!.on('data', (c: Buffer) => (nginxOutput += c.toString()));
    await waitForPort(httpsPort, nginx).catch((e: Error) => {
      throw new Error(`${e.message}: ${nginxOutput}`);
    });
  });

  afterAll(async () => {
    if (nginx?.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    await new Promise((r) => standIn?.close(r));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t', () => {
    const out = execFileSync(NGINX, ['-t', '-c', conf, '-p', dir, '-e', '/dev/stderr'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe('');
  });

  it('lets an 11 MB body through to the backup routes and refuses it elsewhere with 413', async () => {
    const body = Buffer.alloc(11 * MB, 'x');
    const headers = { 'content-type': 'application/json', 'content-length': body.length };
    for (const route of ['/portal/systembackup', '/portal/storebackup']) {
      const answer = await request(`${portal}${route}`, { method: 'POST', headers, body });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ url: route, bytes: body.length });
    }
    const ordinary = await request(`${portal}/portal/users`, { method: 'POST', headers, body });
    expect(ordinary.status).toBe(413);
    expect(seen.some((s) => s.url === '/portal/users')).toBe(false);
  });

  it('passes the websocket upgrade of socket.io on', async () => {
    const head = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: httpsPort, rejectUnauthorized: false });
      let text = '';
      socket.on('secureConnect', () =>
        socket.write(
          'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost\r\n' +
            'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        ),
      );
      socket.on('data', (c: Buffer) => {
        text += c.toString();
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols');
    expect(seen.some((s) => s.method === 'UPGRADE' && s.url.startsWith('/socket.io/'))).toBe(true);
  });

  it('writes no token into the access log, from the query string or the referrer', async () => {
    const answer = await request(`${portal}/bos1?token=query-token-secret`, {
      headers: { referer: `${portal}/bos2?token=referer-token-secret` },
    });
    expect(answer.status).toBe(200);
    expect(seen.some((s) => s.url === '/bos1?token=query-token-secret')).toBe(true);
    const log = fs.readFileSync(path.join(dir, 'access.log'), 'utf8');
    expect(log).toContain('"GET /bos1 HTTP/1.1"');
    expect(log).toContain(`"${portal}/bos2"`);
    expect(log).not.toContain('token');
  });

  it('redirects plain HTTP to HTTPS on the published port', async () => {
    const answer = await request(`http://127.0.0.1:${httpPort}/login?next=home`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://127.0.0.1:${httpsPort}/login?next=home`);
    expect(seen.some((s) => s.url.startsWith('/login'))).toBe(false);
  });

  it('sends HSTS once on the portal pages and on proxied answers', async () => {
    for (const url of [`${portal}/login`, `${portal}/version`, `${portal}/media-server/version`]) {
      const answer = await request(url);
      expect(answer.status).toBe(200);
      expect(answer.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
