import { SCREENSHOT_API, screenshotSchema } from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/api-client';
import { useInvalidatingMutation } from '../../api/useInvalidatingMutation';
import { screenshotsQueries, type StoreScreen } from './screenshots.queries';

/** The latest screenshot of a store's screen (null before the first). */
export const useLatestScreenshot = (screen: StoreScreen) =>
  useQuery(screenshotsQueries.latest(screen));

/** Asks the store for a screenshot now; the answer becomes the screen's latest at once. */
export const useTakeScreenshot = (screen: StoreScreen) =>
  useInvalidatingMutation(
    [],
    () => apiRequest(SCREENSHOT_API.take, screenshotSchema, { method: 'POST', body: screen }),
    {
      onSuccess: (screenshot, client) =>
        client.setQueryData(screenshotsQueries.latest(screen).queryKey, { screenshot }),
    },
  );
