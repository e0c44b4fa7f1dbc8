import {
  AUDIT_ACTION,
  ACCESS_TOKEN_HEADER,
  ADMIN_API,
  APP,
  BACKUP_API,
  BACKUP_FORMAT,
  BACKUP_KEY_HEADER,
  BACKUP_MODAL_TEXT,
  backupDetailSchema,
  backupJobRefSchema,
  backupJobStatusSchema,
  backupListSchema,
  backupServerListSchema,
  type BackupJobStatus,
  ERROR_CODE,
  errorBodySchema,
  SESSION_API,
  SITE_API,
  systemBackupDataSchema,
  type SystemBackupData,
  USER_TYPE,
  type UserTypeName,
  VALIDATION,
} from '@store-cloud/contracts';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { Worker } from 'bullmq';
import { forgetRedisKeys } from './redis-keys';
import { UserAccessCache } from '../src/modules/users/user-access.cache';
import { ConnectedCompaniesView } from '../src/modules/companies/connected-companies.view';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';
import { AuditService } from '../src/modules/audit/audit.service';
import { BackupJobsService } from '../src/modules/backups/backup-jobs.service';
import { BackupsService } from '../src/modules/backups/backups.service';
import { DatabaseDumpRepository } from '../src/modules/backups/database-dump.repository';
import { createTestApp, TEST_ADMIN, TEST_JWT_SECRET, type TestApp } from './create-app';

/** What two servers sharing JWT_SECRET send each other when BACKUP_SERVER_KEY is unset. */
const BACKUP_KEY = createHmac('sha256', TEST_JWT_SECRET)
  .update('store-cloud backup server')
  .digest('hex');
const PASSWORD = 'Backup-Test-Pass1';
/** The admin as the actor of calls made on the services directly (they audit them). */
const TEST_ACTOR = { id: 'test-admin', username: TEST_ADMIN.username };

const loginToken = (t: TestApp, username: string, password: string) =>
  t.login({ username, password });

