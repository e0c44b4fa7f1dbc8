import {
  MEDIA_SERVER_TEXT,
  TOKEN_INFO_PATH,
  type TokenInfo,
  tokenInfoSchema,
} from '@store-cloud/contracts';
import { backendBody, callBackend } from './backend-call';
import { TokenAnswers } from './token-map';

/** Answers who a token belongs to, or undefined when the backend refuses it. */
export interface TokenVerifier {
  verify(token: string): Promise<TokenInfo | undefined>;
}

export interface BackendTokenVerifierOptions {
  /** How long an answer is reused. Short, so a disabled user or a changed access applies soon. */
  ttlMs?: number;
  /** At most this many tokens are remembered; the oldest is forgotten first. */
  maxEntries?: number;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Asks the backend's GET /portal/tokeninfo with the presented token: the media server shares no
 * secret with the backend, so it can neither mint nor check a signature itself. Answers are kept
 * for ttlMs per token (keyed by the token's hash; concurrent first calls share one request).
 * Only accepted tokens are kept; refused ones are asked again each time.
 */
export class BackendTokenVerifier implements TokenVerifier {
  // Only a confirmed principal is reused: refusals and failures are asked again each time.
  private readonly answers: TokenAnswers<TokenInfo | undefined>;
  private readonly timeoutMs: number;

  constructor(
    private readonly backendUrl: string | undefined,
    options: BackendTokenVerifierOptions = {},
  ) {
    this.answers = new TokenAnswers({
      ttlMs: options.ttlMs ?? 30_000,
      maxEntries: options.maxEntries ?? 1000,
      now: options.now ?? Date.now,
      keep: (info) => info !== undefined,
    });
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  verify(token: string): Promise<TokenInfo | undefined> {
    return this.answers.get(token, () => this.ask(token));
  }

  private async ask(token: string): Promise<TokenInfo | undefined> {
    const unavailable = MEDIA_SERVER_TEXT.backendUnavailable;
    const response = await callBackend({
      backendUrl: this.backendUrl,
      path: TOKEN_INFO_PATH,
      token,
      timeoutMs: this.timeoutMs,
      unavailable,
    });
    if (response.status === 401 || response.status === 403) return undefined;
    return backendBody(response, tokenInfoSchema, unavailable);
  }
}
