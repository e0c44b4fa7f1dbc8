import { Clock } from '../../common/clock/clock';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  DEFAULT_MEDIA_FILE_LIMIT,
  DEFAULT_TAG_LIMIT,
  type IntegrationCompany,
  type IntegrationStore,
} from '@store-cloud/contracts';
import { Model } from 'mongoose';
import { CompaniesStamp } from './companies-stamp';
import {
  type CredentialsDoc,
  IntegrationCompanyDoc,
  type IntegrationStoreDoc,
} from './schemas/integration-company.schema';

/** A company as stored, passwords included: only the companies service sees this. */
export interface StoredCredentials {
  username: string;
  password: string;
}
export interface StoredIntegrationStore {
  storeId: number;
  storeName: string;
  isActive: boolean;
  installed?: { companyId?: number; storeId?: number };
  enterprise?: { companyId: number };
  evobos?: StoredCredentials;
  tags?: string[];
}
export interface StoredIntegrationCompany {
  companyId: number;
  companyName: string;
  evobos?: StoredCredentials;
  stores: StoredIntegrationStore[];
  mediaFileLimit: number;
  tagLimit: number;
  mediaFolderName?: string;
  tagsList?: string[];
}

const credentials = (c: CredentialsDoc | undefined): StoredCredentials | undefined =>
  c ? { username: c.username, password: c.password ?? '' } : undefined;

const toStore = (s: IntegrationStoreDoc): StoredIntegrationStore => ({
  storeId: s.storeId,
  storeName: s.storeName,
  isActive: s.isActive,
  ...(s.installed
    ? { installed: { companyId: s.installed.companyId, storeId: s.installed.storeId } }
    : {}),
  ...(s.enterprise ? { enterprise: { companyId: s.enterprise.companyId } } : {}),
  ...(s.evobos ? { evobos: credentials(s.evobos) } : {}),
  tags: [...(s.tags ?? [])],
});

const toStored = (d: IntegrationCompanyDoc): StoredIntegrationCompany => ({
  companyId: d.companyId,
  companyName: d.companyName,
  ...(d.evobos ? { evobos: credentials(d.evobos) } : {}),
  stores: (d.stores ?? []).map(toStore),
  mediaFileLimit: d.mediaFileLimit ?? DEFAULT_MEDIA_FILE_LIMIT,
  tagLimit: d.tagLimit ?? DEFAULT_TAG_LIMIT,
  ...(d.mediaFolderName ? { mediaFolderName: d.mediaFolderName } : {}),
  tagsList: [...(d.tagsList ?? [])],
});

/** What a browser may see of a company: whether a password is set, never the password. */
export function toPublicCompany(c: StoredIntegrationCompany): IntegrationCompany {
  const view = (cr?: StoredCredentials) =>
    cr ? { username: cr.username, passwordSet: cr.password !== '' } : undefined;
  return {
    companyId: c.companyId,
    companyName: c.companyName,
    ...(c.evobos ? { evobos: view(c.evobos) } : {}),
    stores: c.stores.map((s): IntegrationStore => ({
      storeId: s.storeId,
      storeName: s.storeName,
      companyId: c.companyId,
      isActive: s.isActive,
      ...(s.installed ? { installed: s.installed } : {}),
      ...(s.enterprise ? { enterprise: s.enterprise } : {}),
      ...(s.evobos ? { evobos: view(s.evobos) } : {}),
    })),
    mediaFileLimit: c.mediaFileLimit,
    tagLimit: c.tagLimit,
  };
}

/**
 * A removed company keeps its document with removedAt set (soft removal: re-adding it restores
 * its media folder, tags, credentials and schedules); every read and change here skips it.
 */
const LIVE = { removedAt: { $exists: false } };

/** The companies connected to the platform (integrationcompanies). */
@Injectable()
export class IntegrationCompaniesRepository {
  constructor(
    @InjectModel(IntegrationCompanyDoc.name) private readonly model: Model<IntegrationCompanyDoc>,
    private readonly clock: Clock,
    private readonly stamp: CompaniesStamp,
  ) {}

