import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AUDIT_ACTION } from '@store-cloud/contracts';
import { AuditService, PLATFORM_ACTOR } from '../audit';
import { acquireOwnedLock, type OwnedLock, RedisService } from '../redis';
import { isSealed, SiteCredentialsCipher, SiteCredentialsRepository } from '../site-credentials';
import { CompanyCredentialsCipher } from './company-credentials.cipher';
import { IntegrationCompaniesRepository } from './integration-companies.repository';

const LOCK_KEY = 'credentials:encrypt-lock';
const LOCK_TTL_MS = 10_000;
/** How often a node asks for the lock another node holds before giving up (about two TTLs). */
const LOCK_TRIES = 200;

const siteContext = (k: { userId: string; companyId: number; storeId: number }) =>
  `${k.userId}:${k.companyId}:${k.storeId}`;

/**
 * No site password stays in plain text at rest (issue 23): at every start, and after a restore
 * (an old backup may carry them), each plain company, store and per-user site password is
 * encrypted. One node at a time does it (a Redis lock: FerretDB's updates are no atomic compare
 * and set), and each value is still replaced only while it is the plain value read, so a record is
 * encrypted and audited once however many nodes start at once; a second run finds nothing.
 */
@Injectable()
export class CredentialsAtRestService implements OnApplicationBootstrap {
  private readonly logger = new Logger(CredentialsAtRestService.name);

  constructor(
    private readonly integration: IntegrationCompaniesRepository,
    private readonly companyCipher: CompanyCredentialsCipher,
    private readonly siteCredentials: SiteCredentialsRepository,
    private readonly siteCipher: SiteCredentialsCipher,
    private readonly audit: AuditService,
    private readonly redis: RedisService,
  ) {}

  async onApplicationBootstrap() {
    try {
      await this.encryptPlainText();
    } catch (error) {
      // Not fatal: a plain password still reads, and the next start or restore tries again.
      this.logger.error(`Encrypting stored plain-text passwords failed: ${String(error)}`);
    }
  }

  /** Encrypts every plain-text password stored; answers how many this call encrypted. */
  async encryptPlainText(): Promise<number> {
    const lock = await this.lock();
    try {
      return await this.encryptUnderLock();
    } finally {
      await lock.release().catch(() => undefined);
    }
  }

  /** How many passwords are stored in plain text (an export refuses to carry them). */
  async countPlainText(): Promise<number> {
    const plain = (p?: string) => (p && !isSealed(p) ? 1 : 0);
    let count = 0;
    for (const c of await this.integration.storedPasswords())
      count += plain(c.password) + c.stores.reduce((n, s) => n + plain(s.password), 0);
    for (const s of await this.siteCredentials.listAll()) count += plain(s.passwordEncrypted);
    return count;
  }

  /** Waits while another node holds the lock: its run leaves little or nothing for this one. */
  private async lock(): Promise<OwnedLock> {
    for (let tries = 0; tries < LOCK_TRIES; tries++) {
      const lock = await acquireOwnedLock(this.redis.client, LOCK_KEY, { ttlMs: LOCK_TTL_MS });
      if (lock) return lock;
      await new Promise((resolve) => setTimeout(resolve, LOCK_TTL_MS / 100));
    }
    throw new Error('Another node kept the credentials encryption lock too long');
  }

  private async encryptUnderLock(): Promise<number> {
    let encrypted = 0;
    for (const company of await this.integration.storedPasswords()) {
      const { companyId } = company;
      const places = [
        { storeId: undefined, password: company.password },
        ...company.stores.map((s) => ({ storeId: s.storeId, password: s.password })),
      ];
      for (const { storeId, password } of places) {
        if (!password || isSealed(password)) continue;
        const sealed = this.companyCipher.sealPassword(companyId, storeId, password);
        if (!(await this.integration.replacePassword(companyId, storeId, password, sealed)))
          continue;
        encrypted++;
        await this.record(
          storeId === undefined
            ? { targetType: 'company', target: String(companyId) }
            : { targetType: 'store', target: `${companyId}/${storeId}` },
          companyId,
          'integrationcompanies',
        );
      }
    }
    for (const credential of await this.siteCredentials.listAll()) {
      const { passwordEncrypted: password } = credential;
      if (!password || isSealed(password)) continue;
      const sealed = this.siteCipher.encrypt(password, siteContext(credential));
      if (!(await this.siteCredentials.replacePassword(credential, password, sealed))) continue;
      encrypted++;
      await this.record(
        { targetType: 'store', target: `${credential.companyId}/${credential.storeId}` },
        credential.companyId,
        'sitecredentials',
        { userId: credential.userId },
      );
    }
    if (encrypted) this.logger.log(`Encrypted ${encrypted} stored plain-text password(s)`);
    return encrypted;
  }

  private record(
    target: { targetType: 'company' | 'store'; target: string },
    companyId: number,
    collection: string,
    details: Record<string, unknown> = {},
  ) {
    return this.audit.record(PLATFORM_ACTOR, {
      action: AUDIT_ACTION.credentialsEncrypt,
      ...target,
      companies: [companyId],
      details: { collection, ...details },
    });
  }
}
