/**
 * Who may do what (spec §6, DESIGN §4). The portal uses these to show menu entries and
 * buttons; the backend uses the same functions to refuse calls.
 */
import { APP } from './apps';
import type { UserAccess } from './schemas/user.schema';
import { OFFERED_USER_TYPES, USER_TYPE, type UserTypeName, userTypeRank } from './user-types';

/** The part of a signed-in user that permissions depend on. */
export interface Principal {
  usertype: string;
  enabled: boolean;
  applications: readonly string[];
}

const ADMIN_TYPES: readonly string[] = [
  USER_TYPE.SUPPORT_ADMIN,
  USER_TYPE.ADMIN,
  USER_TYPE.SUPER_ADMIN,
];

export const isAdminType = (usertype: string) => ADMIN_TYPES.includes(usertype);

export type MenuEntry =
  | 'home'
  | 'media'
  | 'proofOfPlay'
  | 'message'
  | 'bulkActions'
  | 'sqlbackup'
  | 'backup'
  | 'users'
  | 'companies'
  | 'status'
  | 'audit'
  | 'alerts'
  | 'alertRules'
  | 'webhooks'
  | 'apiTokens'
  | 'about'
  | 'userProfile';

/** Whether a menu entry (and the screen and calls behind it) is open to this user. */
export function canUse(entry: MenuEntry, user: Principal): boolean {
  if (!user.enabled) return false;
  const has = (app: string) => user.applications.includes(app);
  switch (entry) {
    // Alerts (issue 26): everyone sees the incidents of the companies they may access.
    case 'home':
    case 'about':
    case 'userProfile':
    case 'alerts':
      return true;
    // The spec leaves the SQL backup dashboard's gating open: it shows every store's backups, so
    // like Status it is for the admin types (each sees only the companies it may access). Alert
    // rules and webhooks (issue 26) too: the admin types, each within its companies.
    case 'users':
    case 'companies':
    case 'status':
    case 'sqlbackup':
    case 'alertRules':
    case 'webhooks':
      return isAdminType(user.usertype);
    // The audit trail (issue 17) and API tokens (issue 27): ADMIN and SUPER-ADMIN (a
    // company-limited one sees its own companies' entries and makes tokens for them only).
    case 'audit':
    case 'apiTokens':
      return user.usertype === USER_TYPE.ADMIN || user.usertype === USER_TYPE.SUPER_ADMIN;
    case 'backup':
      return user.usertype === USER_TYPE.SUPER_ADMIN && has(APP.dbBackup);
    // Proof of play (issue 32): what the media screens put on the stores' screens.
    case 'media':
    case 'proofOfPlay':
      return has(APP.centralMediaServer);
    // Bulk actions (issue 32): the result grid of messages and log levels sent to many stores.
    case 'message':
    case 'bulkActions':
      return has(APP.messageManager);
  }
}

/** The user types whose users a caller may see in the user list. */
export function visibleUserTypes(callerType: string): UserTypeName[] {
  switch (callerType) {
    case USER_TYPE.SUPER_ADMIN:
      return [
        USER_TYPE.TLM,
        USER_TYPE.BASIC,
        USER_TYPE.SUPPORT_ADMIN,
        USER_TYPE.ADMIN,
        USER_TYPE.SUPER_ADMIN,
      ];
    case USER_TYPE.ADMIN:
      return [USER_TYPE.TLM, USER_TYPE.BASIC, USER_TYPE.SUPPORT_ADMIN, USER_TYPE.ADMIN];
    case USER_TYPE.SUPPORT_ADMIN:
      return [USER_TYPE.TLM, USER_TYPE.BASIC, USER_TYPE.SUPPORT_ADMIN];
    default:
      return [];
  }
}

/** A caller may give or edit only types at or below its own. */
export const canAssignUserType = (callerType: string, targetType: string) =>
  userTypeRank(targetType) >= 0 && userTypeRank(targetType) <= userTypeRank(callerType);

export const canDeleteUsers = (callerType: string) =>
  callerType === USER_TYPE.ADMIN || callerType === USER_TYPE.SUPER_ADMIN;

export const canRemoveCompanies = (callerType: string) =>
  callerType === USER_TYPE.ADMIN || callerType === USER_TYPE.SUPER_ADMIN;

/** The store page's status and BOS version cards (spec §2 Store). */
export const canSeeSiteStatus = (usertype: string) =>
  isAdminType(usertype) || usertype === USER_TYPE.TLM;

/** A caller may manage (edit, set the password of, delete) a user it may see and whose type is at or below its own. */
export const canManageUser = (callerType: string, targetType: string) =>
  (visibleUserTypes(callerType) as string[]).includes(targetType) &&
  canAssignUserType(callerType, targetType);

/** The types the type button group offers (spec §5): the offered ones up to the caller's own. */
export const assignableUserTypes = (callerType: string) =>
  OFFERED_USER_TYPES.filter((t) => canAssignUserType(callerType, t.name));

/**
 * Company scope of an administrator (issue 13): a caller whose access is not `all` grants, edits,
 * closes and sees only within the companies (and enabled stores) it has itself.
 */
type WithAccess = { access: UserAccess };

/** Whether a store is one the caller may open: access.all or the store enabled for it. */
export const hasStoreAccess = ({ access }: WithAccess, companyId: number, storeId: number) =>
  access.all ||
  access.companies.some(
    (c) => c.companyId === companyId && c.stores.some((s) => s.storeId === storeId && s.enabled),
  );

/**
 * hasStoreAccess for filtering many stores (a fleet): the caller's enabled stores looked up once,
 * where a scan per store would cost stores × granted stores. permissions.spec holds the two equal.
 */
export function storeAccessOf({
  access,
}: WithAccess): (companyId: number, storeId: number) => boolean {
  if (access.all) return () => true;
  const enabled = new Set(
    access.companies.flatMap((c) =>
      c.stores.filter((s) => s.enabled).map((s) => `${c.companyId}/${s.storeId}`),
    ),
  );
  return (companyId, storeId) => enabled.has(`${companyId}/${storeId}`);
}

/** Whether a company lies within the caller's scope. */
export const hasCompanyInScope = ({ access }: WithAccess, companyId: number) =>
  access.all || access.companies.some((c) => c.companyId === companyId);

/**
 * Whether a caller may see and manage a user at all: an all-access caller everyone, a scoped
 * one only users without `all` that have companies, all within its own. A user without a company
 * belongs to no tenant, so only an all-access caller may give it its first (issue 23).
 */
export const isUserInScope = (caller: WithAccess, target: WithAccess) =>
  caller.access.all ||
  (!target.access.all &&
    target.access.companies.length > 0 &&
    target.access.companies.every((c) => hasCompanyInScope(caller, c.companyId)));

/**
 * Whether a caller may give a user this access: never `all` unless the caller has it, and only
 * companies and enabled stores the caller has (or the user had before). Disabled store entries
 * pass (they grant nothing). A scoped caller leaves the user at least one company, or the user
 * would fall out of every tenant (isUserInScope).
 */
export const canGrantAccess = (caller: WithAccess, access: UserAccess, before?: UserAccess) =>
  caller.access.all ||
  (!access.all &&
    access.companies.length > 0 &&
    access.companies.every(
      (c) =>
        hasCompanyInScope(caller, c.companyId) &&
        c.stores.every(
          (s) =>
            !s.enabled ||
            hasStoreAccess(caller, c.companyId, s.storeId) ||
            (!!before && hasStoreAccess({ access: before }, c.companyId, s.storeId)),
        ),
    ));
