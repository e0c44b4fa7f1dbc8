// @vitest-environment node
/**
 * Guards the portal's data conventions (STYLE 14): query keys are written only in the features'
 * queryOptions factories (*.queries.ts), and every mutation goes through useInvalidatingMutation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !/\.spec\.tsx?$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(path.join(src, f), 'utf8') }));

const offending = (pattern: RegExp, allowed: (file: string) => boolean) =>
  sources.flatMap(({ file, text }) =>
    allowed(file)
      ? []
      : text
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => pattern.test(line))
          .map(({ at }) => at),
  );

describe('query factories', () => {
  it('keeps query keys in the *.queries.ts factories', () => {
    // Elsewhere a key is a factory's: `xQueries.thing(...)` or its `.queryKey`.
    expect(
      offending(/queryKey:\s*(?![\w]+Queries\.)[^\s,})]/, (f) => f.endsWith('.queries.ts')),
    ).toEqual([]);
  });

  it('has one mutation helper', () => {
    expect(offending(/\buseMutation\(/, (f) => f.endsWith('useInvalidatingMutation.ts'))).toEqual(
      [],
    );
  });
});
