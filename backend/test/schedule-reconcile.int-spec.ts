import {
  MEDIA_SCHEDULE_JOB,
  MEDIA_SCHEDULE_QUEUE,
  mediaScheduleJobId,
  type MediaScheduleJobName,
  type Schedule,
} from '@store-cloud/contracts';
import { Queue } from 'bullmq';
import { SchedulesRepository } from '../src/modules/media/schedules.repository';
import { createTestApp, type TestApp } from './create-app';
import { eventually } from './eventually';
import { connectAcmeFuels } from './fixtures';
import { forgetRedisKeys } from './redis-keys';

const HOUR = 3600_000;

/**
 * The schedule engine gives open schedules their BullMQ jobs back every
 * SCHEDULE_RECONCILE_INTERVAL_MS (300 ms here), so a Redis that forgot them heals by itself.
 */
describe('media schedule jobs reconciled with the database', () => {
  let t: TestApp;
  let queue: Queue;

  beforeAll(async () => {
    t = await createTestApp('schedule_reconcile', {
      config: { scheduleReconcileIntervalMs: 300 },
    });
    await connectAcmeFuels(t.app);
    queue = new Queue(MEDIA_SCHEDULE_QUEUE, {
      connection: { url: t.config.redisUrl },
      prefix: `${t.config.redisPrefix}:bull`,
    });
  });
  afterAll(async () => {
    await queue?.close();
    await t?.close();
  });

  const add = (status: Schedule['status'], startDate: number, endDate: number) =>
    t.app.get(SchedulesRepository).create({
      companyId: 7,
      companyName: 'Acme Fuels',
      mediaFolderName: 'AcmeFuels-7',
      destination: 'promo',
      startDate: new Date(startDate).toISOString(),
      endDate: new Date(endDate).toISOString(),
      createdDate: new Date().toISOString(),
      author: 'reconcile@storecloud.test',
      files: ['a.png'],
      status,
    });

  /** When each expected job would run (undefined: no such job), as BullMQ holds it. */
  const plannedRuns = (expected: Array<[Schedule, MediaScheduleJobName]>) =>
    Promise.all(
      expected.map(async ([s, name]) => {
        const job = await queue.getJob(mediaScheduleJobId(s._id, name));
        if (!job || (await job.getState()) !== 'delayed') return undefined;
        return job.timestamp + (job.opts.delay ?? 0);
      }),
    );

  it('re-creates the jobs of READY and ACTIVE schedules after Redis forgot them', async () => {
    const now = Date.now();
    const ready = await add('READY', now + HOUR, now + 2 * HOUR);
    const active = await add('ACTIVE', now - HOUR, now + 3 * HOUR);
    const expired = await add('EXPIRED', now - 3 * HOUR, now - HOUR);
    const expected: Array<[Schedule, MediaScheduleJobName]> = [
      [ready, MEDIA_SCHEDULE_JOB.start],
      [ready, MEDIA_SCHEDULE_JOB.end],
      [active, MEDIA_SCHEDULE_JOB.end],
    ];
    const due = [now + HOUR, now + 2 * HOUR, now + 3 * HOUR];
    const near = (runs: Array<number | undefined>) =>
      runs.every((at, i) => at !== undefined && Math.abs(at - due[i]!) < 5000);

    // Written behind the engine's back: the next reconcile plans them.
    await eventually(() => plannedRuns(expected), near);

    expect(await forgetRedisKeys(t.config.redisUrl, t.config.redisPrefix)).toBeGreaterThan(0);
    expect(await plannedRuns(expected)).toEqual([undefined, undefined, undefined]);

    await eventually(() => plannedRuns(expected), near);
    // An ACTIVE schedule has no start job, an EXPIRED one none at all.
    for (const [s, name] of [
      [active, MEDIA_SCHEDULE_JOB.start],
      [expired, MEDIA_SCHEDULE_JOB.start],
      [expired, MEDIA_SCHEDULE_JOB.end],
    ] as const) {
      expect(await queue.getJob(mediaScheduleJobId(s._id, name))).toBeUndefined();
    }
  });
});
