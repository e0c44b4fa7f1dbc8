import { Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION,
  type Application,
  canAssignUserType,
  canGrantAccess,
  canManageUser,
  hasCompanyInScope,
  hasStoreAccess,
  isUserInScope,
  isSystemUsername,
  type ChangePasswordRequest,
  type SaveUserChangesRequest,
  type SetPasswordRequest,
  type SiteCredentialSummary,
  type Success,
  USER_TYPE,
  type User,
  type UserAccess,
  type UserType,
  type UserTypeName,
  visibleUserTypes,
} from '@store-cloud/contracts';
import type { AuthenticatedUser } from '../../common/auth/authenticated-user';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { AuditService } from '../audit';
import { LiveStatusService } from '../live-status';
import { SessionsService } from '../sessions';
import { PortalConnectionsRepository } from '../portal-connections';
import { MasterDataRepository } from '../master-data';
import {
  AppsRepository,
  PasswordHasher,
  UserAccessCache,
  UserTypesRepository,
  UsersRepository,
} from '../users';
import { SiteCredentialsService } from '../site-credentials';
import { UserAdminError } from './users.errors';

export const USER_AUDIT = {
  create: AUDIT_ACTION.userCreate,
  update: AUDIT_ACTION.userUpdate,
  delete: AUDIT_ACTION.userDelete,
  setPassword: AUDIT_ACTION.userSetPassword,
  changePassword: AUDIT_ACTION.userChangePassword,
  siteCredentials: AUDIT_ACTION.userSiteCredentials,
} as const;

/** A user's fields as the audit trail keeps them (never the password hash). */
const auditedUser = (u: Pick<User, 'usertype' | 'enabled' | 'access' | 'applications'>) => ({
  usertype: u.usertype,
  enabled: u.enabled,
  access: u.access,
  applications: u.applications,
});

/** The companies a user's entry concerns: its own (none for access to all). */
const userCompanies = (u: { access: UserAccess }) => u.access.companies.map((c) => c.companyId);

