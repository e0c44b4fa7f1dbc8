import { ERROR_CODE, HOME_TEXT, SITE_ERROR_CODE, TIMEOUT_TEXT } from '@store-cloud/contracts';
import { CodedError, type ErrorCode } from '@store-cloud/node-kit';

/** The store's messenger and the Message screen's store calls are for Message Manager users. */
export const MESSAGE_MANAGER_REQUIRED = 'The Message Manager application is required';

/**
 * The codes of the sites domain's refusals (store connections, site logins and tokens, the relay,
 * the message deliveries); HTTP_STATUS_BY_CODE gives each its status.
 */
export const SITES_ERROR_CODE = {
  /** The site token expired, or its connection or its user's access ended (/timeout). */
  connectionClosed: SITE_ERROR_CODE.connectionClosed,
  /** An administrator closed the connection (Status): /timeout says so instead of idleness. */
  connectionClosedByAdmin: SITE_ERROR_CODE.connectionClosedByAdmin,
  loginFailed: SITE_ERROR_CODE.siteLoginFailed,
  /** The store is offline, or no node holds its socket any more. */
  storeOffline: SITE_ERROR_CODE.storeOffline,
  notConnected: SITE_ERROR_CODE.notConnected,
  /** The store's socket did not acknowledge in time. */
  storeTimeout: SITE_ERROR_CODE.storeTimeout,
  /** A message the store did not acknowledge in time: it may have it (issue 24). */
  outcomeUnknown: SITE_ERROR_CODE.outcomeUnknown,
  /** A method the relay does not pass on (HEAD, OPTIONS). */
  methodNotAllowed: ERROR_CODE.methodNotAllowed,
  unauthenticated: ERROR_CODE.unauthenticated,
  /** A refusal of access (403), not bad input. */
  forbidden: ERROR_CODE.forbidden,
  notFound: ERROR_CODE.notFound,
  conflict: ERROR_CODE.conflict,
  invalid: ERROR_CODE.validation,
} as const satisfies Record<string, ErrorCode>;
export type SitesErrorCode = (typeof SITES_ERROR_CODE)[keyof typeof SITES_ERROR_CODE];

/** Every refusal of the sites domain. */
export class SiteError extends CodedError {
  constructor(code: SitesErrorCode, message: string) {
    super(code, message);
  }

  /** Whether `error` is a SiteError with this code. */
  static is(error: unknown, code: SitesErrorCode): error is SiteError {
    return error instanceof SiteError && error.code === code;
  }

  static connectionClosed({ byAdmin = false } = {}) {
    return byAdmin
      ? new SiteError(SITES_ERROR_CODE.connectionClosedByAdmin, TIMEOUT_TEXT.closedByAdmin)
      : new SiteError(SITES_ERROR_CODE.connectionClosed, TIMEOUT_TEXT.body);
  }

  static storeOffline(company: number, store: number) {
    return new SiteError(
      SITES_ERROR_CODE.storeOffline,
      `Store ${store} of company ${company} is not online`,
    );
  }

  static storeTimeout(company: number, store: number) {
    return new SiteError(
      SITES_ERROR_CODE.storeTimeout,
      `Store ${store} of company ${company} did not answer in time`,
    );
  }

  static outcomeUnknown(company: number, store: number) {
    return new SiteError(
      SITES_ERROR_CODE.outcomeUnknown,
      `Store ${store} of company ${company} did not acknowledge the message in time: it may have received it. Sending it again with the same id is applied once.`,
    );
  }

  static loginFailed(message: string = HOME_TEXT.failedToLoginSiteRouter) {
    return new SiteError(SITES_ERROR_CODE.loginFailed, message);
  }

  /** A method the relay does not pass on (HEAD, OPTIONS): 405, with the Allow header set. */
  static methodNotAllowed() {
    return new SiteError(SITES_ERROR_CODE.methodNotAllowed, 'Method not allowed');
  }

  static notConnected(company: number, store: number) {
    return new SiteError(
      SITES_ERROR_CODE.notConnected,
      `No connection to store ${store} of company ${company}: connect first`,
    );
  }

  static unauthenticated(message: string) {
    return new SiteError(SITES_ERROR_CODE.unauthenticated, message);
  }
  static forbidden(message: string) {
    return new SiteError(SITES_ERROR_CODE.forbidden, message);
  }
  static notFound(message: string) {
    return new SiteError(SITES_ERROR_CODE.notFound, message);
  }
  static conflict(message: string) {
    return new SiteError(SITES_ERROR_CODE.conflict, message);
  }
  static invalid(message: string) {
    return new SiteError(SITES_ERROR_CODE.invalid, message);
  }
}
