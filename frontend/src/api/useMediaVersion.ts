import { MEDIA_SERVER_PREFIX, serviceVersionSchema } from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The central media server's version (About dialog); reached through the /media-server proxy. */
export const useMediaVersion = (enabled = true) =>
  useQuery({
    queryKey: ['media-server', 'version'],
    queryFn: ({ signal }) =>
      apiRequest(`${MEDIA_SERVER_PREFIX}/version`, serviceVersionSchema, { signal, public: true }),
    enabled,
    staleTime: Infinity,
    // An unreachable media server only shows '-' in the dialog; retrying would just delay that.
    retry: false,
  });
