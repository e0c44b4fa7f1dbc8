import {
  allowedDestinations,
  buildSiteMessage,
  DEFAULT_LOG_LEVEL,
  isLogLevelOperation,
  MESSAGE_TYPE,
  messagePayloadSchema,
  type MessageType,
  type Operation,
  OPERATIONS,
  PERMANENT_LOG_PERIOD,
  type SiteMessage,
  siteMessageSchema,
  type TargetSite,
} from '@store-cloud/contracts';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { messagingLabelsSet, messagingTextSet } from '../../i18n/sets/message';
import { textsNow } from '../../i18n/useTexts';

const payload = messagePayloadSchema.shape;
/** What the Create Message form holds: the contract's message type, payload and destinations. */
const draftSchema = z.object({
  type: siteMessageSchema.shape.type,
  /** The text of a Message or Prompt. */
  content: payload.content,
  /** The operation of a Command. */
  operation: z.enum(OPERATIONS).nullable(),
  destinations: z.array(siteMessageSchema.shape.destinations.element),
  logLevel: payload.logLevel.unwrap(),
  /** Minutes; 0 is permanent. Checked by the contract only where it is sent (a log-level command). */
  logLevelTimePeriod: z.number(),
});
export type MessageDraft = z.infer<typeof draftSchema>;

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

/**
 * The form's schema: what stops PREPARE from moving on (spec §5), in the spec's words. No content
 * (for a Command, no operation), else no destination; and no target site (`targets`, chosen on the
 * other tabs). A log-level command's period is checked as the contract checks it.
 */
export const messageFormSchema = (targets: readonly TargetSite[]) =>
  draftSchema.superRefine((draft, ctx) => {
    // Checked at PREPARE: the texts of the language on screen then.
    const text = textsNow(messagingTextSet);
    const L = textsNow(messagingLabelsSet);
    const command = draft.type === MESSAGE_TYPE.command;
    const issue = (path: string[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (!contentOf(draft))
      issue(
        [command ? 'operation' : 'content'],
        command ? text.commandNeedsOperation : text.messageNeedsContent,
      );
    else if (!draft.destinations.length) issue(['destinations'], L.needsDestination);
    if (!targets.length) issue(['root', 'targets'], L.needsTargetSite);
    if (command && isLogLevelOperation(draft.operation)) {
      const period = payload.logLevelTimePeriod.safeParse(draft.logLevelTimePeriod);
      if (!period.success) issue(['logLevelTimePeriod'], period.error.issues[0]!.message);
    }
  });

/** The texts listed under the form after PREPARE, in the spec's order. */
export function prepareErrors(errors: FieldErrors<MessageDraft>): string[] {
  const content = errors.content?.message ?? errors.operation?.message;
  return [
    ...(content ? [textsNow(messagingTextSet).contentRequired, content] : []),
    ...[errors.destinations?.message, errors.root?.targets?.message].filter(
      (text): text is string => !!text,
    ),
  ];
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
