import { createHmac } from 'node:crypto';
import { emailParts, portalLink, webhookBody } from './notification-content';
import type { NotificationRecord } from './notifications.repository';
import { backoffMs } from './notification-sender.service';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardedLookup, isRefusedWebhookHost, postWebhook } from './webhook-http';
import { newWebhookSecret, webhookSignature } from './webhook-signature';

const record = (over: Partial<NotificationRecord> = {}): NotificationRecord => ({
  id: 'n1',
  key: 'inc:opened',
  recipient: 'webhook:w1',
  channel: 'webhook',
  target: 'w1',
  deliveryId: 'd-1',
  companyId: 101,
  storeId: 1,
  event: 'incident.opened',
  kind: 'store-offline',
  subject: 'Store <1> & co is offline',
  text: 'Line one\nLine two\n\nSecond paragraph',
  portalPath: '/status?c=101&s=1',
  data: '{"a.b":1}',
  state: 'pending',
  attempts: 0,
  nextAttemptAt: new Date(0),
  log: [],
  createdAt: new Date('2026-11-26T10:00:00Z'),
  ...over,
});

describe('webhook signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const expected = createHmac('sha256', 's3cret').update('1700000000.{"x":1}').digest('hex');
    expect(webhookSignature('s3cret', 1_700_000_000, '{"x":1}')).toBe(
      `t=1700000000,v1=${expected}`,
    );
  });

  it('makes secrets of 32 random bytes, never the same', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
});

describe('where webhooks may point', () => {
  it.each([
    'http://169.254.169.254/latest',
    'http://[fe80::1]/',
    'http://metadata.google.internal/',
    'http://[::ffff:169.254.169.254]/',
  ])('refuses %s always', (url) => {
    expect(isRefusedWebhookHost(url, true)).toBe(true);
    expect(isRefusedWebhookHost(url, false)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:6379/',
    'http://localhost/',
    'http://app.localhost/',
    'http://10.1.2.3/',
    'http://172.20.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://0.0.0.0/',
  ])('refuses %s unless private addresses are allowed', (url) => {
    expect(isRefusedWebhookHost(url, false)).toBe(true);
    expect(isRefusedWebhookHost(url, true)).toBe(false);
  });

  it('lets public names and addresses through (their resolution is checked at send)', () => {
    expect(isRefusedWebhookHost('https://hooks.slack.com/services/x', false)).toBe(false);
    expect(isRefusedWebhookHost('https://93.184.216.34/hook', false)).toBe(false);
  });
});

describe('the send-time checks', () => {
  const lookup = (host: string, allowPrivate: boolean) =>
    new Promise<string>((resolve) =>
      guardedLookup(allowPrivate)(host, {}, (err, address) =>
        resolve(err ? String((err as NodeJS.ErrnoException).code) : String(address)),
      ),
    );

  it('refuses a name that resolves to a loopback address, when private ones are not allowed', async () => {
    expect(await lookup('localhost', false)).toBe('EREFUSEDADDRESS');
    expect(await lookup('localhost', true)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('posts nothing to a refused address', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const refused = await postWebhook(url, '{}', {}, { allowPrivate: false, now: Date.now });
      expect(refused.error).toMatch(/refused address/);
      expect(hits).toBe(0);
      const allowed = await postWebhook(url, '{}', {}, { allowPrivate: true, now: Date.now });
      expect(allowed).toMatchObject({ status: 200, answer: 'ok' });
      expect(hits).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('retries', () => {
  it('doubles the wait after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(30_000, n))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backoffMs(30_000, 12)).toBe(3_600_000);
  });
});

describe('notification content', () => {
  const link = portalLink('https://portal.example.com', '/status?c=101&s=1');

  it('links into the portal', () => {
    expect(link).toBe('https://portal.example.com/status?c=101&s=1');
    expect(portalLink('https://p.example', 'alerts')).toBe('https://p.example/alerts');
  });

  it('escapes the HTML part and keeps the link in both parts', () => {
    const { text, html } = emailParts(record(), link);
    expect(text).toContain('Line one\nLine two');
    expect(text).toContain(link);
    expect(html).toContain('<h2>Store &lt;1&gt; &amp; co is offline</h2>');
    expect(html).toContain('<p>Line one<br>Line two</p>');
    expect(html).toContain('href="https://portal.example.com/status?c=101&amp;s=1"');
  });

  it('posts our JSON, or the Slack and Teams shapes', () => {
    const json = JSON.parse(webhookBody('json', record(), link)) as Record<string, unknown>;
    expect(json).toMatchObject({ id: 'd-1', key: 'inc:opened', data: { 'a.b': 1 }, url: link });
    const slack = JSON.parse(webhookBody('slack', record(), link)) as { blocks: unknown[] };
    expect(JSON.stringify(slack.blocks)).toContain('Store &lt;1&gt; &amp; co');
    const teams = JSON.parse(webhookBody('teams', record(), link)) as {
      attachments: Array<{ content: { type: string } }>;
    };
    expect(teams.attachments[0]!.content.type).toBe('AdaptiveCard');
  });
});
