import { v4 as uuidv4 } from 'uuid';
import { z } from 'zod';
import { HOME_TEXT } from '../texts';

/**
 * The messaging tool (media spec §1, §2 Message screen, §3 Message, §4 message rules, §5, §7).
 * The portal builds a message here, the backend relays it to a store unchanged, and the
 * simulated store checks it with the same schema.
 */

export const MESSAGE_SOURCE = 'EvoConnect';

export const MESSAGE_TYPE = { message: 'Message', prompt: 'Prompt', command: 'Command' } as const;
export const MESSAGE_TYPES = [
  MESSAGE_TYPE.message,
  MESSAGE_TYPE.prompt,
  MESSAGE_TYPE.command,
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Where on the site a message goes. */
export const DESTINATION = {
  pos: 'POS',
  bos: 'BOS',
  service: 'service',
  messenger: 'messenger',
} as const;
export const DESTINATIONS = [
  DESTINATION.pos,
  DESTINATION.bos,
  DESTINATION.service,
  DESTINATION.messenger,
] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const OPERATION = {
  signOff: 'SignOff',
  switchLoggingLevel: 'SwitchLoggingLevel',
  messageHistory: 'MessageHistory',
  revokeMessage: 'RevokeMessage',
} as const;
export const OPERATIONS = [
  OPERATION.signOff,
  OPERATION.switchLoggingLevel,
  OPERATION.messageHistory,
  OPERATION.revokeMessage,
] as const;
export type Operation = (typeof OPERATIONS)[number];

export const LOG_LEVELS = ['Fatal', 'Error', 'Info', 'Debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Choosing a log-level operation starts at this level (spec §4). */
export const DEFAULT_LOG_LEVEL: LogLevel = 'Debug';
/** A log level period of 0 minutes is permanent (spec §5, §9). */
export const PERMANENT_LOG_PERIOD = 0;

/**
 * The destinations each message type or command operation allows (spec §4): Message and Prompt go
 * to POS and BOS; a Command allows none until an operation is chosen, and never BOS.
 */
export const DESTINATIONS_FOR_OPERATION: Record<Operation, readonly Destination[]> = {
  SignOff: [DESTINATION.pos],
  SwitchLoggingLevel: [DESTINATION.pos, DESTINATION.service, DESTINATION.messenger],
  MessageHistory: [DESTINATION.messenger],
  RevokeMessage: [DESTINATION.messenger],
};

export function allowedDestinations(
  type: MessageType,
  operation?: Operation | null,
): readonly Destination[] {
  if (type !== MESSAGE_TYPE.command) return [DESTINATION.pos, DESTINATION.bos];
  return operation ? DESTINATIONS_FOR_OPERATION[operation] : [];
}

/** Operations whose message carries a log level and period. */
export const isLogLevelOperation = (operation?: Operation | null): boolean =>
  operation === OPERATION.switchLoggingLevel;

export const MESSAGING_TEXT = {
  title: 'EvoMessenger Administration',
  tabByWorkstation: 'Select by Workstation',
  tabBySite: 'Select by Site',
  tabByCompany: 'Select by Company',
  tabByPolesign: 'Select by Polesign',
  tabCreateMessage: 'Create Message',
  returnToCreateMessage: 'Return to Create Message',
  sendMessage: 'Send Message',
  contentRequired: 'The Message requires content data to proceed.',
  commandNeedsOperation: 'A Command requires an Operation to be selected',
  messageNeedsContent: 'A Message or Prompt requires a text message in the Content',
} as const;

/** The modes of the message screen (spec §2). */
export const MESSAGE_MODES = [
  'byWorkstation',
  'bySite',
  'byCompany',
  'byPolesign',
  'createMessage',
] as const;
export type MessageMode = (typeof MESSAGE_MODES)[number];

/** Per-site send states and their texts (spec §4). */
export const SEND_STATE = {
  ready: 'Ready',
  offline: 'Message not sent to site',
  connecting: 'Connecting',
  connected: 'Connected',
  sending: 'Sending',
  sent: 'Sent Successfully',
  connectFailed: `Error - ${HOME_TEXT.failedToConnectSiteRouter}`,
  sendFailed: 'Error - Failed to send message',
  /** Ours, not the spec's (issue 24): the store did not acknowledge in time. */
  outcomeUnknown: 'Outcome unknown - the site may have received it',
} as const;
export type SendState = (typeof SEND_STATE)[keyof typeof SEND_STATE];

/** The pole sign brands of the polesign grid, in the spec's order (spec §3). */
export const POLESIGN_BRANDS = [
  'Shop Only',
  'Applegreen',
  'Asda',
  'BP',
  'BWOC',
  'Certas Energy',
  'Co-op',
  'Dats',
  'Essar',
  'Esso',
  'Gulf',
  'Harvest',
  'Jet',
  'Maxol',
  'Murco',
  'Q8',
  'Rix',
  'Shell',
  'Solo',
  'Texaco',
  'Total',
  'Unbranded',
  'Unknown',
] as const;
export type PolesignBrand = (typeof POLESIGN_BRANDS)[number];

/** A location is 'company-store' (spec §3). */
export const messageLocation = (companyId: number, storeId: number): string =>
  `${companyId}-${storeId}`;

export const messagePayloadSchema = z.object({
  /** The text of a Message or Prompt; the operation of a Command. */
  content: z.string().max(2000),
  logLevel: z.enum(LOG_LEVELS).optional(),
  /** Minutes; 0 is permanent. */
  logLevelTimePeriod: z.number().int().min(0).max(525_600).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

/** The body of POST /api/v1/broadcastMessage (spec §3 Message). */
export const siteMessageSchema = z
  .object({
    id: z.uuid(),
    dateTime: z.iso.datetime({ offset: true }),
    type: z.enum(MESSAGE_TYPES),
    source: z.literal(MESSAGE_SOURCE),
    locations: z.array(z.string().regex(/^\d+-\d+$/)).min(1),
    destinations: z.array(z.enum(DESTINATIONS)).min(1),
    payload: messagePayloadSchema,
  })
  .superRefine((message, ctx) => {
    const content = message.payload.content.trim();
    if (message.type === MESSAGE_TYPE.command) {
      if (!(OPERATIONS as readonly string[]).includes(content)) {
        ctx.addIssue({
          code: 'custom',
          path: ['payload', 'content'],
          message: MESSAGING_TEXT.commandNeedsOperation,
        });
        return;
      }
    } else if (!content) {
      ctx.addIssue({
        code: 'custom',
        path: ['payload', 'content'],
        message: MESSAGING_TEXT.messageNeedsContent,
      });
      return;
    }
    const allowed = allowedDestinations(message.type, content as Operation);
    for (const destination of message.destinations) {
      if (!allowed.includes(destination)) {
        ctx.addIssue({
          code: 'custom',
          path: ['destinations'],
          message: `${destination} is not a destination for ${message.type === MESSAGE_TYPE.command ? content : message.type}`,
        });
      }
    }
  });
export type SiteMessage = z.infer<typeof siteMessageSchema>;

export interface NewSiteMessage {
  type: MessageType;
  content: string;
  destinations: readonly Destination[];
  sites: readonly { companyId: number; storeId: number }[];
  logLevel?: LogLevel;
  logLevelTimePeriod?: number;
}

/** Builds the message body the portal sends (a fresh UUID and the current time). */
export function buildSiteMessage(input: NewSiteMessage, now = new Date()): SiteMessage {
  const logLevel =
    input.type === MESSAGE_TYPE.command && isLogLevelOperation(input.content as Operation);
  return {
    // uuid, not crypto.randomUUID: that one is missing on a portal served over plain http.
    id: uuidv4(),
    dateTime: now.toISOString(),
    type: input.type,
    source: MESSAGE_SOURCE,
    locations: input.sites.map((site) => messageLocation(site.companyId, site.storeId)),
    destinations: [...input.destinations],
    payload: {
      content: input.content,
      ...(logLevel
        ? {
            logLevel: input.logLevel ?? DEFAULT_LOG_LEVEL,
            logLevelTimePeriod: input.logLevelTimePeriod ?? PERMANENT_LOG_PERIOD,
          }
        : {}),
    },
  };
}

/** The relayed messaging calls (spec §7); `d=em` names the store's messenger. */
export const MESSAGING_API = {
  workstations: '/portal/workstations',
  sitePosMainParams: '/portal/siteposmainparams',
  broadcastMessage: '/api/v1/broadcastMessage',
  logLevel: (level: LogLevel) => `/api/v1/loglevel/${level}`,
  messageHistory: '/api/v1/messagehistory',
} as const;
export const MESSENGER_SERVICE = 'em';

/**
 * Where the backend relays GET /portal/workstations and /portal/siteposmainparams: these paths
 * below the store's /api/v1, with the same ?c&s.
 */
export const MESSAGING_STORE_PATH = {
  workstations: '/workstations',
  sitePosMainParams: '/siteposmainparams',
} as const;

/** The query of a messenger call: `for` only when the period is not 0 (spec §7). */
export function messengerQuery(
  companyId: number,
  storeId: number,
  logLevelTimePeriod?: number,
): Record<string, string> {
  const query: Record<string, string> = {
    c: String(companyId),
    s: String(storeId),
    d: MESSENGER_SERVICE,
    test: 'true',
  };
  if (logLevelTimePeriod) query.for = String(logLevelTimePeriod);
  return query;
}

/** A workstation of a store (spec §3); the screen keeps only POS and BOS types. */
export const workstationSchema = z.object({ id: z.string(), workstationType: z.string() });
export type Workstation = z.infer<typeof workstationSchema>;
export const workstationsSchema = z.array(workstationSchema);
export const isPosOrBosWorkstation = (workstation: Workstation): boolean =>
  /pos|bos/i.test(workstation.workstationType);

/** GET /portal/siteposmainparams answer: the store's POS main parameters, with its pole sign. */
export const sitePosMainParamsSchema = z
  .object({ poleSignBrand: z.string() })
  .catchall(z.unknown());
export type SitePosMainParams = z.infer<typeof sitePosMainParamsSchema>;

/** A message history entry as a store's messenger answers it. */
export const messageHistoryEntrySchema = z.object({
  receivedAt: z.string(),
  message: siteMessageSchema,
});
export const messageHistorySchema = z.array(messageHistoryEntrySchema);
export type MessageHistoryEntry = z.infer<typeof messageHistoryEntrySchema>;

/**
 * How many message ids a store remembers to answer a repeated one as a duplicate (issue 24): the
 * reference store (the simulator) keeps the latest this many; a store should keep at least as
 * many, and for at least a day, as a resend or a held message may come that much later.
 */
export const STORE_MESSAGE_ID_MEMORY = 10_000;

/**
 * The store's answer to POST /api/v1/broadcastMessage. A message id the store already has is
 * not applied again: answered 200 with the first receipt and duplicate: true (issue 24).
 */
export const broadcastResultSchema = z.object({
  success: z.literal(true),
  id: z.uuid(),
  receivedAt: z.string(),
  duplicate: z.boolean(),
});
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;

/** The store's answer to POST /api/v1/loglevel/{level}. */
export const logLevelResultSchema = z.object({
  success: z.boolean(),
  level: z.enum(LOG_LEVELS),
  /** ISO time the level reverts; null when permanent. */
  until: z.string().nullable(),
});
