import path from 'node:path';

/** The repository's root, whatever the current directory. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const TOOLS_BIN = path.join(REPO_ROOT, '.tools', 'bin');
