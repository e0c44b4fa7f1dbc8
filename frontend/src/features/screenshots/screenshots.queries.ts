/** Query factory of the screenshots of a store's screens (issue 32 item 3). */
import { latestScreenshotSchema, SCREENSHOT_API } from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/api-client';

export interface StoreScreen {
  companyId: number;
  storeId: number;
  screen: string;
}

export const screenshotsQueries = {
  all: () => ['portal', 'screenshots'] as const,
  latest: ({ companyId, storeId, screen }: StoreScreen) =>
    queryOptions({
      queryKey: [...screenshotsQueries.all(), companyId, storeId, screen] as const,
      queryFn: ({ signal }) =>
        apiRequest(SCREENSHOT_API.latest, latestScreenshotSchema, {
          signal,
          query: { companyId, storeId, screen },
        }),
    }),
};
