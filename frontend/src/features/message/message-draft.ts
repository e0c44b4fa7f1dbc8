import {
  allowedDestinations,
  buildSiteMessage,
  DEFAULT_LOG_LEVEL,
  type Destination,
  isLogLevelOperation,
  type LogLevel,
  MESSAGE_TYPE,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  type MessageType,
  type Operation,
  PERMANENT_LOG_PERIOD,
  type SiteMessage,
  type TargetSite,
} from '@store-cloud/contracts';

/** What the Create Message form holds. */
export interface MessageDraft {
  type: MessageType;
  /** The text of a Message or Prompt. */
  content: string;
  /** The operation of a Command. */
  operation: Operation | null;
  destinations: Destination[];
  logLevel: LogLevel;
  /** Minutes; 0 is permanent. */
  logLevelTimePeriod: number;
}

export const EMPTY_DRAFT: MessageDraft = {
  type: MESSAGE_TYPE.message,
  content: '',
  operation: null,
  destinations: [...allowedDestinations(MESSAGE_TYPE.message)],
  logLevel: DEFAULT_LOG_LEVEL,
  logLevelTimePeriod: PERMANENT_LOG_PERIOD,
};

/** A type change (spec §4): a Command clears the content and allows no destination yet. */
export function withType(draft: MessageDraft, type: MessageType): MessageDraft {
  if (type === draft.type) return draft;
  return {
    ...draft,
    type,
    content: type === MESSAGE_TYPE.command ? '' : draft.content,
    operation: null,
    destinations: [...allowedDestinations(type)],
  };
}

/** An operation change: its allowed destinations, and Debug for a log-level operation. */
export function withOperation(draft: MessageDraft, operation: Operation | null): MessageDraft {
  return {
    ...draft,
    operation,
    destinations: [...allowedDestinations(draft.type, operation)],
    logLevel: isLogLevelOperation(operation) ? DEFAULT_LOG_LEVEL : draft.logLevel,
  };
}

const contentOf = (draft: MessageDraft) =>
  draft.type === MESSAGE_TYPE.command ? (draft.operation ?? '') : draft.content.trim();

/** The texts that stop PREPARE from moving on (spec §5); none when the message can be sent. */
export function draftErrors(draft: MessageDraft, targets: readonly TargetSite[]): string[] {
  const errors: string[] = [];
  if (!contentOf(draft)) {
    errors.push(
      MESSAGING_TEXT.contentRequired,
      draft.type === MESSAGE_TYPE.command
        ? MESSAGING_TEXT.commandNeedsOperation
        : MESSAGING_TEXT.messageNeedsContent,
    );
  } else if (!draft.destinations.length) {
    errors.push(MESSAGING_LABELS.needsDestination);
  }
  if (!targets.length) errors.push(MESSAGING_LABELS.needsTargetSite);
  return errors;
}

/** The message body for the targets; chosen workstations travel in the payload's parameters. */
export function draftMessage(
  draft: MessageDraft,
  targets: readonly TargetSite[],
  workstations: readonly string[],
): SiteMessage {
  const message = buildSiteMessage({
    type: draft.type,
    content: contentOf(draft),
    destinations: draft.destinations,
    sites: targets,
    logLevel: draft.logLevel,
    logLevelTimePeriod: draft.logLevelTimePeriod,
  });
  if (!workstations.length) return message;
  return {
    ...message,
    payload: { ...message.payload, parameters: { workstations: [...workstations] } },
  };
}
