import type { APIRequestContext } from '@playwright/test';
import {
  ACCESS_TOKEN_HEADER,
  API,
  loginResultSchema,
  MFA_API,
  totpConfirmResultSchema,
  totpStartResultSchema,
} from '@store-cloud/contracts';
import { authenticator } from 'otplib';
import { E2E } from './e2e-env';

const STEP_MS = 30_000;
/** The TOTP step each secret last signed in with, so no test repeats a code (a replay). */
const lastStep = new Map<string, number>();

/**
 * The authenticator app's code, as the backend accepts it once: the step of now, or the next
 * one when now's was used already (the backend takes a step either side of its clock);
 * undefined when both were used.
 */
export function totpCode(secret: string): string | undefined {
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
  if (step > now + 1) return undefined;
  lastStep.set(secret, step);
  return authenticator.clone({ epoch: step * STEP_MS }).generate(secret);
}

/** A code to sign in with: the app's, or else one of the recovery codes (each once). */
export const signInCode = (enrolled: { secret: string; recoveryCodes: string[] }): string =>
  totpCode(enrolled.secret) ?? enrolled.recoveryCodes.shift()!;

/** Sets up TOTP for a user through the API, as the profile page does: its secret and codes. */
export async function enrolTotp(
  request: APIRequestContext,
  user: { username: string; password: string },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const login = await request.post(E2E.backendUrl + API.login, { data: user });
  const token = loginResultSchema.parse(await login.json()).token;
  if (!token) throw new Error(`${API.login}: no token for ${user.username}`);
  const headers = { [ACCESS_TOKEN_HEADER]: token };
  const start = await request.post(E2E.backendUrl + MFA_API.totpStart, { headers });
  const { secret } = totpStartResultSchema.parse(await start.json());
  const confirm = await request.post(E2E.backendUrl + MFA_API.totpConfirm, {
    headers,
    data: { code: totpCode(secret) },
  });
  if (!confirm.ok()) throw new Error(`${MFA_API.totpConfirm}: ${confirm.status()}`);
  return { secret, ...totpConfirmResultSchema.parse(await confirm.json()) };
}
