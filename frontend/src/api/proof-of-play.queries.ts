/** Query factories of proof of play (issue 32): a range's roll-up and the schedules' plays. */
import {
  PROOF_OF_PLAY_API,
  type ProofOfPlayQuery,
  proofOfPlayRollupSchema,
  scheduleRollupSchema,
} from '@store-cloud/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The query as URL parameters; an unset filter is left out. */
export const proofOfPlayParams = (q: ProofOfPlayQuery): Record<string, string | number> =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

export const proofOfPlayQueries = {
  all: () => ['portal', 'proofofplay'] as const,
  rollup: (q: ProofOfPlayQuery | undefined) =>
    queryOptions({
      queryKey: [...proofOfPlayQueries.all(), 'rollup', q] as const,
      queryFn: ({ signal }) =>
        apiRequest(PROOF_OF_PLAY_API.rollup, proofOfPlayRollupSchema, {
          signal,
          query: proofOfPlayParams(q!),
        }),
      enabled: q !== undefined,
    }),
  schedules: (companyId: number) =>
    queryOptions({
      queryKey: [...proofOfPlayQueries.all(), 'schedules', companyId] as const,
      queryFn: ({ signal }) =>
        apiRequest(PROOF_OF_PLAY_API.schedules, scheduleRollupSchema, {
          signal,
          query: { companyId },
        }),
      staleTime: 30_000,
    }),
};
