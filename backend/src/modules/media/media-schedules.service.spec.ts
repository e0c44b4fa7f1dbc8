import {
  AUDIT_ACTION,
  MEDIA_RULE_TEXT,
  MEDIA_VALIDATION_TEXT,
  type Schedule,
  type ScheduleStatus,
  USER_TYPE,
} from '@store-cloud/contracts';
import { userWithCompanies } from '../../common/testing/user.fixture';
import type { Clock } from '../../common/clock/clock';
import type { AuditService } from '../audit';
import type {
  ConnectedCompaniesView,
  IntegrationCompaniesRepository,
  StoredIntegrationCompany,
} from '../companies';
import { MediaAudit } from './media-audit';
import { MediaCompanies } from './media-companies';
import { MediaSchedulesService } from './media-schedules.service';
import type { ScheduleEngine } from './schedule-engine.service';
import type { SchedulesRepository } from './schedules.repository';
import type { TagTimeZone } from './tag-time-zone';

const NOW = new Date('2030-06-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

const user = (companies: number[] | 'all') =>
  userWithCompanies(
    { id: 'u4', username: 'media@storecloud.test', usertype: USER_TYPE.BASIC },
    companies,
  );

const company: StoredIntegrationCompany = {
  companyId: 7,
  companyName: 'Acme',
  mediaFolderName: 'Acme-7',
  tagsList: ['promo'],
  stores: [],
  mediaFileLimit: 20,
  tagLimit: 5,
};

/** The schedules in memory, the engine's plans as a list, and a Clock standing at NOW. */
function setUp() {
  const stored = new Map<string, Schedule>();
  const planned: string[] = [];
  const audited: { action: string }[] = [];
  let next = 0;
  const schedules = {
    create: async (s: Omit<Schedule, '_id'>) => {
      const made = { ...s, _id: `s${(next += 1)}` };
      stored.set(made._id, made);
      return made;
    },
    findById: async (id: string) => stored.get(id),
    list: async (folder: string, statuses?: readonly ScheduleStatus[]) =>
      [...stored.values()].filter(
        (s) => s.mediaFolderName === folder && (!statuses || statuses.includes(s.status)),
      ),
    update: async (id: string, expected: ScheduleStatus, changes: Partial<Schedule>) => {
      const s = stored.get(id);
      if (s?.status !== expected) return undefined;
      const updated = { ...s, ...changes };
      stored.set(id, updated);
      return updated;
    },
    delete: async (id: string) => stored.delete(id),
  } as unknown as SchedulesRepository;
  const engine = {
    plan: async (s: Schedule) => void planned.push(`plan ${s._id}`),
    unplan: async (id: string) => void planned.push(`unplan ${id}`),
  } as unknown as ScheduleEngine;
  const companies = {
    findOne: async (id: number) => (id === company.companyId ? company : undefined),
    findByMediaFolder: async (folder: string) =>
      folder === company.mediaFolderName ? company : undefined,
  } as unknown as IntegrationCompaniesRepository;
  const audit = new MediaAudit({
    record: async (_actor: unknown, event: { action: string }) => void audited.push(event),
  } as unknown as AuditService);
  const clock: Clock = { now: () => new Date(NOW) };
  const service = new MediaSchedulesService(
    new MediaCompanies(companies, {} as ConnectedCompaniesView),
    schedules,
    engine,
    audit,
    clock,
    { of: async () => 'UTC' } as unknown as TagTimeZone,
  );
  return { service, stored, planned, audited };
}

const input = (over: Partial<{ startDate: string; endDate: string; files: string[] }> = {}) => ({
  companyId: 7,
  destination: 'promo',
  startDate: at(10),
  endDate: at(60),
  files: ['a.png'],
  ...over,
});

describe('MediaSchedulesService', () => {
  it('creates a READY schedule dated by the Clock, plans it and audits it', async () => {
    const { service, planned, audited } = setUp();
    const s = await service.add(user('all'), input({ files: ['a.png', 'a.png'] }));
    expect(s).toMatchObject({
      status: 'READY',
      createdDate: NOW.toISOString(),
      mediaFolderName: 'Acme-7',
      files: ['a.png'],
    });
    expect(planned).toEqual([`plan ${s._id}`]);
    expect(audited.map((e) => e.action)).toEqual([AUDIT_ACTION.mediaScheduleAdd]);
  });

  it('refuses an unknown tag and files another open schedule has', async () => {
    const { service } = setUp();
    await service.add(user('all'), input());
    await expect(
      service.add(user('all'), { ...input(), destination: 'nope' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(service.add(user('all'), input())).rejects.toMatchObject({
      status: 409,
      message: 'These files already have a schedule: a.png',
    });
  });

  it("checks a READY schedule's new start against the Clock, not the machine's time", async () => {
    const { service } = setUp();
    const s = await service.add(user('all'), input());
    // An hour before the Clock: late, although long after the machine's time (2030 is ahead).
    await expect(
      service.update(user('all'), { ...input({ startDate: at(-60) }), _id: s._id }),
    ).rejects.toMatchObject({ status: 400, message: MEDIA_RULE_TEXT.startInPast });
    const moved = await service.update(user('all'), {
      ...input({ startDate: at(20) }),
      _id: s._id,
    });
    expect(moved.startDate).toBe(at(20));
  });

  it('lets an ACTIVE schedule change only its end date, after its start', async () => {
    const { service, stored } = setUp();
    const s = await service.add(user('all'), input());
    stored.set(s._id, { ...s, status: 'ACTIVE' });
    await expect(
      service.update(user('all'), { ...input({ files: ['b.png'] }), _id: s._id }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      service.update(user('all'), { ...input({ endDate: at(5) }), _id: s._id }),
    ).rejects.toMatchObject({ status: 400, message: MEDIA_VALIDATION_TEXT.endAfterStart });
    expect(
      (await service.update(user('all'), { ...input({ endDate: at(90) }), _id: s._id })).endDate,
    ).toBe(at(90));
  });

  it("refuses a schedule of a company outside the caller's access (403) and unknown ones (404)", async () => {
    const { service, planned } = setUp();
    const s = await service.add(user('all'), input());
    await expect(service.delete(user([8]), s._id)).rejects.toMatchObject({ status: 403 });
    await expect(
      service.list(user([8]), { status: 'ALL', mediafolder: 'Acme-7' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(service.delete(user('all'), 'missing')).rejects.toMatchObject({ status: 404 });
    await expect(
      service.list(user('all'), { status: 'ALL', mediafolder: 'Gone-1' }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await service.delete(user([7]), s._id)).toEqual({ success: true });
    expect(planned).toEqual([`plan ${s._id}`, `unplan ${s._id}`]);
  });
});
