import { z } from 'zod';

/**
 * The three back-office (evoBOS) apps the portal embeds (spec §2 Store, Function screen) and
 * which one a site's serving service needs. The spec leaves the rule open: a serving service
 * from BOS_SERVING_MINIMUM[n] on runs evoBOS n+1; an unreadable version chooses none (0), which
 * the store page reports as 'Unable to open application'.
 */
export const BOS_API = {
  bosVersion: '/portalconfig/bosversion',
  bosVersions: '/portalconfig/bosversions',
} as const;

export const BOS_VERSIONS = { bos1: '1.8.4', bos2: '2.3.1', bos3: '3.0.2' } as const;

/** Lowest serving version (major.minor) of evoBOS 1, 2 and 3. */
export const BOS_SERVING_MINIMUM: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [5, 3],
  [5, 4],
];

export function bosToUse(servingVersion: string): number {
  const match = /^(\d+)\.(\d+)/.exec(servingVersion.trim());
  if (!match) return 0;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  let chosen = 0;
  BOS_SERVING_MINIMUM.forEach(([m, n], i) => {
    if (major > m || (major === m && minor >= n)) chosen = i + 1;
  });
  return chosen;
}

export const bosVersionQuerySchema = z.object({ evoserv: z.string().max(50) });
export const bosToUseSchema = z.object({ bosToUse: z.number().int().min(0).max(3) });
export const bosVersionsSchema = z.object({ bos1: z.string(), bos2: z.string(), bos3: z.string() });
export type BosToUse = z.infer<typeof bosToUseSchema>;
export type BosVersions = z.infer<typeof bosVersionsSchema>;