/** The user administration (spec §2 Users, Edit user, User profile; §6 enforced here). */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly userTypes: UserTypesRepository,
    private readonly apps: AppsRepository,
    private readonly hasher: PasswordHasher,
    private readonly siteCredentials: SiteCredentialsService,
    private readonly audit: AuditService,
    private readonly access: UserAccessCache,
    private readonly connections: PortalConnectionsRepository,
    private readonly live: LiveStatusService,
    private readonly masterData: MasterDataRepository,
    private readonly sessions: SessionsService,
  ) {}

  listUserTypes(): Promise<UserType[]> {
    return this.userTypes.list();
  }

  listApps(): Promise<Application[]> {
    return this.apps.list();
  }

  /** SUPER-ADMIN all; ADMIN all but SUPER-ADMIN; SUPPORT-ADMIN all but ADMIN and SUPER-ADMIN. */
  async listUsers(caller: AuthenticatedUser): Promise<User[]> {
    const users = await this.users.listByUsertypes(visibleUserTypes(caller.usertype));
    // A company-limited administrator sees only the users within its companies.
    return users.filter((user) => !isSystemUsername(user.username) && isUserInScope(caller, user));
  }

  /**
   * A new user is disabled, with no access and no applications (spec §4). A company-limited
   * creator gives it its own companies, no store enabled: a user without a company would be no
   * tenant's, out of the creator's reach (isUserInScope) before the next screen edits it. The
   * route's @RequireSomeCompany refused a creator with no company to give.
   */
  async createUser(
    caller: AuthenticatedUser,
    request: { username: string; password: string; usertype: UserTypeName },
  ): Promise<User> {
    this.assertMayAssign(caller, request.usertype);
    if (await this.users.findByUsername(request.username)) throw UserAdminError.usernameInUse();
    let user: User;
    try {
      user = await this.users.create({
        username: request.username,
        passwordHash: await this.hasher.hash(request.password),
        enabled: false,
        usertype: request.usertype,
        access: {
          all: false,
          companies: caller.access.all
            ? []
            : caller.access.companies.map(({ companyId, companyName }) => ({
                companyId,
                companyName,
                stores: [],
              })),
        },
        applications: [],
      });
    } catch (error) {
      // Created by someone else between our look and our insert: the unique index held.
      if (isDuplicateKey(error)) throw UserAdminError.usernameInUse();
      throw error;
    }
    await this.audit.record(caller, {
      action: USER_AUDIT.create,
      targetType: 'user',
      target: user.username,
      companies: userCompanies(user),
      after: auditedUser(user),
    });
    return user;
  }

  async saveUserChanges(
    caller: AuthenticatedUser,
    { userdata }: SaveUserChangesRequest,
  ): Promise<User> {
    const target = await this.manageable(caller, await this.users.findById(userdata._id));
    this.assertMayAssign(caller, userdata.usertype, target.usertype);
    // An administrator must not lock itself out of its own account.
    if (target.id === caller.id && !userdata.enabled) {
      throw UserAdminError.forbidden('You may not disable your own account');
    }
    if (!canGrantAccess(caller, userdata.access, target.access)) {
      throw UserAdminError.forbidden(
        'You may give access only to the companies and stores you have yourself',
      );
    }
    const known = new Set((await this.apps.list()).map((a) => a.name));
    const unknown = userdata.applications.filter((name) => !known.has(name));
    if (unknown.length) throw UserAdminError.unknownApplications(unknown);
    await this.assertAccessExists(userdata.access);

    const updated = await this.users.update(target.id, {
      usertype: userdata.usertype,
      enabled: userdata.enabled,
      access: userdata.access,
      applications: [...new Set(userdata.applications)],
    });
    if (!updated) throw UserAdminError.notFound();
    // Disabled: every token issued before ends, on every node (issue 23).
    if (target.enabled && !updated.enabled) await this.sessions.endAllOf(target.id);
    await this.accessChanged(target, updated);
    // Credentials for a store the user may no longer open are of no use: drop them.
    if (!updated.access.all) {
      await this.siteCredentials.retain(updated.id, (companyId, storeId) =>
        updated.access.companies.some(
          (c) => c.companyId === companyId && c.stores.some((s) => s.storeId === storeId),
        ),
      );
    }
    await this.audit.record(caller, {
      action: USER_AUDIT.update,
      targetType: 'user',
      target: updated.username,
      companies: [...userCompanies(target), ...userCompanies(updated)],
      before: auditedUser(target),
      after: auditedUser(updated),
    });
    return updated;
  }

  /** Access may name only companies and stores of the master data (no 0, -1 or unknown ids). */
  private async assertAccessExists(access: UserAccess): Promise<void> {
    if (!access.companies.length) return;
    const companies = new Set((await this.masterData.listCompanies()).map((c) => c.companyId));
    const stores = new Set(
      (await this.masterData.listStores()).map((s) => `${s.companyId}/${s.storeId}`),
    );
    const unknown = access.companies.flatMap((c) =>
      !companies.has(c.companyId)
        ? [`company ${c.companyId}`]
        : c.stores
            .filter((s) => !stores.has(`${c.companyId}/${s.storeId}`))
            .map((s) => `store ${s.storeId} of company ${c.companyId}`),
    );
    if (unknown.length) throw UserAdminError.unknownAccess(unknown);
  }

  async setPassword(caller: AuthenticatedUser, request: SetPasswordRequest): Promise<Success> {
    const target = await this.manageable(caller, await this.users.findByUsername(request.username));
    await this.users.setPasswordHash(target.id, await this.hasher.hash(request.newPassword));
    await this.sessions.endAllOf(target.id);
    await this.audit.record(caller, {
      action: USER_AUDIT.setPassword,
      targetType: 'user',
      target: target.username,
      companies: userCompanies(target),
    });
    return { success: true };
  }

  /** Any signed-in user, for their own account only, with their current password. */
  async changePassword(
    caller: AuthenticatedUser,
    request: ChangePasswordRequest,
  ): Promise<Success> {
    if (request.username !== caller.username) {
      throw UserAdminError.forbidden('You may change only your own password');
    }
    const found = await this.users.findCredentialsById(caller.id);
    if (!found) throw UserAdminError.notFound();
    if (!(await this.hasher.compare(request.currentPassword, found.passwordHash))) {
      throw UserAdminError.currentPassword();
    }
    await this.users.setPasswordHash(caller.id, await this.hasher.hash(request.newPassword));
    // Every session ends, this one too: the user logs in again with the new password.
    await this.sessions.endAllOf(caller.id);
    await this.audit.record(caller, {
      action: USER_AUDIT.changePassword,
      targetType: 'user',
      target: caller.username,
      companies: userCompanies(caller),
    });
    return { success: true };
  }

  async listSiteCredentials(
    caller: AuthenticatedUser,
    userId: string,
  ): Promise<SiteCredentialSummary[]> {
    const target = await this.manageable(caller, await this.users.findById(userId));
    return this.siteCredentials.listForUser(target.id);
  }

  async saveSiteCredentials(
    caller: AuthenticatedUser,
    request: {
      username: string;
      company: number;
      sitecredentials: { storeId: number; username: string; password: string };
    },
  ): Promise<SiteCredentialSummary> {
    const target = await this.manageable(caller, await this.users.findByUsername(request.username));
    const { storeId } = request.sitecredentials;
    if (!hasCompanyInScope(caller, request.company)) throw UserAdminError.storeNotAccessible();
    const mayOpen =
      target.access.all ||
      target.access.companies.some(
        (c) => c.companyId === request.company && c.stores.some((s) => s.storeId === storeId),
      );
    if (!mayOpen) throw UserAdminError.storeNotAccessible();
    const saved = await this.siteCredentials.save(
      { userId: target.id, companyId: request.company, storeId },
      request.sitecredentials.username,
      request.sitecredentials.password,
    );
    await this.audit.record(caller, {
      action: USER_AUDIT.siteCredentials,
      targetType: 'user',
      target: target.username,
      companies: [request.company],
      after: { company: request.company, store: storeId, siteUsername: saved.username },
      details: { passwordChanged: request.sitecredentials.password !== '' },
    });
    return saved;
  }

  /** The route's @RequireUserType(canDeleteUsers) admitted the caller. */
  async deleteUser(caller: AuthenticatedUser, userId: string): Promise<Success> {
    if (userId === caller.id) throw UserAdminError.forbidden('You may not delete yourself');
    const target = await this.manageable(caller, await this.users.findById(userId));
    if (!(await this.users.deleteById(target.id))) throw UserAdminError.notFound();
    await this.sessions.endAllOf(target.id);
    await this.accessChanged(target, null);
    await this.siteCredentials.removeForUser(target.id);
    await this.audit.record(caller, {
      action: USER_AUDIT.delete,
      targetType: 'user',
      target: target.username,
      companies: userCompanies(target),
      before: auditedUser(target),
    });
    return { success: true };
  }

  /**
   * After an administrator's change: every node reads the user anew for its site tokens, and
   * the user's store connections it no longer may hold end at once (disabled, deleted, store
   * taken away; an application taken away ends them all, as its screens may be open).
   */
  private async accessChanged(before: User, after: User | null): Promise<void> {
    await this.access.changed(before.id);
    const lostApp = before.applications.some((app) => !after?.applications.includes(app));
    const closed = await this.connections.closeForUser(
      before.username,
      (company, store) => !!after?.enabled && !lostApp && hasStoreAccess(after, company, store),
    );
    if (closed.length) this.live.changed();
  }

  /** The user with this id, when the caller may manage it (else 404 or 403, as every admin call). */
  async findManageable(caller: AuthenticatedUser, userId: string): Promise<User> {
    return this.manageable(caller, await this.users.findById(userId));
  }

  /** The user, when it exists and the caller may manage it (visible, at or below its type). */
  private async manageable(caller: AuthenticatedUser, target: User | null): Promise<User> {
    // Service users are the platform's, not an administrator's: as if they did not exist;
    // so are users outside a company-limited administrator's companies.
    if (!target || isSystemUsername(target.username) || !isUserInScope(caller, target))
      throw UserAdminError.notFound();
    if (!canManageUser(caller.usertype, target.usertype)) {
      throw UserAdminError.forbidden('You may not manage a user above your own type');
    }
    return target;
  }

  /** Types at or below one's own; TLM is never offered, but a TLM user may keep it. */
  private assertMayAssign(caller: AuthenticatedUser, usertype: UserTypeName, current?: string) {
    const offered = usertype !== USER_TYPE.TLM || current === USER_TYPE.TLM;
    if (!offered || !canAssignUserType(caller.usertype, usertype)) {
      throw UserAdminError.forbidden('You may not give a user type above your own');
    }
  }
}
