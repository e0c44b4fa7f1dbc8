import { DEMO_FLEET } from './demo-fleet';
import { fleetSchema } from './fleet.schema';
import { fleetSizeProblem, generateFleet, SYNTHETIC_COMPANY_ID_BASE } from './synthetic-fleet';

describe('generateFleet', () => {
  it('builds the requested number of companies and stores, valid by fleetSchema', () => {
    const fleet = generateFleet({ companies: 3, storesPerCompany: 4 });
    expect(fleetSchema.parse(fleet)).toEqual(fleet);
    expect(fleet.companies.map((c) => c.companyId)).toEqual([10_001, 10_002, 10_003]);
    for (const company of fleet.companies) {
      expect(company.stores.map((s) => s.storeId)).toEqual([1, 2, 3, 4]);
    }
  });

  it('is deterministic', () => {
    const size = { companies: 5, storesPerCompany: 7 };
    expect(generateFleet(size)).toEqual(generateFleet(size));
    expect(generateFleet({ companies: 2, storesPerCompany: 7 }).companies).toEqual(
      generateFleet(size).companies.slice(0, 2),
    );
  });

  it('gives every store its own site password', () => {
    const fleet = generateFleet({ companies: 10, storesPerCompany: 10 });
    const passwords = fleet.companies.flatMap((c) =>
      c.stores.map((s) => s.siteCredentials.password),
    );
    expect(new Set(passwords).size).toBe(100);
  });

  it('keeps its company ids clear of the demo fleet', () => {
    const demoIds = DEMO_FLEET.companies.map((c) => c.companyId);
    expect(Math.max(...demoIds)).toBeLessThanOrEqual(SYNTHETIC_COMPANY_ID_BASE);
  });

  it.each([
    [{ companies: 0, storesPerCompany: 1 }, 'companies'],
    [{ companies: 1.5, storesPerCompany: 1 }, 'companies'],
    [{ companies: 1, storesPerCompany: 0 }, 'stores per company'],
    [{ companies: 1, storesPerCompany: 1001 }, 'stores per company'],
    [{ companies: 1000, storesPerCompany: 1000 }, 'in all'],
  ])('refuses %p', (size, problem) => {
    expect(fleetSizeProblem(size)).toContain(problem);
    expect(() => generateFleet(size)).toThrow(RangeError);
  });

  it('generates the largest allowed fleet', () => {
    const fleet = generateFleet({ companies: 100, storesPerCompany: 1000 });
    expect(fleet.companies.reduce((n, c) => n + c.stores.length, 0)).toBe(100_000);
  });
});
