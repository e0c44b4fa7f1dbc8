import { MongoClient } from 'mongodb';
import {
  type CloudCompany,
  COMPANY_API,
  integrationCompanyListSchema,
  SIMULATOR_API,
  simulatedStoreStateSchema,
} from '@store-cloud/contracts';
import type { AdminApi } from './admin-api';
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
 * import would, so a spec has a company of its own to connect. Straight into the database: no
 * API of the platform creates master data (the seed and imports write it). Ids are random and high, clear
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

/** The connected (integration) companies as the Companies screen lists them. */
const connectedCompanies = async (admin: AdminApi): Promise<CloudCompany[]> =>
  (
    await admin.call(
      'GET',
      E2E.backendUrl + COMPANY_API.integrationCompanies,
      integrationCompanyListSchema,
    )
  ).map(({ companyId, companyName }) => ({ companyId, companyName }));

/**
 * Connects a cloud company to the platform as the Companies screen's Save does: the whole list
 * of connected companies with this one added. It joins with its active stores.
 */
export async function connectCompany(admin: AdminApi, company: CloudCompany): Promise<void> {
  const companies = [...(await connectedCompanies(admin)), company];
  await admin.call(
    'POST',
    E2E.backendUrl + COMPANY_API.integrationCompanies,
    integrationCompanyListSchema,
    { data: { companies } },
  );
}

/**
 * Removes a company from the connected list as the Companies screen does once the user has
 * confirmed losing its configuration (media folder, schedules).
 */
export async function disconnectCompany(admin: AdminApi, companyId: number): Promise<void> {
  const companies = (await connectedCompanies(admin)).filter((c) => c.companyId !== companyId);
  await admin.call(
    'POST',
    E2E.backendUrl + COMPANY_API.integrationCompanies,
    integrationCompanyListSchema,
    { data: { companies, confirmRemoval: [companyId] } },
  );
}
