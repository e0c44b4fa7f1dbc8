import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  BULK_ACTION_KIND,
  BULK_ACTIONS_TEXT,
  BULK_QUEUED_STALE_MS,
  MEDIA_APPLIED_TEXT,
  SCHEDULE_PUSH_ANSWER_MS,
  type SchedulePushPayload,
  BULK_STORE_STATE,
  type BulkAction,
  type BulkActionKind,
  type BulkActionPage,
  bulkCounts,
  bulkResultsCsv,
  type BulkStoreState,
  type CreateBulkAction,
  failedStores,
  hasCompanyInScope,
  LIVE_STATUS,
  messageBulkKind,
  messageBulkSummary,
  messageLocations,
  type ResolvedStore,
} from '@store-cloud/contracts';
import { requireStoreAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { IntegrationCompaniesRepository } from '../companies';
import { LiveStatusService } from '../live-status';
import { BulkActionError } from './bulk-actions.errors';
import {
  type BulkActionRecord,
  BulkActionsRepository,
  type NewBulkAction,
} from './bulk-actions.repository';
import { BulkSelectionsService } from './bulk-selections.service';

/** A schedule step as the schedule engine reports it. */
export interface SchedulePush {
  scheduleId: string;
  companyId: number;
  destination: string;
  step: 'start' | 'end';
  files: readonly string[];
  /** The files the media server did not move (all of them when it did not answer). */
  notMoved: readonly string[];
  error?: string;
  /** Who it is recorded for: the platform's own user. */
  user: string;
}

/** A store's outcome as a send path reports it. */
export interface BulkOutcome {
  state: BulkStoreState;
  reason?: string;
  /** The outbox record of a held call (its outcome moves the store on later). */
  heldRef?: string;
}

/**
 * Sends an action's payload to stores, reporting each store's outcome through `report`. Each
 * kind that can be sent or retried from here registers one (the module that knows how to reach a
 * store: SitesModule for messages and log levels), so this module imports none of them.
 */
export interface BulkActionRunner {
  run(
    caller: AuthenticatedUser,
    payload: string,
    stores: readonly ResolvedStore[],
    report: (store: ResolvedStore, outcome: BulkOutcome) => Promise<void>,
  ): Promise<void>;
}

/**
 * One result grid for every bulk action (issue 32 item 4). The send paths (the message screen's
 * deliveries, the backend's own sends, schedule pushes) record each action and each store's
 * outcome here; recording never breaks a send: a failure to record is logged, the send goes on.
 */
@Injectable()
export class BulkActionsService implements OnModuleDestroy {
  private readonly logger = new Logger(BulkActionsService.name);
  private readonly runners = new Map<BulkActionKind, BulkActionRunner>();
  private pushTimer?: NodeJS.Timeout;
  private pushPending = false;
  private stopped = false;

  constructor(
    private readonly actions: BulkActionsRepository,
    private readonly selections: BulkSelectionsService,
    private readonly live: LiveStatusService,
    private readonly clock: Clock,
    private readonly companies: IntegrationCompaniesRepository,
  ) {}

  onModuleDestroy() {
    this.stopped = true;
    clearTimeout(this.pushTimer);
  }

  /**
   * Tells the portals to look again (the /live deliveries:changed push), at most once per
   * LIVE_STATUS.throttleMs: a send to thousands of stores is not thousands of pushes.
   */
  private changed() {
    if (this.stopped) return;
    if (this.pushTimer) {
      this.pushPending = true;
      return;
    }
    this.live.deliveriesChanged();
    this.pushTimer = setTimeout(() => {
      this.pushTimer = undefined;
      if (this.pushPending) {
        this.pushPending = false;
        this.changed();
      }
    }, LIVE_STATUS.throttleMs);
  }

  registerRunner(kinds: readonly BulkActionKind[], runner: BulkActionRunner) {
    for (const kind of kinds) this.runners.set(kind, runner);
  }

  /** Records an action about to be sent, every store queued; its id, or undefined if not recorded. */
  async recordStarted(input: NewBulkAction): Promise<string | undefined> {
    if (!input.stores.length) return undefined;
    try {
      const id = await this.actions.create(input);
      this.changed();
      return id;
    } catch (error) {
      this.logger.warn(`Recording a ${input.kind} bulk action: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Records what became of the action at one store. */
  async recordOutcome(
    id: string | undefined,
    store: { companyId: number; storeId: number },
    outcome: BulkOutcome,
  ): Promise<void> {
    if (!id) return;
    try {
      const changed = await this.actions.updateResult(id, store, {
        ...outcome,
        at: this.clock.now(),
      });
      if (changed) this.changed();
    } catch (error) {
      this.logger.warn(`Recording a bulk action outcome: ${(error as Error).message}`);
    }
  }

  /** A held call was delivered to its store on its return, or refused then. */
  async heldFinished(heldRef: string, delivered: boolean, reason?: string): Promise<void> {
    try {
      const changed = await this.actions.updateHeld(heldRef, {
        state: delivered ? BULK_STORE_STATE.delivered : BULK_STORE_STATE.failed,
        at: this.clock.now(),
        ...(delivered ? {} : { reason: `${BULK_ACTIONS_TEXT.heldFailed}: ${reason ?? ''}` }),
      });
      if (changed) this.changed();
    } catch (error) {
      this.logger.warn(`Recording a held call's outcome: ${(error as Error).message}`);
    }
  }

  /**
   * A schedule step moved its files into (start) or out of (end) a tag folder of the company:
   * one action for the active stores carrying that tag, each delivered (the files wait in its
   * folder for the store's next media poll) or failed with the files not moved. Never throws.
   */
  async recordSchedulePush(push: SchedulePush): Promise<void> {
    try {
      const company = await this.companies.findOne(push.companyId);
      const stores = (company?.stores ?? [])
        .filter((s) => s.isActive && (s.tags ?? []).includes(push.destination))
        .map((s) => ({
          companyId: company!.companyId,
          companyName: company!.companyName,
          storeId: s.storeId,
          storeName: s.storeName,
        }));
      const id = await this.recordStarted({
        kind: BULK_ACTION_KIND.schedulePush,
        summary: BULK_ACTIONS_TEXT.schedulePush(push.destination, push.step, push.files),
        user: push.user,
        // What moved, so each store's answer can settle it (SchedulePushAnswers).
        payload: JSON.stringify({
          destination: push.destination,
          step: push.step,
          files: [...push.files],
        } satisfies SchedulePushPayload),
        stores,
      });
      const outcome: BulkOutcome = push.notMoved.length
        ? {
            state: BULK_STORE_STATE.failed,
            reason: BULK_ACTIONS_TEXT.notMoved(push.notMoved, push.error ?? ''),
          }
        : { state: BULK_STORE_STATE.delivered };
      for (const store of stores) await this.recordOutcome(id, store, outcome);
    } catch (error) {
      this.logger.warn(`Recording schedule ${push.scheduleId}'s push: ${(error as Error).message}`);
    }
  }

  async page(
    caller: AuthenticatedUser,
    query: { page: number; pageSize: number; kind?: BulkActionKind },
  ): Promise<BulkActionPage> {
    const scope = caller.access.all ? undefined : caller.access.companies.map((c) => c.companyId);
    const found = await this.actions.page(scope, query.kind, query.page, query.pageSize);
    return {
      items: found.items.map(({ states, payload: _payload, companies: _companies, ...a }) => {
        const shown = this.visibleStates(caller, a, states);
        return { ...a, counts: bulkCounts(shown), total: shown.length };
      }),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async get(caller: AuthenticatedUser, id: string): Promise<BulkAction> {
    return this.shown(caller, await this.visible(caller, id));
  }

  async csv(caller: AuthenticatedUser, id: string): Promise<string> {
    return bulkResultsCsv((await this.get(caller, id)).results);
  }

  /**
   * A message or log level change sent by the backend, to a saved selection resolved now or to
   * the stores named.
   */
  async send(caller: AuthenticatedUser, body: CreateBulkAction): Promise<BulkAction> {
    const selection = body.selectionId
      ? await this.selections.find(caller, body.selectionId)
      : undefined;
    const stores = selection
      ? await this.selections.resolve(caller, selection)
      : await this.selections.describe(caller, body.stores ?? []);
    if (!stores.length) throw BulkActionError.invalid(BULK_ACTIONS_TEXT.noStores);
    requireStoreAccess(
      caller,
      stores.map((s) => ({ company: s.companyId, store: s.storeId })),
    );
    const message = { ...body.message, locations: messageLocations(stores) };
    const kind = messageBulkKind(message);
    return this.start(caller, this.runnerFor(kind), {
      kind,
      summary: messageBulkSummary(message),
      user: caller.username,
      payload: JSON.stringify(message),
      selection: selection?.name,
      stores,
    });
  }

  /** Sends the action again to exactly the stores where it failed, as a new action; once. */
  async retryFailed(caller: AuthenticatedUser, id: string): Promise<BulkAction> {
    const original = await this.visible(caller, id);
    const runner = this.runnerFor(original.kind);
    if (!original.payload) throw BulkActionError.conflict(BULK_ACTIONS_TEXT.cannotRetryKind);
    const stores = failedStores(original.results).map(
      ({ companyId, companyName, storeId, storeName }) => ({
        companyId,
        companyName,
        storeId,
        storeName,
      }),
    );
    if (!stores.length) throw BulkActionError.conflict(BULK_ACTIONS_TEXT.noFailed);
    requireStoreAccess(
      caller,
      stores.map((s) => ({ company: s.companyId, store: s.storeId })),
    );
    const retryId = this.actions.newId();
    if (!(await this.actions.claimRetry(original.id, retryId)))
      throw BulkActionError.conflict(BULK_ACTIONS_TEXT.alreadyRetried);
    return this.start(caller, runner, {
      id: retryId,
      kind: original.kind,
      summary: original.summary,
      user: caller.username,
      payload: original.payload,
      retryOf: original.id,
      stores,
    });
  }

  private runnerFor(kind: BulkActionKind): BulkActionRunner {
    const runner = this.runners.get(kind);
    if (!runner) throw BulkActionError.conflict(BULK_ACTIONS_TEXT.cannotRetryKind);
    return runner;
  }

  /**
   * Records the action, then runs it without holding up the request: the grid follows it live.
   * A backend killed mid-run leaves the stores it had not reached queued, never falsely sent.
   */
  private async start(
    caller: AuthenticatedUser,
    runner: BulkActionRunner,
    input: NewBulkAction & { payload: string },
  ): Promise<BulkAction> {
    const id = await this.actions.create(input);
    this.changed();
    const created = await this.get(caller, id);
    void runner
      .run(caller, input.payload, input.stores, (store, outcome) =>
        this.recordOutcome(id, store, outcome),
      )
      .catch((error: unknown) =>
        this.logger.error(`Bulk action ${id}: ${(error as Error).message}`),
      );
    return created;
  }

  /**
   * The stores of the caller's companies; one still queued long after the action started will
   * get no outcome (its send loop stopped): shown as unknown, as it may have been sent. So is a
   * schedule push its store never answered (SchedulePushAnswers): it may have taken it.
   */
  private visibleStates<R extends { companyId: number; state: BulkStoreState }>(
    caller: AuthenticatedUser,
    action: { createdAt: string; kind: BulkActionKind },
    results: readonly R[],
  ): R[] {
    const age = this.clock.now().getTime() - Date.parse(action.createdAt);
    const stale = age > BULK_QUEUED_STALE_MS;
    const unanswered =
      action.kind === BULK_ACTION_KIND.schedulePush && age > SCHEDULE_PUSH_ANSWER_MS;
    return results
      .filter((r) => hasCompanyInScope(caller, r.companyId))
      .map((r) =>
        stale && r.state === BULK_STORE_STATE.queued
          ? { ...r, state: BULK_STORE_STATE.unknown, reason: BULK_ACTIONS_TEXT.noOutcome }
          : unanswered && r.state === BULK_STORE_STATE.delivered
            ? { ...r, state: BULK_STORE_STATE.unknown, reason: MEDIA_APPLIED_TEXT.noAnswer }
            : r,
      );
  }

  /** The action if the caller may see it (one of its companies is the caller's). */
  private async visible(caller: AuthenticatedUser, id: string): Promise<BulkActionRecord> {
    const action = await this.actions.find(id);
    if (!action || !action.companies.some((c) => hasCompanyInScope(caller, c)))
      throw BulkActionError.notFound(BULK_ACTIONS_TEXT.notFound);
    return action;
  }

  /** Only the stores of the caller's companies; no payload. */
  private shown(caller: AuthenticatedUser, action: BulkActionRecord): BulkAction {
    const results = this.visibleStates(caller, action, action.results);
    return {
      id: action.id,
      kind: action.kind,
      summary: action.summary,
      user: action.user,
      createdAt: action.createdAt,
      retryOf: action.retryOf,
      retriedBy: action.retriedBy,
      selection: action.selection,
      counts: bulkCounts(results),
      total: results.length,
      results,
    };
  }
}
