import { Injectable } from '@nestjs/common';
import {
  BULK_ACTIONS_TEXT,
  type BulkSelection,
  type bulkSelectionInputSchema,
  hasCompanyInScope,
  hasStoreAccess,
  ONLINE_STATE,
  type ResolvedStore,
  storeKey,
} from '@store-cloud/contracts';
import type { z } from 'zod';
import { requireCompanyAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { IntegrationCompaniesRepository } from '../companies';
import { TentaclesService } from '../tentacles';
import { BulkActionError } from './bulk-actions.errors';
import { BulkSelectionsRepository } from './bulk-selections.repository';

type SelectionInput = z.output<typeof bulkSelectionInputSchema>;
type Criteria = Pick<SelectionInput, 'companyIds' | 'tags' | 'online'>;

/**
 * Saved target selections (by company, tag and online state), each its user's own. A selection
 * is resolved to stores when an action is sent, so a store tagged or come online since counts.
 */
@Injectable()
export class BulkSelectionsService {
  constructor(
    private readonly selections: BulkSelectionsRepository,
    private readonly companies: IntegrationCompaniesRepository,
    private readonly tentacles: TentaclesService,
  ) {}

  list(caller: AuthenticatedUser): Promise<BulkSelection[]> {
    return this.selections.list(caller.username);
  }

  create(caller: AuthenticatedUser, input: SelectionInput): Promise<BulkSelection> {
    requireCompanyAccess(caller, input.companyIds);
    return this.selections.create(caller.username, {
      ...input,
      companyIds: [...new Set(input.companyIds)],
      tags: [...new Set(input.tags)],
    });
  }

  async remove(caller: AuthenticatedUser, id: string): Promise<void> {
    if (!(await this.selections.remove(caller.username, id)))
      throw BulkActionError.notFound(BULK_ACTIONS_TEXT.selectionNotFound);
  }

  async find(caller: AuthenticatedUser, id: string): Promise<BulkSelection> {
    const selection = await this.selections.find(caller.username, id);
    if (!selection) throw BulkActionError.notFound(BULK_ACTIONS_TEXT.selectionNotFound);
    return selection;
  }

  /** The stores a saved selection names now. */
  async storesOf(caller: AuthenticatedUser, id: string): Promise<ResolvedStore[]> {
    return this.resolve(caller, await this.find(caller, id));
  }

  /**
   * The active stores the caller may open that match: in one of the companies (all of the
   * caller's when none), carrying one of the tags (any when none), online or offline as asked.
   */
  async resolve(caller: AuthenticatedUser, criteria: Criteria): Promise<ResolvedStore[]> {
    const tags = new Set(criteria.tags);
    const companies = (await this.companies.list()).filter(
      (c) =>
        hasCompanyInScope(caller, c.companyId) &&
        (!criteria.companyIds.length || criteria.companyIds.includes(c.companyId)),
    );
    const matching = companies.flatMap((c) =>
      c.stores
        .filter(
          (s) =>
            s.isActive &&
            hasStoreAccess(caller, c.companyId, s.storeId) &&
            (!tags.size || (s.tags ?? []).some((t) => tags.has(t))),
        )
        .map((s) => ({
          companyId: c.companyId,
          companyName: c.companyName,
          storeId: s.storeId,
          storeName: s.storeName,
        })),
    );
    if (criteria.online === ONLINE_STATE.any) return matching;
    const online = await this.tentacles.onlineKeys();
    const wanted = criteria.online === ONLINE_STATE.online;
    return matching.filter((s) => online.has(storeKey(s.companyId, s.storeId)) === wanted);
  }

  /** Names and company names of stores given by id (those the caller may open and that exist). */
  async describe(
    caller: AuthenticatedUser,
    stores: ReadonlyArray<{ companyId: number; storeId: number }>,
  ): Promise<ResolvedStore[]> {
    const all = await this.resolve(caller, { companyIds: [], tags: [], online: ONLINE_STATE.any });
    const byKey = new Map(all.map((s) => [storeKey(s.companyId, s.storeId), s]));
    const unique = [...new Map(stores.map((s) => [storeKey(s.companyId, s.storeId), s])).values()];
    return unique.map(
      (s) =>
        byKey.get(storeKey(s.companyId, s.storeId)) ?? {
          ...s,
          companyName: String(s.companyId),
          storeName: String(s.storeId),
        },
    );
  }
}
