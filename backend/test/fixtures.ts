import type { INestApplication } from '@nestjs/common';
import { DEMO_FLEET } from '@store-cloud/contracts';
import { IntegrationCompaniesRepository } from '../src/modules/companies/integration-companies.repository';

/** A 1 x 1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** How many stores the demo fleet has, over all its companies. */
export const DEMO_STORE_COUNT = DEMO_FLEET.companies.reduce((n, c) => n + c.stores.length, 0);

/**
 * Connects the media test company (7, folder AcmeFuels-7) to the platform: the schedule engine
 * runs only the schedules of connected companies.
 */
export async function connectAcmeFuels(app: INestApplication): Promise<void> {
  await app.get(IntegrationCompaniesRepository).insert({
    companyId: 7,
    companyName: 'Acme Fuels',
    stores: [
      { storeId: 1, storeName: 'One', isActive: true },
      { storeId: 2, storeName: 'Two', isActive: true },
    ],
    mediaFileLimit: 20,
    tagLimit: 10,
  });
}
