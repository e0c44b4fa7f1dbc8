import { z } from 'zod';

/**
 * A store's answer to a schedule push (issue 32 item 4): after it fetched its active media it
 * tells the cloud, over its tentacle socket, which files it now shows per tag and which it could
 * not take (with why). The cloud marks each schedule push delivered to that store acknowledged
 * (its files are in, or out of, the tag as the push moved them) or failed with the reason; a
 * push the store never answers becomes unknown after SCHEDULE_PUSH_ANSWER_MS.
 */
export const MEDIA_APPLIED_SOCKET = { appliedEvent: 'media:applied' } as const;

const tagFile = { tag: z.string().min(1).max(200), file: z.string().min(1).max(500) };
export const mediaAppliedSchema = z.object({
  files: z.array(z.object(tagFile)).max(20_000),
  failed: z
    .array(z.object({ ...tagFile, reason: z.string().min(1).max(500) }))
    .max(20_000)
    .default([]),
});
export type MediaApplied = z.input<typeof mediaAppliedSchema>;
export const mediaAppliedAckSchema = z.object({ ok: z.boolean() });
export type MediaAppliedAck = z.infer<typeof mediaAppliedAckSchema>;

/** A delivered schedule push that its store has not answered this long after: unknown. */
export const SCHEDULE_PUSH_ANSWER_MS = 15 * 60_000;

/** What a schedule push moved, kept with its bulk action so a store's answer can be matched. */
export const schedulePushPayloadSchema = z.object({
  destination: z.string(),
  step: z.enum(['start', 'end']),
  files: z.array(z.string()),
});
export type SchedulePushPayload = z.infer<typeof schedulePushPayloadSchema>;

/** The simulator's control API: POST {reason} makes the store refuse new files (null: take). */
export const simulatedMediaFailSchema = z.object({ reason: z.string().min(1).max(500).nullable() });

export const MEDIA_APPLIED_TEXT = {
  notApplied: (files: readonly string[], reason: string) =>
    `The store could not take ${files.join(', ')}: ${reason}`.slice(0, 500),
  noAnswer: 'The store did not report taking the change in time (it may have)',
} as const;

/**
 * The push's outcome at a store from its answer: acknowledged when the files are where the push
 * put them, failed when the store names one of them as not taken, else none yet (undefined).
 */
export function schedulePushAnswer(
  push: SchedulePushPayload,
  answer: z.output<typeof mediaAppliedSchema>,
): { state: 'acknowledged' } | { state: 'failed'; reason: string } | undefined {
  const moved = new Set(push.files);
  const failed = answer.failed.filter((f) => f.tag === push.destination && moved.has(f.file));
  if (failed.length)
    return {
      state: 'failed',
      reason: MEDIA_APPLIED_TEXT.notApplied(
        failed.map((f) => f.file),
        failed[0]!.reason,
      ),
    };
  const shown = new Set(answer.files.filter((f) => f.tag === push.destination).map((f) => f.file));
  const done =
    push.step === 'start'
      ? push.files.every((f) => shown.has(f))
      : push.files.every((f) => !shown.has(f));
  return done ? { state: 'acknowledged' } : undefined;
}
