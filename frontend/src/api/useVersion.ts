import { useQuery } from '@tanstack/react-query';
import { adminQueries } from './admin.queries';

/** The cloud service's version with its node, express and mongo versions (About dialog). */
export const useVersion = (enabled = true) => useQuery(adminQueries.version(enabled));
