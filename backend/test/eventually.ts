/** Polls read() until check() holds; the deadline only bounds a failing test. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (v: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached; last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
