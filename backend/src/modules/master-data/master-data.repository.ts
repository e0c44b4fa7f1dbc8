import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { CloudCompanyDoc } from './schemas/cloud-company.schema';
import { RetailStoreDoc } from './schemas/retail-store.schema';

export interface CloudCompany {
  companyId: number;
  companyName: string;
  /** Its stores' time zone where a store names none. */
  timeZone?: string;
}

export interface RetailStore {
  storeId: number;
  storeName: string;
  companyId: number;
  isActive: boolean;
  timeZone?: string;
}

/** The cloud's companies and stores (cloudcompanies, retailstores). */
@Injectable()
export class MasterDataRepository {
  constructor(
    @InjectModel(CloudCompanyDoc.name) private readonly companies: Model<CloudCompanyDoc>,
    @InjectModel(RetailStoreDoc.name) private readonly stores: Model<RetailStoreDoc>,
  ) {}

  async countCompanies(): Promise<number> {
    return this.companies.countDocuments().exec();
  }

  async countStores(): Promise<number> {
    return this.stores.countDocuments().exec();
  }

  /** The number of stores from the collection's metadata, without a scan (the metrics' gauge). */
  async estimatedStoreCount(): Promise<number> {
    return this.stores.estimatedDocumentCount().exec();
  }

  async insertCompanies(companies: CloudCompany[]): Promise<number> {
    if (!companies.length) return 0;
    const docs = await this.companies.insertMany(companies);
    return docs.length;
  }

  async insertStores(stores: RetailStore[]): Promise<number> {
    if (!stores.length) return 0;
    const docs = await this.stores.insertMany(stores);
    return docs.length;
  }

  async listCompanies(): Promise<CloudCompany[]> {
    const docs = await this.companies.find().sort({ companyId: 1 }).lean().exec();
    return docs.map((d) => ({ companyId: d.companyId, companyName: d.companyName }));
  }

  /** The companies with these ids and their stores (an API token narrowed to them, issue 27). */
  async companiesWithStores(
    companyIds: readonly number[],
  ): Promise<Array<CloudCompany & { stores: RetailStore[] }>> {
    const [companies, stores] = await Promise.all([
      this.companies
        .find({ companyId: { $in: companyIds } })
        .sort({ companyId: 1 })
        .lean()
        .exec(),
      this.stores
        .find({ companyId: { $in: companyIds } })
        .sort({ storeId: 1 })
        .lean()
        .exec(),
    ]);
    return companies.map((c) => ({
      companyId: c.companyId,
      companyName: c.companyName,
      stores: stores
        .filter((s) => s.companyId === c.companyId)
        .map((s) => ({
          storeId: s.storeId,
          storeName: s.storeName,
          companyId: s.companyId,
          isActive: s.isActive,
        })),
    }));
  }

  /** The time zones a company's master data names: its default and each store's own. */
  async timeZones(
    companyId: number,
  ): Promise<{ company?: string; stores: Map<number, string | undefined> }> {
    const [company, stores] = await Promise.all([
      this.companies.findOne({ companyId }).lean().exec(),
      this.stores.find({ companyId }).lean().exec(),
    ]);
    return {
      company: company?.timeZone ?? undefined,
      stores: new Map(stores.map((s) => [s.storeId, s.timeZone ?? undefined])),
    };
  }

  async listStores(): Promise<RetailStore[]> {
    const docs = await this.stores.find().sort({ companyId: 1, storeId: 1 }).lean().exec();
    return docs.map((d) => ({
      storeId: d.storeId,
      storeName: d.storeName,
      companyId: d.companyId,
      isActive: d.isActive,
    }));
  }
}
