import { Injectable } from '@nestjs/common';
import {
  type CloudCompany,
  hasCompanyInScope,
  type IntegrationCompany,
  type PortalCompany,
  type RetailStore,
  storeAccessOf,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { ConfigService } from '../../config/config.service';
import { MasterDataRepository } from '../master-data';
import { TentaclesService } from '../tentacles';
import { ConnectedCompaniesView } from './connected-companies.view';
import { toPublicCompany } from './integration-companies.repository';

const byId = <T extends { companyId: number }>(a: T, b: T) => a.companyId - b.companyId;

/**
 * Which companies and stores a user sees (spec §6, §7): the master data within the company
 * whitelist, the connected companies, and the stores a user may open with their live status.
 */
@Injectable()
export class CompanyListsService {
  constructor(
    private readonly config: ConfigService,
    private readonly masterData: MasterDataRepository,
    private readonly connected: ConnectedCompaniesView,
    private readonly tentacles: TentaclesService,
  ) {}

  /** Whether the company whitelist (COMPANY_WHITELIST; empty: all) lets the company in. */
  isAvailable(companyId: number): boolean {
    const whitelist = this.config.get('companyWhitelist');
    return whitelist.length === 0 || whitelist.includes(companyId);
  }

  async cloudCompanies(): Promise<CloudCompany[]> {
    return (await this.masterData.listCompanies()).filter((c) => this.isAvailable(c.companyId));
  }

  async retailStores(): Promise<RetailStore[]> {
    return (await this.masterData.listStores()).filter((s) => this.isAvailable(s.companyId));
  }

  /** The master data's companies and stores a user may see: a company-limited admin its own. */
  async cloudCompaniesFor(user: AuthenticatedUser): Promise<CloudCompany[]> {
    return (await this.cloudCompanies()).filter((c) => hasCompanyInScope(user, c.companyId));
  }

  async retailStoresFor(user: AuthenticatedUser): Promise<RetailStore[]> {
    return (await this.retailStores()).filter((s) => hasCompanyInScope(user, s.companyId));
  }

  /** The connected companies; a company-limited admin sees only its own. */
  async integrationCompanies(user: AuthenticatedUser): Promise<IntegrationCompany[]> {
    return (await this.connected.list())
      .filter((c) => hasCompanyInScope(user, c.companyId))
      .map(toPublicCompany);
  }

  /**
   * The companies and stores a user may open on Home: every connected company for 'all',
   * otherwise the assigned ones intersected with the connected ones, only enabled and active
   * stores, each with its live status. Sorted by id.
   */
  async companiesForUser(user: AuthenticatedUser): Promise<PortalCompany[]> {
    const connected = (await this.connected.list()).filter((c) => this.isAvailable(c.companyId));
    const mayOpen = storeAccessOf(user);
    const visible = connected
      .filter((c) => hasCompanyInScope(user, c.companyId))
      .map((c) => ({
        c,
        stores: c.stores
          .filter((s) => s.isActive && s.storeId !== 0)
          .filter((s) => mayOpen(c.companyId, s.storeId))
          .sort((a, b) => a.storeId - b.storeId),
      }));
    // Reads the status of these stores only, not the whole online list (issue 15).
    const status = await this.tentacles.statusLookup(
      visible.flatMap(({ c, stores }) => stores.map((s) => [c.companyId, s.storeId] as const)),
    );
    return visible
      .map(({ c, stores }) => ({
        companyId: c.companyId,
        companyName: c.companyName,
        stores: stores.map((s) => ({
          storeId: s.storeId,
          storeName: s.storeName,
          companyId: c.companyId,
          ...(s.installed?.storeId ? { installedStoreId: s.installed.storeId } : {}),
          ...status(c.companyId, s.storeId),
        })),
      }))
      .sort(byId);
  }
}
