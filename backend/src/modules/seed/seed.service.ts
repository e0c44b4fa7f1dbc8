import { Injectable } from '@nestjs/common';
import {
  DEFAULT_APPS,
  DEFAULT_MEDIA_FILE_LIMIT,
  DEFAULT_TAG_LIMIT,
  DEMO_FLEET,
  newPasswordSchema,
  USER_TYPE,
  USER_TYPES,
} from '@store-cloud/contracts';
import { randomInt } from 'node:crypto';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { ConfigService } from '../../config/config.service';
import { CompanyCredentialsCipher, IntegrationCompaniesRepository } from '../companies';
import { MasterDataRepository } from '../master-data';
import { AppsRepository, PasswordHasher, UserTypesRepository, UsersRepository } from '../users';

export interface SeedSummary {
  userTypesCreated: number;
  appsCreated: number;
  companiesCreated: number;
  storesCreated: number;
  admin: { username: string; created: boolean };
  /** Only when the admin was created without ADMIN_PASSWORD: the caller prints it once. */
  generatedPassword?: string;
}

export class SeedError extends Error {}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that passes the portal's own password rule (spec §5). */
export function generatePassword(length = 20): string {
  for (;;) {
    const pw = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (newPasswordSchema.safeParse(pw).success) return pw;
  }
}

/** Brings an empty or existing database to the state the platform needs; safe to run again. */
@Injectable()
export class SeedService {
  constructor(
    private readonly config: ConfigService,
    private readonly users: UsersRepository,
    private readonly userTypes: UserTypesRepository,
    private readonly apps: AppsRepository,
    private readonly masterData: MasterDataRepository,
    private readonly integration: IntegrationCompaniesRepository,
    private readonly hasher: PasswordHasher,
    private readonly credentials: CompanyCredentialsCipher,
  ) {}

  async run(): Promise<SeedSummary> {
    const configured = this.config.get('adminPassword');
    if (configured !== undefined) {
      const check = newPasswordSchema.safeParse(configured);
      if (!check.success) {
        throw new SeedError(
          `ADMIN_PASSWORD: ${check.error.issues.map((i) => i.message).join('; ')}`,
        );
      }
    }

    const userTypesCreated = await this.userTypes.upsertAll(USER_TYPES);
    const appsCreated = await this.apps.insertMissing(DEFAULT_APPS);

    // Master data is the operator's once it exists: only an empty collection gets the demo fleet,
    // and only when asked for (SEED_DEMO; compose's production setting leaves it out).
    let companiesCreated = 0;
    let storesCreated = 0;
    const demo = this.config.get('seedDemo');
    if (demo && (await this.masterData.countCompanies()) === 0) {
      companiesCreated = await this.masterData.insertCompanies(
        DEMO_FLEET.companies.map((c) => ({ companyId: c.companyId, companyName: c.companyName })),
      );
    }
    if (demo && (await this.masterData.countStores()) === 0) {
      storesCreated = await this.masterData.insertStores(
        DEMO_FLEET.companies.flatMap((c) =>
          c.stores.map((s) => ({
            storeId: s.storeId,
            storeName: s.storeName,
            companyId: c.companyId,
            isActive: s.isActive,
          })),
        ),
      );
    }

    if (companiesCreated > 0 && (await this.integration.count()) === 0) {
      await this.connectDemoCompanies();
    }

    const username = this.config.get('adminUsername');
    const summary: SeedSummary = {
      userTypesCreated,
      appsCreated,
      companiesCreated,
      storesCreated,
      admin: { username, created: false },
    };
    if (await this.users.findByUsername(username)) return summary;

    const password = configured ?? generatePassword();
    try {
      await this.users.create({
        username,
        passwordHash: await this.hasher.hash(password),
        enabled: true,
        usertype: USER_TYPE.SUPER_ADMIN,
        access: { all: true, companies: [] },
        applications: DEFAULT_APPS.map((a) => a.name),
      });
    } catch (error) {
      // Another seed created it between our look and our insert: the unique index held.
      if (isDuplicateKey(error)) return summary;
      throw error;
    }
    summary.admin.created = true;
    if (configured === undefined) summary.generatedPassword = password;
    return summary;
  }

  /** A fresh demo database has its fleet connected, so Home shows stores from the start. */
  private async connectDemoCompanies(): Promise<void> {
    const username = this.config.get('companyDefaultUsername');
    const password = this.config.get('companyDefaultPassword');
    for (const company of DEMO_FLEET.companies) {
      // Encrypted like any save: no password is ever stored in plain text (issue 23).
      const sealed = this.credentials.seal({
        companyId: company.companyId,
        companyName: company.companyName,
        ...(username && password ? { evobos: { username, password } } : {}),
        stores: company.stores
          .filter((s) => s.isActive)
          // The store's own site login, so connecting works out of the box.
          .map((s) => ({
            storeId: s.storeId,
            storeName: s.storeName,
            isActive: true,
            evobos: { ...s.siteCredentials },
          })),
        mediaFileLimit: DEFAULT_MEDIA_FILE_LIMIT,
        tagLimit: DEFAULT_TAG_LIMIT,
      });
      await this.integration.insert(sealed);
    }
  }
}

/** The one line the seed prints; JSON-free and without any password. */
export function describeSeed(s: SeedSummary): string {
  return (
    `Seed: ${s.userTypesCreated} user types, ${s.appsCreated} apps, ${s.companiesCreated} companies, ` +
    `${s.storesCreated} stores created; admin ${s.admin.username} ${s.admin.created ? 'created' : 'already exists'}`
  );
}
