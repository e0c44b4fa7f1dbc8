import { Injectable } from '@nestjs/common';
import {
  ALERT_ERROR,
  AUDIT_ACTION,
  type Incident,
  type IncidentOpenCount,
  type IncidentPage,
  type IncidentsQuery,
} from '@store-cloud/contracts';
import { companyScope, requireCompanyAccess } from '../../common/auth/access';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit';
import { LiveStatusService } from '../live-status';
import {
  type IncidentCursor,
  type IncidentRow,
  IncidentsRepository,
  toIncident,
} from './incidents.repository';
import { AlertSubscriptionsRepository } from './subscriptions.repository';
import { mutedFor } from './subscriptions.service';
import { AlertError } from './alerts.errors';

const encodeCursor = (row: IncidentRow) =>
  Buffer.from(
    JSON.stringify({ s: row.state, t: new Date(row.openedAt).getTime(), i: String(row._id) }),
  ).toString('base64url');

function decodeCursor(text: string): IncidentCursor | undefined {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (
      (c.s === 'open' || c.s === 'resolved') &&
      Number.isFinite(c.t) &&
      /^[0-9a-f]{24}$/.test(String(c.i))
    )
      return { state: c.s, openedAt: Number(c.t), id: String(c.i) };
  } catch {
    // Not one of ours: treated as no cursor below.
  }
  return undefined;
}

/** The incident routes (issue 26): anyone with access to a company sees and handles its incidents. */
@Injectable()
export class IncidentsService {
  constructor(
    private readonly incidents: IncidentsRepository,
    private readonly subscriptions: AlertSubscriptionsRepository,
    private readonly audit: AuditService,
    private readonly live: LiveStatusService,
    private readonly clock: Clock,
  ) {}

  async page(user: AuthenticatedUser, q: IncidentsQuery): Promise<IncidentPage> {
    const scope = companyScope(user);
    const companies =
      q.companyId === undefined
        ? scope
        : scope && !scope.includes(q.companyId)
          ? []
          : [q.companyId];
    const rows = await this.incidents.page(
      {
        companies,
        state: q.state === 'all' ? undefined : q.state,
        kind: q.kind,
        storeId: q.storeId,
      },
      q.limit,
      q.before ? decodeCursor(q.before) : undefined,
    );
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      incidents: page.map(toIncident),
      ...(rows.length > q.limit && last ? { next: encodeCursor(last) } : {}),
    };
  }

  /** Open incidents the caller sees, neither muted on the incident nor by the caller. */
  async openCount(user: AuthenticatedUser): Promise<IncidentOpenCount> {
    const now = this.clock.now();
    const [open, mine] = await Promise.all([
      this.incidents.listOpen(companyScope(user)),
      this.subscriptions.get(user.id),
    ]);
    return {
      open: open.filter(
        (i) =>
          !(i.mutedUntil && new Date(i.mutedUntil) > now) &&
          !mutedFor(mine, i.companyId, i.storeId, now),
      ).length,
    };
  }

  async acknowledge(user: AuthenticatedUser, id: string): Promise<Incident> {
    await this.visible(user, id);
    const row = await this.incidents.acknowledge(id, user.username, this.clock.now());
    if (!row) throw AlertError.notFound(ALERT_ERROR.incidentNotFound);
    await this.audit.record(user, {
      action: AUDIT_ACTION.incidentAck,
      targetType: 'incident',
      target: id,
      companies: [row.companyId],
      details: { kind: row.kind, title: row.title },
    });
    this.live.incidentsChanged(row.companyId);
    return toIncident(row);
  }

  async mute(user: AuthenticatedUser, id: string, minutes: number): Promise<Incident> {
    const before = await this.visible(user, id);
    if (before.state !== 'open') throw AlertError.conflict(ALERT_ERROR.resolved);
    const until = new Date(this.clock.now().getTime() + minutes * 60_000);
    const row = await this.incidents.mute(id, until);
    if (!row) throw AlertError.notFound(ALERT_ERROR.incidentNotFound);
    await this.audit.record(user, {
      action: AUDIT_ACTION.incidentMute,
      targetType: 'incident',
      target: id,
      companies: [row.companyId],
      details: { kind: row.kind, title: row.title, minutes, until: until.toISOString() },
    });
    this.live.incidentsChanged(row.companyId);
    return toIncident(row);
  }

  private async visible(user: AuthenticatedUser, id: string): Promise<IncidentRow> {
    const row = await this.incidents.get(id);
    if (!row) throw AlertError.notFound(ALERT_ERROR.incidentNotFound);
    requireCompanyAccess(user, [row.companyId]);
    return row;
  }
}
