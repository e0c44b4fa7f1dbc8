import { reasonOf } from '../../api/api-error';
import { loginTextSet, ssoTextSet } from '../../i18n/sets/login';
import { mfaTextSet, passkeyTextSet, validationSet } from '../../i18n/sets/users';
import { textsNow, useTexts } from '../../i18n/useTexts';

/** English text → the same text in the page's language, for every text of the given pairs. */
function collect(source: unknown, bound: unknown, out: Map<string, string>) {
  if (typeof source === 'string') {
    if (typeof bound === 'string' && !out.has(source)) out.set(source, bound);
  } else if (source && typeof source === 'object' && bound && typeof bound === 'object') {
    for (const [key, value] of Object.entries(source))
      collect(value, (bound as Record<string, unknown>)[key], out);
  }
}

export type Known = (message: string | undefined) => string | undefined;

const lookup = (pairs: [object, object][]): Known => {
  const map = new Map<string, string>();
  for (const [source, bound] of pairs) collect(source, bound, map);
  return (message) => (message === undefined ? undefined : (map.get(message) ?? message));
};

/**
 * Messages that arrive in English although the contracts know them (a zod schema's check, the
 * backend's refusal of a code or a passkey): in the page's language. Others stay as they came.
 */
export function useKnownTexts(): Known {
  const validation = useTexts(validationSet);
  const mfa = useTexts(mfaTextSet);
  const passkey = useTexts(passkeyTextSet);
  const login = useTexts(loginTextSet);
  const sso = useTexts(ssoTextSet);
  return lookup([
    [validationSet.source, validation],
    [mfaTextSet.source, mfa],
    [passkeyTextSet.source, passkey],
    [loginTextSet.source, login],
    [ssoTextSet.source, sso],
  ]);
}

/** The same outside a render: the language of the moment. */
export function knownTextNow(message: string | undefined): string | undefined {
  const sets = [validationSet, mfaTextSet, passkeyTextSet, loginTextSet, ssoTextSet] as const;
  return lookup(sets.map((set) => [set.source, textsNow<object>(set)]))(message);
}

/** The server's reason for a refusal, in the page's language when the contracts know it. */
export const knownReasonOf = (e: unknown): string | undefined => knownTextNow(reasonOf(e));

/** A failure text followed by the server's reason (as withReason), the reason translated. */
export const withKnownReason = (text: string, e: unknown): string => {
  const reason = knownReasonOf(e);
  return reason ? `${text}: ${reason}` : text;
};
