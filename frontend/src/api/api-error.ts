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
}
