import { Injectable, Logger } from '@nestjs/common';
import {
  AUDIT_ACTION,
  MEDIA_VALIDATION_TEXT,
  mediaFolderNameOf,
  type MediaCompany,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { IntegrationCompaniesRepository } from '../companies';
import { MediaAudit } from './media-audit';
import { configuredFolder, MediaCompanies } from './media-companies';
import { MediaError } from './media.errors';
import { MediaServerClient } from './media-server.client';
import { SchedulesRepository } from './schedules.repository';

/**
 * The folders of central media (spec media §4): a company's folder and its tag folders, made on
 * the media server first and then recorded; a record step that fails undoes the server step.
 * The routes admit ADMIN and SUPER-ADMIN only (@RequireUserType).
 */
@Injectable()
export class MediaFoldersService {
  private readonly logger = new Logger(MediaFoldersService.name);

  constructor(
    private readonly companies: IntegrationCompaniesRepository,
    private readonly mediaCompanies: MediaCompanies,
    private readonly schedules: SchedulesRepository,
    private readonly mediaServer: MediaServerClient,
    private readonly audit: MediaAudit,
  ) {}

  /**
   * Configure for Media Server, in one call: the company folder (and any tags) on the media
   * server, then the company's record. When the record cannot be written, the folders this call
   * made are removed again; when the media server refuses, nothing is recorded.
   */
  async addMediaFolders(
    user: AuthenticatedUser,
    body: { companyId: number; mediaFolderName: string; tagsList: string[] },
  ): Promise<MediaCompany> {
    const company = await this.mediaCompanies.find(body.companyId);
    const expected = mediaFolderNameOf(company.companyName, company.companyId);
    if (company.mediaFolderName)
      throw MediaError.conflict(MEDIA_VALIDATION_TEXT.folderExists(company.mediaFolderName));
    if (body.mediaFolderName !== expected)
      throw MediaError.invalid(`The media folder of this company must be named ${expected}`);
    const tags = [...new Set(body.tagsList)];
    if (tags.length > company.tagLimit)
      throw MediaError.invalid(MEDIA_VALIDATION_TEXT.maxTagFolders(company.tagLimit));

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
        await this.mediaCompanies.requireLive(company.companyId);
        throw MediaError.conflict(MEDIA_VALIDATION_TEXT.folderExists(expected));
      }
    });
    await this.audit.record(user, AUDIT_ACTION.mediaFolders, company, expected, {
      before: {},
      after: { mediaFolderName: expected, tagsList: tags },
    });
    return this.mediaCompanies.current(company.companyId);
  }

  /**
   * Add Media Tag Folder, in one call: tags/{tag} on the media server, then the company's tag
   * list; the folder is removed again when this call made it and the list cannot be written.
   */
  async addTagFolder(
    user: AuthenticatedUser,
    body: { companyId: number; newTag: string },
  ): Promise<MediaCompany> {
    const company = await this.mediaCompanies.find(body.companyId);
    const folder = configuredFolder(company);
    const tags = company.tagsList ?? [];
    if (tags.includes(body.newTag))
      throw MediaError.conflict(MEDIA_VALIDATION_TEXT.tagFolderExists(body.newTag));
    if (tags.length >= company.tagLimit)
      throw MediaError.invalid(MEDIA_VALIDATION_TEXT.maxTagFolders(company.tagLimit));

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
        await this.mediaCompanies.requireLive(company.companyId);
        throw MediaError.conflict(MEDIA_VALIDATION_TEXT.tagFolderExists(body.newTag));
      }
    });
    await this.audit.record(user, AUDIT_ACTION.mediaTagAdd, company, body.newTag, {
      before: { tagsList: tags },
      after: { tagsList: [...tags, body.newTag] },
    });
    return this.mediaCompanies.current(company.companyId);
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
    const company = await this.mediaCompanies.find(body.companyId);
    const folder = configuredFolder(company);
    const tags = company.tagsList ?? [];
    if (!tags.includes(body.removeTag))
      throw MediaError.notFound(`The tag ${body.removeTag} does not exist`);
    const open = await this.schedules.list(folder, ['READY', 'ACTIVE']);
    if (open.some((s) => s.destination === body.removeTag))
      throw MediaError.conflict(MEDIA_VALIDATION_TEXT.tagHasActiveSchedules);

    const removed = await this.mediaServer.removeTagFolder(folder, body.removeTag);
    const undo = async () => {
      if (removed) await this.mediaServer.createTagFolder(folder, body.removeTag);
    };
    await this.undoingOnFailure(`removal of ${folder}/${body.removeTag}`, undo, async () => {
      if (!(await this.companies.removeTag(company.companyId, body.removeTag)))
        await this.mediaCompanies.requireLive(company.companyId);
    });
    await this.audit.record(user, AUDIT_ACTION.mediaTagRemove, company, body.removeTag, {
      before: { tagsList: tags },
      after: { tagsList: tags.filter((t) => t !== body.removeTag) },
    });
    return this.mediaCompanies.current(company.companyId);
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
}
