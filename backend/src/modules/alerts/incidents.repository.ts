import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AlertKind, Incident, IncidentState } from '@store-cloud/contracts';
import { isValidObjectId, type Model, Types } from 'mongoose';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { IncidentDoc } from './schemas/incident.schema';

export type IncidentRow = IncidentDoc & { _id: Types.ObjectId };

/** The key that is unique while the incident is open. */
export const openKeyOf = (companyId: number, subject: string, kind: AlertKind) =>
  `${companyId}|${subject}|${kind}`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const toIncident = (d: IncidentRow): Incident => ({
  id: String(d._id),
  companyId: d.companyId,
  storeId: d.storeId ?? null,
  kind: d.kind,
  subject: d.subject,
  state: d.state,
  title: d.title,
  openedAt: new Date(d.openedAt).toISOString(),
  resolvedAt: iso(d.resolvedAt),
  acknowledgedAt: iso(d.acknowledgedAt),
  acknowledgedBy: d.acknowledgedBy ?? null,
  mutedUntil: iso(d.mutedUntil),
  data: d.data ?? {},
});

export interface NewIncident {
  companyId: number;
  storeId: number | null;
  kind: AlertKind;
  subject: string;
  title: string;
  data: Record<string, unknown>;
  openedAt: Date;
}

/** Where a page goes on: the last incident's state, opening time and id. */
export interface IncidentCursor {
  state: IncidentState;
  openedAt: number;
  id: string;
}

export interface IncidentFilter {
  companies?: number[];
  state?: IncidentState;
  kind?: AlertKind;
  storeId?: number;
}

/** The incidents collection. */
@Injectable()
export class IncidentsRepository {
  constructor(@InjectModel(IncidentDoc.name) private readonly model: Model<IncidentDoc>) {}

  /**
   * Opens an incident unless one is open for the same thing (the unique openKey): answers the
   * new one, or undefined. The notice is due at once, in the same write.
   */
  async open(incident: NewIncident): Promise<IncidentRow | undefined> {
    try {
      const created = await this.model.create({
        ...incident,
        openKey: openKeyOf(incident.companyId, incident.subject, incident.kind),
        state: 'open',
        notifyDueAt: incident.openedAt,
      });
      return created.toObject() as IncidentRow;
    } catch (error) {
      if (isDuplicateKey(error)) return undefined;
      throw error;
    }
  }

  /** Resolves an open incident; its notice is due at once. False when it was not open. */
  async resolve(id: Types.ObjectId, at: Date, data?: Record<string, unknown>): Promise<boolean> {
    const set: Record<string, unknown> = {
      state: 'resolved',
      openKey: String(id),
      resolvedAt: at,
      notifyDueAt: at,
    };
    for (const [k, v] of Object.entries(data ?? {})) set[`data.${k}`] = v;
    const result = await this.model.updateOne({ _id: id, state: 'open' }, { $set: set });
    return result.modifiedCount > 0;
  }

  /** Every open incident (the sweep's look-up; few at any time). */
  listOpen(companies?: number[]): Promise<IncidentRow[]> {
    return this.model
      .find({ state: 'open', ...(companies ? { companyId: { $in: companies } } : {}) })
      .lean<IncidentRow[]>();
  }

  async get(id: string): Promise<IncidentRow | undefined> {
    if (!isValidObjectId(id)) return undefined;
    return (await this.model.findById(id).lean<IncidentRow>()) ?? undefined;
  }

  /** Open first, then newest first; `limit + 1` rows so the caller knows whether more follow. */
  page(filter: IncidentFilter, limit: number, after?: IncidentCursor): Promise<IncidentRow[]> {
    const query: Record<string, unknown>[] = [];
    if (filter.companies) query.push({ companyId: { $in: filter.companies } });
    if (filter.state) query.push({ state: filter.state });
    if (filter.kind) query.push({ kind: filter.kind });
    if (filter.storeId !== undefined) query.push({ storeId: filter.storeId });
    if (after) {
      const at = new Date(after.openedAt);
      const id = new Types.ObjectId(after.id);
      const older = {
        state: after.state,
        $or: [{ openedAt: { $lt: at } }, { openedAt: at, _id: { $lt: id } }],
      };
      query.push(after.state === 'open' ? { $or: [older, { state: 'resolved' }] } : older);
    }
    return this.model
      .find(query.length ? { $and: query } : {})
      .sort({ state: 1, openedAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<IncidentRow[]>();
  }

  async acknowledge(id: string, by: string, at: Date): Promise<IncidentRow | undefined> {
    return (
      (await this.model
        .findOneAndUpdate(
          { _id: id },
          { $set: { acknowledgedAt: at, acknowledgedBy: by } },
          { returnDocument: 'after' },
        )
        .lean<IncidentRow>()) ?? undefined
    );
  }

  /** Mutes until `until`: a notice due meanwhile waits for it. */
  async mute(id: string, until: Date): Promise<IncidentRow | undefined> {
    return (
      (await this.model
        .findOneAndUpdate({ _id: id }, { $set: { mutedUntil: until } }, { returnDocument: 'after' })
        .lean<IncidentRow>()) ?? undefined
    );
  }

  /** Incidents whose notice is due (oldest first, a batch at a time). */
  due(now: Date, limit: number): Promise<IncidentRow[]> {
    return this.model
      .find({ notifyDueAt: { $ne: null, $lte: now } })
      .sort({ notifyDueAt: 1 })
      .limit(limit)
      .lean<IncidentRow[]>();
  }

  /** After an enqueue: who was told, and when to look again (null: done). */
  async noted(
    id: Types.ObjectId,
    event: 'opened' | 'resolved',
    sentTo: string[],
    nextDueAt: Date | null,
  ): Promise<void> {
    const field = event === 'opened' ? 'openedSentTo' : 'resolvedSentTo';
    await this.model.updateOne(
      { _id: id },
      {
        $set: { notifyDueAt: nextDueAt },
        ...(sentTo.length ? { $addToSet: { [field]: { $each: sentTo } } } : {}),
      },
    );
  }

  /** Incidents of a company opened since a time (the daily digest). */
  openedSince(companyId: number, since: Date): Promise<IncidentRow[]> {
    return this.model
      .find({ companyId, openedAt: { $gte: since } })
      .sort({ openedAt: 1 })
      .limit(500)
      .lean<IncidentRow[]>();
  }
}
