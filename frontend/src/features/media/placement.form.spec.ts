import {
  MEDIA_RULE_TEXT,
  MEDIA_VALIDATION_TEXT,
  type ScheduleStatus,
} from '@store-cloud/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toInput } from './media-rules';
import {
  scheduleFormSchema,
  type ScheduleFormValues,
  updateMediaFormSchema,
} from './placement.form';

const start = toInput(new Date(2030, 0, 1, 10, 0));
const end = toInput(new Date(2030, 0, 1, 11, 0));
const values = (over: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({
  companyId: 7,
  destination: 'promo',
  startDate: start,
  endDate: end,
  files: ['a.png'],
  ...over,
});
/** The messages of a failed check, by field, as the form gets them. */
const problems = (form: ScheduleFormValues, status?: ScheduleStatus) => {
  const result = scheduleFormSchema(status).safeParse(form);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe('schedule form', () => {
  it('names each problem in the spec words', () => {
    expect(problems(values({ files: [] })).files).toEqual([
      MEDIA_VALIDATION_TEXT.noFilesForSchedule,
    ]);
    expect(problems(values({ destination: ' ' })).destination).toEqual([
      MEDIA_VALIDATION_TEXT.scheduleNeedsDestination,
    ]);
    expect(problems(values({ endDate: '' })).endDate).toEqual([
      MEDIA_VALIDATION_TEXT.endAfterStart,
    ]);
    expect(problems(values({ endDate: start })).endDate?.[0]).toBe(
      MEDIA_VALIDATION_TEXT.endAfterStart,
    );
  });

  it('refuses a schedule wholly in the past, and a new or READY one starting in the past', () => {
    const old = values({ startDate: '2020-01-01T10:00', endDate: '2020-01-02T10:00' });
    expect(problems(old).endDate).toEqual([MEDIA_RULE_TEXT.endInPast]);
    expect(problems(old, 'ACTIVE')).toEqual({ endDate: [MEDIA_RULE_TEXT.endInPast] });
    const lateStart = values({ startDate: toInput(new Date(Date.now() - 3600_000)) });
    expect(problems(lateStart)).toEqual({ startDate: [MEDIA_RULE_TEXT.startInPast] });
    expect(problems(lateStart, 'READY')).toEqual({ startDate: [MEDIA_RULE_TEXT.startInPast] });
    // An ACTIVE schedule started in the past: only its end is checked.
    expect(problems(lateStart, 'ACTIVE')).toEqual({});
  });

  it('gives the contract request, its dates in ISO', () => {
    expect(scheduleFormSchema().parse(values())).toEqual({
      companyId: 7,
      destination: 'promo',
      startDate: new Date(2030, 0, 1, 10, 0).toISOString(),
      endDate: new Date(2030, 0, 1, 11, 0).toISOString(),
      files: ['a.png'],
    });
  });
});

describe('Update Media Now form', () => {
  it('needs files and a tag', () => {
    const issues = (files: string[], tag: string) =>
      updateMediaFormSchema.safeParse({ files, tag }).error?.issues.map((i) => i.message);
    expect(issues([], 'promo')).toEqual([MEDIA_VALIDATION_TEXT.noMediaFilesSelected]);
    expect(issues(['a.png'], '')).toEqual([MEDIA_VALIDATION_TEXT.updateNeedsDestination]);
    expect(issues(['a.png'], 'promo')).toBeUndefined();
  });
});
