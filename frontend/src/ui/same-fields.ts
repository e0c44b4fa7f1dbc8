/**
 * Two plain rows with the same keys and the same values: a row made again equal to the last one
 * keeps the last one's object, so a memoised table row is not rendered again (issue 30).
 */
export function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * A memo per key object (the query's own object of a store or a company) that answers the last
 * value it gave for that key while a new one has the same fields, so a memoised row keeps its
 * props and is not rendered again.
 */
export function keptWhileSame<K extends object, V extends object>(): (key: K, next: V) => V {
  const last = new WeakMap<K, V>();
  return (key, next) => {
    const before = last.get(key);
    if (before && sameFields(before, next)) return before;
    last.set(key, next);
    return next;
  };
}
