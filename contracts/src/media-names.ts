import type { z } from 'zod';

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

/**
 * Every name the platform stores (users, companies, tags, files and folders, backup servers):
 * besides the invisible characters above, no control character (NUL included), no broken UTF-16
 * (a lone surrogate), no character that looks like a slash but is none, and for names that
 * become files or folders no Windows device name (CON.png opens the console on Windows).
 */
export const NAME_RULE_TEXT = {
  invalid: (what: string) => `Invalid ${what}`,
  controlCharacter: 'it contains a control character (such as NUL, a tab or a line break)',
  loneSurrogate: 'it contains a broken character (a lone UTF-16 surrogate)',
  lookAlikeSlash: (codePoints: string[]) =>
    `it contains a character that looks like a slash (${codePoints.join(', ')}); use another character`,
  reservedDevice: (device: string) =>
    `${device} is a device name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9); choose another name`,
} as const;

const CONTROL = /[\p{Cc}]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Fraction slash, division slash, big solidus, fullwidth solidus and reverse solidus, set minus. */
const LOOK_ALIKE_SLASH = /[\u2044\u2215\u29F8\uFF0F\uFF3C\u2216]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/** Why the name breaks the rule (to follow 'Invalid …: '), or undefined when it does not. */
export function nameIssue(name: string, options: { fileLike?: boolean } = {}): string | undefined {
  if (CONTROL.test(name)) return NAME_RULE_TEXT.controlCharacter;
  if (LONE_SURROGATE.test(name)) return NAME_RULE_TEXT.loneSurrogate;
  const invisible = mediaNameIssue(name);
  if (invisible) return invisible;
  const slashes = [...new Set(Array.from(name.matchAll(LOOK_ALIKE_SLASH), ([c]) => codePoint(c)))];
  if (slashes.length) return NAME_RULE_TEXT.lookAlikeSlash(slashes);
  if (options.fileLike) {
    // Windows reads 'con.png', 'CON .txt' and 'nul.tar.gz' all as the device.
    const base = name.split('.')[0]!.trim();
    if (WINDOWS_DEVICE.test(base)) return NAME_RULE_TEXT.reservedDevice(base.toUpperCase());
  }
  return undefined;
}

/** The rule as a zod check, so forms, backend and media server refuse the same names alike. */
export const withNameRule = <S extends z.ZodType<string, unknown>>(
  schema: S,
  what: string,
  options: { fileLike?: boolean } = {},
): S =>
  schema.superRefine((value, ctx) => {
    const issue = nameIssue(value, options);
    if (issue)
      ctx.addIssue({ code: 'custom', message: `${NAME_RULE_TEXT.invalid(what)}: ${issue}` });
  }) as S;
