/**
 * The first message among react-hook-form errors, taken in the order given; an array or object
 * field errs per entry, so its entries are searched too (never an error's `ref`, a DOM node).
 */
export function firstError(...errors: unknown[]): string | undefined {
  for (const error of errors) {
    if (!error || typeof error !== 'object') continue;
    if ('message' in error && typeof error.message === 'string' && error.message)
      return error.message;
    const found = firstError(
      ...Object.entries(error)
        .filter(([key]) => key !== 'ref')
        .map(([, value]) => value),
    );
    if (found) return found;
  }
  return undefined;
}
