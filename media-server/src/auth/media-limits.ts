import {
  DEFAULT_MEDIA_FILE_LIMIT,
  MEDIA_PORTAL_API,
  MEDIA_SERVER_TEXT,
  mediaCompanyListSchema,
} from '@store-cloud/contracts';
import { backendBody, callBackend } from './backend-call';
import { TokenAnswers } from './token-map';

/** The media file limit of a company (spec media §5, §9), as its administrators set it. */
export interface MediaLimits {
  /**
   * fresh: ask the backend even when a kept answer is young enough (the upload slots do before
   * they refuse, so a raised limit applies at once).
   */
  fileLimit(token: string, companyId: number, options?: { fresh?: boolean }): Promise<number>;
}

export interface BackendMediaLimitsOptions {
  /** How long an answer is reused: a lowered limit applies to uploads after this. */
  ttlMs?: number;
  /** At most this many tokens are remembered; the oldest is forgotten first. */
  maxEntries?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** How long the limits the backend told are reused per token, unless the caller asks fresh. */
export const MEDIA_LIMIT_TTL_MS = 10_000;

/**
 * Asks the backend's GET /portalconfig/mediacompanies with the caller's own token: the companies
 * the caller may see, with their limits. The answer (only each company's limit) is kept per token
 * for ttlMs, so a burst of uploads costs one backend round trip, not one each; concurrent first
 * calls share one request and failures are not kept. A company the backend does not list (not
 * connected to the platform) has the default limit.
 */
export class BackendMediaLimits implements MediaLimits {
  private readonly kept: TokenAnswers<Map<number, number>>;
  private readonly timeoutMs: number;

  constructor(
    private readonly backendUrl: string | undefined,
    options: BackendMediaLimitsOptions = {},
  ) {
    this.kept = new TokenAnswers({
      ttlMs: options.ttlMs ?? MEDIA_LIMIT_TTL_MS,
      maxEntries: options.maxEntries ?? 1000,
      now: options.now ?? Date.now,
    });
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async fileLimit(token: string, companyId: number, { fresh = false } = {}): Promise<number> {
    const limits = await this.kept.get(token, () => this.ask(token), { fresh });
    return limits.get(companyId) ?? DEFAULT_MEDIA_FILE_LIMIT;
  }

  private async ask(token: string): Promise<Map<number, number>> {
    const unavailable = MEDIA_SERVER_TEXT.fileLimitUnavailable;
    const response = await callBackend({
      backendUrl: this.backendUrl,
      path: MEDIA_PORTAL_API.mediaCompanies,
      token,
      timeoutMs: this.timeoutMs,
      unavailable,
    });
    const companies = await backendBody(response, mediaCompanyListSchema, unavailable);
    return new Map(companies.map((c) => [c.companyId, c.mediaFileLimit]));
  }
}
