import { MEDIA_API, serviceVersionSchema } from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { mediaServerUrl } from './media-server';

/** The central media server's version (About dialog); reached through the /media-server proxy. */
export const useMediaVersion = (enabled = true) =>
  useQuery({
    queryKey: ['media-server', 'version'],
    queryFn: ({ signal }) =>
      apiRequest(mediaServerUrl(MEDIA_API.version), serviceVersionSchema, { signal, public: true }),
    enabled,
    staleTime: Infinity,
    // An unreachable media server only shows '-' in the dialog; retrying would just delay that.
    retry: false,
  });
