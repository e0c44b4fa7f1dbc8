import { useQuery } from '@tanstack/react-query';
import { mediaQueries } from './media.queries';

/** The companies the user may open on the Central Media screen, with folder, tags and limits. */
export const useMediaCompanies = () => useQuery(mediaQueries.companies());

/** GET /portal/centralmediaserverparams: MaxWidth, MaxHeight and the type tags (spec §3). */
export const useMediaServerParams = () => useQuery(mediaQueries.serverParams());
