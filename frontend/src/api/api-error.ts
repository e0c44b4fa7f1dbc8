import type { ErrorBody } from '@store-cloud/contracts';

/** A failed call: the spec's generic failure text, the status, and the backend's error body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.body?.code;
  }

  /** The id the service gave the request (its error body's requestId), for the user to quote. */
  get requestId(): string | undefined {
    return this.body?.requestId;
  }
}

/** The request id of a failed call, when the error is one. */
export const requestIdOf = (e: unknown): string | undefined =>
  e instanceof ApiError ? e.requestId : undefined;

/** The server's own words for a refusal (a 4xx {code, message} body), when it sent any. */
export const reasonOf = (e: unknown): string | undefined =>
  e instanceof ApiError && e.status < 500 ? e.body?.message || undefined : undefined;

/** A failure text (often the spec's) followed by the server's reason, when there is one. */
export const withReason = (text: string, e: unknown): string => {
  const reason = reasonOf(e);
  return reason ? `${text}: ${reason}` : text;
};
