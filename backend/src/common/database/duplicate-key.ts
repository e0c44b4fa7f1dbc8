/** MongoDB says 11000; FerretDB v1 says so too, but on an update it may nest it in writeErrors. */
export function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: unknown; writeErrors?: { code?: unknown }[] };
  return e?.code === 11000 || e?.writeErrors?.some((w) => w.code === 11000) === true;
}
