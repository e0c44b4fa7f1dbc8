import { HOME_TEXT, SITE_ERROR_CODE, TIMEOUT_TEXT } from '@store-cloud/contracts';
import { CodedError } from '@store-cloud/node-kit';

/** The store's messenger and the Message screen's store calls are for Message Manager users. */
export const MESSAGE_MANAGER_REQUIRED = 'The Message Manager application is required';

/** The errors of connecting to a store and relaying to it. */
export class SiteError extends CodedError {
  static connectionClosed() {
    return new SiteError(SITE_ERROR_CODE.connectionClosed, TIMEOUT_TEXT.body);
  }

  static storeOffline(company: number, store: number) {
    return new SiteError(
      SITE_ERROR_CODE.storeOffline,
      `Store ${store} of company ${company} is not online`,
    );
  }

  static storeTimeout(company: number, store: number) {
    return new SiteError(
      SITE_ERROR_CODE.storeTimeout,
      `Store ${store} of company ${company} did not answer in time`,
    );
  }

  /** A message the store did not acknowledge in time: it may have it (issue 24). */
  static outcomeUnknown(company: number, store: number) {
    return new SiteError(
      SITE_ERROR_CODE.outcomeUnknown,
      `Store ${store} of company ${company} did not acknowledge the message in time: it may have received it. Sending it again with the same id is applied once.`,
    );
  }

  static loginFailed(message: string = HOME_TEXT.failedToLoginSiteRouter) {
    return new SiteError(SITE_ERROR_CODE.siteLoginFailed, message);
  }

  static notConnected(company: number, store: number) {
    return new SiteError(
      SITE_ERROR_CODE.notConnected,
      `No connection to store ${store} of company ${company}: connect first`,
    );
  }
}
