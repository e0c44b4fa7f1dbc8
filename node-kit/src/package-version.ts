import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const packageJsonSchema = z.object({ name: z.string().optional(), version: z.string() });

/**
 * The version in a package's package.json: the nearest one at or above dir (whose name is
 * `name`, when given). Read from disk rather than imported, so the compiled output keeps rootDir
 * at src. dir is the package's folder or any folder inside it, e.g. path.resolve(__dirname, '..')
 * from a file directly in src/, or __dirname with the package's name (the same holds from dist/).
 */
export function readPackageVersion(dir: string, name?: string): string {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const file = path.join(d, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = packageJsonSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
      if (name === undefined || pkg.name === name) return pkg.version;
    }
    if (path.dirname(d) === d) {
      throw new Error(`no package.json${name ? ` of ${name}` : ''} at or above ${dir}`);
    }
  }
}

/**
 * The installed version of a dependency as the code in fromDir resolves it (the backend's GET
 * /version names its express).
 */
export function dependencyVersion(name: string, fromDir: string): string {
  return readPackageVersion(path.dirname(require.resolve(name, { paths: [fromDir] })), name);
}
