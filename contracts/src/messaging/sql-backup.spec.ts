import {
  classifySqlBackupInstallation,
  countSqlBackupOutcomes,
  latestSqlBackupRun,
  sqlBackupStaleReason,
  type SqlBackupInstallation,
  type SqlBackupJob,
} from './sql-backup';

const run = (Status: string, StartedAt = '2026-11-20T01:00:00Z') => ({
  Status,
  StartedAt,
  FinishedAt: '2026-11-20T01:05:00Z',
});
const job = (Id: string, LastRun?: SqlBackupJob['LastRun']): SqlBackupJob => ({
  Id,
  Name: `Job ${Id}`,
  LastRun,
});
const installation = (Jobs: SqlBackupJob[], Status = 'ACTIVE'): SqlBackupInstallation => ({
  Id: 'i1',
  Name: 'Store SQL',
  Status,
  Version: '2.1.0',
  Jobs,
});

describe('classifySqlBackupInstallation (spec §4)', () => {
  it('is successful when every last run is SUCCESS', () => {
    expect(
      classifySqlBackupInstallation(
        installation([job('a', run('SUCCESS')), job('b', run('SUCCESS'))]),
      ),
    ).toBe('successful');
  });

  it('is failed when any last run is not SUCCESS, even beside a job never run', () => {
    expect(
      classifySqlBackupInstallation(
        installation([job('a', run('SUCCESS')), job('b', run('FAILED'))]),
      ),
    ).toBe('failed');
    expect(
      classifySqlBackupInstallation(installation([job('a'), job('b', run('CANCELLED'))])),
    ).toBe('failed');
  });

  it('is not run when a job has no last run and none failed', () => {
    expect(
      classifySqlBackupInstallation(installation([job('a', run('SUCCESS')), job('b', null)])),
    ).toBe('notRun');
  });

  it('has no jobs when the list is empty', () => {
    expect(classifySqlBackupInstallation(installation([]))).toBe('noJobs');
  });

  it('is inactive whenever the status is not ACTIVE, whatever its jobs', () => {
    expect(classifySqlBackupInstallation(installation([job('a', run('FAILED'))], 'INACTIVE'))).toBe(
      'inactive',
    );
    expect(classifySqlBackupInstallation(installation([], 'DISABLED'))).toBe('inactive');
  });

  it('counts each outcome and all', () => {
    const counts = countSqlBackupOutcomes([
      installation([job('a', run('SUCCESS'))]),
      installation([job('a', run('ERROR'))]),
      installation([job('a', run('ERROR'))]),
      installation([]),
      installation([], 'STOPPED'),
    ]);
    expect(counts).toEqual({ successful: 1, failed: 2, notRun: 0, noJobs: 1, inactive: 1, all: 5 });
  });

  it('shows the latest started run', () => {
    const latest = latestSqlBackupRun(
      installation([
        job('a', run('SUCCESS', '2026-11-19T01:00:00Z')),
        job('b', run('FAILED', '2026-11-20T01:00:00Z')),
        job('c'),
      ]),
    );
    expect(latest?.Status).toBe('FAILED');
    expect(latestSqlBackupRun(installation([job('a')]))).toBeNull();
  });

  it('shows the failed run of a failed installation, not a later successful one', () => {
    const failedRun = run('FAILED', '2026-11-19T01:00:00Z');
    const shown = latestSqlBackupRun(
      installation([job('full', failedRun), job('log', run('SUCCESS', '2026-11-20T01:00:00Z'))]),
    );
    expect(shown).toEqual(failedRun);
  });
});

describe('sqlBackupStaleReason (issue 17 point 4)', () => {
  const now = new Date('2026-06-10T12:00:00.000Z');
  const settings = { staleHours: 26, reportIntervalMs: 300_000 };
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const withRuns = (...runs: [string, number][]): SqlBackupInstallation => ({
    Id: 'i',
    Name: 'i',
    Status: 'ACTIVE',
    Version: '1',
    Jobs: runs.map(([Status, h], n) => ({
      Id: `j${n}`,
      Name: `j${n}`,
      LastRun: { Status, StartedAt: ago(h + 0.1), FinishedAt: ago(h) },
    })),
  });

  it('is overdue without a success within the stale hours, not with one', () => {
    expect(sqlBackupStaleReason(withRuns(['SUCCESS', 25]), now, now, settings)).toBeUndefined();
    expect(sqlBackupStaleReason(withRuns(['SUCCESS', 27]), now, now, settings)).toBe(
      'backupOverdue',
    );
    expect(sqlBackupStaleReason(withRuns(['SUCCESS', 30], ['FAILED', 1]), now, now, settings)).toBe(
      'backupOverdue',
    );
    expect(
      sqlBackupStaleReason(withRuns(['SUCCESS', 30], ['SUCCESS', 2]), now, now, settings),
    ).toBeUndefined();
  });

  it('never calls inactive or job-less installations overdue', () => {
    expect(
      sqlBackupStaleReason(
        { ...withRuns(['SUCCESS', 99]), Status: 'INACTIVE' },
        now,
        now,
        settings,
      ),
    ).toBeUndefined();
    expect(sqlBackupStaleReason(withRuns(), now, now, settings)).toBeUndefined();
  });

  it('calls every installation of a store silent for three report intervals report-overdue', () => {
    const reported = new Date(now.getTime() - 3 * 300_000 - 1);
    expect(sqlBackupStaleReason(withRuns(['SUCCESS', 1]), reported, now, settings)).toBe(
      'reportOverdue',
    );
    const lastMinute = new Date(now.getTime() - 3 * 300_000);
    expect(
      sqlBackupStaleReason(withRuns(['SUCCESS', 1]), lastMinute, now, settings),
    ).toBeUndefined();
  });
});
