import { Injectable } from '@nestjs/common';
import { type AlertSubscriptions, coversTarget } from '@store-cloud/contracts';
import { requireCompanyAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { AlertSubscriptionsRepository, type StoredSubscriptions } from './subscriptions.repository';

/** A user's own follows and mutes (issue 26 item 2): within the companies it may access. */
@Injectable()
export class AlertSubscriptionsService {
  constructor(
    private readonly repository: AlertSubscriptionsRepository,
    private readonly clock: Clock,
  ) {}

  async mine(user: AuthenticatedUser): Promise<AlertSubscriptions> {
    const stored = await this.repository.get(user.id);
    const now = this.clock.now().getTime();
    return {
      follows: stored?.follows ?? [],
      // A mute that ended is no longer shown.
      mutes: (stored?.mutes ?? [])
        .filter((m) => !m.until || new Date(m.until).getTime() > now)
        .map((m) => ({
          companyId: m.companyId,
          ...(m.storeId !== undefined ? { storeId: m.storeId } : {}),
          ...(m.until ? { until: new Date(m.until).toISOString() } : {}),
        })),
    };
  }

  async replace(user: AuthenticatedUser, s: AlertSubscriptions): Promise<AlertSubscriptions> {
    requireCompanyAccess(
      user,
      [...s.follows, ...s.mutes].map((e) => e.companyId),
    );
    await this.repository.replace({
      userId: user.id,
      email: user.username,
      follows: s.follows,
      mutes: s.mutes.map((m) => ({
        companyId: m.companyId,
        ...(m.storeId !== undefined ? { storeId: m.storeId } : {}),
        ...(m.until ? { until: new Date(m.until) } : {}),
      })),
    });
    return this.mine(user);
  }
}

/** Whether the user's mutes cover this company/store at `now`. */
export const mutedFor = (
  s: Pick<StoredSubscriptions, 'mutes'> | undefined,
  companyId: number,
  storeId: number | null,
  now: Date,
) =>
  (s?.mutes ?? []).some(
    (m) =>
      coversTarget(m, companyId, storeId) &&
      (!m.until || new Date(m.until).getTime() > now.getTime()),
  );
