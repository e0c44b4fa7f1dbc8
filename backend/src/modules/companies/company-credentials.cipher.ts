import { Injectable } from '@nestjs/common';
import { isSealed, SiteCredentialsCipher } from '../site-credentials';
import type {
  StoredCredentials,
  StoredIntegrationCompany,
} from './integration-companies.repository';

const companyContext = (companyId: number) => `evobos:${companyId}`;
const storeContext = (companyId: number, storeId: number) => `evobos:${companyId}:${storeId}`;

/**
 * Company and store level evobos passwords at rest (DESIGN §3): encrypted with the site
 * credentials key, bound to their company (and store). Passwords written in plain text before
 * this existed (or restored from an old backup) still read; CredentialsAtRestService encrypts
 * them at start and after a restore.
 */
@Injectable()
export class CompanyCredentialsCipher {
  constructor(private readonly cipher: SiteCredentialsCipher) {}

  /** The company with every password encrypted (those already encrypted stay as they are). */
  seal(company: StoredIntegrationCompany): StoredIntegrationCompany {
    const { companyId } = company;
    return {
      ...company,
      ...(company.evobos
        ? { evobos: this.sealOne(company.evobos, companyContext(companyId)) }
        : {}),
      stores: company.stores.map((s) =>
        s.evobos ? { ...s, evobos: this.sealOne(s.evobos, storeContext(companyId, s.storeId)) } : s,
      ),
    };
  }

  /** Written before passwords were encrypted (or by the seed CLI, which has no key). */
  hasPlainText(company: StoredIntegrationCompany): boolean {
    const plain = (c?: StoredCredentials) => !!c?.password && !isSealed(c.password);
    return plain(company.evobos) || company.stores.some((s) => plain(s.evobos));
  }

  companyPassword(companyId: number, credentials: StoredCredentials): string {
    return this.open(credentials.password, companyContext(companyId));
  }

  storePassword(companyId: number, storeId: number, credentials: StoredCredentials): string {
    return this.open(credentials.password, storeContext(companyId, storeId));
  }

  /** A company's (storeId undefined) or a store's password, encrypted for where it is stored. */
  sealPassword(companyId: number, storeId: number | undefined, plain: string): string {
    const context =
      storeId === undefined ? companyContext(companyId) : storeContext(companyId, storeId);
    return this.cipher.encrypt(plain, context);
  }

  private sealOne(credentials: StoredCredentials, context: string): StoredCredentials {
    const { password } = credentials;
    if (!password || isSealed(password)) return credentials;
    return { ...credentials, password: this.cipher.encrypt(password, context) };
  }

  private open(password: string, context: string): string {
    return isSealed(password) ? this.cipher.decrypt(password, context) : password;
  }
}
