import {
  ACCESS_TOKEN_HEADER,
  DEFAULT_MEDIA_FILE_LIMIT,
  ERROR_CODE,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  mediaCompanyListSchema,
} from '@store-cloud/contracts';
import { HttpError } from '@store-cloud/node-kit';

/** The media file limit of a company (spec media §5, §9), as its administrators set it. */
export interface MediaLimits {
  fileLimit(token: string, companyId: number): Promise<number>;
}

/**
 * Asks the backend's GET /portalconfig/mediacompanies with the caller's own token: the companies
 * the caller may see, with their limits. The media server keeps no copy, so a changed limit
 * applies to the next upload. A company the backend does not list (not connected to the
 * platform) has the default limit.
 */
export class BackendMediaLimits implements MediaLimits {
  constructor(
    private readonly backendUrl: string | undefined,
    private readonly timeoutMs = 5_000,
  ) {}

  async fileLimit(token: string, companyId: number): Promise<number> {
    const unavailable = () =>
      new HttpError(503, ERROR_CODE.unavailable, MEDIA_SERVER_TEXT.fileLimitUnavailable);
    if (!this.backendUrl) throw unavailable();
    let response: Response;
    try {
      response = await fetch(new URL(MEDIA_PORTAL_API.mediaCompanies, this.backendUrl), {
        headers: { [ACCESS_TOKEN_HEADER]: token },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    if (!response.ok) throw unavailable();
    const parsed = mediaCompanyListSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw unavailable();
    return (
      parsed.data.find((c) => c.companyId === companyId)?.mediaFileLimit ?? DEFAULT_MEDIA_FILE_LIMIT
    );
  }
}
