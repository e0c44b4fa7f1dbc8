import { useQuery } from '@tanstack/react-query';
import { mediaQueries } from './media.queries';

/** The central media server's version (About dialog); reached through the /media-server proxy. */
export const useMediaVersion = (enabled = true) => useQuery(mediaQueries.version(enabled));
