import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  AUDIT_ACTION,
  canRemoveCompanies,
  COMPANY_REMOVAL_TEXT,
  type CredentialsInput,
  DEFAULT_MEDIA_FILE_LIMIT,
  DEFAULT_TAG_LIMIT,
  hasCompanyInScope,
  type IntegrationCompany,
  type RetailStore,
  type SaveIntegrationCompanies,
  type SaveIntegrationCompany,
  type SaveIntegrationStore,
  type UpdateIntegrationCompaniesResult,
  SCHEDULE_STATUS,
} from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { ConfigService } from '../../config/config.service';
import { AuditService } from '../audit';
import { CompanyError } from './companies.errors';
import {
  IntegrationCompaniesRepository,
  type StoredCredentials,
  type StoredIntegrationCompany,
  type StoredIntegrationStore,
  toPublicCompany,
} from './integration-companies.repository';
import { CompanyCredentialsCipher } from './company-credentials.cipher';
import { CompanyListsService } from './company-lists.service';

/**
 * Saving the companies connected to the platform (spec §6, §9): the whole list, or one company's
 * configuration, audited.
 */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly config: ConfigService,
    private readonly lists: CompanyListsService,
    private readonly integration: IntegrationCompaniesRepository,
    private readonly credentials: CompanyCredentialsCipher,
    private readonly audit: AuditService,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  private defaultCredentials(): StoredCredentials | undefined {
    const username = this.config.get('companyDefaultUsername');
    const password = this.config.get('companyDefaultPassword');
    return username && password ? { username, password } : undefined;
  }

  /** The active stores of the master data for one company, without store id 0 (spec §3). */
  private activeStores(stores: RetailStore[], companyId: number): StoredIntegrationStore[] {
    return stores
      .filter((s) => s.companyId === companyId && s.isActive && s.storeId !== 0)
      .map((s) => ({ storeId: s.storeId, storeName: s.storeName, isActive: true }));
  }

  /**
   * Saves the whole list of connected companies: new ones get their active stores from the
   * master data, and every company without company-level credentials gets the default ones
   * from the environment (spec §9). Removing needs a type that may remove (DESIGN §4), and
   * the user's confirmation for a company with configuration that would stop working. Removal
   * is soft: a company added again gets its configuration back.
   */
  async saveIntegrationCompanies(
    user: AuthenticatedUser,
    { companies, confirmRemoval }: SaveIntegrationCompanies,
  ): Promise<IntegrationCompany[]> {
    // A company-limited admin saves its part of the list: other companies are neither added,
    // removed nor touched, whatever the body says about them.
    const existing = (await this.integration.list()).filter((c) =>
      hasCompanyInScope(user, c.companyId),
    );
    // The route's @RequireAccess refused a body naming a company outside the caller's scope.
    const wanted = new Set(companies.map((c) => c.companyId));
    const removed = existing.filter((c) => !wanted.has(c.companyId)).map((c) => c.companyId);
    if (removed.length && !canRemoveCompanies(user.usertype)) {
      throw CompanyError.removalForbidden();
    }
    const master = new Map((await this.lists.cloudCompanies()).map((c) => [c.companyId, c]));
    const unknown = [...wanted].filter((id) => !master.has(id));
    if (unknown.length) throw CompanyError.unknown(unknown);
    const confirmed = new Set(confirmRemoval ?? []);
    const unconfirmed = [];
    for (const company of existing.filter((c) => removed.includes(c.companyId))) {
      if (confirmed.has(company.companyId)) continue;
      const loses = await this.removalConsequence(company);
      if (loses) {
        const message = `${company.companyId} - ${company.companyName}: ${loses}`;
        unconfirmed.push({ path: String(company.companyId), message });
      }
    }
    if (unconfirmed.length) throw CompanyError.removalNeedsConfirmation(unconfirmed);

    const stores = await this.lists.retailStores();
    const defaults = this.defaultCredentials();
    const current = new Map(existing.map((c) => [c.companyId, c]));
    for (const companyId of wanted) {
      const found = current.get(companyId);
      if (!found && (await this.integration.restore(companyId))) {
        const back = (await this.integration.findOne(companyId))!;
        if (!back.evobos && defaults) {
          await this.integration.replace(this.credentials.seal({ ...back, evobos: defaults }));
        }
      } else if (!found) {
        await this.integration.insert(
          this.credentials.seal({
            companyId,
            companyName: master.get(companyId)!.companyName,
            ...(defaults ? { evobos: defaults } : {}),
            stores: this.activeStores(stores, companyId),
            mediaFileLimit: DEFAULT_MEDIA_FILE_LIMIT,
            tagLimit: DEFAULT_TAG_LIMIT,
          }),
        );
      } else if (!found.evobos && defaults) {
        await this.integration.replace(this.credentials.seal({ ...found, evobos: defaults }));
      }
    }
    await this.integration.remove(removed);
    const before = existing.map((c) => c.companyId).sort((a, b) => a - b);
    const after = [...wanted].sort((a, b) => a - b);
    if (before.join() !== after.join())
      await this.audit.record(user, {
        action: AUDIT_ACTION.companiesSave,
        targetType: 'company',
        target: 'integration companies',
        companies: [...before, ...after].filter(
          (id) => !before.includes(id) || !after.includes(id),
        ),
        before: { companies: before },
        after: { companies: after },
      });
    return this.lists.integrationCompanies(user);
  }

  /** What removing the company stops (empty: nothing), as the 409 and the portal name it. */
  private async removalConsequence(company: StoredIntegrationCompany): Promise<string> {
    const defaults = this.defaultCredentials();
    // The environment's default credentials come back by themselves: not a loss.
    const isDefault = (c: StoredCredentials) =>
      !!defaults &&
      c.username === defaults.username &&
      this.credentials.companyPassword(company.companyId, c) === defaults.password;
    const credentials =
      (!!company.evobos && !isDefault(company.evobos)) || company.stores.some((s) => !!s.evobos);
    const schedules = await this.connection.collection('schedules').countDocuments({
      companyId: company.companyId,
      status: { $in: [SCHEDULE_STATUS.ready, SCHEDULE_STATUS.active] },
    });
    return COMPANY_REMOVAL_TEXT.consequence({
      mediaFolder: company.mediaFolderName,
      schedules,
      credentials,
    });
  }

  /** Adds the new active stores of the master data to each connected company. */
  async updateIntegrationCompanies(
    user: AuthenticatedUser,
  ): Promise<UpdateIntegrationCompaniesResult> {
    const stores = await this.lists.retailStores();
    const added: UpdateIntegrationCompaniesResult['added'] = [];
    for (const company of await this.integration.list()) {
      if (!hasCompanyInScope(user, company.companyId)) continue;
      const known = new Set(company.stores.map((s) => s.storeId));
      const fresh = this.activeStores(stores, company.companyId).filter(
        (s) => !known.has(s.storeId),
      );
      if (!fresh.length) continue;
      await this.integration.replace({ ...company, stores: [...company.stores, ...fresh] });
      added.push({ companyId: company.companyId, storeIds: fresh.map((s) => s.storeId) });
      await this.audit.record(user, {
        action: AUDIT_ACTION.companiesRefresh,
        targetType: 'company',
        target: String(company.companyId),
        companies: [company.companyId],
        before: { stores: company.stores.map((s) => s.storeId) },
        after: { stores: [...company.stores, ...fresh].map((s) => s.storeId) },
      });
    }
    return { added };
  }

  /**
   * Saves one company's company and store credentials and installed ids (spec §3): an empty
   * user name removes credentials, an empty password keeps the stored one, an empty enterprise
   * or installed block is removed, store id 0 is skipped, stores not sent stay as they are.
   */
  async saveIntegrationCompany(
    user: AuthenticatedUser,
    body: SaveIntegrationCompany,
  ): Promise<IntegrationCompany> {
    const company = await this.integration.findOne(body.companyId);
    if (!company) throw CompanyError.notFound(body.companyId);
    const changes = new Map(body.stores.filter((s) => s.storeId !== 0).map((s) => [s.storeId, s]));
    const stores = company.stores.map((store): StoredIntegrationStore => {
      const change = changes.get(store.storeId);
      if (!change) return store;
      const { installed: _i, enterprise: _e, evobos: _c, ...rest } = store;
      // A block left out keeps what is stored; a block sent empty removes it.
      const installed =
        change.installed === undefined ? store.installed : compactInstalled(change.installed);
      const enterprise =
        change.enterprise === undefined
          ? store.enterprise
          : change.enterprise.companyId === undefined
            ? undefined
            : { companyId: change.enterprise.companyId };
      const evobos =
        change.evobos === undefined ? store.evobos : mergeCredentials(change.evobos, store.evobos);
      return {
        ...rest,
        ...(installed ? { installed } : {}),
        ...(enterprise ? { enterprise } : {}),
        ...(evobos ? { evobos } : {}),
      };
    });
    const evobos =
      body.evobos === undefined ? company.evobos : mergeCredentials(body.evobos, company.evobos);
    const { evobos: _old, ...restCompany } = company;
    const saved: StoredIntegrationCompany = {
      ...restCompany,
      ...(evobos ? { evobos } : {}),
      stores,
    };
    await this.integration.replace(this.credentials.seal(saved));
    const after = toPublicCompany(saved);
    // Credentials show as user name and passwordSet; a password itself never reaches the trail.
    await this.audit.record(user, {
      action: AUDIT_ACTION.companyCredentials,
      targetType: 'company',
      target: String(company.companyId),
      companies: [company.companyId],
      before: auditedCompany(toPublicCompany(company)),
      after: auditedCompany(after),
      details: {
        passwordsSent: [body.evobos, ...body.stores.map((st) => st.evobos)].some(
          (c) => !!c?.password,
        ),
      },
    });
    return after;
  }
}

/** A company's fields as the audit trail compares them: the company's and each store's. */
function auditedCompany(c: IntegrationCompany): Record<string, unknown> {
  return {
    evobos: c.evobos,
    ...Object.fromEntries(
      c.stores.map((st) => [
        `store ${st.storeId}`,
        { installed: st.installed, enterprise: st.enterprise, evobos: st.evobos },
      ]),
    ),
  };
}

function compactInstalled(
  input: NonNullable<SaveIntegrationStore['installed']>,
): StoredIntegrationStore['installed'] {
  const ids = {
    ...(input.companyId !== undefined ? { companyId: input.companyId } : {}),
    ...(input.storeId !== undefined ? { storeId: input.storeId } : {}),
  };
  return Object.keys(ids).length ? ids : undefined;
}

function mergeCredentials(
  input: CredentialsInput,
  stored: StoredCredentials | undefined,
): StoredCredentials | undefined {
  if (!input.username) return undefined;
  return { username: input.username, password: input.password || stored?.password || '' };
}
