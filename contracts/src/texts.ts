/**
 * Every user-visible string of spec/portal-core.md, looked up by name.
 * Strings with a placeholder are functions, so the placeholder can't be misspelt.
 */

export const VALIDATION = {
  passwordLength: 'New Password must be at least 8 characters and not greater than 30',
  passwordNumber: 'New Password must contain at least one number',
  passwordLower: 'New Password must contain at least one lower case character',
  passwordUpper: 'New Password must contain at least one upper case character',
  /** bcrypt reads only the first 72 bytes: a longer password would match a different tail. */
  passwordBytes:
    'New Password must not be longer than 72 bytes (fewer characters when using emoji or accented letters)',
  verifyMismatch: 'Verified Password does not match the New Password',
  usernameEmail: 'This username is not a valid email address.',
  usernameInUse:
    'This username is already in use on the system. Contact support if you have forgotten your password.',
  usernameHint: 'Username should be a valid email address and not already used.',
  currentPasswordError: 'Current password error',
  serverNameRequired: 'The server name is required.',
  serverUrlRequired: 'The server URL is required.',
  serverNameInUse: 'This server name is already in use in the system.',
  restoreServerRequired: 'A server must be selected to restore the backup to.',
} as const;

export const LOGIN_TEXT = {
  failed: 'Failed to login to portal',
  disabled: 'User account is disabled. Please contact the system administrator for assistance.',
  returnToLogin: 'Return to Login',
  /** The login form's checks of empty fields (loginRequestSchema). */
  usernameRequired: 'username is required',
  passwordRequired: 'password is required',
} as const;

export const HOME_TEXT = {
  selectCompanyAndStore: 'Select a Company and Store to access',
  selectStoreFor: (company: string) => `Select a Store to access for ${company}`,
  hideOfflineStores: 'Hide Offline Stores',
  connectToSite: 'Connect to Site',
  connectingToStore: (store: string) => `Connecting to store ${store}`,
  loggingInToStore: (store: string, company: string) =>
    `Logging in to the site router of store ${store} and loading store info for company ${company}`,
  failedToSetupStores: 'Failed to setup stores list',
  cannotConnect: (state: string) => `Cannot connect to store as it is currently ${state}`,
  failedToConnectSite: 'Failed to connect to site',
  failedToLoginSiteRouter: 'Failed to login to site EvoRouter',
  failedToConnectSiteRouter: 'Failed to connect to site EvoRouter',
  noCompanies: 'No companies available',
  noStoresFor: (company: string) => `No stores available for company ${company}`,
} as const;

export const STORE_TEXT = {
  unableToOpen: 'Unable to open application',
  noSuitableBos: 'No suitable version of evoBOS available',
} as const;

export const USERS_TEXT = {
  addNewUser: 'Add New User',
  confirmDelete: (user: string) => `Are you sure you want to delete the user: ${user}`,
  createUser: 'Create user',
  accessAll: 'Access All Companies & Stores',
  allowedCompanies: 'Allowed Companies and Stores',
  selectAllStores: 'Select All Stores',
  addCompanies: 'Add Companies',
  allowedApplications: 'Allowed Applications',
  systemApplications: 'System Applications',
  siteApplications: 'Site Applications',
  noApplications: 'No applications currently available',
  changePassword: 'Change Password',
  cancelPasswordChange: 'Cancel Password Change',
  saveNewPassword: 'Save New Password',
  siteCredentialsTitle: (id: string | number) => `Site Credentials for store (${id})`,
  notSetFor: (name: string) => `not set for ${name} user`,
  companiesAvailable: 'Companies available for selection',
  companiesSelected: 'Companies selected for user',
  saveSelectedCompanies: 'Save Selected Companies',
} as const;

export const COMPANIES_TEXT = {
  updateSites: 'Update EvoConnect Sites',
  available: 'Available companies for evoConnect',
  current: 'Companies currently in evoConnect',
  noCompanies: 'No companies',
  editCompanyDetails: 'Edit Company Details',
  usingCompanyLevel: 'currently using company level',
  usingLocalIds: 'currently using local ids',
  saveChanges: 'Save Changes',
} as const;

