import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  AUDIT_ACTION,
  canRemoveCompanies,
  type CloudCompany,
  COMPANY_REMOVAL_TEXT,
  type CredentialsInput,
  DEFAULT_MEDIA_FILE_LIMIT,
  DEFAULT_TAG_LIMIT,
  hasCompanyInScope,
  type IntegrationCompany,
  type PortalCompany,
  type RetailStore,
  type SaveIntegrationCompanies,
  type SaveIntegrationCompany,
  type SaveIntegrationStore,
  type StoreStatus,
  type UpdateIntegrationCompaniesResult,
  SCHEDULE_STATUS,
  storeAccessOf,
  storeKey,
} from '@store-cloud/contracts';
import type { Connection } from 'mongoose';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { ConfigService } from '../../config/config.service';
import { AuditService } from '../audit/audit.service';
import { PortalConnectionsRepository } from '../sites/portal-connections.repository';
import { TentaclesService } from '../tentacles/tentacles.service';
import {
  CompanyNotFoundError,
  CompanyRemovalForbiddenError,
  CompanyRemovalNeedsConfirmationError,
  UnknownCompaniesError,
} from './companies.errors';
import {
  IntegrationCompaniesRepository,
  type StoredCredentials,
  type StoredIntegrationCompany,
  type StoredIntegrationStore,
  toPublicCompany,
} from './integration-companies.repository';
import { MasterDataRepository } from './master-data.repository';
import { ConnectedCompaniesView } from './connected-companies.view';
import { KeptAnswer, StatusAnswers } from './status-answers';
import { CompanyCredentialsCipher } from './company-credentials.cipher';

const byId = <T extends { companyId: number }>(a: T, b: T) => a.companyId - b.companyId;

/** Master data, the companies connected to the platform, and who may see which (spec §6, §7). */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly config: ConfigService,
    private readonly masterData: MasterDataRepository,
    private readonly integration: IntegrationCompaniesRepository,
    private readonly connected: ConnectedCompaniesView,
    private readonly tentacles: TentaclesService,
    private readonly credentials: CompanyCredentialsCipher,
    private readonly connections: PortalConnectionsRepository,
    private readonly audit: AuditService,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  /** The last status answer of each user scope (StatusAnswers). */
  private readonly statusAnswers = new StatusAnswers();

  private isAvailable(companyId: number): boolean {
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

  /**
   * The live status of the stores the user may open, as JSON; a connected store also says who
   * holds its connection and since when (Home disables Connect to Site for another user's store).
   */
  async allStoresStatusJson(user: AuthenticatedUser): Promise<KeptAnswer> {
    // Read before the answer is built: a change after this makes the kept answer stale.
    const online = this.tentacles.onlineChanges();
    const [companies, holders] = await Promise.all([
      this.connected.list(),
      this.connections.holders(),
    ]);
    const scope = StatusAnswers.scopeOf(user);
    const inputs =
      online === undefined ? undefined : { companies, online, connections: digestOf(holders) };
    const kept = inputs && this.statusAnswers.get(scope, inputs);
    if (kept) return kept;
    const answer: StoreStatus[] = (await this.companiesForUser(user)).flatMap((c) =>
      c.stores.map(({ companyId, storeId, status, tentacleVersion }) => {
        const holder = holders.get(storeKey(companyId, storeId));
        return {
          companyId,
          storeId,
          status,
          ...(tentacleVersion ? { tentacleVersion } : {}),
          ...(holder ? { connectedBy: holder.user, connectedSince: holder.since } : {}),
        };
      }),
    );
    return inputs ? this.statusAnswers.set(scope, inputs, answer) : new KeptAnswer(answer);
  }

  async storeStatus(companyId: number, storeId: number): Promise<StoreStatus> {
    return { companyId, storeId, ...(await this.tentacles.statusOf(companyId, storeId)) };
  }

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
      throw new CompanyRemovalForbiddenError();
    }
    const master = new Map((await this.cloudCompanies()).map((c) => [c.companyId, c]));
    const unknown = [...wanted].filter((id) => !master.has(id));
    if (unknown.length) throw new UnknownCompaniesError(unknown);
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
    if (unconfirmed.length) throw new CompanyRemovalNeedsConfirmationError(unconfirmed);

    const stores = await this.retailStores();
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
    return this.integrationCompanies(user);
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
    const stores = await this.retailStores();
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
    if (!company) throw new CompanyNotFoundError(body.companyId);
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

/** The open connections' holders as one comparable text, in store order. */
const digestOf = (holders: Map<string, { user: string; since: string }>) =>
  JSON.stringify([...holders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
