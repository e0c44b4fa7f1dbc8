import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  isSystemUsername,
  SSO_ERROR,
  type SsoError as SsoErrorReason,
  USER_TYPE,
  type User,
  type UserAccess,
} from '@store-cloud/contracts';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { ConfigService } from '../../config/config.service';
import { mapOidcGroups, type OidcMapping } from '../../config/oidc-role-map';
import { AuditService, PLATFORM_ACTOR } from '../audit';
import { MasterDataRepository } from '../master-data';
import { SessionsService } from '../sessions';
import { PasswordHasher, UserAccessCache, UsersRepository } from '../users';
import { SsoError } from './sso.errors';
import { SsoIdentitiesRepository } from '../sso-identities';

const NO_ACCESS: UserAccess = { all: false, companies: [] };
const emailSchema = z.email();

/** A user's fields as the audit trail keeps them. */
const audited = (u: User) => ({
  usertype: u.usertype,
  enabled: u.enabled,
  access: u.access,
});

const mappingDetail = (mapping: OidcMapping | null) =>
  mapping
    ? {
        groups: mapping.groups,
        usertype: mapping.usertype,
        all: mapping.all,
        companies: mapping.companies,
      }
    : 'none';

/**
 * The platform user of a verified sign-in: found by issuer and subject, created at the first
 * sign-in from OIDC_ROLE_MAP (disabled for an administrator when nothing maps), and its type and
 * companies taken from the claims at every later one (docs/security.md "Single sign-on").
 */
@Injectable()
export class SsoAccountsService {
  constructor(
    private readonly config: ConfigService,
    private readonly identities: SsoIdentitiesRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly masterData: MasterDataRepository,
    private readonly sessions: SessionsService,
    private readonly access: UserAccessCache,
    private readonly audit: AuditService,
  ) {}

  /**
   * The user to sign in (enabled or not) and whether a rule mapped its groups, or
   * SsoError.signInRefused (audited) when there is none.
   */
  async signIn(
    issuer: string,
    claims: Record<string, unknown>,
  ): Promise<{ user: User; mapped: boolean }> {
    const { roleMap, groupsClaim } = this.config.get('oidc')!;
    const subject = String(claims.sub);
    const mapping = mapOidcGroups(roleMap, claims[groupsClaim]);
    const identity = await this.identities.find(issuer, subject);
    const linked = identity ? await this.users.findById(identity.userId) : null;
    const user =
      identity && linked
        ? await this.update(linked, issuer, subject, identity.mapped, mapping)
        : await this.create(issuer, subject, claims, mapping);
    return { user, mapped: mapping !== null };
  }

  private async create(
    issuer: string,
    subject: string,
    claims: Record<string, unknown>,
    mapping: OidcMapping | null,
  ): Promise<User> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // A provider that says the address is not verified does not name the user by it.
    if (claims.email_verified === false || !emailSchema.safeParse(email).success) {
      await this.refused(issuer, subject, SSO_ERROR.noEmail, mapping);
    }
    // The e-mail is only the user name; an existing user of that name is not taken over.
    if (isSystemUsername(email) || (await this.users.findByUsername(email))) {
      await this.refused(issuer, subject, SSO_ERROR.usernameTaken, mapping);
    }
    let user: User;
    try {
      user = await this.users.create({
        username: email,
        // Nobody knows it: the account signs in at its provider (or with a password an
        // administrator sets, when OIDC_PASSWORD_LOGIN allows it).
        passwordHash: await this.hasher.hash(randomBytes(32).toString('base64url')),
        enabled: mapping !== null,
        usertype: mapping?.usertype ?? USER_TYPE.BASIC,
        access: await this.accessOf(mapping),
        applications: [],
      });
    } catch (error) {
      if (isDuplicateKey(error))
        await this.refused(issuer, subject, SSO_ERROR.usernameTaken, mapping);
      throw error;
    }
    await this.identities.link({ issuer, subject, userId: user.id, mapped: mapping !== null });
    await this.audit.record(user, {
      action: AUDIT_ACTION.ssoSignIn,
      targetType: 'user',
      target: user.username,
      companies: user.access.companies.map((c) => c.companyId),
      after: audited(user),
      details: { issuer, subject, created: true, mapping: mappingDetail(mapping) },
    });
    return user;
  }

  /**
   * A later sign-in. Something maps: type and companies follow the claims, and an account left
   * disabled because nothing mapped is enabled (one an administrator disabled stays so).
   * Nothing maps now but did before: the access the claims gave is taken away (disabled, no
   * companies, its sessions ended). Nothing mapped before either: the administrator's settings stay.
   */
  private async update(
    user: User,
    issuer: string,
    subject: string,
    wasMapped: boolean,
    mapping: OidcMapping | null,
  ): Promise<User> {
    let after = user;
    if (mapping || wasMapped) {
      const changes = mapping
        ? {
            usertype: mapping.usertype,
            access: await this.accessOf(mapping),
            enabled: user.enabled || !wasMapped,
          }
        : { usertype: user.usertype, access: NO_ACCESS, enabled: false };
      after =
        (await this.users.update(user.id, { ...changes, applications: user.applications })) ?? user;
      await this.identities.setMapped(issuer, subject, mapping !== null);
      if (user.enabled && !after.enabled) await this.sessions.endAllOf(user.id);
      // Every node reads the user anew for its site tokens.
      await this.access.changed(user.id);
    }
    await this.audit.record(user, {
      action: AUDIT_ACTION.ssoSignIn,
      targetType: 'user',
      target: user.username,
      companies: [...user.access.companies, ...after.access.companies].map((c) => c.companyId),
      before: audited(user),
      after: audited(after),
      details: { issuer, subject, created: false, mapping: mappingDetail(mapping) },
    });
    return after;
  }

  /** The access of a mapping: each named company of the master data with all its stores. */
  private async accessOf(mapping: OidcMapping | null): Promise<UserAccess> {
    if (!mapping || (!mapping.all && !mapping.companies.length)) return NO_ACCESS;
    if (mapping.all) return { all: true, companies: [] };
    const wanted = new Set(mapping.companies);
    const [companies, stores] = await Promise.all([
      this.masterData.listCompanies(),
      this.masterData.listStores(),
    ]);
    return {
      all: false,
      companies: companies
        .filter((c) => wanted.has(c.companyId))
        .map((c) => ({
          companyId: c.companyId,
          companyName: c.companyName,
          stores: stores
            .filter((s) => s.companyId === c.companyId)
            .map((s) => ({ storeId: s.storeId, storeName: s.storeName, enabled: true })),
        })),
    };
  }

  private async refused(
    issuer: string,
    subject: string,
    reason: SsoErrorReason,
    mapping: OidcMapping | null,
  ): Promise<never> {
    await this.audit.record(PLATFORM_ACTOR, {
      action: AUDIT_ACTION.ssoRefused,
      targetType: 'user',
      target: subject,
      details: { issuer, subject, reason, mapping: mappingDetail(mapping) },
    });
    throw SsoError.signInRefused(reason);
  }
}