/** Removing connected companies (guarded: issue 14). */
export const COMPANY_REMOVAL_TEXT = {
  emptyList:
    'The company list may not be empty: removing every company at once is refused. Keep at least one company.',
  confirmNeeded:
    'Removing these companies hides their configuration (kept; re-adding one restores it):',
  title: 'Remove companies?',
  intro:
    'These companies have configuration that stops working when they are removed. It is kept, and re-adding a company restores it.',
  yes: 'Remove',
  no: 'Cancel',
  /** What one company would lose, listed in the 409 issues and the portal's question. */
  consequence: (parts: { mediaFolder?: string; schedules: number; credentials: boolean }) =>
    [
      parts.mediaFolder ? `media folder "${parts.mediaFolder}"` : '',
      parts.schedules ? `${parts.schedules} media schedule${parts.schedules === 1 ? '' : 's'}` : '',
      parts.credentials ? 'stored site credentials' : '',
    ]
      .filter(Boolean)
      .join(', '),
} as const;

export const STATUS_TEXT = {
  tentaclesOnline: 'Tentacles Online',
  currentConnections: 'Current Connections',
  messageQueue: 'Message Queue',
  socketConnections: 'Socket Connections',
  noSitesOnline: 'No sites currently online',
  noSitesConnected: 'No sites currently connected',
  noMessages: 'No messages waiting in the queue',
  noSockets: 'No socket connections',
} as const;

export const BACKUP_TEXT = {
  servers: 'Servers',
  serverBackups: 'Server Backups',
  addNewServer: 'Add New Server',
  noServers: 'No servers configured for backup in this system',
  noBackups: 'No backups found in this system',
  confirmDeleteServer: (server: string) => `Are you sure you want to delete the server: ${server}`,
  selectServer: 'Select a Server...',
} as const;

export const TIMEOUT_TEXT = {
  title: 'Site Connection',
  body: 'The site connection has been closed due to a period of inactivity',
  /** Not the spec's: an administrator closed it from Status (issue 30). */
  closedByAdmin: 'The site connection has been closed by an administrator',
} as const;

/** Toast texts of spec §8: title and message. */
export const TOAST = {
  saveCompanies: {
    title: 'Save Companies',
    error: 'Error while saving companies data',
    success: 'Companies data successfully saved',
  },
  saveCompanyData: {
    title: 'Save Company Data',
    error: (company: string) => `Error while saving company data for ${company}`,
    success: (company: string) => `Company data successfully saved for ${company}`,
  },
  updateSites: {
    title: 'Update evoConnect Sites',
    noNewStores: 'No new stores found for companies',
  },
  setPassword: {
    title: 'Set New Password',
    error: 'Error saving password',
    success: 'Password successfully saved',
  },
  editUser: {
    title: 'Edit User Settings',
    error: 'Error while saving user changes',
    success: 'User changes successfully saved',
  },
  createUser: {
    title: 'Create New User',
    error: 'Error while creating new user',
    success: 'New user successfully created',
  },
  siteCredentials: {
    title: 'Change User Site Credentials',
    error: 'failed to change user site credentials',
    success: 'user site credentials successfully saved',
  },
  deleteUser: {
    title: 'User',
    error: 'Error while deleting user',
    success: 'User successfully deleted',
  },
  messageQueue: {
    title: 'Message Queue',
    error: 'Failed to clear the message queue',
    success: 'Message queue successfully cleared',
  },
  login: { title: 'Login', error: LOGIN_TEXT.failed, disabled: LOGIN_TEXT.disabled },
} as const;

export const httpFailureText = (url: string, status: number, statusText: string) =>
  `Http failure response for ${url}: ${status} ${statusText}`;

export const MENU_LABELS = {
  home: 'Home',
  media: 'Media Manager',
  proofOfPlay: 'Proof of Play',
  message: 'Message Manager',
  bulkActions: 'Bulk Actions',
  sqlbackup: 'SQL Backup Status',
  backup: 'Db Backup',
  users: 'Users',
  companies: 'Companies',
  status: 'Status',
  audit: 'Audit',
  alerts: 'Alerts',
  alertRules: 'Alert Rules',
  webhooks: 'Webhooks',
  apiTokens: 'API Tokens',
  about: 'About',
  userProfile: 'User Profile',
  logout: 'Logout',
} as const;
