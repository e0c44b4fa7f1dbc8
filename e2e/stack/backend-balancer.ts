import type http from 'node:http';
import { API } from '@store-cloud/contracts';

/** How often a node that is down (or any node) is looked at again. */
const PROBE_INTERVAL_MS = 500;
/** A node that does not answer its readiness this fast is left out until it does. */
const PROBE_TIMEOUT_MS = 2_000;

/** Where a request was sent, for the proxy's error handler. */
const TARGET = Symbol('backend node');
type Tagged = http.IncomingMessage & { [TARGET]?: string };

/**
 * Round robin over the API nodes of `npm start` (API_NODES), as compose's nginx balances the
 * replicas of `--scale backend=N`. socket.io needs no sticky sessions: the portal and the stores
 * use the websocket transport only, one connection on one node. A node that refuses connections
 * (killed, restarting) is left out until it is ready again: a failed connection marks it down at
 * once, and its readiness (`/health/ready`), asked every PROBE_INTERVAL_MS, brings it back. Not
 * its port alone: a restarted node listens a moment before it can log anyone in. When no node
 * is ready (a busy machine slows every readiness answer), the nodes that take connections are
 * tried before one known to refuse them.
 */
export class BackendBalancer {
  private next = 0;
  private readonly down = new Set<string>();
  /** Nodes whose port refused the last connection or probe: dead or restarting. */
  private readonly refused = new Set<string>();
  private readonly timer?: NodeJS.Timeout;
  private probing = false;

  constructor(private readonly urls: string[]) {
    if (urls.length > 1) {
      this.timer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** The node for this request (the next one up); remembered on the request. */
  pick(req: http.IncomingMessage): string {
    const url = this.nextNot(this.down) ?? this.nextNot(this.refused) ?? this.urls[this.next]!;
    this.next = (this.urls.indexOf(url) + 1) % this.urls.length;
    (req as Tagged)[TARGET] = url;
    return url;
  }

  /** The next node in turn that is not in `left out`, if any. */
  private nextNot(leftOut: Set<string>): string | undefined {
    const count = this.urls.length;
    for (let i = 0; i < count; i++) {
      const candidate = this.urls[(this.next + i) % count]!;
      if (!leftOut.has(candidate)) return candidate;
    }
    return undefined;
  }

  /** The request's node refused or reset its connection: others get the next requests. */
  failed(req: http.IncomingMessage): void {
    const url = (req as Tagged)[TARGET];
    if (url && this.urls.length > 1) {
      this.down.add(url);
      this.refused.add(url);
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async probe(): Promise<void> {
    // A slow answer must not pile probes up behind it.
    if (this.probing) return;
    this.probing = true;
    try {
      await Promise.all(
        this.urls.map(async (url) => {
          const state = await readiness(url);
          if (state === 'ready') this.down.delete(url);
          else this.down.add(url);
          if (state === 'refused') this.refused.add(url);
          else this.refused.delete(url);
        }),
      );
    } finally {
      this.probing = false;
    }
  }
}

/** Ready: /health/ready answered 200; refused: nothing listens; else busy or not ready yet. */
async function readiness(url: string): Promise<'ready' | 'not ready' | 'refused'> {
  try {
    const answer = await fetch(url + API.healthReady, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return answer.ok ? 'ready' : 'not ready';
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : 'not ready';
  }
}
