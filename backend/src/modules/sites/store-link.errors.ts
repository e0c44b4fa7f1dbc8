/** The store has no socket on any node. */
export class StoreUnreachableError extends Error {}
/** The store's socket did not acknowledge in time. */
export class StoreTimeoutError extends Error {}
