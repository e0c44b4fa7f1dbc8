import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_FLEET, generateFleet } from '@store-cloud/contracts';
import { FleetFileError, loadFleet, parseFleetFile } from './fleet-source';

const FILE = '/fleets/test.json';
const oneStore = (storeId: number) => ({
  storeId,
  storeName: `Store ${storeId}`,
  versions: { serving: '1', deal: '1', booking: '1', pump: '1', router: '1', tentacle: '1' },
  siteCredentials: { username: 'manager', password: 'secret' },
});

function fleetFileError(text: string): FleetFileError {
  try {
    parseFleetFile(text, FILE);
  } catch (error) {
    if (error instanceof FleetFileError) return error;
    throw error;
  }
  throw new Error('expected a FleetFileError');
}

describe('parseFleetFile', () => {
  it('accepts a valid fleet and fills the schema defaults', () => {
    const fleet = parseFleetFile(
      JSON.stringify({
        companies: [{ companyId: 7, companyName: 'Seven', stores: [oneStore(1)] }],
      }),
      FILE,
    );
    expect(fleet.companies[0].stores[0]).toMatchObject({
      isActive: true,
      workstations: [],
      poleSignBrand: '',
    });
  });

  it('round-trips the demo fleet', () => {
    expect(parseFleetFile(JSON.stringify(DEMO_FLEET), FILE)).toEqual(DEMO_FLEET);
  });

  it('refuses text that is not JSON, naming FLEET_FILE and the file', () => {
    expect(fleetFileError('{').message).toBe(`FLEET_FILE ${FILE}: is not valid JSON`);
  });

  it('refuses a fleet that breaks the schema, saying where', () => {
    const text = JSON.stringify({ companies: [{ companyId: -1, companyName: 'X', stores: [] }] });
    expect(fleetFileError(text).message).toContain('companies.0.companyId');
  });

  it.each([
    [
      {
        companies: [
          { companyId: 7, companyName: 'A', stores: [] },
          { companyId: 7, companyName: 'B', stores: [] },
        ],
      },
      'company 7',
    ],
    [
      { companies: [{ companyId: 7, companyName: 'A', stores: [oneStore(2), oneStore(2)] }] },
      'store 7/2',
    ],
  ])('refuses repeated ids (%#)', (fleet, what) => {
    expect(fleetFileError(JSON.stringify(fleet)).message).toContain(
      `${what} appears more than once`,
    );
  });
});

describe('loadFleet', () => {
  it('uses the demo fleet by default', () => {
    expect(loadFleet({ kind: 'demo' })).toBe(DEMO_FLEET);
  });

  it('generates a synthetic fleet of the given size', () => {
    const size = { companies: 4, storesPerCompany: 3 };
    expect(loadFleet({ kind: 'synthetic', size })).toEqual(generateFleet(size));
  });

  it('reads a fleet file from disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-'));
    try {
      const file = path.join(dir, 'fleet.json');
      fs.writeFileSync(file, JSON.stringify(DEMO_FLEET));
      expect(loadFleet({ kind: 'file', file })).toEqual(DEMO_FLEET);
      expect(() => loadFleet({ kind: 'file', file: path.join(dir, 'missing.json') })).toThrow(
        /FLEET_FILE .*missing\.json: cannot be read \(ENOENT\)/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
