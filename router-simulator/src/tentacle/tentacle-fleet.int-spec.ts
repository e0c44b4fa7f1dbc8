import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_FLEET, TENTACLE, tentacleAuthSchema } from '@store-cloud/contracts';
import { Server, type Socket } from 'socket.io';
import { createLogger } from '@store-cloud/node-kit';
import { FleetState } from '../fleet/fleet-state';
import { TentacleFleet } from './tentacle-fleet';
import { deriveTentacleSecret } from './tentacle-secret';

const SECRET = 'tentacle-secret-long-enough-0123456789';
const FLEET = { companies: DEMO_FLEET.companies.filter((c) => c.companyId === 202) };

/** A stand-in for the cloud's /tentacle namespace that records who is connected and pinging. */
class FakeCloud {
  readonly connected = new Map<string, Socket>();
  readonly pings: string[] = [];
  private http!: HttpServer;
  private io!: Server;
  port = 0;

  async start(port = 0) {
    this.http = createServer();
    this.io = new Server(this.http);
    this.io.of(TENTACLE.namespace).on('connection', (socket) => {
      const auth = tentacleAuthSchema.parse(socket.handshake.auth);
      const key = `${auth.company}/${auth.store}`;
      expect(auth.secret).toBe(deriveTentacleSecret(SECRET, auth.company, auth.store));
      this.connected.set(key, socket);
      socket.on(TENTACLE.pingEvent, (body: { tentacleVersion: string }) =>
        this.pings.push(`${key}@${body.tentacleVersion}`),
      );
      socket.on('disconnect', () => this.connected.delete(key));
    });
    await new Promise<void>((resolve) => this.http.listen(port, '127.0.0.1', resolve));
    this.port = (this.http.address() as AddressInfo).port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
  }
}

async function until(check: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('TentacleFleet', () => {
  const cloud = new FakeCloud();
  let fleet: TentacleFleet;
  let state: FleetState;

  beforeAll(async () => {
    await cloud.start();
    state = new FleetState(FLEET);
    fleet = new TentacleFleet(FLEET, state, {
      backendUrl: `http://127.0.0.1:${cloud.port}`,
      tentacleSecret: SECRET,
      pingIntervalMs: 100,
      logger: createLogger('silent', 'router-simulator'),
    });
    fleet.start();
  });
  afterAll(async () => {
    fleet.stop();
    await cloud.stop();
  });

  it('connects every store with its secret and pings with its version', async () => {
    await until(() => cloud.connected.size === 2);
    await until(() => cloud.pings.includes('202/2@2.1.1'));
    expect(fleet.connectedCount).toBe(2);
  });

  it('closes the socket of a store taken offline and reopens it when back online', async () => {
    state.setOnline(202, 1, false);
    await until(() => !cloud.connected.has('202/1'));
    expect(cloud.connected.has('202/2')).toBe(true);
    state.setOnline(202, 1, true);
    await until(() => cloud.connected.has('202/1'));
  });

  it('reconnects by itself when the cloud goes away and comes back', async () => {
    const port = cloud.port;
    await cloud.stop();
    await until(() => fleet.connectedCount === 0);
    await cloud.start(port);
    await until(() => cloud.connected.size === 2);
  });
});
