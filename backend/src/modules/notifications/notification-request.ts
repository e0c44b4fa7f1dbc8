/** What a notification is about (alerts-shared.md); the incident kinds are core's AlertKind. */
export type NotificationEvent =
  'incident.opened' | 'incident.resolved' | 'digest' | 'report' | 'test';

/** What the alerts module asks the channels to send (the seam between the two, issue 26). */
export interface NotificationRequest {
  /** Idempotency key, e.g. `${incidentId}:opened`; one send per (key, recipient). */
  key: string;
  companyId: number;
  storeId?: number;
  event: NotificationEvent;
  kind: string;
  /** One line, for the e-mail's subject and the chat title. */
  subject: string;
  /** Plain text; the e-mail's HTML part is made from it. */
  text: string;
  /** Path in the portal for the link, e.g. '/status'. */
  portalPath: string;
  /** The webhook JSON payload's `data`. */
  data: Record<string, unknown>;
  emails: string[];
  webhookIds: string[];
}
