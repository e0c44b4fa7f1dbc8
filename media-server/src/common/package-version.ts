import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The version in this service's package.json. Read from disk rather than imported, so the
 * compiled output keeps rootDir at src; the file sits two levels up from both src/common and
 * dist/common.
 */
export function readPackageVersion(): string {
  const file = path.resolve(__dirname, '..', '..', 'package.json');
  return z.object({ version: z.string() }).parse(JSON.parse(fs.readFileSync(file, 'utf8'))).version;
}
