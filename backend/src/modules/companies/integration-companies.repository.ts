import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { IntegrationCompany, IntegrationStore } from '@store-cloud/contracts';
import { Model } from 'mongoose';
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
}
export interface StoredIntegrationCompany {
  companyId: number;
  companyName: string;
  evobos?: StoredCredentials;
  stores: StoredIntegrationStore[];
  mediaFileLimit: number;
  tagLimit: number;
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
});

const toStored = (d: IntegrationCompanyDoc): StoredIntegrationCompany => ({
  companyId: d.companyId,
  companyName: d.companyName,
  ...(d.evobos ? { evobos: credentials(d.evobos) } : {}),
  stores: (d.stores ?? []).map(toStore),
  mediaFileLimit: d.mediaFileLimit ?? 20,
  tagLimit: d.tagLimit ?? 10,
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

/** The companies connected to the platform (integrationcompanies). */
@Injectable()
export class IntegrationCompaniesRepository {
  constructor(
    @InjectModel(IntegrationCompanyDoc.name) private readonly model: Model<IntegrationCompanyDoc>,
  ) {}

  async list(): Promise<StoredIntegrationCompany[]> {
    const docs = await this.model.find().sort({ companyId: 1 }).lean().exec();
    return docs.map(toStored);
  }

  async findOne(companyId: number): Promise<StoredIntegrationCompany | undefined> {
    const doc = await this.model.findOne({ companyId }).lean().exec();
    return doc ? toStored(doc) : undefined;
  }

  async count(): Promise<number> {
    return this.model.countDocuments().exec();
  }

  async insert(company: StoredIntegrationCompany): Promise<void> {
    await this.model.create(company);
  }

  /** Replaces the company's name, credentials and stores; limits stay as they are. */
  async replace(company: StoredIntegrationCompany): Promise<void> {
    const update: Record<string, unknown> = {
      $set: { companyName: company.companyName, stores: company.stores },
    };
    if (company.evobos) (update.$set as Record<string, unknown>).evobos = company.evobos;
    else update.$unset = { evobos: '' };
    await this.model.updateOne({ companyId: company.companyId }, update).exec();
  }

  async remove(companyIds: number[]): Promise<void> {
    if (companyIds.length) await this.model.deleteMany({ companyId: { $in: companyIds } }).exec();
  }
}
