import { Injectable } from '@nestjs/common';
import { type StoreStatus, storeKey } from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { PortalConnectionsRepository } from '../portal-connections';
import { TentaclesService } from '../tentacles';
import { CompanyListsService } from './company-lists.service';
import { ConnectedCompaniesView } from './connected-companies.view';
import { KeptAnswer, StatusAnswers } from './status-answers';

/** The live status of stores (spec §7 allstoresstatusjson, storestatus), kept per user scope. */
@Injectable()
export class StoreStatusService {
  constructor(
    private readonly lists: CompanyListsService,
    private readonly connected: ConnectedCompaniesView,
    private readonly connections: PortalConnectionsRepository,
    private readonly tentacles: TentaclesService,
  ) {}

  /** The last status answer of each user scope (StatusAnswers). */
  private readonly statusAnswers = new StatusAnswers();

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
    const answer: StoreStatus[] = (await this.lists.companiesForUser(user)).flatMap((c) =>
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
}

/** The open connections' holders as one comparable text, in store order. */
const digestOf = (holders: Map<string, { user: string; since: string }>) =>
  JSON.stringify([...holders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
