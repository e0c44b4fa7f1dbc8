import fs from 'node:fs';
import path from 'node:path';

/**
 * The JS file behind a package's command, found the way node finds the package (walking up
 * node_modules from `fromDir`). Run with `node <file>` rather than through npx or .bin shims,
 * so a signal reaches the tool itself. Reads package.json directly because several packages
 * (jest, vite) do not export their bin files.
 */
export function packageBin(pkg: string, fromDir: string, command?: string): string {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(manifest)) {
      const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        bin?: string | Record<string, string>;
      };
      const file = typeof bin === 'string' ? bin : bin?.[command ?? path.basename(pkg)];
      if (!file) throw new Error(`${pkg} has no command ${command ?? ''}`);
      return path.join(path.dirname(manifest), file);
    }
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed (run npm ci)`);
  }
}
