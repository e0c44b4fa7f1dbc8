import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import {
  AUDIT_ACTION,
  type AuditAction,
  type AuditTargetType,
  canAdministerMedia,
  hasCompanyInScope,
  MEDIA_RULE_TEXT,
  MEDIA_VALIDATION_TEXT,
  scheduleStartIssue,
  mediaFileUrl,
  mediaFolderNameOf,
  type MediaCompany,
  type Schedule,
  type ScheduleInput,
  type ScheduleStatus,
  type StoreMedia,
} from '@store-cloud/contracts';
import { requireCompanyAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { AuditService } from '../audit/audit.service';
import { CompanyNotFoundError } from '../companies/companies.errors';
import { ConnectedCompaniesView } from '../companies/connected-companies.view';
import {
  IntegrationCompaniesRepository,
  type StoredIntegrationCompany,
} from '../companies/integration-companies.repository';
import {
  MediaConflictError,
  MediaForbiddenError,
  MediaNotFoundError,
  MediaValidationError,
} from './media.errors';
import { MediaServerClient } from './media-server.client';
import { ScheduleEngine } from './schedule-engine.service';
import { SchedulesRepository } from './schedules.repository';

const ADMIN_ONLY = 'Only ADMIN and SUPER-ADMIN users may administer central media';

const toMediaCompany = (c: StoredIntegrationCompany): MediaCompany => ({
  companyId: c.companyId,
  companyName: c.companyName,
  ...(c.mediaFolderName ? { mediaFolderName: c.mediaFolderName } : {}),
  tagsList: c.tagsList ?? [],
  mediaFileLimit: c.mediaFileLimit,
  tagLimit: c.tagLimit,
  stores: c.stores.map((s) => ({ storeId: s.storeId, storeName: s.storeName, tags: s.tags ?? [] })),
});

/** Central media rules (spec media §4-§6, DESIGN §4), enforced whatever the portal shows. */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly connected: ConnectedCompaniesView,
    private readonly schedules: SchedulesRepository,
    private readonly engine: ScheduleEngine,
    private readonly mediaServer: MediaServerClient,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * The company a request names (admin: also the type check). The media app is the route's
   * @RequireEntry and the caller's access to the company its @RequireAccess.
   */
  private async company(
    user: AuthenticatedUser,
    companyId: number,
    admin = false,
  ): Promise<StoredIntegrationCompany> {
    if (admin && !canAdministerMedia(user.usertype)) throw new MediaForbiddenError(ADMIN_ONLY);
    const company = await this.companies.findOne(companyId);
    if (!company) throw new CompanyNotFoundError(companyId);
    return company;
  }

  /** The company of a stored schedule or media folder: no route names it, so access is checked here. */
  private companyOf(user: AuthenticatedUser, companyId: number): Promise<StoredIntegrationCompany> {
    requireCompanyAccess(user, [companyId]);
    return this.company(user, companyId);
  }

  private configured(company: StoredIntegrationCompany): string {
    if (!company.mediaFolderName)
      throw new MediaValidationError(MEDIA_VALIDATION_TEXT.companyNotConfigured);
    return company.mediaFolderName;
  }

  private async reload(companyId: number): Promise<MediaCompany> {
    const c = await this.companies.findOne(companyId);
    if (!c) throw new CompanyNotFoundError(companyId);
    return toMediaCompany(c);
  }

  async mediaCompanies(user: AuthenticatedUser): Promise<MediaCompany[]> {
    return (await this.connected.list())
      .filter((c) => hasCompanyInScope(user, c.companyId))
      .map(toMediaCompany);
  }

  /**
   * Configure for Media Server, in one call: the company folder (and any tags) on the media
   * server, then the company's record. When the record cannot be written, the folders this call
   * made are removed again; when the media server refuses, nothing is recorded.
   */
  async addMediaFolders(
    user: AuthenticatedUser,
    body: { companyId: number; mediaFolderName: string; tagsList: string[] },
  ): Promise<MediaCompany> {
    const company = await this.company(user, body.companyId, true);
    const expected = mediaFolderNameOf(company.companyName, company.companyId);
    if (company.mediaFolderName)
      throw new MediaConflictError(MEDIA_VALIDATION_TEXT.folderExists(company.mediaFolderName));
    if (body.mediaFolderName !== expected)
      throw new MediaValidationError(`The media folder of this company must be named ${expected}`);
    const tags = [...new Set(body.tagsList)];
    if (tags.length > company.tagLimit)
      throw new MediaValidationError(MEDIA_VALIDATION_TEXT.maxTagFolders(company.tagLimit));

    const madeFolder = await this.mediaServer.createCompanyFolder(expected);
    const madeTags: string[] = [];
    // Undoes only what this call made, and only while no other call has recorded it meanwhile.
    const undo = async () => {
      if ((await this.companies.findOne(company.companyId))?.mediaFolderName === expected) return;
      if (madeFolder) await this.mediaServer.removeEmptyCompanyFolder(expected);
      else for (const tag of madeTags) await this.mediaServer.removeTagFolder(expected, tag);
    };
    await this.undoingOnFailure(`media folder ${expected}`, undo, async () => {
      for (const tag of tags)
        if (await this.mediaServer.createTagFolder(expected, tag)) madeTags.push(tag);
      if (!(await this.companies.setMediaFolder(company.companyId, expected, tags))) {
        await this.requireLive(company.companyId);
        throw new MediaConflictError(MEDIA_VALIDATION_TEXT.folderExists(expected));
      }
    });
    await this.audited(
      user,
      AUDIT_ACTION.mediaFolders,
      company,
      expected,
      {},
      {
        mediaFolderName: expected,
        tagsList: tags,
      },
    );
    return this.reload(company.companyId);
  }

  /**
   * Add Media Tag Folder, in one call: tags/{tag} on the media server, then the company's tag
   * list; the folder is removed again when this call made it and the list cannot be written.
   */
  async addTagFolder(
    user: AuthenticatedUser,
    body: { companyId: number; newTag: string },
  ): Promise<MediaCompany> {
    const company = await this.company(user, body.companyId, true);
    const folder = this.configured(company);
    const tags = company.tagsList ?? [];
    if (tags.includes(body.newTag))
      throw new MediaConflictError(MEDIA_VALIDATION_TEXT.tagFolderExists(body.newTag));
    if (tags.length >= company.tagLimit)
      throw new MediaValidationError(MEDIA_VALIDATION_TEXT.maxTagFolders(company.tagLimit));

    const made = await this.mediaServer.createTagFolder(folder, body.newTag);
    const undo = async () => {
      if (!made) return;
      const now = await this.companies.findOne(company.companyId);
      // Another call recorded the same tag meanwhile: the folder is theirs now.
      if (now?.tagsList?.includes(body.newTag)) return;
      await this.mediaServer.removeTagFolder(folder, body.newTag);
    };
    await this.undoingOnFailure(`tag folder ${folder}/${body.newTag}`, undo, async () => {
      if (!(await this.companies.addTag(company.companyId, body.newTag))) {
        await this.requireLive(company.companyId);
        throw new MediaConflictError(MEDIA_VALIDATION_TEXT.tagFolderExists(body.newTag));
      }
    });
    await this.audited(
      user,
      AUDIT_ACTION.mediaTagAdd,
      company,
      body.newTag,
      {
        tagsList: tags,
      },
      { tagsList: [...tags, body.newTag] },
    );
    return this.reload(company.companyId);
  }

  /**
   * Remove Tag Folder, in one call: tags/{tag} and its files on the media server (already gone
   * is fine), then the tag from the company and its stores. When that cannot be written, the
   * (now empty) folder is made again so the company's tag still has one; when the media server
   * refuses, nothing changes.
   */
  async removeTagFolder(
    user: AuthenticatedUser,
    body: { companyId: number; removeTag: string },
  ): Promise<MediaCompany> {
    const company = await this.company(user, body.companyId, true);
    const folder = this.configured(company);
    if (!(company.tagsList ?? []).includes(body.removeTag))
      throw new MediaNotFoundError(`The tag ${body.removeTag} does not exist`);
    const open = await this.schedules.list(folder, ['READY', 'ACTIVE']);
    if (open.some((s) => s.destination === body.removeTag))
      throw new MediaConflictError(MEDIA_VALIDATION_TEXT.tagHasActiveSchedules);

    const removed = await this.mediaServer.removeTagFolder(folder, body.removeTag);
    const undo = async () => {
      if (removed) await this.mediaServer.createTagFolder(folder, body.removeTag);
    };
    await this.undoingOnFailure(`removal of ${folder}/${body.removeTag}`, undo, async () => {
      if (!(await this.companies.removeTag(company.companyId, body.removeTag)))
        await this.requireLive(company.companyId);
    });
    const tags = company.tagsList ?? [];
    await this.audited(
      user,
      AUDIT_ACTION.mediaTagRemove,
      company,
      body.removeTag,
      {
        tagsList: tags,
      },
      { tagsList: tags.filter((t) => t !== body.removeTag) },
    );
    return this.reload(company.companyId);
  }

  /**
   * Runs the record step of a call whose media server step is done; when it fails, undoes that
   * step and answers the record's error (an undo that fails too is logged: the record's error is
   * what the caller needs to hear).
   */
  private async undoingOnFailure(
    what: string,
    undo: () => Promise<void>,
    record: () => Promise<void>,
  ): Promise<void> {
    try {
      await record();
    } catch (error) {
      await undo().catch((undoError: unknown) =>
        this.logger.error(`Could not undo ${what} on the media server: ${String(undoError)}`),
      );
      throw error;
    }
  }

  /** Throws CompanyNotFoundError when the company was removed (meanwhile). */
  private async requireLive(companyId: number): Promise<void> {
    if (!(await this.companies.findOne(companyId))) throw new CompanyNotFoundError(companyId);
  }

  async saveTagChanges(
    user: AuthenticatedUser,
    body: { companyId: number; storeId: number; tags: string[] },
  ): Promise<MediaCompany> {
    const company = await this.company(user, body.companyId);
    this.configured(company);
    const unknown = body.tags.filter((t) => !(company.tagsList ?? []).includes(t));
    if (unknown.length)
      throw new MediaValidationError(`Unknown tags for this company: ${unknown.join(', ')}`);
    if (
      !(await this.companies.setStoreTags(company.companyId, body.storeId, [...new Set(body.tags)]))
    )
      throw new MediaNotFoundError(`Store ${body.storeId} is not a store of this company`);
    const store = company.stores.find((st) => st.storeId === body.storeId);
    await this.audited(
      user,
      AUDIT_ACTION.mediaTags,
      company,
      `${company.companyId}/${body.storeId}`,
      {
        tags: store?.tags ?? [],
      },
      { tags: [...new Set(body.tags)] },
      'store',
    );
    return this.reload(company.companyId);
  }

  async updateLimit(
    user: AuthenticatedUser,
    field: 'mediaFileLimit' | 'tagLimit',
    body: { companyId: number; newLimit: number },
  ): Promise<MediaCompany> {
    const company = await this.company(user, body.companyId, true);
    const tags = company.tagsList?.length ?? 0;
    if (field === 'tagLimit' && body.newLimit < tags)
      throw new MediaValidationError(MEDIA_RULE_TEXT.tagLimitBelowTags(tags));
    await this.companies.setLimit(company.companyId, field, body.newLimit);
    await this.audited(
      user,
      AUDIT_ACTION.mediaLimit,
      company,
      String(company.companyId),
      {
        [field]: company[field],
      },
      { [field]: body.newLimit },
    );
    return this.reload(company.companyId);
  }

  /** A READY schedule's checks: a known tag, and files in no other open schedule. */
  private async checkSchedule(
    company: StoredIntegrationCompany,
    input: ScheduleInput,
    self?: string,
  ) {
    const folder = this.configured(company);
    if (!(company.tagsList ?? []).includes(input.destination))
      throw new MediaValidationError(`The tag ${input.destination} does not exist`);
    const open = await this.schedules.list(folder, ['READY', 'ACTIVE']);
    const taken = new Set(open.filter((s) => s._id !== self).flatMap((s) => s.files));
    const busy = input.files.filter((f) => taken.has(f));
    if (busy.length)
      throw new MediaConflictError(`These files already have a schedule: ${busy.join(', ')}`);
    return folder;
  }

  async addSchedule(user: AuthenticatedUser, input: ScheduleInput): Promise<Schedule> {
    const company = await this.company(user, input.companyId);
    const folder = await this.checkSchedule(company, input);
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
    });
    await this.engine.plan(schedule);
    await this.audited(
      user,
      AUDIT_ACTION.mediaScheduleAdd,
      company,
      schedule._id,
      {},
      auditedSchedule(schedule),
      'schedule',
    );
    return schedule;
  }

  async updateSchedule(
    user: AuthenticatedUser,
    input: ScheduleInput & { _id: string },
  ): Promise<Schedule> {
    const existing = await this.schedules.findById(input._id);
    if (!existing) throw new MediaNotFoundError('Schedule not found');
    const company = await this.companyOf(user, existing.companyId);
    if (input.companyId !== existing.companyId)
      throw new MediaValidationError('A schedule cannot move to another company');
    if (existing.status === 'EXPIRED')
      throw new MediaConflictError('An expired schedule cannot be changed');
    let updated: Schedule | undefined;
    const endDate = new Date(input.endDate).toISOString();
    if (existing.status === 'READY') {
      const late = scheduleStartIssue(input);
      if (late) throw new MediaValidationError(late);
      await this.checkSchedule(company, input, existing._id);
      updated = await this.schedules.update(existing._id, 'READY', {
        destination: input.destination,
        startDate: new Date(input.startDate).toISOString(),
        endDate,
        files: [...new Set(input.files)],
        author: user.username,
      });
    } else {
      const same =
        input.destination === existing.destination &&
        Date.parse(input.startDate) === Date.parse(existing.startDate) &&
        [...new Set(input.files)].sort().join('\0') === [...existing.files].sort().join('\0');
      if (!same)
        throw new MediaConflictError('Only the end date of an active schedule can be changed');
      if (Date.parse(endDate) <= Date.parse(existing.startDate))
        throw new MediaValidationError(MEDIA_VALIDATION_TEXT.endAfterStart);
      updated = await this.schedules.update(existing._id, 'ACTIVE', {
        endDate,
        author: user.username,
      });
    }
    // The engine moved it on meanwhile: the edit no longer applies.
    if (!updated) throw new MediaConflictError('The schedule changed status meanwhile; reload it');
    await this.engine.plan(updated);
    await this.audited(
      user,
      AUDIT_ACTION.mediaScheduleUpdate,
      company,
      updated._id,
      auditedSchedule(existing),
      auditedSchedule(updated),
      'schedule',
    );
    return updated;
  }

  async listSchedules(
    user: AuthenticatedUser,
    query: { status: ScheduleStatus | 'ALL'; mediafolder: string },
  ): Promise<Schedule[]> {
    const company = await this.companies.findByMediaFolder(query.mediafolder);
    if (!company)
      throw new MediaNotFoundError(`The media folder ${query.mediafolder} does not exist`);
    await this.companyOf(user, company.companyId);
    return this.schedules.list(
      query.mediafolder,
      query.status === 'ALL' ? undefined : [query.status],
    );
  }

  async deleteSchedule(user: AuthenticatedUser, id: string): Promise<{ success: true }> {
    const existing = await this.schedules.findById(id);
    if (!existing) throw new MediaNotFoundError('Schedule not found');
    const company = await this.companyOf(user, existing.companyId);
    await this.schedules.delete(id);
    await this.engine.unplan(id);
    await this.audited(
      user,
      AUDIT_ACTION.mediaScheduleDelete,
      company,
      id,
      auditedSchedule(existing),
      {},
      'schedule',
    );
    return { success: true };
  }

  /** One audit entry of a media change of a company (issue 17). */
  private audited(
    user: AuthenticatedUser,
    action: AuditAction,
    company: StoredIntegrationCompany,
    target: string,
    before: object,
    after: object,
    targetType: AuditTargetType = 'media',
  ): Promise<void> {
    return this.audit.record(user, {
      action,
      targetType,
      target,
      companies: [company.companyId],
      before,
      after,
    });
  }

  /** What a store shows: the files in the tag folders assigned to it. */
  async storeMedia(companyId: number, storeId: number): Promise<StoreMedia> {
    const company = await this.companies.findOne(companyId);
    const store = company?.stores.find((s) => s.storeId === storeId);
    if (!company || !store)
      throw new MediaNotFoundError(`Store ${companyId}-${storeId} is unknown`);
    const tags = (store.tags ?? []).filter((t) => (company.tagsList ?? []).includes(t));
    const folder = company.mediaFolderName;
    const files: StoreMedia['files'] = [];
    if (folder)
      for (const tag of tags)
        for (const f of await this.mediaServer.tagFiles(folder, tag))
          files.push({
            tag,
            filename: f.filename,
            url: mediaFileUrl(folder, `tags/${tag}`, f.filename),
          });
    return { companyId, storeId, tags, files };
  }
}

/** A schedule's fields as the audit trail compares them. */
const auditedSchedule = (s: Schedule) => ({
  destination: s.destination,
  startDate: s.startDate,
  endDate: s.endDate,
  files: s.files,
  status: s.status,
});
