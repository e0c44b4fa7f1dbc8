import type { SsoError } from '@store-cloud/contracts';

/**
 * A sign-in that ends without a code. Not an HttpError: the browser is on a redirect, so the
 * reason goes to the portal's SSO screen in its address (SSO_ERROR), never as a JSON answer.
 */
export class SsoFlowError extends Error {
  constructor(readonly reason: SsoError) {
    super(reason);
  }
}
