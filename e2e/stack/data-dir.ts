import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the generated secrets, the database and the media: only its owner may enter it
 * (700), whatever the umask, and also when an older version created it 755.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/**
 * Folders 700 and files 600 under dir: the database's files written before its process ran
 * with umask 077 (which keeps new ones so).
 */
export function restrictTree(dir: string): void {
  if (!fs.existsSync(dir)) return;
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(file, 0o700);
    else if (entry.isFile()) fs.chmodSync(file, 0o600);
  }
}
