/**
 * Passkeys (issue 27): the profile's list, adding one (the browser's WebAuthn ceremony between
 * the backend's options and its verification), renaming and removing; signing in with one.
 */
import {
  type LoginResult,
  loginResultSchema,
  PASSKEY_API,
  passkeyLoginOptionsSchema,
  passkeyPath,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  successSchema,
} from '@store-cloud/contracts';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from './account.queries';
import { apiRequest } from './api-client';
import { useInvalidatingMutation } from './useInvalidatingMutation';

export const usePasskeys = () => useQuery(accountQueries.passkeys());

/** Adding or removing a passkey changes the user's second factors too. */
const changed = [accountQueries.passkeys().queryKey, accountQueries.mfaStatus().queryKey];

/** Options from the backend, the authenticator's answer from the browser, then its verification. */
export const useAddPasskey = () =>
  useInvalidatingMutation(changed, async (name: string) => {
    const options = await apiRequest(
      PASSKEY_API.registrationOptions,
      passkeyRegistrationOptionsSchema,
      { method: 'POST' },
    );
    const response = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return apiRequest(PASSKEY_API.list, passkeySchema, {
      method: 'POST',
      body: { name, response },
    });
  });

export const useRenamePasskey = () =>
  useInvalidatingMutation(
    [accountQueries.passkeys().queryKey],
    ({ id, name }: { id: string; name: string }) =>
      apiRequest(passkeyPath(id), passkeySchema, { method: 'PATCH', body: { name } }),
  );

export const useRemovePasskey = () =>
  useInvalidatingMutation(changed, (id: string) =>
    apiRequest(passkeyPath(id), successSchema, { method: 'DELETE' }),
  );

/**
 * Signs in with a passkey: alone (the browser offers the passkeys it holds for this site), or
 * with the password login's mfaToken as its second step. Public, like the password login.
 */
export async function signInWithPasskey(mfaToken?: string): Promise<LoginResult> {
  const body = mfaToken ? { mfaToken } : {};
  const options = await apiRequest(PASSKEY_API.loginOptions, passkeyLoginOptionsSchema, {
    method: 'POST',
    body,
    public: true,
  });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return apiRequest(PASSKEY_API.login, loginResultSchema, {
    method: 'POST',
    body: { ...body, response },
    public: true,
  });
}

export const usePasskeySignIn = () =>
  useInvalidatingMutation([], (mfaToken?: string) => signInWithPasskey(mfaToken));
