/** Texts of the server backup screen (spec §2 Server backup, §8 Server and Backup toasts). */

export const BACKUP_MODAL_TEXT = {
  editServer: 'Edit Server',
  addServer: 'Add Server',
  deleteServer: 'Delete Server',
  deleteBackup: 'Delete Backup',
  confirmDeleteBackup: (backup: string) => `Are you sure you want to delete the backup: ${backup}`,
  viewBackup: 'View Backup',
  restoreBackup: 'Restore Backup',
  confirmRestore: 'Confirm Restore',
  confirmRestoreWarning: (server: string) =>
    `The current database of ${server} will be replaced by the selected backup and data may be lost. Do you want to continue?`,
  serverName: 'Server Name',
  serverUrl: 'Server URL',
  backupDate: 'Backup Date',
  save: 'Save',
  add: 'Add',
  cancel: 'Cancel',
  proceed: 'Proceed',
  yes: 'Yes',
  no: 'No',
  ok: 'OK',
  delete: 'Delete',
  runBackup: 'Run backup',
  edit: 'Edit',
  restore: 'Restore',
  view: 'View',
  runningBackup: (server: string) => `Backing up ${server}`,
  restoringBackup: (server: string) => `Restoring backup to ${server}`,
  /** A job whose worker went away: BullMQ fails it as stalled. */
  jobInterrupted: 'The job was interrupted (the server restarted) and did not finish.',
} as const;

/**
 * View Backup as a summary (issue 30 point 4): what the backup holds, around the spec's
 * formatted JSON (kept, folded under showJson). Restore names the backup and its time.
 */
export const BACKUP_VIEW_TEXT = {
  summary: 'Backup summary',
  server: 'Server',
  taken: 'Taken',
  created: 'Data read at',
  collections: 'Collections',
  collection: 'Collection',
  documents: 'Documents',
  indexes: 'Indexes',
  size: 'Size',
  total: 'Total',
  showJson: 'Show the backup as JSON',
  unreadable: "This backup is not in the platform's format: its content is shown as stored.",
  /** Under the spec's restore warning: which backup, of which server, from when. */
  restoring: (backup: string, server: string, time: string) =>
    `Backup of ${backup} taken ${time}, restored to ${server}.`,
} as const;

/** The stages a backup job reports with its progress. */
export const BACKUP_STAGE = {
  reading: (server: string) => `Reading the database of ${server}`,
  storing: 'Storing the backup',
  loading: 'Loading the backup',
  restoring: (server: string) => `Restoring the database of ${server}`,
  done: 'Done',
} as const;

/** Toasts of spec §8 for servers and backups: title, then error and success per action. */
export const BACKUP_TOAST = {
  server: {
    title: 'Server',
    addError: (server: string) => `Failed to add server: ${server}`,
    addSuccess: (server: string) => `Server successfully added: ${server}`,
    updateError: (server: string) => `Failed to update server: ${server}`,
    updateSuccess: (server: string) => `Server successfully updated: ${server}`,
    deleteError: (server: string) => `Failed to delete server: ${server}`,
    deleteSuccess: (server: string) => `Server successfully deleted: ${server}`,
  },
  backup: {
    title: 'Backup',
    storeError: (server: string) => `Failed to store backup data for server: ${server}`,
    storeSuccess: (server: string) => `Backup data successfully stored for server: ${server}`,
    deleteError: (backup: string) => `Failed to delete backup: ${backup}`,
    deleteSuccess: (backup: string) => `Backup successfully deleted: ${backup}`,
    restoreError: (server: string) => `Failed to restore backup to server: ${server}`,
    restoreSuccess: (server: string) => `Backup successfully restored to server: ${server}`,
  },
} as const;
