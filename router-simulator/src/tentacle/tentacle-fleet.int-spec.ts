import { TENTACLE, type TentacleAuth } from '@store-cloud/contracts';
import type { Socket } from 'socket.io';
import { FleetState } from '../fleet/fleet-state';
import { FAKE_CLOUD_FLEET, FAKE_CLOUD_SECRET, FakeCloudBase, until } from '../test/fake-cloud';
import type { TentacleFleet } from './tentacle-fleet';
import { deriveTentacleSecret } from './tentacle-secret';

/** A stand-in for the cloud's /tentacle namespace that records who is connected and pinging. */
class FakeCloud extends FakeCloudBase {
  readonly connected = new Map<string, Socket>();
  readonly pings: string[] = [];

  protected onTentacle(socket: Socket, auth: TentacleAuth) {
    const key = `${auth.company}/${auth.store}`;
    expect(auth.secret).toBe(deriveTentacleSecret(FAKE_CLOUD_SECRET, auth.company, auth.store));
    this.connected.set(key, socket);
    socket.on(TENTACLE.pingEvent, (body: { tentacleVersion: string }) =>
      this.pings.push(`${key}@${body.tentacleVersion}`),
    );
    socket.on('disconnect', () => this.connected.delete(key));
  }
}

describe('TentacleFleet', () => {
  const cloud = new FakeCloud();
  let fleet: TentacleFleet;
  let state: FleetState;

  beforeAll(async () => {
    await cloud.start();
    state = new FleetState(FAKE_CLOUD_FLEET);
    fleet = cloud.startFleet(state, { pingIntervalMs: 100 });
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
