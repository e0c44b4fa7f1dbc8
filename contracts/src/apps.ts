/** Application names that unlock portal features (spec §3, §6). */
export const APP = {
  centralMediaServer: 'Central Media Server',
  messageManager: 'Message Manager',
  dbBackup: 'evoConnect Db Backup',
  evoBos: 'evoBOS',
} as const;
export type AppName = (typeof APP)[keyof typeof APP];

export interface Application {
  name: string;
  systemApp: boolean;
  siteApp: boolean;
}

/** The applications seeded into a new platform. */
export const DEFAULT_APPS: readonly Application[] = [
  { name: APP.centralMediaServer, systemApp: true, siteApp: false },
  { name: APP.messageManager, systemApp: true, siteApp: false },
  { name: APP.dbBackup, systemApp: true, siteApp: false },
  { name: APP.evoBos, systemApp: false, siteApp: true },
];
