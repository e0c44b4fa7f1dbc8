import { BACKUP_QUEUE, MEDIA_SCHEDULE_QUEUE } from '@store-cloud/contracts';
import { queuesWithoutWorkers } from '../src/worker-health';
import { createTestApp, testConfig, type TestApp } from './create-app';

/** The worker's compose health check (dist/worker-health.js) against the real Redis. */
describe('worker health check', () => {
  let t: TestApp | undefined;

  beforeAll(async () => {
    // BACKEND_ROLE all: this app runs the jobs, so its BullMQ workers are registered.
    t = await createTestApp('worker_health', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is healthy while a process serves every queue', async () => {
    expect(await queuesWithoutWorkers(t!.config)).toEqual([]);
  });

  it('names the queues no worker serves (another REDIS_PREFIX: no worker there)', async () => {
    const alone = testConfig('worker_health_alone');
    expect(await queuesWithoutWorkers(alone)).toEqual([BACKUP_QUEUE, MEDIA_SCHEDULE_QUEUE]);
  });

  it('counts the workers gone once their process stopped', async () => {
    const { config } = t!;
    await t!.close();
    t = undefined;
    expect(await queuesWithoutWorkers(config)).toEqual([BACKUP_QUEUE, MEDIA_SCHEDULE_QUEUE]);
  });
});
