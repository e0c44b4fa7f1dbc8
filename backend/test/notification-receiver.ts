import { WEBHOOK_HEADERS } from '@store-cloud/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got. */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  delivery: string;
  json: Record<string, unknown>;
}

/**
 * A webhook receiver the test runs: records every POST and answers what `answer` says (200 by
 * default); `hold` keeps the next requests waiting without an answer (a sender killed mid-send).
 */
export async function startReceiver() {
  const received: ReceivedHook[] = [];
  let answers: Array<{ status: number; body: string }> = [];
  let holding = false;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        headers: req.headers,
        body,
        delivery: String(req.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]),
        json: JSON.parse(body) as Record<string, unknown>,
      });
      if (holding) return void held.push(res);
      const next = answers.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(next.status, { 'content-type': 'text/plain' }).end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The next answers, in order; then 200 again. */
    answerWith: (...next: Array<{ status: number; body: string }>) => void (answers = next),
    hold: (on: boolean) => void (holding = on),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * What a receiver does with X-StoreCloud-Signature (docs/features/alerts.md): recompute the
 * HMAC of "<t>.<raw body>" with the secret and compare in constant time.
 */
export function verifySignature(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = parts.t;
  const v1 = parts.v1;
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}
