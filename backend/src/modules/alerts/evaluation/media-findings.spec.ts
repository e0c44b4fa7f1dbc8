import type { AlertRule } from '@store-cloud/contracts';
import { alertRule, FINDING_NAMES } from './alert-rule.fixture';
import type { FailedSchedule } from '../fleet-records.reader';
import { mediaLimitFindings, scheduleFindings } from './record-findings';

const rule = (over: Partial<AlertRule> = {}) =>
  alertRule({ name: 'Media', kinds: ['media-schedule-failed', 'media-near-limit'], ...over });
const names = FINDING_NAMES;

describe('media findings (issue 26)', () => {
  it('opens near the limit at the smallest share of the company rules, not below it', () => {
    const rules = [rule(), rule({ id: 'r2', mediaSharePercent: 80 })];
    expect(mediaLimitFindings([{ companyId: 1, files: 7, limit: 10 }], rules, names)).toEqual([]);
    const [found] = mediaLimitFindings([{ companyId: 1, files: 8, limit: 10 }], rules, names);
    expect(found).toMatchObject({
      companyId: 1,
      storeId: null,
      kind: 'media-near-limit',
      subject: 'media/files',
      title: 'Acme media: 8 of 10 files',
      data: { files: 8, limit: 10, sharePercent: 80 },
    });
  });

  it('ignores companies without a rule watching the kind, or without a limit', () => {
    const counts = [
      { companyId: 2, files: 10, limit: 10 },
      { companyId: 1, files: 0, limit: 0 },
    ];
    expect(mediaLimitFindings(counts, [rule()], names)).toEqual([]);
    expect(
      mediaLimitFindings([{ companyId: 1, files: 10, limit: 10 }], [rule({ kinds: [] })], names),
    ).toEqual([]);
  });

  it('opens one incident per failed schedule, naming its tag and step', () => {
    const failed: FailedSchedule = {
      id: 's1',
      companyId: 1,
      mediaFolderName: 'Acme-1',
      destination: 'promo',
      step: 'start',
      files: ['a.png'],
      error: 'not found',
      at: new Date('2026-01-01T00:00:00Z'),
    };
    const found = scheduleFindings([failed, { ...failed, companyId: 3 }], [rule()], names);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      companyId: 1,
      kind: 'media-schedule-failed',
      subject: 'schedule/s1',
      data: { scheduleId: 's1', files: ['a.png'], failedAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(found[0]!.title).toContain('promo');
    expect(found[0]!.title).toContain('Acme');
  });
});