  /** Runs a change, then marks the companies changed for every node's copy (even when it threw:
   * part of it may have been written). */
  private async changing<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      await this.stamp.changed();
    }
  }

  async list(): Promise<StoredIntegrationCompany[]> {
    const docs = await this.model.find(LIVE).sort({ companyId: 1 }).lean().exec();
    return docs.map(toStored);
  }

  async findOne(companyId: number): Promise<StoredIntegrationCompany | undefined> {
    const doc = await this.model
      .findOne({ companyId, ...LIVE })
      .lean()
      .exec();
    return doc ? toStored(doc) : undefined;
  }

  /** Every company document, removed ones included (the seed fills an empty collection only). */
  async count(): Promise<number> {
    return this.model.countDocuments().exec();
  }

  async insert(company: StoredIntegrationCompany): Promise<void> {
    return this.changing(async () => {
      await this.model.create(company);
    });
  }

  /** Replaces the company's name, credentials and stores; limits stay as they are. */
  async replace(company: StoredIntegrationCompany): Promise<void> {
    return this.changing(async () => {
      const update: Record<string, unknown> = {
        $set: { companyName: company.companyName, stores: company.stores },
      };
      if (company.evobos) (update.$set as Record<string, unknown>).evobos = company.evobos;
      else update.$unset = { evobos: '' };
      await this.model.updateOne({ companyId: company.companyId, ...LIVE }, update).exec();
    });
  }

  /** Soft removal: the company is hidden, its configuration kept for a later re-add. */
  async remove(companyIds: number[]): Promise<void> {
    return this.changing(async () => {
      if (!companyIds.length) return;
      await this.model
        .updateMany(
          { companyId: { $in: companyIds }, ...LIVE },
          { $set: { removedAt: this.clock.now() } },
        )
        .exec();
    });
  }

  /** Brings a removed company back with its configuration; false when none was removed. */
  async restore(companyId: number): Promise<boolean> {
    return this.changing(async () => {
      const res = await this.model
        .updateOne({ companyId, removedAt: { $exists: true } }, { $unset: { removedAt: '' } })
        .exec();
      return res.modifiedCount === 1;
    });
  }

  // Central media (modules/media): each change touches only its own fields.

  async findByMediaFolder(mediaFolderName: string): Promise<StoredIntegrationCompany | undefined> {
    const doc = await this.model
      .findOne({ mediaFolderName, ...LIVE })
      .lean()
      .exec();
    return doc ? toStored(doc) : undefined;
  }

  /** Sets the media folder only while none is set; false when one already was. */
  async setMediaFolder(companyId: number, mediaFolderName: string, tagsList: string[]) {
    return this.changing(async () => {
      const res = await this.model
        .updateOne(
          { companyId, mediaFolderName: { $exists: false }, ...LIVE },
          { $set: { mediaFolderName, tagsList } },
        )
        .exec();
      return res.modifiedCount === 1;
    });
  }

  /** Adds a tag unless present; false when it already was. */
  async addTag(companyId: number, tag: string): Promise<boolean> {
    return this.changing(async () => {
      const res = await this.model
        .updateOne({ companyId, tagsList: { $ne: tag }, ...LIVE }, { $push: { tagsList: tag } })
        .exec();
      return res.modifiedCount === 1;
    });
  }

  /** Removes a tag from the company and from every store that has it; false when no company had it. */
  async removeTag(companyId: number, tag: string): Promise<boolean> {
    return this.changing(async () => {
      const res = await this.model
        .updateOne({ companyId, tagsList: tag, ...LIVE }, { $pull: { tagsList: tag } })
        .exec();
      const doc = await this.model
        .findOne({ companyId, ...LIVE })
        .lean()
        .exec();
      for (const [i, store] of (doc?.stores ?? []).entries())
        if (store.tags?.includes(tag))
          await this.setStoreTagsAt(companyId, i, store.storeId, null, tag);
      return res.modifiedCount === 1;
    });
  }

  /** False when the company has no such store. */
  async setStoreTags(companyId: number, storeId: number, tags: string[]): Promise<boolean> {
    return this.changing(async () => {
      const doc = await this.model
        .findOne({ companyId, ...LIVE })
        .lean()
        .exec();
      const i = (doc?.stores ?? []).findIndex((s) => s.storeId === storeId);
      return i >= 0 && this.setStoreTagsAt(companyId, i, storeId, tags);
    });
  }

  // By index, guarded by the store id at that index (positional updates differ on FerretDB).
  private async setStoreTagsAt(
    companyId: number,
    i: number,
    storeId: number,
    tags: string[] | null,
    pull?: string,
  ): Promise<boolean> {
    const update = tags
      ? { $set: { [`stores.${i}.tags`]: tags } }
      : { $pull: { [`stores.${i}.tags`]: pull } };
    const res = await this.model
      .updateOne({ companyId, [`stores.${i}.storeId`]: storeId, ...LIVE }, update)
      .exec();
    return res.matchedCount === 1;
  }

  // Credentials at rest (CredentialsAtRestService): every document, removed companies included.

  /** Each company's and store's stored evobos password, as stored (encrypted or not). */
  async storedPasswords(): Promise<
    Array<{
      companyId: number;
      password?: string;
      stores: Array<{ storeId: number; password?: string }>;
    }>
  > {
    const docs = await this.model.find().sort({ companyId: 1 }).lean().exec();
    return docs.map((d) => ({
      companyId: d.companyId,
      ...(d.evobos?.password ? { password: d.evobos.password } : {}),
      stores: (d.stores ?? []).map((s) => ({
        storeId: s.storeId,
        ...(s.evobos?.password ? { password: s.evobos.password } : {}),
      })),
    }));
  }

  /**
   * Replaces a company's (storeId undefined) or a store's password only while it still is
   * `was` (compare and set: of several nodes doing it at once, one changes it); true when this
   * call changed it.
   */
  async replacePassword(
    companyId: number,
    storeId: number | undefined,
    was: string,
    sealed: string,
  ): Promise<boolean> {
    return this.changing(async () => {
      if (storeId === undefined) {
        const res = await this.model
          .updateOne({ companyId, 'evobos.password': was }, { $set: { 'evobos.password': sealed } })
          .exec();
        return res.modifiedCount === 1;
      }
      const doc = await this.model.findOne({ companyId }).lean().exec();
      const i = (doc?.stores ?? []).findIndex((s) => s.storeId === storeId);
      if (i < 0) return false;
      const res = await this.model
        .updateOne(
          { companyId, [`stores.${i}.storeId`]: storeId, [`stores.${i}.evobos.password`]: was },
          { $set: { [`stores.${i}.evobos.password`]: sealed } },
        )
        .exec();
      return res.modifiedCount === 1;
    });
  }

  async setLimit(companyId: number, field: 'mediaFileLimit' | 'tagLimit', value: number) {
    return this.changing(async () => {
      const res = await this.model
        .updateOne({ companyId, ...LIVE }, { $set: { [field]: value } })
        .exec();
      return res.matchedCount === 1;
    });
  }
}
