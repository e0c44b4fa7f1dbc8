import {
  MEDIA_SERVER_TEXT,
  TOKEN_INFO_PATH,
  type TokenInfo,
  tokenInfoSchema,
} from '@store-cloud/contracts';
import { backendBody, callBackend } from './backend-call';
import { TokenMap } from './token-map';

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
  private readonly cache: TokenMap<{ expires: number; info: Promise<TokenInfo | undefined> }>;
  private readonly ttlMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly backendUrl: string | undefined,
    options: BackendTokenVerifierOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.cache = new TokenMap(options.maxEntries ?? 1000);
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  verify(token: string): Promise<TokenInfo | undefined> {
    const cached = this.cache.get(token);
    if (cached && cached.expires > this.now()) return cached.info;
    const info = this.ask(token);
    const entry = { expires: this.now() + this.ttlMs, info };
    this.cache.set(token, entry);
    // Forget refusals and failures at once: only a confirmed principal is reused.
    info.then(
      (answer) => {
        if (answer === undefined) this.cache.deleteIf(token, entry);
      },
      () => this.cache.deleteIf(token, entry),
    );
    return info;
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
