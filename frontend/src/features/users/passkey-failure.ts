import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ApiError } from '../../api/api-error';
import { accountMessageSets, passkeyTextSet } from '../../i18n/sets/users';
import { textsNow } from '../../i18n/useTexts';
import { knownReasonOf } from '../../i18n/known-text';

/**
 * What to tell the user when a passkey step failed: the backend's reason, or what the browser's
 * refusal means (cancelled or timed out, this authenticator holds one already, no WebAuthn here:
 * an insecure origin or a relying party id that is not this site's). In the page's language.
 */
export function passkeyFailure(error: unknown, fallback: string): string {
  const text = textsNow(passkeyTextSet);
  if (error instanceof ApiError) return knownReasonOf(error, accountMessageSets) ?? fallback;
  if (!browserSupportsWebAuthn()) return text.unsupported;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'InvalidStateError') return text.alreadyRegistered;
  if (name === 'SecurityError' || name === 'NotSupportedError') return text.unsupported;
  if (name === 'NotAllowedError' || name === 'AbortError') return text.cancelled;
  return fallback;
}
