import { tentaclePingSchema } from '@store-cloud/contracts';

/** The schema's own bound, so the hand check cannot drift from it. */
const TENTACLE_VERSION_MAX = tentaclePingSchema.shape.tentacleVersion.maxLength ?? 0;

/**
 * The ping's tentacle version, or undefined when the body is not a ping (tentaclePingSchema):
 * the usual body is checked by hand, anything else by the schema, which decides.
 */
export function pingVersion(body: unknown): string | undefined {
  const version = (body as { tentacleVersion?: unknown } | null)?.tentacleVersion;
  if (
    typeof version === 'string' &&
    version.length <= TENTACLE_VERSION_MAX &&
    typeof body === 'object' &&
    !Array.isArray(body)
  )
    return version;
  const ping = tentaclePingSchema.safeParse(body);
  return ping.success ? ping.data.tentacleVersion : undefined;
}
