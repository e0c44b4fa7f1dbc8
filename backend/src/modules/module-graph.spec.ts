import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The module graph of docs/architecture.md, read from the code: every module has a public
 * surface (index.ts), and no chain of imports between modules comes back to where it started
 * (the lint rule keeps imports to the index; this keeps the arrows pointing one way).
 */
const MODULES = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const moduleNames = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** module -> the modules its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map(moduleNames.map((name) => [name, new Set<string>()]));
  for (const name of moduleNames) {
    for (const file of sourceFiles(join(MODULES, name))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+'(\.[^']*)'/g)) {
        const [target] = relative(MODULES, resolve(dirname(file), spec)).split(sep);
        if (target !== name && graph.has(target)) graph.get(name)!.add(target);
      }
    }
  }
  return graph;
}

/** A chain of imports that returns to its start, or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (path.includes(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name)) return null;
    path.push(name);
    for (const next of graph.get(name) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const name of graph.keys()) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

describe('backend module graph', () => {
  it('gives every module a public surface (index.ts)', () => {
    const without = moduleNames.filter(
      (name) => !readdirSync(join(MODULES, name)).includes('index.ts'),
    );
    expect(without).toEqual([]);
  });

  it('has no cycle between modules', () => {
    expect(findCycle(moduleGraph())).toBeNull();
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
