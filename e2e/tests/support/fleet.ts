import { MongoClient } from 'mongodb';
import { SIMULATOR_API, simulatedStoreStateSchema } from '@store-cloud/contracts';
import { E2E } from './e2e-env';

/** Takes a simulated store offline or back online through the simulator's control API. */
export async function setStoreOnline(companyId: number, storeId: number, online: boolean) {
  const path = online
    ? SIMULATOR_API.storeOnline(companyId, storeId)
    : SIMULATOR_API.storeOffline(companyId, storeId);
  const response = await fetch(`${E2E.simulatorUrl}${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return simulatedStoreStateSchema.parse(await response.json());
}

/**
 * Adds a company with stores to the cloud's master data (cloudcompanies, retailstores), as an
 * import would, so a spec has a company of its own to connect. Ids are random and high, clear
 * of the demo fleet and of other specs.
 */
export async function insertCloudCompany(
  companyName: string,
  storeNames: string[],
): Promise<{ companyId: number }> {
  const companyId = 50_000 + Math.floor(Math.random() * 900_000);
  const client = await MongoClient.connect(E2E.mongoUri);
  try {
    const db = client.db();
    await db.collection('cloudcompanies').insertOne({ companyId, companyName });
    await db.collection('retailstores').insertMany(
      storeNames.map((storeName, i) => ({
        companyId,
        storeId: i + 1,
        storeName,
        isActive: true,
      })),
    );
  } finally {
    await client.close();
  }
  return { companyId };
}
