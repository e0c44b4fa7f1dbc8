import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  classifySqlBackupInstallation,
  MEDIA_PORTAL_API,
  SIMULATOR_API,
  simulatedMediaSchema,
  simulatedSqlBackupSchema,
  SQL_BACKUP_SOCKET,
  type SqlBackupReport,
  sqlBackupReportSchema,
  STORE_SECRET_HEADER,
  type StoreMedia,
  type TentacleAuth,
} from '@store-cloud/contracts';
import { createLogger } from '@store-cloud/node-kit';
import type { Socket } from 'socket.io';
import request from 'supertest';
import { createApp } from '../app';
import { FleetState } from '../fleet/fleet-state';
import { FAKE_CLOUD_FLEET, FAKE_CLOUD_SECRET, FakeCloudBase, until } from '../test/fake-cloud';
import type { TentacleFleet } from '../tentacle/tentacle-fleet';
import { deriveTentacleSecret } from '../tentacle/tentacle-secret';

/**
 * A stand-in for the cloud: the /tentacle namespace records the SQL backup reports (by the store
 * of the socket's handshake), and GET /portal/storemedia answers the media of the store whose
 * secret comes with the call.
 */
class FakeCloud extends FakeCloudBase {
  readonly reports: Array<{ store: string; report: SqlBackupReport }> = [];
  readonly media = new Map<string, StoreMedia>();
  readonly mediaCalls: string[] = [];

  protected override onRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '', 'http://x');
    const [c, s] = [Number(url.searchParams.get('c')), Number(url.searchParams.get('s'))];
    const key = `${c}/${s}`;
    const secretOk =
      req.headers[STORE_SECRET_HEADER] === deriveTentacleSecret(FAKE_CLOUD_SECRET, c, s);
    this.mediaCalls.push(key);
    const media = this.media.get(key);
    const status = url.pathname !== MEDIA_PORTAL_API.storeMedia ? 404 : !secretOk ? 401 : 200;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        status === 200 ? (media ?? { companyId: c, storeId: s, tags: [], files: [] }) : {},
      ),
    );
  }

  protected onTentacle(socket: Socket, auth: TentacleAuth) {
    socket.on(SQL_BACKUP_SOCKET.reportEvent, (body: unknown, ack: (a: unknown) => void) => {
      this.reports.push({
        store: `${auth.company}/${auth.store}`,
        report: sqlBackupReportSchema.parse(body),
      });
      ack({ ok: true });
    });
  }
}

describe('a simulated store reports its SQL backups and fetches its media', () => {
  const cloud = new FakeCloud();
  let fleet: TentacleFleet;
  let state: FleetState;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    await cloud.start();
    state = new FleetState(FAKE_CLOUD_FLEET);
    app = createApp(state, createLogger('silent', 'router-simulator'));
    fleet = cloud.startFleet(state, {
      pingIntervalMs: 1000,
      sqlBackupReportIntervalMs: 300,
      mediaPollIntervalMs: 200,
    });
  });
  afterAll(async () => {
    fleet.stop();
    await cloud.stop();
  });

  it('reports its installations on connect and again periodically', async () => {
    await until(() => cloud.reports.filter((r) => r.store === '202/2').length >= 2);
    const fromStore = simulatedSqlBackupSchema.parse(
      (await request(app).get(SIMULATOR_API.storeSqlBackup(202, 2)).expect(200)).body,
    );
    const last = cloud.reports.filter((r) => r.store === '202/2').at(-1)!;
    expect(last.report.installations.map((i) => i.Id)).toEqual(
      fromStore.installations.map((i) => i.Id),
    );
  });

  it('reports changed installations at once', async () => {
    const { installations } = simulatedSqlBackupSchema.parse(
      (await request(app).get(SIMULATOR_API.storeSqlBackup(202, 1)).expect(200)).body,
    );
    const failing = installations.map((i) => ({
      ...i,
      Status: 'ACTIVE',
      Jobs: [
        {
          Id: 'j1',
          Name: 'Full Backup',
          LastRun: { Status: 'FAILED', StartedAt: null, FinishedAt: null },
        },
      ],
    }));
    const count = cloud.reports.length;
    await request(app)
      .put(SIMULATOR_API.storeSqlBackup(202, 1))
      .send({ installations: failing })
      .expect(200);
    await until(() =>
      cloud.reports
        .slice(count)
        .some(
          (r) =>
            r.store === '202/1' &&
            r.report.installations.every((i) => classifySqlBackupInstallation(i) === 'failed'),
        ),
    );
    await request(app)
      .put(SIMULATOR_API.storeSqlBackup(202, 1))
      .send({ installations: [{ Id: '' }] })
      .expect(400);
    await request(app)
      .put(SIMULATOR_API.storeSqlBackup(999, 1))
      .send({ installations: [] })
      .expect(404);
  });

  it('fetches its active media with its secret and shows a file pushed to its tag', async () => {
    const media = async () =>
      simulatedMediaSchema.parse(
        (await request(app).get(SIMULATOR_API.storeMedia(202, 2)).expect(200)).body,
      );
    await until(() => cloud.mediaCalls.includes('202/2'));
    cloud.media.set('202/2', {
      companyId: 202,
      storeId: 2,
      tags: ['promo'],
      files: [{ tag: 'promo', filename: 'summer.png', url: '/companies/x/tags/promo/summer.png' }],
    });
    let seen = await media();
    const deadline = Date.now() + 20_000;
    while (!seen.media?.files.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await media();
    }
    expect(seen.media?.files.map((f) => f.filename)).toEqual(['summer.png']);
    expect(seen.fetchedAt).not.toBeNull();
  });
});
