import { z } from 'zod';
import { ALERT_KINDS } from './rules';

/**
 * Incidents (issue 26 item 1): one per thing that went wrong, opened and resolved by the
 * platform's worker. At most one open incident per (company, subject, kind); the subject is the
 * store (`store/<id>`), the job or schedule, or the company itself.
 */
export const INCIDENT_API = {
  /** GET: open first, then newest first; `next` pages on. */
  list: '/portal/incidents',
  /** GET: the open incidents the caller sees and has not muted (the header's bell). */
  openCount: '/portal/incidents/open-count',
  /** POST: acknowledge (someone is on it). */
  ack: '/portal/incidents/{id}/ack',
  /** POST { minutes }: no notifications of this incident until then. */
  mute: '/portal/incidents/{id}/mute',
} as const;
export const incidentAckPath = (id: string) =>
  INCIDENT_API.ack.replace('{id}', encodeURIComponent(id));
export const incidentMutePath = (id: string) =>
  INCIDENT_API.mute.replace('{id}', encodeURIComponent(id));

export const INCIDENT_STATES = ['open', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

export const INCIDENT_PAGE = { defaultLimit: 50, maxLimit: 200, muteMaxMinutes: 7 * 24 * 60 };

export const incidentSchema = z.object({
  id: z.string(),
  companyId: z.number().int(),
  /** The store it concerns; null for a company-wide one (media near its limit). */
  storeId: z.number().int().nullable(),
  kind: z.enum(ALERT_KINDS),
  /** What it is about, e.g. `store/12`, `backupjob/<id>`, `schedule/<id>`, `company`. */
  subject: z.string(),
  state: z.enum(INCIDENT_STATES),
  /** One line for people (the notification's subject). */
  title: z.string(),
  /** ISO times. */
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  mutedUntil: z.string().nullable(),
  /** Kind-specific facts (last seen, transitions, job id, file counts...). */
  data: z.record(z.string(), z.unknown()),
});
export type Incident = z.infer<typeof incidentSchema>;

const id32 = z.coerce.number().int().min(0).max(2_147_483_647);

/** GET /portal/incidents (strings, as query parameters come). */
export const incidentsQuerySchema = z
  .object({
    state: z.enum(['open', 'resolved', 'all']).default('all'),
    companyId: id32.optional(),
    kind: z.enum(ALERT_KINDS).optional(),
    storeId: id32.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(INCIDENT_PAGE.maxLimit)
      .default(INCIDENT_PAGE.defaultLimit),
    /** The `next` of the page before. */
    before: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be the next of an earlier page')
      .optional(),
  })
  .strict();
export type IncidentsQuery = z.output<typeof incidentsQuerySchema>;

export const incidentPageSchema = z.object({
  incidents: z.array(incidentSchema),
  next: z.string().optional(),
});
export type IncidentPage = z.infer<typeof incidentPageSchema>;

export const incidentOpenCountSchema = z.object({ open: z.number().int().min(0) });
export type IncidentOpenCount = z.infer<typeof incidentOpenCountSchema>;

export const incidentMuteSchema = z
  .object({ minutes: z.number().int().min(1).max(INCIDENT_PAGE.muteMaxMinutes) })
  .strict();
export type IncidentMute = z.infer<typeof incidentMuteSchema>;
