import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  DAYPART_TEXT,
  describeRepeat,
  MEDIA_VALIDATION_TEXT,
  type Schedule,
  type ScheduleInput,
  type ScheduleRepeat,
  type ScheduleStatus,
  scheduleStartIssue,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import type { StoredIntegrationCompany } from '../companies';
import { MediaAudit } from './media-audit';
import { configuredFolder, MediaCompanies } from './media-companies';
import { MediaError } from './media.errors';
import { ScheduleEngine } from './schedule-engine.service';
import { SchedulesRepository } from './schedules.repository';
import { daypartWindows, firstOverlap } from './daypart-windows';
import { TagTimeZone } from './tag-time-zone';

/** A schedule's fields as the audit trail compares them. */
const audited = (s: Schedule) => ({
  destination: s.destination,
  startDate: s.startDate,
  endDate: s.endDate,
  files: s.files,
  status: s.status,
  ...(s.repeat ? { repeat: s.repeat } : {}),
});

const sameRepeat = (a: ScheduleInput['repeat'], b: ScheduleRepeat | undefined) =>
  (!a && !b) ||
  (!!a &&
    !!b &&
    a.startTime === b.startTime &&
    a.endTime === b.endTime &&
    [...a.weekdays].sort().join() === [...b.weekdays].sort().join());

/**
 * Media schedules (spec media §6): files of a company's pending folder shown under a tag from a
 * start to an end date. The engine moves the files; this keeps the schedules and their rules.
 */
@Injectable()
export class MediaSchedulesService {
  constructor(
    private readonly mediaCompanies: MediaCompanies,
    private readonly schedules: SchedulesRepository,
    private readonly engine: ScheduleEngine,
    private readonly audit: MediaAudit,
    private readonly clock: Clock,
    private readonly tagTimeZone: TagTimeZone,
  ) {}

  /**
   * A READY schedule's checks: a known tag, and files in no other open schedule; for a repeating
   * one, its tag's time zone, a window between its dates and no overlap with another repeating
   * schedule of the tag. Answers the folder and the repeat to save.
   */
  private async check(company: StoredIntegrationCompany, input: ScheduleInput, self?: string) {
    const folder = configuredFolder(company);
    if (!(company.tagsList ?? []).includes(input.destination))
      throw MediaError.invalid(`The tag ${input.destination} does not exist`);
    const open = await this.schedules.list(folder, ['READY', 'ACTIVE']);
    const taken = new Set(open.filter((s) => s._id !== self).flatMap((s) => s.files));
    const busy = input.files.filter((f) => taken.has(f));
    if (busy.length)
      throw MediaError.conflict(`These files already have a schedule: ${busy.join(', ')}`);
    if (!input.repeat) return { folder, repeat: undefined };
    const repeat = {
      ...input.repeat,
      timeZone: await this.tagTimeZone.of(company, input.destination),
    };
    const mine = { startDate: input.startDate, endDate: input.endDate, repeat };
    if (!daypartWindows(mine, -Infinity, Infinity).length)
      throw MediaError.invalid(DAYPART_TEXT.noWindow);
    for (const other of open)
      if (other._id !== self && other.destination === input.destination && other.repeat) {
        const clash = firstOverlap(mine, { ...other, repeat: other.repeat });
        if (clash)
          throw MediaError.invalid(
            DAYPART_TEXT.overlap(
              input.destination,
              `${describeRepeat(other.repeat)} ${other.repeat.timeZone}`,
            ),
          );
      }
    return { folder, repeat };
  }

  async add(user: AuthenticatedUser, input: ScheduleInput): Promise<Schedule> {
    const company = await this.mediaCompanies.find(input.companyId);
    const { folder, repeat } = await this.check(company, input);
    const schedule = await this.schedules.create({
      companyId: company.companyId,
      companyName: company.companyName,
      mediaFolderName: folder,
      destination: input.destination,
      startDate: new Date(input.startDate).toISOString(),
      endDate: new Date(input.endDate).toISOString(),
      createdDate: this.clock.now().toISOString(),
      author: user.username,
      files: [...new Set(input.files)],
      status: 'READY',
      ...(repeat ? { repeat } : {}),
    });
    await this.engine.plan(schedule);
    await this.audit.record(
      user,
      AUDIT_ACTION.mediaScheduleAdd,
      company,
      schedule._id,
      { before: {}, after: audited(schedule) },
      'schedule',
    );
    return schedule;
  }

