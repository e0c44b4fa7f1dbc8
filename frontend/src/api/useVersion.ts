import { API, versionInfoSchema } from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The cloud service's version with its node, express and mongo versions (About dialog). */
export const useVersion = (enabled = true) =>
  useQuery({
    queryKey: ['version'],
    queryFn: ({ signal }) => apiRequest(API.version, versionInfoSchema, { signal }),
    enabled,
    staleTime: Infinity,
  });
