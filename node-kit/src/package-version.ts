import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The version in a service's package.json. Read from disk rather than imported, so the compiled
 * output keeps rootDir at src. packageDir is the service's folder, e.g. path.resolve(__dirname,
 * '..') from a file directly in src/ (the same path holds from dist/).
 */
export function readPackageVersion(packageDir: string): string {
  const file = path.join(packageDir, 'package.json');
  return z.object({ version: z.string() }).parse(JSON.parse(fs.readFileSync(file, 'utf8'))).version;
}
