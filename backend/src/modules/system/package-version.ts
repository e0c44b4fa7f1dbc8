import fs from 'node:fs';
import path from 'node:path';

/** The version in the package.json of the named package, searched upwards from dir. */
export function readPackageVersion(name: string, dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    const file = path.join(d, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    if (path.dirname(d) === d) throw new Error(`package.json of ${name} not found above ${dir}`);
  }
}

/** The installed version of a dependency. */
export function dependencyVersion(name: string): string {
  const entry = require.resolve(name);
  return readPackageVersion(name, path.dirname(entry));
}
