import { DEMO_FLEET } from '@store-cloud/contracts';

/** A 1 x 1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** How many stores the demo fleet has, over all its companies. */
export const DEMO_STORE_COUNT = DEMO_FLEET.companies.reduce((n, c) => n + c.stores.length, 0);
