import { useQuery } from '@tanstack/react-query';
import { mediaQueries } from './media.queries';

/** What a store shows at a time, and its schedules of the next days (issue 17 point 3). */
export const useStoreMediaAt = (companyId: number, storeId: number | undefined, at: string) =>
  useQuery(mediaQueries.storeMediaAt(companyId, storeId, at));
