import { Injectable } from '@nestjs/common';
import type { SiteCredentialSummary } from '@store-cloud/contracts';
import { SiteCredentialsCipher } from './site-credentials.cipher';
import {
  type StoredSiteCredential,
  SiteCredentialsRepository,
} from './site-credentials.repository';

export interface SiteCredentialKey {
  userId: string;
  companyId: number;
  storeId: number;
}

/** Plain credentials, for the backend's own use only (site login): never sent to a browser. */
export interface SiteCredentials {
  username: string;
  password: string;
}

const context = (k: SiteCredentialKey) => `${k.userId}:${k.companyId}:${k.storeId}`;

const toSummary = (s: StoredSiteCredential): SiteCredentialSummary => ({
  companyId: s.companyId,
  storeId: s.storeId,
  username: s.username,
  passwordSet: s.passwordEncrypted !== '',
});

/** A user's own per-store site credentials (DESIGN §2.3, §3), the password encrypted at rest. */
@Injectable()
export class SiteCredentialsService {
  constructor(
    private readonly repository: SiteCredentialsRepository,
    private readonly cipher: SiteCredentialsCipher,
  ) {}

  async listForUser(userId: string): Promise<SiteCredentialSummary[]> {
    return (await this.repository.listForUser(userId)).map(toSummary);
  }

  /**
   * Saves a store's credentials: an empty password keeps the stored one, an empty user name
   * removes them. Returns what the browser may see.
   */
  async save(
    key: SiteCredentialKey,
    username: string,
    password: string,
  ): Promise<SiteCredentialSummary> {
    if (username === '') {
      await this.repository.remove(key);
      return { companyId: key.companyId, storeId: key.storeId, username: '', passwordSet: false };
    }
    const existing = await this.repository.find(key);
    const passwordEncrypted =
      password === ''
        ? (existing?.passwordEncrypted ?? '')
        : this.cipher.encrypt(password, context(key));
    const stored = { ...key, username, passwordEncrypted };
    await this.repository.upsert(stored);
    return toSummary(stored);
  }

  /** The decrypted credentials for a site login, or null when the user has none for the store. */
  async resolve(key: SiteCredentialKey): Promise<SiteCredentials | null> {
    const stored = await this.repository.find(key);
    if (!stored) return null;
    const password = stored.passwordEncrypted
      ? this.cipher.decrypt(stored.passwordEncrypted, context(key))
      : '';
    return { username: stored.username, password };
  }

  /** Drops the user's credentials for every store that `keep` rejects (access taken away). */
  async retain(
    userId: string,
    keep: (companyId: number, storeId: number) => boolean,
  ): Promise<number> {
    const stale = (await this.repository.listForUser(userId)).filter(
      (c) => !keep(c.companyId, c.storeId),
    );
    for (const c of stale) await this.repository.remove(c);
    return stale.length;
  }

  removeForUser(userId: string): Promise<void> {
    return this.repository.removeForUser(userId);
  }
}
