import {
  DEFAULT_MEDIA_FILE_LIMIT,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  mediaCompanyListSchema,
} from '@store-cloud/contracts';
import { backendBody, callBackend } from './backend-call';

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
    const unavailable = MEDIA_SERVER_TEXT.fileLimitUnavailable;
    const response = await callBackend({
      backendUrl: this.backendUrl,
      path: MEDIA_PORTAL_API.mediaCompanies,
      token,
      timeoutMs: this.timeoutMs,
      unavailable,
    });
    const companies = await backendBody(response, mediaCompanyListSchema, unavailable);
    return (
      companies.find((c) => c.companyId === companyId)?.mediaFileLimit ?? DEFAULT_MEDIA_FILE_LIMIT
    );
  }
}
