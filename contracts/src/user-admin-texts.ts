/**
 * The user administration screens' filter and the control names the spec uses without quoting
 * (field labels, buttons) that the portal and its end-to-end tests must agree on.
 */
import type { UserView } from './schemas/user.schema';

/** What a filter looks at: the fields a user has both inside the backend and in answers. */
type User = Pick<UserView, 'usertype' | 'enabled' | 'access'>;
import { USER_TYPE } from './user-types';

/** The Users screen's filter dropdown (spec §2 Users), in the spec's order. */
export const USER_FILTERS = [
  { key: 'all', label: 'All', test: () => true },
  { key: 'tlm', label: 'TLM', test: (u: User) => u.usertype === USER_TYPE.TLM },
  { key: 'nonTlm', label: 'Non-TLM', test: (u: User) => u.usertype !== USER_TYPE.TLM },
  { key: 'admin', label: 'ADMIN', test: (u: User) => u.usertype === USER_TYPE.ADMIN },
  { key: 'basic', label: 'BASIC', test: (u: User) => u.usertype === USER_TYPE.BASIC },
  { key: 'enabled', label: 'Enabled', test: (u: User) => u.enabled },
  { key: 'disabled', label: 'Disabled', test: (u: User) => !u.enabled },
  { key: 'accessAll', label: 'Access All', test: (u: User) => u.access.all },
] as const;
export type UserFilterKey = (typeof USER_FILTERS)[number]['key'];

export const USER_ADMIN_LABELS = {
  filter: 'Filter',
  search: 'Search',
  username: 'User Name',
  userType: 'User Type',
  enabled: 'Enabled',
  edit: 'Edit',
  delete: 'Delete',
  no: 'No',
  yes: 'Yes',
  deleteUserTitle: 'Delete User',
  deleteUserConsequence:
    'The user can no longer sign in; their site credentials are removed. This cannot be undone.',
  cancel: 'Cancel',
  save: 'Save',
  newPassword: 'New Password',
  verifyPassword: 'Verify Password',
  currentPassword: 'Current Password',
  siteUsername: 'Username',
  sitePassword: 'Password',
  storeSearch: 'Search stores',
  removeCompany: 'Remove company',
  noUsers: 'No users',
  noStores: 'No stores',
  passwordSetPlaceholder: '(set: type to replace)',
} as const;
