import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { resources } from './resources';

/** Every text's key path (`alerts:rules.toast.saved`) with its value. */
function leaves(tree: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      const sub = leaves(value, path ? `${path}.${key}` : key);
      for (const [k, v] of sub) out.set(k, v);
    }
  } else out.set(path, tree);
  return out;
}

const byLanguage = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    new Map(
      Object.entries(resources[lng]).flatMap(([ns, tree]) =>
        [...leaves(tree)].map(([k, v]) => [`${ns}:${k}`, v] as const),
      ),
    ),
  ]),
);
const [first, ...others] = LANGUAGES;

describe('language resources', () => {
  it.each(others)('%s has every key English has, and no other', (lng) => {
    const missing = [...byLanguage[first].keys()].filter((k) => !byLanguage[lng].has(k));
    const extra = [...byLanguage[lng].keys()].filter((k) => !byLanguage[first].has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES)('%s has no empty text', (lng) => {
    const empty = [...byLanguage[lng]].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(empty.map(([k]) => k)).toEqual([]);
  });

  it.each(others)('%s uses the placeholders English uses', (lng) => {
    const slots = (text: unknown) =>
      [...String(text).matchAll(/{{(\w+)(?:, *\w+)?}}/g)].map((m) => m[1]).sort();
    const differ = [...byLanguage[first]]
      .filter(([k, v]) => slots(v).join() !== slots(byLanguage[lng].get(k)).join())
      .map(([k]) => k);
    expect(differ).toEqual([]);
  });
});
