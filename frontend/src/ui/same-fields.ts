/**
 * Two plain rows with the same keys and the same values: a row made again equal to the last one
 * keeps the last one's object, so a memoised table row is not rendered again (issue 30).
 */
export function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}
