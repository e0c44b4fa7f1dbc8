import { PASSKEY_TEXT } from '@store-cloud/contracts';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ApiError, reasonOf } from '../../api/api-error';

/**
 * What to tell the user when a passkey step failed: the backend's reason, or what the browser's
 * refusal means (cancelled or timed out, this authenticator holds one already, no WebAuthn here:
 * an insecure origin or a relying party id that is not this site's).
 */
export function passkeyFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return reasonOf(error) ?? fallback;
  if (!browserSupportsWebAuthn()) return PASSKEY_TEXT.unsupported;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'InvalidStateError') return PASSKEY_TEXT.alreadyRegistered;
  if (name === 'SecurityError' || name === 'NotSupportedError') return PASSKEY_TEXT.unsupported;
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_TEXT.cancelled;
  return fallback;
}
