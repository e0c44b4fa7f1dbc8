/** Query keys of the store status lists, shared by their hooks and the live status pushes. */
export const STATUS_QUERY_KEY = {
  storesStatus: ['portal', 'allstoresstatus'] as const,
  systemStatus: ['portal', 'systemstatus'] as const,
};

export const STORE_STATUS_QUERY_KEYS = [
  STATUS_QUERY_KEY.storesStatus,
  STATUS_QUERY_KEY.systemStatus,
];
