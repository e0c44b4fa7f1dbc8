import {
  classifySqlBackupInstallation,
  countSqlBackupOutcomes,
  latestSqlBackupRun,
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
