/**
 * One trace across portal → backend → store: a whole stack runs as `npm start` does with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver this test runs (the exporters
 * post JSON to /v1/traces). One relayed call through the portal, carrying a browser's W3C
 * traceparent, must leave spans of the portal server, the backend and the router simulator under
 * that trace id, and the backend's log lines of it name the trace.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ACCESS_TOKEN_HEADER,
  API,
  loginResultSchema,
  SITE_API,
  SITE_SERVICE,
  SITE_TOKEN_HEADER,
  siteLoginResultSchema,
} from '@store-cloud/contracts';
import { type LauncherRun, retryAtOnce, startLauncher, until } from './launcher-run';
import { sparePortsSync } from './spare-ports';

const [portal, backend, media, simulator, database, redis] = sparePortsSync(6);
retryAtOnce();
const portalUrl = `http://127.0.0.1:${portal}`;
const admin = { username: 'traces-admin@storecloud.local', password: 'Traces-Pass1' };
/** A store of the demo fleet the seed connects (company 101, store 1). */
const ref = { company: 101, store: 1 };

interface ReceivedSpan {
  service: string;
  traceId: string;
  name: string;
}

/** The OTLP/HTTP JSON receiver: every span the services export, with its service's name. */
const received: ReceivedSpan[] = [];
let receiver: http.Server;
let stack: LauncherRun;

type OtlpValue = { stringValue?: string };
type OtlpExport = {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: OtlpValue }> };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; name: string }> }>;
  }>;
};

function collect(body: OtlpExport): void {
  for (const resourceSpans of body.resourceSpans ?? []) {
    const service =
      resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value
        .stringValue ?? '?';
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        received.push({ service, traceId: span.traceId, name: span.name });
      }
    }
  }
}

async function post(url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        collect(JSON.parse(text) as OtlpExport);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const otlp = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  stack = await startLauncher(
    'traces',
    { portal, backend, media, simulator, database, redis },
    admin,
    {
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
      // Send spans within a fifth of a second rather than every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  );
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('traces', () => {
  it('follow one relayed call from the portal through the backend to the store', async () => {
    const login = loginResultSchema.parse(await post(`${portalUrl}${API.login}`, {}, admin));
    const portalHeaders = { [ACCESS_TOKEN_HEADER]: login.token! };
    // The store's tentacle connects shortly after the stack is up.
    const site = await until('a site login to the store', async () => {
      await post(`${portalUrl}${SITE_API.siteConnect}`, portalHeaders, ref);
      return siteLoginResultSchema.parse(
        await post(`${portalUrl}${SITE_API.siteLogin}`, portalHeaders, {
          ...ref,
          username: null,
          password: null,
        }),
      );
    });

    // The browser's trace context, as a traced page would send it.
    const traceId = randomBytes(16).toString('hex');
    const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
    const query = `?c=${ref.company}&s=${ref.store}&d=${SITE_SERVICE.serving}`;
    const response = await fetch(`${portalUrl}${SITE_API.ping}${query}`, {
      headers: { [SITE_TOKEN_HEADER]: site.token, traceparent },
    });
    expect(response.status).toBe(200);

    const services = await until('spans of all three services in the trace', async () => {
      const inTrace = new Set(received.filter((s) => s.traceId === traceId).map((s) => s.service));
      return ['portal-server', 'backend', 'router-simulator'].every((s) => inTrace.has(s))
        ? inTrace
        : undefined;
    }).catch((error: unknown) => {
      const seen = received.filter((s) => s.traceId === traceId);
      throw new Error(`${String(error)}; spans of the trace: ${JSON.stringify(seen)}`);
    });
    expect([...services]).toEqual(
      expect.arrayContaining(['portal-server', 'backend', 'router-simulator']),
    );
    // The store's own span continues the relayed call.
    expect(received).toContainEqual(
      expect.objectContaining({
        service: 'router-simulator',
        traceId,
        name: expect.stringContaining('site:request GET'),
      }),
    );
    // The backend's request log line names the trace.
    await until(
      'a backend log line with the trace id',
      async () => stack.output().includes(`"trace_id":"${traceId}"`) || undefined,
    );
  });

  it('answers an error with a request id the user can quote, in the body and X-Request-Id', async () => {
    const response = await fetch(`${portalUrl}/portalconfig/nothing-here`, {
      headers: { 'X-Request-Id': 'support-case-1234' },
    });
    expect(response.ok).toBe(false);
    expect(response.headers.get('x-request-id')).toBe('support-case-1234');
    expect(((await response.json()) as { requestId?: string }).requestId).toBe('support-case-1234');
  });
});
