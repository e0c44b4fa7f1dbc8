import { countSqlBackupOutcomes, sqlBackupInstallationSchema } from '../messaging/sql-backup';
import { POLESIGN_BRANDS } from '../messaging/messaging';
import { DEMO_FLEET } from './demo-fleet';
import { simulatedSqlBackupFleet } from './sql-backup-fixture';
import { generateFleet } from './synthetic-fleet';

describe('simulated SQL backup installations', () => {
  it('give the demo fleet every outcome of the dashboard, valid as a store reports them', () => {
    const all = [...simulatedSqlBackupFleet(DEMO_FLEET).values()].flat();
    for (const installation of all) sqlBackupInstallationSchema.parse(installation);
    const counts = countSqlBackupOutcomes(all);
    expect(counts).toEqual({
      successful: expect.any(Number),
      failed: expect.any(Number),
      notRun: expect.any(Number),
      noJobs: expect.any(Number),
      inactive: expect.any(Number),
      all: all.length,
    });
    for (const count of Object.values(counts)) expect(count).toBeGreaterThan(0);
  });

  it('are the same for the same fleet and time', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(simulatedSqlBackupFleet(DEMO_FLEET, now)).toEqual(
      simulatedSqlBackupFleet(DEMO_FLEET, now),
    );
  });
});

describe('pole sign brands of the fleets', () => {
  it('share brands across companies in the demo fleet', () => {
    const shell = DEMO_FLEET.companies.flatMap((c) =>
      c.stores.filter((s) => s.poleSignBrand === 'Shell').map(() => c.companyId),
    );
    expect(shell.length).toBeGreaterThanOrEqual(2);
    expect(new Set(shell).size).toBeGreaterThanOrEqual(2);
  });

  it('give synthetic stores a brand of the polesign list, the same on every run', () => {
    const fleet = generateFleet({ companies: 2, storesPerCompany: 30 });
    const brands = fleet.companies.flatMap((c) => c.stores.map((s) => s.poleSignBrand));
    expect(brands.every((b) => (POLESIGN_BRANDS as readonly string[]).includes(b))).toBe(true);
    expect(new Set(brands).size).toBe(POLESIGN_BRANDS.length);
    expect(generateFleet({ companies: 2, storesPerCompany: 30 })).toEqual(fleet);
  });
});
