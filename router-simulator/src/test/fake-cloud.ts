import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEMO_FLEET,
  TENTACLE,
  type TentacleAuth,
  tentacleAuthSchema,
} from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import { Server, type Socket } from 'socket.io';
import { FleetState } from '../fleet/fleet-state';
import { TentacleFleet, type TentacleFleetOptions } from '../tentacle/tentacle-fleet';

/** The tentacle secret the fake cloud and the fleet share. */
export const FAKE_CLOUD_SECRET = 'tentacle-secret-long-enough-0123456789';
/** The demo fleet's company 202 (two stores). */
export const FAKE_CLOUD_FLEET = {
  companies: DEMO_FLEET.companies.filter((c) => c.companyId === 202),
};

/**
 * For the tests: a stand-in for the cloud on 127.0.0.1, an HTTP server with the /tentacle
 * socket.io namespace. Subclasses say what a connected store's socket and an HTTP call get.
 */
export abstract class FakeCloudBase {
  private http!: HttpServer;
  private io!: Server;
  port = 0;

  protected abstract onTentacle(socket: Socket, auth: TentacleAuth): void;
  /** Plain HTTP calls (socket.io answers its own); none answered unless a subclass does. */
  protected onRequest?(req: IncomingMessage, res: ServerResponse): void;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Listens on port (a free one when 0, or the one it had to come back after stop()). */
  async start(port = 0) {
    this.http = createServer((req, res) => this.onRequest?.(req, res));
    this.io = new Server(this.http);
    this.io
      .of(TENTACLE.namespace)
      .on('connection', (socket) =>
        this.onTentacle(socket, tentacleAuthSchema.parse(socket.handshake.auth)),
      );
    await new Promise<void>((resolve) => this.http.listen(port, '127.0.0.1', resolve));
    this.port = (this.http.address() as AddressInfo).port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
  }

  /** The tentacles of the state's fleet (FAKE_CLOUD_FLEET in the tests), started against this cloud. */
  startFleet(
    state: FleetState,
    options: Omit<TentacleFleetOptions, 'backendUrl' | 'tentacleSecret' | 'logger'>,
  ): TentacleFleet {
    const fleet = new TentacleFleet(state, {
      backendUrl: this.url,
      tentacleSecret: FAKE_CLOUD_SECRET,
      ...options,
      logger: createLogger('silent', 'router-simulator'),
    });
    fleet.start();
    return fleet;
  }
}

/** Polls check() until it holds; fails after 20 s. */
export async function until(check: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
}
