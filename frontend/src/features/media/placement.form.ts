/**
 * The forms that place pending files in a tag folder (Create/Edit Schedule, Update Media Now,
 * spec media §5): the contract's request schemas, with each check in the spec's words and order.
 */
import {
  editScheduleInputSchema,
  MEDIA_DATE_FORMAT,
  mediaFilesRequestSchema,
  newScheduleInputSchema,
  type Schedule,
  type ScheduleStatus,
} from '@store-cloud/contracts';
import { isValid, parse } from 'date-fns';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { mediaValidationTextSet } from '../../i18n/sets/media';
import { firstError } from '../../ui/first-error';
import { toInput } from './media-rules';

/**
 * The schemas word their refusals in the contract's English (the spec's words); the form shows
 * them in the page's language through useKnownText (i18n/known-text.ts).
 */
const ENGLISH = mediaValidationTextSet.source;

/** A datetime-local input (yyyy-MM-ddTHH:mm, local time) as ISO; an empty one ends after nothing. */
const inputDate = z.string().transform((value, ctx) => {
  const date = parse(value, MEDIA_DATE_FORMAT.input, new Date());
  if (value && isValid(date)) return date.toISOString();
  ctx.addIssue({ code: 'custom', message: ENGLISH.endAfterStart });
  return z.NEVER;
});

/**
 * Create and Edit Schedule: the contract's schedule input with its dates as the inputs hold them.
 * A new schedule, and an edited READY one (the backend checks its start too), ends in the future
 * and starts now or later; a started one only ends in the future. `status`: the edited
 * schedule's; none for a new one.
 */
export const scheduleFormSchema = (status?: ScheduleStatus) =>
  (status && status !== 'READY' ? editScheduleInputSchema : newScheduleInputSchema).safeExtend({
    startDate: inputDate,
    endDate: inputDate,
  });
export type ScheduleFormValues = z.input<ReturnType<typeof scheduleFormSchema>>;
export type ScheduleFormOutput = z.output<ReturnType<typeof scheduleFormSchema>>;

/** A new schedule starts now and has no end yet; an edited one shows its own. */
export const scheduleFormValues = (
  companyId: number,
  files: readonly string[],
  schedule?: Schedule,
): ScheduleFormValues => ({
  companyId,
  destination: schedule?.destination ?? '',
  startDate: toInput(schedule ? new Date(schedule.startDate) : new Date()),
  endDate: schedule ? toInput(new Date(schedule.endDate)) : '',
  files: [...files],
  repeat: repeatOf(schedule),
});

/** A saved schedule's repeat as the form holds it (its time zone is the backend's to find). */
export const repeatOf = (schedule?: Schedule) =>
  schedule?.repeat && {
    weekdays: [...schedule.repeat.weekdays],
    startTime: schedule.repeat.startTime,
    endTime: schedule.repeat.endTime,
  };

/**
 * The one problem the modal shows, in the spec's order: no files, no destination, the end not
 * after the start; then the contract's time rules (end, then start, as the backend says them).
 */
export const scheduleError = (errors: FieldErrors<ScheduleFormValues>) =>
  firstError(
    errors.files,
    errors.destination,
    errors.endDate,
    errors.startDate,
    errors.repeat,
    errors,
  );

/** Update Media Now: files and a tag, in the spec's words, then the contract's request rules. */
export const updateMediaFormSchema = z
  .object({
    files: z.array(z.string()).min(1, ENGLISH.noMediaFilesSelected),
    tag: z.string().min(1, ENGLISH.updateNeedsDestination),
  })
  .pipe(mediaFilesRequestSchema.pick({ files: true, tag: true }));
export type UpdateMediaValues = z.input<typeof updateMediaFormSchema>;

export const updateMediaError = (errors: FieldErrors<UpdateMediaValues>) =>
  firstError(errors.files, errors.tag);
