import { PRODUCT_NAME } from './constants';

/**
 * Names of portal controls that the spec does not word but that the portal and its end-to-end
 * tests must agree on (accessible names, About dialog rows). The spec's own strings stay in texts.ts.
 */
export const PORTAL_LABELS = {
  username: 'Username',
  password: 'Password',
  login: 'Login',
  aboutTitle: 'About',
  portalVersion: 'Portal version',
  cloudServiceVersion: 'Cloud service version',
  frameworks: 'Frameworks',
  mediaServerVersion: 'Central media server version',
  copyright: 'Copyright',
  close: 'Close',
  /** The button that opens the side menu on small screens, and the side menu's title. */
  openMenu: 'Open menu',
  menuTitle: 'Menu',
  /** The browser tab's title: the screen's, then the portal's. */
  appTitle: `${PRODUCT_NAME} Portal`,
  screenTitle: (screen: string) => `${screen} · ${PRODUCT_NAME} Portal`,
  editUserTitle: 'Edit User',
  /** The same screen without a user (the list's Add New User): issue 30. */
  newUserTitle: 'New User',
  configurationTitle: 'Configuration',
  storeTitle: 'Store',
  functionTitle: 'Back Office',
  /** The header's group of administration entries (a dropdown on wide screens). */
  adminMenu: 'Administration',
  /** A screen a user may not use (instead of a silent redirect), and the way back. */
  notAllowedTitle: 'Not allowed',
  notAllowed: 'Your user type or applications do not give you access to this screen.',
  backToHome: 'Back to Home',
  /** The header's colour theme switch (issue 30): its name and its three choices. */
  theme: 'Theme',
  themeChoices: { light: 'Light', dark: 'Dark', system: 'Follow the system' },
  /** The header's language switch (issue 30); each language is named in its own words. */
  language: 'Language',
  /** The first stop of the keyboard on every signed-in screen: past the header to the screen. */
  skipToContent: 'Skip to main content',
  /**
   * For a user who cannot do anything yet (issue 30): what they need and who can grant it. The
   * API names no administrators to such a user, so the panel names the user types that can.
   */
  firstSteps: {
    title: 'First steps',
    disabled: 'Your account is not enabled yet.',
    noCompanies: 'Your account has no companies or stores yet, so there is nothing to open here.',
    need: 'What you need',
    enabled: 'Your account enabled',
    companies: 'Access to at least one company, or to all companies',
    applications:
      'The applications for the screens you use: Message Manager for messages, Central Media Server for media',
    who: 'Who can give it',
    whoText: (types: string) =>
      `A user of type ${types} of your organisation, in Users → Edit User (Enabled, Allowed Companies and Applications).`,
  },
  /** Asked before leaving a screen with unsaved edits (issue 30). */
  unsavedChanges: {
    title: 'Leave without saving?',
    body: 'Your changes on this screen are not saved. If you leave, they are lost.',
    stay: 'Stay',
    leave: 'Leave',
  },
  /** Shown where a version could not be fetched (spec §8: failed status calls show '-'). */
  unavailable: '-',
  /** The header's short portal version beside the product name. */
  versionBadge: (version: string) => `v${version}`,
  /** About's line under the cloud service version: its runtime and its database. */
  serviceRuntime: (node: string, express: string, database: string) =>
    `Node ${node} · Express ${express} · ${database}`,
  /** A database that speaks MongoDB's protocol: 'FerretDB 1.24 (MongoDB 7.0.42 compatible)'. */
  mongoCompatible: (database: string, mongo: string) => `${database} (MongoDB ${mongo} compatible)`,
  /** The accessible names of the header's marks. */
  productLogo: `${PRODUCT_NAME} logo`,
  companyLogo: 'Company logo',
} as const;
