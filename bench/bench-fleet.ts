/**
 * The bench's stores as a connected fleet (tentacles.bench.ts with MONGODB_URI): their companies
 * and stores go into the master data (cloudcompanies, retailstores: the store cloud's, which has
 * no API here), then the admin connects them through POST /portal/integrationcompanies as the
 * portal does, so every status answer holds them all. Afterwards the admin removes them again
 * the same way and the bench's documents are deleted.
 */
import {
  ACCESS_TOKEN_HEADER,
  COMPANY_API,
  integrationCompanyListSchema,
} from '@store-cloud/contracts';
import { type Db, MongoClient } from 'mongodb';

export interface BenchFleet {
  uri: string;
  database: string;
  companies: Map<number, number[]>;
}

async function saveConnected(
  base: string,
  token: string,
  companies: number[],
  confirmRemoval: number[],
) {
  const res = await fetch(`${base}${COMPANY_API.integrationCompanies}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      companies: companies.map((companyId) => ({ companyId, companyName: `Bench ${companyId}` })),
      ...(confirmRemoval.length ? { confirmRemoval } : {}),
    }),
  });
  if (!res.ok) throw new Error(`saving the connected companies: ${res.status} ${await res.text()}`);
}

/** The ids of the companies connected now. */
export async function connectedNow(base: string, token: string): Promise<number[]> {
  const res = await fetch(`${base}${COMPANY_API.integrationCompanies}`, {
    headers: { [ACCESS_TOKEN_HEADER]: token },
  });
  if (!res.ok) throw new Error(`reading the connected companies: ${res.status}`);
  return integrationCompanyListSchema.parse(await res.json()).map((c) => c.companyId);
}

const withDb = async <T>(fleet: BenchFleet, work: (db: Db) => Promise<T>) => {
  const client = await MongoClient.connect(fleet.uri);
  try {
    return await work(client.db(fleet.database));
  } finally {
    await client.close();
  }
};

/** Puts the fleet into the master data and connects it; answers the companies connected before. */
export async function connectBenchFleet(
  fleet: BenchFleet,
  base: string,
  token: string,
): Promise<number[]> {
  const ids = [...fleet.companies.keys()];
  await withDb(fleet, async (db) => {
    await db.collection('cloudcompanies').deleteMany({ companyId: { $in: ids } });
    await db.collection('retailstores').deleteMany({ companyId: { $in: ids } });
    await db
      .collection('cloudcompanies')
      .insertMany(ids.map((companyId) => ({ companyId, companyName: `Bench ${companyId}` })));
    await db.collection('retailstores').insertMany(
      [...fleet.companies].flatMap(([companyId, stores]) =>
        stores.map((storeId) => ({
          companyId,
          storeId,
          storeName: `Bench store ${companyId}/${storeId}`,
          isActive: true,
        })),
      ),
    );
  });
  const before = await connectedNow(base, token);
  await saveConnected(base, token, [...before, ...ids], []);
  return before;
}

/** Disconnects the fleet as an admin would and deletes what the bench put in the database. */
export async function removeBenchFleet(
  fleet: BenchFleet,
  base: string,
  token: string,
  before: number[],
): Promise<void> {
  const ids = [...fleet.companies.keys()];
  await saveConnected(base, token, before, ids);
  await withDb(fleet, async (db) => {
    // Removal is soft (a re-added company gets its configuration back): the bench's go for good.
    await db.collection('integrationcompanies').deleteMany({ companyId: { $in: ids } });
    await db.collection('cloudcompanies').deleteMany({ companyId: { $in: ids } });
    await db.collection('retailstores').deleteMany({ companyId: { $in: ids } });
  });
}
