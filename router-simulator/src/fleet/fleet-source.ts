import fs from 'node:fs';
import { DEMO_FLEET, type Fleet, fleetSchema, generateFleet } from '@store-cloud/contracts';
import type { FleetSource } from '../config/simulator-config';

/** A fleet file that cannot be used; the message names FLEET_FILE and says what is wrong. */
export class FleetFileError extends Error {
  constructor(file: string, problem: string) {
    super(`FLEET_FILE ${file}: ${problem}`);
    this.name = 'FleetFileError';
  }
}

export function loadFleet(source: FleetSource): Fleet {
  switch (source.kind) {
    case 'demo':
      return DEMO_FLEET;
    case 'synthetic':
      return generateFleet(source.size);
    case 'file': {
      let text: string;
      try {
        text = fs.readFileSync(source.file, 'utf8');
      } catch (error) {
        throw new FleetFileError(
          source.file,
          `cannot be read (${(error as NodeJS.ErrnoException).code})`,
        );
      }
      return parseFleetFile(text, source.file);
    }
  }
}

/**
 * Validates a fleet file's text with the shared fleetSchema, and refuses repeated company or
 * store ids, which would otherwise silently make two stores one.
 */
export function parseFleetFile(text: string, file: string): Fleet {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FleetFileError(file, 'is not valid JSON');
  }
  const result = fleetSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new FleetFileError(file, `does not match the fleet schema: ${problems.join('; ')}`);
  }
  const duplicate = findDuplicateId(result.data);
  if (duplicate) throw new FleetFileError(file, `${duplicate} appears more than once`);
  return result.data;
}

function findDuplicateId(fleet: Fleet): string | undefined {
  const companyIds = new Set<number>();
  for (const company of fleet.companies) {
    if (companyIds.has(company.companyId)) return `company ${company.companyId}`;
    companyIds.add(company.companyId);
    const storeIds = new Set<number>();
    for (const store of company.stores) {
      if (storeIds.has(store.storeId)) return `store ${company.companyId}/${store.storeId}`;
      storeIds.add(store.storeId);
    }
  }
  return undefined;
}