/** Polls the job until it ends (no fixed wait: each poll asks again at once after a tick). */
async function waitForJob(t: TestApp, token: string, jobId: string): Promise<BackupJobStatus> {
  for (;;) {
    const res = await request(t.baseUrl)
      .get(BACKUP_API.job)
      .query({ jobId })
      .set(ACCESS_TOKEN_HEADER, token)
      .expect(200);
    const status = backupJobStatusSchema.parse(res.body);
    if (status.state === 'completed' || status.state === 'failed') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The documents of a database's backup, without the time it was taken. */
async function exportOf(t: TestApp): Promise<SystemBackupData['collections']> {
  const res = await request(t.baseUrl)
    .get(BACKUP_API.systemBackup)
    .set(BACKUP_KEY_HEADER, BACKUP_KEY)
    .expect(200);
  return systemBackupDataSchema.parse(res.body).collections;
}

const usernamesIn = (collections: SystemBackupData['collections']) =>
  (collections.users?.documents ?? []).map((d) => d.username).sort();

describe('server backups', () => {
  let a: TestApp;
  let b: TestApp;
  let tokenA: string;

  beforeAll(async () => {
    // passport keeps one 'jwt' strategy per process: the app created last checks every token.
    // B is only called with the backup key (and its login), so A is created last.
    b = await createTestApp('backups_b');
    a = await createTestApp('backups_a');
    tokenA = await loginToken(a, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const asA = () => ({
    get: (path: string) => request(a.baseUrl).get(path).set(ACCESS_TOKEN_HEADER, tokenA),
    post: (path: string) => request(a.baseUrl).post(path).set(ACCESS_TOKEN_HEADER, tokenA),
    patch: (path: string) => request(a.baseUrl).patch(path).set(ACCESS_TOKEN_HEADER, tokenA),
    delete: (path: string) => request(a.baseUrl).delete(path).set(ACCESS_TOKEN_HEADER, tokenA),
  });

  const serverNames = async () =>
    backupServerListSchema
      .parse((await asA().get(BACKUP_API.servers).expect(200)).body)
      .map((s) => s.name);

  describe('backup servers', () => {
    it('adds, lists, edits and deletes a server', async () => {
      await asA()
        .post(BACKUP_API.addServer)
        .send({ name: 'Crud One', url: 'https://one.example.com/' })
        .expect(201);
      expect(await serverNames()).toContain('Crud One');
      // Keeping its own name (in another case) on edit is allowed.
      await asA()
        .patch(BACKUP_API.updateServer)
        .send({ originalName: 'Crud One', name: 'CRUD one', url: 'https://two.example.com' })
        .expect(200);
      const list = backupServerListSchema.parse((await asA().get(BACKUP_API.servers)).body);
      expect(list).toContainEqual({ name: 'CRUD one', url: 'https://two.example.com' });
      await asA().delete(BACKUP_API.deleteServer).query({ servername: 'crud ONE' }).expect(204);
      expect(await serverNames()).not.toContain('CRUD one');
    });

    it.each([
      [{ url: 'https://x.example.com' }, 'name', VALIDATION.serverNameRequired],
      [{ name: '  ', url: 'https://x.example.com' }, 'name', VALIDATION.serverNameRequired],
      [{ name: 'No Url' }, 'url', VALIDATION.serverUrlRequired],
      [{ name: 'Prefix Only', url: 'https://' }, 'url', VALIDATION.serverUrlRequired],
    ])('refuses %j with the spec message', async (body, path, message) => {
      const res = await asA().post(BACKUP_API.addServer).send(body).expect(400);
      expect(errorBodySchema.parse(res.body).issues).toContainEqual({ path, message });
    });

    it('refuses a name already in use, case-insensitively, on add and on edit', async () => {
      await asA()
        .post(BACKUP_API.addServer)
        .send({ name: 'Taken', url: 'https://t.example.com' })
        .expect(201);
      await asA()
        .post(BACKUP_API.addServer)
        .send({ name: 'Other', url: 'https://o.example.com' })
        .expect(201);
      const add = await asA()
        .post(BACKUP_API.addServer)
        .send({ name: 'tAKEN', url: 'https://x.example.com' })
        .expect(400);
      expect(errorBodySchema.parse(add.body).issues).toContainEqual({
        path: 'name',
        message: VALIDATION.serverNameInUse,
      });
      const edit = await asA()
        .patch(BACKUP_API.updateServer)
        .send({ originalName: 'Other', name: 'TAKEN', url: 'https://o.example.com' })
        .expect(400);
      expect(errorBodySchema.parse(edit.body).message).toBe(VALIDATION.serverNameInUse);
    });

    it.each(['http://169.254.169.254', 'http://[fe80::1]:3000', 'http://metadata.google.internal'])(
      'refuses the link-local or metadata address %s',
      async (url) => {
        const res = await asA()
          .post(BACKUP_API.addServer)
          .send({ name: `Meta ${url}`, url })
          .expect(400);
        expect(errorBodySchema.parse(res.body).issues?.[0]?.path).toBe('url');
        expect(await serverNames()).not.toContain(`Meta ${url}`);
      },
    );
  });

  describe('stored backups', () => {
    it('stores, lists, shows and deletes a backup', async () => {
      const backup: SystemBackupData = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        collections: {
          things: { indexes: [], documents: [{ n: 1 }] },
          users: {
            indexes: [],
            documents: [{ username: 'u@example.com', passwordHash: '$2b$10$x' }],
          },
          sitecredentials: { indexes: [], documents: [{ passwordEncrypted: 'v1:abc' }] },
        },
      };
      const time = '2026-11-20T10:30:00.000Z';
      const stored = await asA()
        .post(BACKUP_API.storeBackup)
        .send({ name: 'Stored', url: 'https://stored.example.com', time, backup })
        .expect(201);
      const id = String(stored.body._id);
      const list = backupListSchema.parse((await asA().get(BACKUP_API.backups).expect(200)).body);
      expect(list).toContainEqual({
        _id: id,
        name: 'Stored',
        url: 'https://stored.example.com',
        time,
      });
      const detail = backupDetailSchema.parse(
        (await asA().get(BACKUP_API.backup).query({ backupId: id }).expect(200)).body,
      );
      expect(detail.backup).toMatchObject({ format: BACKUP_FORMAT, collections: { things: {} } });
      // The View shows no password hash or stored secret, not even encrypted.
      expect(JSON.stringify(detail.backup)).not.toContain('$2b$10$x');
      expect(JSON.stringify(detail.backup)).not.toContain('v1:abc');
      expect(detail.backup).toMatchObject({
        collections: {
          users: { documents: [{ username: 'u@example.com', passwordHash: '********' }] },
        },
      });
      await asA().delete(BACKUP_API.backup).query({ backupId: id }).expect(204);
      await asA().get(BACKUP_API.backup).query({ backupId: id }).expect(404);
    });
  });

  describe('back up A and restore it to B', () => {
    it('B then holds exactly the data of A', async () => {
      await a.createUser({ username: 'only-on-a@example.com', password: PASSWORD });
      const onlyOnB = await b.createUser({ username: 'only-on-b@example.com', password: PASSWORD });
      // B's node keeps what it read: the user behind a site token (as a relayed call does), and
      // the connected companies of its status (without 303, which only B removed).
      await b.app.get(IntegrationCompaniesRepository).remove([303]);
      const bCompanies = async () =>
        (await b.app.get(ConnectedCompaniesView).list()).map((c) => c.companyId);
      expect(await bCompanies()).not.toContain(303);
      expect(await b.app.get(UserAccessCache).get(onlyOnB.id)).toMatchObject({
        username: 'only-on-b@example.com',
      });
      await asA().post(BACKUP_API.addServer).send({ name: 'Server A', url: a.baseUrl }).expect(201);
      await asA().post(BACKUP_API.addServer).send({ name: 'Server B', url: b.baseUrl }).expect(201);

      const run = await asA()
        .post(BACKUP_API.runBackup)
        .send({ serverName: 'server a' })
        .expect(201);
      const done = await waitForJob(a, tokenA, backupJobRefSchema.parse(run.body).jobId);
      expect(done).toMatchObject({ state: 'completed', progress: 100, serverName: 'Server A' });
      const list = backupListSchema.parse((await asA().get(BACKUP_API.backups)).body);
      const backup = list.find((x) => x.name === 'Server A');
      expect(backup).toMatchObject({ url: a.baseUrl });

      // B changes after the backup was taken: the restore must not keep it.
      await b.createUser({ username: 'later-on-b@example.com', password: PASSWORD });
      const before = await exportOf(a);

      const restore = await asA()
        .post(BACKUP_API.restoreBackup)
        .send({ backupId: backup!._id, serverName: 'Server B' })
        .expect(201);
      const restored = await waitForJob(a, tokenA, backupJobRefSchema.parse(restore.body).jobId);
      expect(restored).toMatchObject({ state: 'completed', progress: 100 });

      // The restore replaced B's users and companies: its node no longer answers from what it kept.
      expect(await bCompanies()).toContain(303);
      expect(await b.app.get(UserAccessCache).get(onlyOnB.id)).toBeNull();
      const after = await exportOf(b);
      expect(usernamesIn(after)).toEqual(usernamesIn(before));
      expect(usernamesIn(after)).toContain('only-on-a@example.com');
      expect(usernamesIn(after)).not.toContain('only-on-b@example.com');
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const name of Object.keys(before)) {
        expect(after[name]?.documents).toEqual(before[name]?.documents);
      }
      // Ids and password hashes came along: A's users sign in on B, through B's own models.
      expect((await b.users.findByUsername('only-on-a@example.com'))?.id).toBe(
        (await a.users.findByUsername('only-on-a@example.com'))?.id,
      );
      await loginToken(b, 'only-on-a@example.com', PASSWORD);
      // The audit trail is append-only: no backup carries it, and A recorded the run and restore.
      expect(Object.keys(before)).not.toContain('auditlog');
      const trail = await a.app.get(AuditService).list();
      expect(trail.map((e) => e.action)).toEqual(
        expect.arrayContaining([AUDIT_ACTION.backupRun, AUDIT_ACTION.backupRestore]),
      );
      expect(trail.find((e) => e.action === AUDIT_ACTION.backupRestore)).toMatchObject({
        target: backup!._id,
        details: { server: 'Server B' },
      });
    });

    it('a restore that fails half-way leaves B unchanged', async () => {
      const before = await exportOf(b);
      const users = before.users!.documents;
      const data: SystemBackupData = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        collections: {
          apps: before.apps!,
          // The second document repeats the first one's id: refused in the middle of the write.
          users: {
            indexes: before.users!.indexes,
            documents: [users[0]!, users[0]!, ...users.slice(1)],
          },
          zzz: { indexes: [], documents: [{ never: 'restored' }] },
        },
      };
      const res = await request(b.baseUrl)
        .post(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, BACKUP_KEY)
        .send({ serverName: 'Server B', data })
        .expect(400);
      expect(errorBodySchema.parse(res.body).code).toBe(ERROR_CODE.validation);
      expect(await exportOf(b)).toEqual(before);
      // No staging collection was left behind.
      const db = (await exportOf(b)) as Record<string, unknown>;
      expect(Object.keys(db).some((n) => n.includes('__'))).toBe(false);
    });

    it('a restore never brings back a session that ended after the backup', async () => {
      // On A: passport checks every token with the app created last.
      const username = 'session-restore@example.com';
      await a.createUser({ username, password: PASSWORD });
      const token = await loginToken(a, username, PASSWORD);
      const me = () => request(a.baseUrl).get(SESSION_API.list).set(ACCESS_TOKEN_HEADER, token);
      await me().expect(200);
      const backup = await exportOf(a);
      // Sessions are live state of the server, like the audit trail: no backup carries them.
      expect(Object.keys(backup)).not.toContain('sessions');
      const db = a.app.get<Connection>(getConnectionToken()).db!;
      const open = await db
        .collection('sessions')
        .find({}, { projection: { _id: 0 } })
        .toArray();

      await request(a.baseUrl)
        .get(SITE_API.portalLogout)
        .set(ACCESS_TOKEN_HEADER, token)
        .expect(200);
      await me().expect(401);
      // An older backup that still carries the sessions, from before the logout.
      const data: SystemBackupData = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        collections: {
          ...backup,
          sessions: {
            indexes: [],
            documents: open.map((d) => JSON.parse(JSON.stringify(d)) as Record<string, unknown>),
          },
        },
      };
      await request(a.baseUrl)
        .post(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, BACKUP_KEY)
        .send({ serverName: 'Server A', data })
        .expect(200);
      await me().expect(401);
      // The sessions that were open stay open: the admin's token still works.
      await asA().get(SESSION_API.list).expect(200);

      // A password changed after the backup raised the user's generation; the restore takes it
      // back, and every node drops what it kept: the newer session's token no longer counts.
      const again = await loginToken(a, username, PASSWORD);
      await request(a.baseUrl)
        .patch(ADMIN_API.changePassword)
        .set(ACCESS_TOKEN_HEADER, again)
        .send({ username, currentPassword: PASSWORD, newPassword: 'Backup-Test-Pass2' })
        .expect(200);
      const newer = await loginToken(a, username, 'Backup-Test-Pass2');
      const asNewer = () =>
        request(a.baseUrl).get(SESSION_API.list).set(ACCESS_TOKEN_HEADER, newer);
      await asNewer().expect(200);
      await request(a.baseUrl)
        .post(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, BACKUP_KEY)
        .send({ serverName: 'Server A', data: { ...data, collections: backup } })
        .expect(200);
      await asNewer().expect(401);
      await loginToken(a, username, PASSWORD);
    });

    it("a restore keeps the alerts sweep's view of store presence: no backup carries it", async () => {
      // The sweep's record of a store here (written as it sees the store come and go).
      const presence = a.app.get<Connection>(getConnectionToken()).db!.collection('alertstores');
      const here = { _id: 'restore-presence:1', companyId: 909, storeId: 1, online: true };
      await presence.insertOne(here as never);
      const backup = await exportOf(a);
      expect(Object.keys(backup)).not.toContain('alertstores');

      // An older backup, or another server's, that still carries a view of its own.
      const data: SystemBackupData = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        collections: {
          ...backup,
          alertstores: {
            indexes: [],
            documents: [{ _id: 'restore-presence:1', companyId: 909, storeId: 1, online: false }],
          },
        },
      };
      await request(a.baseUrl)
        .post(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, BACKUP_KEY)
        .send({ serverName: 'Server A', data })
        .expect(200);
      expect(await presence.findOne({ _id: here._id } as never)).toMatchObject({ online: true });
      await presence.deleteOne({ _id: here._id } as never);
    });

    it('a restore interrupted by a crash during its swap is rolled back at the next start', async () => {
      const before = await exportOf(b);
      const db = b.app.get<Connection>(getConnectionToken()).db!;
      // The state a crash leaves half-way through a swap: users renamed aside and the new
      // users in place, a collection that did not exist swapped in, a staging copy left over.
      await db.renameCollection('users', 'users__old_deadbeef');
      await db.collection('users').insertOne({ username: 'half-restored@example.com' });
      await db.collection('brandnew').insertOne({ half: true });
      await db.collection('apps__restore_deadbeef').insertOne({ staged: true });
      await db.collection('restorejournal').insertOne({
        _id: 'deadbeef' as never,
        state: 'swapping',
        targets: ['apps', 'brandnew', 'users'],
        existed: ['apps', 'users'],
        owner: 'a-backend-that-crashed',
        startedAt: new Date(Date.now() - 60_000),
        // Its holder stopped renewing it a minute ago: it is gone.
        aliveAt: new Date(Date.now() - 60_000),
      });
      // A stray set-aside copy no journal accounts for (a crash after its journal was deleted).
      await db.collection('apps__old_0badf00d').insertOne({ stray: true });

      expect(await b.app.get(DatabaseDumpRepository).recover(30_000, 'test')).toBe(0);

      expect(await exportOf(b)).toEqual(before);
      const names = (await db.listCollections().toArray()).map((c) => c.name);
      expect(names.filter((n) => n.includes('__') || n === 'brandnew')).toEqual([]);
      // Only the outcomes of applied restores (kept for their jobs) remain.
      expect(await db.collection('restorejournal').countDocuments({ state: { $ne: 'done' } })).toBe(
        0,
      );
    });

    it('three concurrent runs of one server make one job', async () => {
      // A backup server that accepts the call and never answers: the first job stays active.
      const hanging = http.createServer(() => undefined);
      await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
        await asA().post(BACKUP_API.addServer).send({ name: 'Slow', url }).expect(201);
        const runs = await Promise.all(
          [1, 2, 3].map(() => asA().post(BACKUP_API.runBackup).send({ serverName: 'Slow' })),
        );
        const ids = runs.map((r) => backupJobRefSchema.parse(r.body).jobId);
        expect(runs.map((r) => r.status)).toEqual([201, 201, 201]);
        expect(new Set(ids).size).toBe(1);
        const jobs = a.app.get(BackupJobsService);
        const queued = await (
          jobs as unknown as { queue: { getJobs(t: string[]): Promise<{ id?: string }[]> } }
        ).queue.getJobs(['active', 'waiting', 'delayed', 'prioritized']);
        expect(queued.filter((j) => j.id === ids[0])).toHaveLength(1);
        const records = a.app.get<Connection>(getConnectionToken()).collection('backupjobs');
        expect(await records.countDocuments({ serverName: 'Slow' })).toBe(1);
      } finally {
        hanging.closeAllConnections();
        hanging.close();
      }
    });

    it('a failed job shows its error: a server that does not answer', async () => {
      await asA()
        .post(BACKUP_API.addServer)
        .send({ name: 'Gone', url: 'http://127.0.0.1:9' })
        .expect(201);
      const run = await asA().post(BACKUP_API.runBackup).send({ serverName: 'Gone' }).expect(201);
      const done = await waitForJob(a, tokenA, backupJobRefSchema.parse(run.body).jobId);
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9/);
    });
  });

  describe('refusals', () => {
    const others: [string, UserTypeName, string[]][] = [
      ['basic', USER_TYPE.BASIC, [APP.dbBackup]],
      ['tlm', USER_TYPE.TLM, [APP.dbBackup]],
      ['support', USER_TYPE.SUPPORT_ADMIN, [APP.dbBackup]],
      ['admin', USER_TYPE.ADMIN, [APP.dbBackup]],
      ['superapp', USER_TYPE.SUPER_ADMIN, [APP.messageManager]],
    ];

    it.each(others)(
      'refuses a %s user every backup call with 403, changing nothing',
      async (who, usertype, applications) => {
        const username = `${who}-backup@example.com`;
        await a.createUser({ username, password: PASSWORD, usertype, applications });
        const token = await loginToken(a, username, PASSWORD);
        const serversBefore = await serverNames();
        const backupsBefore = (await asA().get(BACKUP_API.backups)).body as unknown;
        const backupId = '0123456789abcdef01234567';
        const calls = [
          request(a.baseUrl).get(BACKUP_API.servers),
          request(a.baseUrl)
            .post(BACKUP_API.addServer)
            .send({ name: `x-${who}`, url: 'https://x.example.com' }),
          request(a.baseUrl)
            .patch(BACKUP_API.updateServer)
            .send({ name: 'Server A', url: 'https://evil.example.com' }),
          request(a.baseUrl).delete(BACKUP_API.deleteServer).query({ servername: 'Server A' }),
          request(a.baseUrl).get(BACKUP_API.backups),
          request(a.baseUrl).get(BACKUP_API.backup).query({ backupId }),
          request(a.baseUrl).post(BACKUP_API.storeBackup).send({}),
          request(a.baseUrl).delete(BACKUP_API.backup).query({ backupId }),
          request(a.baseUrl).post(BACKUP_API.runBackup).send({ serverName: 'Server A' }),
          request(a.baseUrl)
            .post(BACKUP_API.restoreBackup)
            .send({ backupId, serverName: 'Server B' }),
          request(a.baseUrl).get(BACKUP_API.job).query({ jobId: 'x' }),
          request(a.baseUrl).get(BACKUP_API.systemBackup),
          request(a.baseUrl).post(BACKUP_API.systemBackup).send({}),
        ];
        for (const call of calls) {
          const res = await call.set(ACCESS_TOKEN_HEADER, token);
          expect([res.status, res.body.code]).toEqual([403, ERROR_CODE.forbidden]);
        }
        expect(await serverNames()).toEqual(serversBefore);
        expect((await asA().get(BACKUP_API.backups)).body).toEqual(backupsBefore);
      },
    );

    it('reads a large body only from a caller with the backup key or a valid token', async () => {
      const big = { serverName: 'x', data: { pad: 'x'.repeat(300_000) } };
      await request(a.baseUrl).post(BACKUP_API.systemBackup).send(big).expect(413);
      await request(a.baseUrl)
        .post(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, 'wrong')
        .send(big)
        .expect(413);
      // Identified: the body is read, and then refused for what it is.
      const res = await request(a.baseUrl)
        .post(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, BACKUP_KEY)
        .send(big)
        .expect(400);
      expect(errorBodySchema.parse(res.body).code).toBe(ERROR_CODE.validation);
    });

    it("answers a BASIC user's 20 MB backup body before the upload finishes", async () => {
      await a.createUser({ username: 'big-basic@example.com', password: PASSWORD });
      const token = await loginToken(a, 'big-basic@example.com', PASSWORD);
      const total = 20 * 1024 * 1024;
      const { port } = new URL(a.baseUrl);
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: BACKUP_API.storeBackup,
          headers: {
            'content-type': 'application/json',
            'content-length': total,
            [ACCESS_TOKEN_HEADER]: token,
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        // Only the first megabyte is ever sent: an answer proves the rest was never waited for.
        req.write(`{"pad":"${'x'.repeat(1024 * 1024)}`);
      });
      expect([403, 413]).toContain(status);
    });

    it('refuses a body over 1 MB on an ordinary route with 413', async () => {
      const res = await asA()
        .post(BACKUP_API.addServer)
        .send({ name: 'x'.repeat(1024 * 1024 + 10), url: 'https://x.example.com' });
      expect(res.status).toBe(413);
    });

    it('asks for a token, or refuses a wrong backup key', async () => {
      await request(a.baseUrl).get(BACKUP_API.servers).expect(401);
      await request(a.baseUrl).get(BACKUP_API.systemBackup).expect(401);
      await request(a.baseUrl)
        .get(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, 'wrong')
        .expect(403);
      await request(a.baseUrl)
        .post(BACKUP_API.systemBackup)
        .set(BACKUP_KEY_HEADER, 'wrong')
        .send({})
        .expect(403);
    });
  });

  // Last: booting more apps hands passport's one 'jwt' strategy to them (see beforeAll).
  describe('a backend that stops mid-job', () => {
    /** Polls a job through `jobs` until it is no longer waiting or running. */
    async function settled(jobs: BackupJobsService, jobId: string): Promise<BackupJobStatus> {
      let status = await jobs.status(jobId);
      while (status.state === 'active' || status.state === 'waiting') {
        await new Promise((r) => setTimeout(r, 200));
        status = await jobs.status(jobId);
      }
      return status;
    }

    it('a job Redis forgot before it started is queued again and runs once', async () => {
      const jobs = a.app.get(BackupJobsService);
      const worker = (jobs as unknown as { worker: Worker }).worker;
      await a.app.get(BackupsService).addServer(TEST_ACTOR, { name: 'Flushed', url: b.baseUrl });
      // The worker does not take the job before the flush (the flush then finds it waiting).
      await worker.pause();
      try {
        const jobId = await jobs.runBackup(TEST_ACTOR, 'Flushed');
        expect(await forgetRedisKeys(a.config.redisUrl, a.config.redisPrefix)).toBeGreaterThan(0);
        // The status comes from the record, never 404; reading it queues the job again.
        const res = await asA().get(BACKUP_API.job).query({ jobId }).expect(200);
        expect(backupJobStatusSchema.parse(res.body).state).toBe('waiting');
        worker.resume();
        tokenA = await loginToken(a, TEST_ADMIN.username, TEST_ADMIN.password);
        expect(await waitForJob(a, tokenA, jobId)).toMatchObject({ state: 'completed' });
        const stored = await a.app
          .get<Connection>(getConnectionToken())
          .collection('backups')
          .countDocuments({ jobId });
        expect(stored).toBe(1);
      } finally {
        worker.resume();
      }
    }, 60_000);

    it('fails the job visibly once its heartbeat stops, and a new run starts a new job', async () => {
      // A backup server that accepts the call and never answers: the job stays active.
      const hanging = http.createServer(() => undefined);
      await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
      const port = (hanging.address() as AddressInfo).port;
      try {
        const first = await createTestApp('backups_restart');
        await first.app
          .get(BackupsService)
          .addServer(TEST_ACTOR, { name: 'Hangs', url: `http://127.0.0.1:${port}` });
        const jobs = first.app.get(BackupJobsService);
        const jobId = await jobs.runBackup(TEST_ACTOR, 'Hangs');
        while ((await jobs.status(jobId)).state !== 'active')
          await new Promise((r) => setTimeout(r, 50));
        // Stop without dropping the database, as a crash or restart would.
        await first.app.close();

        const again = await createTestApp('backups_restart');
        try {
          const restarted = again.app.get(BackupJobsService);
          // Asked again while the dead job's heartbeat is fresh, a run joins it; once the
          // heartbeat is stale (seconds, not BullMQ's stalled check), it starts a new job.
          let next = await restarted.runBackup(TEST_ACTOR, 'Hangs');
          while (next === jobId) {
            await new Promise((r) => setTimeout(r, 200));
            next = await restarted.runBackup(TEST_ACTOR, 'Hangs');
          }
          expect(await restarted.status(jobId)).toMatchObject({
            state: 'failed',
            error: BACKUP_MODAL_TEXT.jobInterrupted,
          });
          expect((await restarted.status(next)).state).toMatch(/waiting|active/);
        } finally {
          await again.close();
        }
      } finally {
        hanging.closeAllConnections();
        await new Promise((r) => hanging.close(r));
      }
    }, 90_000);

    it('a restore whose worker died after the swap is completed, as its journal says', async () => {
      const target = await createTestApp('backups_committed', {
        config: { restorePauseAt: 'committed' },
      });
      const first = await createTestApp('backups_dies');
      try {
        await first.app
          .get(BackupsService)
          .addServer(TEST_ACTOR, { name: 'Target', url: target.baseUrl });
        const jobs = first.app.get(BackupJobsService);
        const backup = await settled(jobs, await jobs.runBackup(TEST_ACTOR, 'Target'));
        expect(backup.state).toBe('completed');
        const [stored] = await first.app.get(BackupsService).listBackups();
        const jobId = await jobs.restoreBackup(TEST_ACTOR, stored!._id, 'Target');
        // The target applied the restore (its journal says committed) and has not answered.
        const journal = target.app
          .get<Connection>(getConnectionToken())
          .collection('restorejournal');
        while (!(await journal.findOne({ requestId: jobId, state: 'committed' })))
          await new Promise((r) => setTimeout(r, 100));
        await first.app.close();

        const again = await createTestApp('backups_dies');
        try {
          expect(await settled(again.app.get(BackupJobsService), jobId)).toMatchObject({
            state: 'completed',
            progress: 100,
          });
        } finally {
          await again.close();
        }
      } finally {
        target.app.getHttpServer().closeAllConnections();
        await target.close();
      }
    }, 90_000);
  });

  describe('with BACKUP_ALLOW_LINK_LOCAL=true', () => {
    it('accepts a link-local server URL', async () => {
      const open = await createTestApp('backups_linklocal', {
        config: { backupAllowLinkLocal: true },
      });
      try {
        const server = { name: 'Metadata', url: 'http://169.254.169.254' };
        await expect(open.app.get(BackupsService).addServer(TEST_ACTOR, server)).resolves.toEqual(
          server,
        );
      } finally {
        await open.close();
      }
    });
  });
});
