import {
  MEDIA_PORTAL_API,
  mediaCompanyListSchema,
  mediaServerParamsSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The query key of the media companies; whoever changes a company's media set-up invalidates it. */
export const MEDIA_COMPANIES_KEY = ['portalconfig', 'mediacompanies'] as const;

/** The companies the user may open on the Central Media screen, with folder, tags and limits. */
export const useMediaCompanies = () =>
  useQuery({
    queryKey: MEDIA_COMPANIES_KEY,
    queryFn: ({ signal }) =>
      apiRequest(MEDIA_PORTAL_API.mediaCompanies, mediaCompanyListSchema, { signal }),
  });

/** GET /portal/centralmediaserverparams: MaxWidth, MaxHeight and the type tags (spec §3). */
export const useMediaServerParams = () =>
  useQuery({
    queryKey: ['portal', 'centralmediaserverparams'],
    queryFn: ({ signal }) =>
      apiRequest(MEDIA_PORTAL_API.serverParams, mediaServerParamsSchema, { signal }),
    staleTime: Infinity,
  });
