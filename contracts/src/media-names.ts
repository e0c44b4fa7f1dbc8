/**
 * The name rule of media files, tags and folders that both the portal (before an upload) and the
 * media server (on every call) apply: no invisible format characters. Bidirectional overrides
 * and isolates (U+202A-202E, U+2066-2069), direction marks (U+200E, U+200F, U+061C), zero-width
 * characters (U+200B-200D, U+2060, U+FEFF), the soft hyphen and line or paragraph separators can
 * make a name read differently from what it is ('photo\u202Egpj.exe' shows as 'photoexe.jpg').
 * Unicode's format category (Cf) holds all of them, so the rule follows the standard's list.
 */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}]/gu;

const codePoint = (char: string) =>
  `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The code points (as 'U+202E') of the invisible characters in a name, each once, in order. */
export function invisibleCharactersIn(name: string): string[] {
  return [...new Set(Array.from(name.matchAll(INVISIBLE), ([char]) => codePoint(char)))];
}

/** Why the name breaks the rule (to follow 'Invalid file name "…": '), or undefined when it does not. */
export function mediaNameIssue(name: string): string | undefined {
  const found = invisibleCharactersIn(name);
  if (!found.length) return undefined;
  return `it contains invisible or text-direction characters (${found.join(', ')}); rename it without them`;
}

/** The name with each invisible character shown as <U+202E>, so a message quoting it reads true. */
export const visibleName = (name: string): string =>
  name.replace(INVISIBLE, (char) => `<${codePoint(char)}>`);
