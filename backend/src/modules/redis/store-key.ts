/**
 * A store as the Redis hashes and sets name it ('company:store'): the ping list field, the
 * start of a portal connection's field, a held-messages member; lookups in memory match it.
 */
export const storeKey = (company: number, store: number) => `${company}:${store}`;
