import {
  ACCESS_TOKEN_HEADER,
  BULK_ACTIONS_API,
  BULK_STORE_STATE,
  type BulkAction,
  bulkActionPageSchema,
  bulkActionSchema,
  MEDIA_APPLIED_TEXT,
  SCHEDULE_PUSH_ANSWER_MS,
} from '@store-cloud/contracts';
import request from 'supertest';
import { Clock } from '../src/common/clock/clock';
import { BulkActionsService } from '../src/modules/bulk-actions';
import { SchedulePushAnswers } from '../src/modules/bulk-actions/schedule-push-answers';
import { IntegrationCompaniesRepository } from '../src/modules/companies';
import { createTestApp, TEST_ADMIN, type TestApp } from './create-app';

const TAG = 'unanswered';
const FILE = 'late.png';

/**
 * Issue 32 item 4: a schedule push delivered to a store that never reports taking it shows as
 * "unknown" (it may have taken it) once SCHEDULE_PUSH_ANSWER_MS has passed, not before; a store
 * that answered in time stays acknowledged, and an answer after that time settles nothing. The
 * injected Clock is moved instead of waiting 15 minutes.
 */
describe('a schedule push nobody answered', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('schedule_push_unanswered');
    admin = await t.login(TEST_ADMIN);
    const companies = t.app.get(IntegrationCompaniesRepository);
    for (const storeId of [1, 2])
      expect(await companies.setStoreTags(101, storeId, [TAG])).toBe(true);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const api = (url: string) => request(t.baseUrl).get(url).set(ACCESS_TOKEN_HEADER, admin);
  const grid = async (id: string): Promise<BulkAction> =>
    bulkActionSchema.parse((await api(BULK_ACTIONS_API.action(id)).expect(200)).body);
  const states = (a: BulkAction) => a.results.map((r) => [r.storeId, r.state, r.reason ?? null]);
  /** Moves the time of every Clock (the one Clock exists for), not the time of the process. */
  const at = (ms: number) => jest.spyOn(Clock.prototype, 'now').mockReturnValue(new Date(ms));
  const answer = { files: [{ tag: TAG, file: FILE }], failed: [] };

  it('shows delivered until 15 minutes have passed, then unknown; a late answer changes nothing', async () => {
    const start = Date.now();
    at(start);
    await t.app.get(BulkActionsService).recordSchedulePush({
      scheduleId: 'schedule-unanswered',
      companyId: 101,
      destination: TAG,
      step: 'start',
      files: [FILE],
      notMoved: [],
      user: TEST_ADMIN.username,
    });
    const [push] = bulkActionPageSchema.parse(
      (await api(`${BULK_ACTIONS_API.actions}?kind=schedulePush`).expect(200)).body,
    ).items;
    expect(push).toBeDefined();
    const created = Date.parse(push!.createdAt);
    expect(states(await grid(push!.id))).toEqual([
      [1, BULK_STORE_STATE.delivered, null],
      [2, BULK_STORE_STATE.delivered, null],
    ]);

    // Store 1 answers within the time; store 2 never does.
    at(created + 60_000);
    expect(await t.app.get(SchedulePushAnswers).answered(101, 1, answer)).toBe(1);

    at(created + SCHEDULE_PUSH_ANSWER_MS - 1000);
    expect(states(await grid(push!.id))).toEqual([
      [1, BULK_STORE_STATE.acknowledged, null],
      [2, BULK_STORE_STATE.delivered, null],
    ]);

    at(created + SCHEDULE_PUSH_ANSWER_MS + 1000);
    const late = await grid(push!.id);
    expect(states(late)).toEqual([
      [1, BULK_STORE_STATE.acknowledged, null],
      [2, BULK_STORE_STATE.unknown, MEDIA_APPLIED_TEXT.noAnswer],
    ]);
    expect(late.counts).toMatchObject({ acknowledged: 1, unknown: 1, delivered: 0 });
    const [listed] = bulkActionPageSchema.parse(
      (await api(`${BULK_ACTIONS_API.actions}?kind=schedulePush`).expect(200)).body,
    ).items;
    expect(listed!.counts).toMatchObject({ acknowledged: 1, unknown: 1, delivered: 0 });

    // Store 2 answers a minute later: too late to settle the push.
    at(created + SCHEDULE_PUSH_ANSWER_MS + 60_000);
    expect(await t.app.get(SchedulePushAnswers).answered(101, 2, answer)).toBe(0);
    expect(states(await grid(push!.id))).toEqual(states(late));
  });
});
