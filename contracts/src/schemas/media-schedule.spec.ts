import { MEDIA_RULE_TEXT } from '../media-texts';
import {
  addScheduleRequestSchema,
  addTagFolderRequestSchema,
  MEDIA_LIMIT,
  updateMediaFileLimitRequestSchema,
  updateScheduleRequestSchema,
  updateTagLimitRequestSchema,
} from './media-schedule.schema';

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('schedule times', () => {
  const hour = 3600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const schedule = (startDate: string, endDate: string) => ({
    companyId: 7,
    destination: 'promo',
    startDate,
    endDate,
    files: ['a.png'],
  });

  it('refuses a new schedule wholly in the past, or starting in the past', () => {
    const past = addScheduleRequestSchema.safeParse({
      schedule: schedule('2020-01-01T10:00:00.000Z', '2020-01-02T10:00:00.000Z'),
    });
    expect(past.success).toBe(false);
    expect(past.error?.issues.map((i) => i.message)).toContain(MEDIA_RULE_TEXT.endInPast);
    const lateStart = addScheduleRequestSchema.safeParse({
      schedule: schedule(at(-hour), at(hour)),
    });
    expect(firstIssue(lateStart)).toBe(MEDIA_RULE_TEXT.startInPast);
  });

  it('takes a new schedule starting a minute ago (the grace) or later', () => {
    expect(
      addScheduleRequestSchema.safeParse({ schedule: schedule(at(-60_000), at(hour)) }).success,
    ).toBe(true);
  });

  it('lets an edit keep a past start but not move the end into the past', () => {
    const edit = (endDate: string) =>
      updateScheduleRequestSchema.safeParse({
        schedule: { ...schedule(at(-2 * hour), endDate), _id: 'x' },
      });
    expect(edit(at(hour)).success).toBe(true);
    expect(firstIssue(edit(at(-hour)))).toBe(MEDIA_RULE_TEXT.endInPast);
  });
});

describe('limits', () => {
  const files = (newLimit: unknown) =>
    firstIssue(updateMediaFileLimitRequestSchema.safeParse({ companyId: 7, newLimit }));
  const tags = (newLimit: unknown) =>
    firstIssue(updateTagLimitRequestSchema.safeParse({ companyId: 7, newLimit }));
  const filesText = MEDIA_RULE_TEXT.limitRange(
    MEDIA_LIMIT.mediaFileLimit.label,
    MEDIA_LIMIT.mediaFileLimit.max,
  );

  it('refuses anything but a whole number from 1 to the maximum, in one clear message', () => {
    for (const bad of [-5, 0, 2.5, 200_000, '1e3', '12', null]) expect(files(bad)).toBe(filesText);
    expect(tags(101)).toBe(MEDIA_RULE_TEXT.limitRange(MEDIA_LIMIT.tagLimit.label, 100));
  });

  it('takes the bounds', () => {
    for (const ok of [1, 35, 10_000]) expect(files(ok)).toBeUndefined();
    expect(tags(100)).toBeUndefined();
  });
});

describe('tag folder names', () => {
  const issue = (newTag: unknown) =>
    firstIssue(addTagFolderRequestSchema.safeParse({ companyId: 7, newTag }));
  it('refuses an empty name, a leading dot and path parts with their reason', () => {
    expect(issue('   ')).toBe(MEDIA_RULE_TEXT.nameRequired('tag folder name'));
    expect(issue('.hidden')).toBe(MEDIA_RULE_TEXT.nameStartsWithDot('tag folder name'));
    for (const bad of ['a/b', 'a\\b', 'a..b'])
      expect(issue(bad)).toBe(MEDIA_RULE_TEXT.nameNotPlain('tag folder name'));
    expect(issue('promo')).toBeUndefined();
  });
});
