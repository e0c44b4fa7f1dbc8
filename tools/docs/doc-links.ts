/**
 * Checks every relative link of README.md and docs/: the file exists and, for `file.md#anchor`,
 * the page has a heading with that anchor (GitHub's rule: lower case, punctuation dropped,
 * spaces to hyphens). Prints each broken link and exits 1.
 *
 *   node --import tsx tools/docs/doc-links.ts
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** GitHub's heading anchors, numbered -1, -2 when a heading repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** Links outside code: [text](target) and <img src="target">. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1.*$/gm, '').replace(/`[^`\n]*`/g, '');
  const links = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const images = [...prose.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  return [...links, ...images];
}

export function brokenLinks(): string[] {
  const files = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(file, 'utf8')));
    return anchorCache.get(file)!;
  };
  const broken: string[] = [];
  for (const file of files) {
    for (const link of linksOf(fs.readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z+.-]*:/i.test(link)) continue; // http:, mailto: ...: not ours to check
      const [target, anchor] = link.split('#', 2);
      const resolved = target ? path.resolve(path.dirname(file), decodeURI(target)) : file;
      const where = `${path.relative(ROOT, file)}: ${link}`;
      if (!fs.existsSync(resolved)) broken.push(`${where} (no such file)`);
      else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
        broken.push(`${where} (no heading #${anchor})`);
      }
    }
  }
  return broken;
}

if (require.main === module) {
  const broken = brokenLinks();
  if (broken.length) {
    console.error(`Broken links in the documentation:\n  ${broken.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Every link of README.md and docs/ resolves.');
}
