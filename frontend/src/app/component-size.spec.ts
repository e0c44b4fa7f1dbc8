// @vitest-environment node
/**
 * Every component file of the portal stays under 200 lines (issue 25 item 7): a screen that grows
 * past it is split into its parts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 200;

const src = fileURLToPath(new URL('..', import.meta.url));

describe('component size', () => {
  it(`keeps every component file under ${MAX_LINES} lines`, () => {
    const long = (readdirSync(src, { recursive: true }) as string[])
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f.endsWith('.tsx') && !f.endsWith('.spec.tsx'))
      .filter(
        (f) => readFileSync(path.join(src, f), 'utf8').trimEnd().split('\n').length > MAX_LINES,
      );
    expect(long).toEqual([]);
  });
});
