import type http from 'node:http';
import { isListening } from './ports';

/** How often a node that is down (or any node) is looked at again. */
const PROBE_INTERVAL_MS = 500;

/** Where a request was sent, for the proxy's error handler. */
const TARGET = Symbol('backend node');
type Tagged = http.IncomingMessage & { [TARGET]?: string };

/**
 * Round robin over the API nodes of `npm start` (API_NODES), as compose's nginx balances the
 * replicas of `--scale backend=N`. socket.io needs no sticky sessions: the portal and the stores
 * use the websocket transport only, one connection on one node. A node that refuses connections
 * (killed, restarting) is left out until it listens again: a failed connection marks it down at
 * once, and a TCP probe every PROBE_INTERVAL_MS brings it back.
 */
export class BackendBalancer {
  private next = 0;
  private readonly down = new Set<string>();
  private readonly timer?: NodeJS.Timeout;

  constructor(private readonly urls: string[]) {
    if (urls.length > 1) {
      this.timer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** The node for this request (the next one up); remembered on the request. */
  pick(req: http.IncomingMessage): string {
    const count = this.urls.length;
    let url = this.urls[this.next % count]!;
    for (let i = 0; i < count; i++) {
      const candidate = this.urls[(this.next + i) % count]!;
      if (this.down.has(candidate)) continue;
      url = candidate;
      this.next = (this.next + i) % count;
      break;
    }
    this.next = (this.next + 1) % count;
    (req as Tagged)[TARGET] = url;
    return url;
  }

  /** The request's node did not take the connection: others get the next requests. */
  failed(req: http.IncomingMessage): void {
    const url = (req as Tagged)[TARGET];
    if (url && this.urls.length > 1) this.down.add(url);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async probe(): Promise<void> {
    await Promise.all(
      this.urls.map(async (url) => {
        const { hostname, port } = new URL(url);
        const up = await isListening(Number(port), hostname.replace(/^\[|\]$/g, ''));
        if (up) this.down.delete(url);
        else this.down.add(url);
      }),
    );
  }
}
