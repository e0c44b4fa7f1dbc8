import {
  MESSAGE_TYPE,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  messagePayloadSchema,
  type TargetSite,
} from '@store-cloud/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  type MessageDraft,
  messageFormSchema,
  prepareErrors,
  withOperation,
  withType,
} from './message-draft';

const SITE: TargetSite = { companyId: 101, companyName: 'N', storeId: 1, storeName: 'H' };

/** The errors the form gets from its resolver. */
async function errorsOf(draft: MessageDraft, targets: TargetSite[] = [SITE]) {
  const result = await zodResolver(messageFormSchema(targets))(draft, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return result.errors as FieldErrors<MessageDraft>;
}

describe('the Create Message form', async () => {
  it('asks a Message for content and a target site, in the spec words and order', async () => {
    expect(prepareErrors(await errorsOf(EMPTY_DRAFT, []))).toEqual([
      MESSAGING_TEXT.contentRequired,
      MESSAGING_TEXT.messageNeedsContent,
      MESSAGING_LABELS.needsTargetSite,
    ]);
    expect(prepareErrors(await errorsOf({ ...EMPTY_DRAFT, content: '   ' }))).toEqual([
      MESSAGING_TEXT.contentRequired,
      MESSAGING_TEXT.messageNeedsContent,
    ]);
  });

  it('asks a Command for its operation, and then for a destination', async () => {
    const command = withType(EMPTY_DRAFT, MESSAGE_TYPE.command);
    expect(prepareErrors(await errorsOf(command))).toEqual([
      MESSAGING_TEXT.contentRequired,
      MESSAGING_TEXT.commandNeedsOperation,
    ]);
    const signOff = withOperation(command, 'SignOff');
    expect(prepareErrors(await errorsOf(signOff))).toEqual([]);
    expect(prepareErrors(await errorsOf({ ...signOff, destinations: [] }))).toEqual([
      MESSAGING_LABELS.needsDestination,
    ]);
  });

  it("checks a log-level command's period as the contract does, and no other's", async () => {
    const tooLong = 10_000_000;
    const logLevel = withOperation(
      withType(EMPTY_DRAFT, MESSAGE_TYPE.command),
      'SwitchLoggingLevel',
    );
    const errors = await errorsOf({ ...logLevel, logLevelTimePeriod: tooLong });
    expect(errors.logLevelTimePeriod?.message).toBe(
      messagePayloadSchema.shape.logLevelTimePeriod.safeParse(tooLong).error?.issues[0]?.message,
    );
    expect(await errorsOf({ ...logLevel, logLevelTimePeriod: 15 })).toEqual({});
    expect(await errorsOf({ ...EMPTY_DRAFT, content: 'Hi', logLevelTimePeriod: tooLong })).toEqual(
      {},
    );
  });
});