  async update(user: AuthenticatedUser, input: ScheduleInput & { _id: string }): Promise<Schedule> {
    const existing = await this.schedules.findById(input._id);
    if (!existing) throw MediaError.notFound('Schedule not found');
    const company = await this.mediaCompanies.ofStored(user, existing.companyId);
    if (input.companyId !== existing.companyId)
      throw MediaError.invalid('A schedule cannot move to another company');
    if (existing.status === 'EXPIRED')
      throw MediaError.conflict('An expired schedule cannot be changed');
    const updated =
      existing.status === 'READY'
        ? await this.updateReady(user, company, existing, input)
        : await this.updateActive(user, existing, input);
    // The engine moved it on meanwhile: the edit no longer applies.
    if (!updated) throw MediaError.conflict('The schedule changed status meanwhile; reload it');
    await this.engine.plan(updated);
    await this.audit.record(
      user,
      AUDIT_ACTION.mediaScheduleUpdate,
      company,
      updated._id,
      { before: audited(existing), after: audited(updated) },
      'schedule',
    );
    return updated;
  }

  /** A schedule not started yet: everything may change, under a new schedule's rules (its start by the Clock). */
  private async updateReady(
    user: AuthenticatedUser,
    company: StoredIntegrationCompany,
    existing: Schedule,
    input: ScheduleInput,
  ): Promise<Schedule | undefined> {
    const late = scheduleStartIssue(input, this.clock.now().getTime());
    if (late) throw MediaError.invalid(late);
    const { repeat } = await this.check(company, input, existing._id);
    return this.schedules.update(existing._id, 'READY', {
      repeat,
      destination: input.destination,
      startDate: new Date(input.startDate).toISOString(),
      endDate: new Date(input.endDate).toISOString(),
      files: [...new Set(input.files)],
      author: user.username,
    });
  }

  /** A running schedule: only its end date may change. */
  private async updateActive(
    user: AuthenticatedUser,
    existing: Schedule,
    input: ScheduleInput,
  ): Promise<Schedule | undefined> {
    const endDate = new Date(input.endDate).toISOString();
    const same =
      input.destination === existing.destination &&
      Date.parse(input.startDate) === Date.parse(existing.startDate) &&
      [...new Set(input.files)].sort().join('\0') === [...existing.files].sort().join('\0') &&
      sameRepeat(input.repeat, existing.repeat);
    if (!same) throw MediaError.conflict('Only the end date of an active schedule can be changed');
    if (Date.parse(endDate) <= Date.parse(existing.startDate))
      throw MediaError.invalid(MEDIA_VALIDATION_TEXT.endAfterStart);
    return this.schedules.update(existing._id, 'ACTIVE', { endDate, author: user.username });
  }

  async list(
    user: AuthenticatedUser,
    query: { status: ScheduleStatus | 'ALL'; mediafolder: string },
  ): Promise<Schedule[]> {
    const company = await this.mediaCompanies.findByFolder(query.mediafolder);
    await this.mediaCompanies.ofStored(user, company.companyId);
    return this.schedules.list(
      query.mediafolder,
      query.status === 'ALL' ? undefined : [query.status],
    );
  }

  async delete(user: AuthenticatedUser, id: string): Promise<{ success: true }> {
    const existing = await this.schedules.findById(id);
    if (!existing) throw MediaError.notFound('Schedule not found');
    const company = await this.mediaCompanies.ofStored(user, existing.companyId);
    await this.schedules.delete(id);
    await this.engine.unplan(id);
    await this.audit.record(
      user,
      AUDIT_ACTION.mediaScheduleDelete,
      company,
      id,
      { before: audited(existing), after: {} },
      'schedule',
    );
    return { success: true };
  }
}
