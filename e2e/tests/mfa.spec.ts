import { expect, test } from '@playwright/test';
import { HOME_TEXT, MENU_LABELS, MFA_TEXT, USER_TYPE } from '@store-cloud/contracts';
import { logIn, menuEntry } from './support/portal-page';
import { totpCode } from './support/totp';
import { insertUser, uniqueUsername } from './support/users-db';

/*
 * Two-step sign-in with an authenticator app (issue 27), through the portal against the real
 * backend: the user sets it up on the profile page (the test reads the key and computes the app's
 * codes with otplib), then signs in with a code, and with a recovery code once.
 */
test('a user sets up an authenticator app, then signs in with its code and with a recovery code', async ({
  page,
}) => {
  const user = { username: uniqueUsername('totp'), password: 'Totp-User-Pass1' };
  await insertUser({ ...user, usertype: USER_TYPE.BASIC, enabled: true });
  const home = page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore, exact: true });

  await logIn(page, user.username, user.password);
  await expect(home).toBeVisible();
  await menuEntry(page, MENU_LABELS.userProfile).click();
  await page.getByRole('button', { name: MFA_TEXT.section }).click();
  await page.getByRole('button', { name: MFA_TEXT.setUp }).click();
  await expect(page.getByRole('img', { name: MFA_TEXT.qrAlt })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(MFA_TEXT.codeLabel, { exact: true }).fill(totpCode(secret)!);
  await page.getByRole('button', { name: MFA_TEXT.confirm }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: MFA_TEXT.done }).click();
  await expect(page.getByText(MFA_TEXT.on)).toBeVisible();

  await menuEntry(page, MENU_LABELS.logout).click();
  await logIn(page, user.username, user.password);
  const code = page.getByLabel(MFA_TEXT.codeLabel, { exact: true });
  await expect(code).toBeVisible();
  await code.fill('000000');
  await page.getByRole('button', { name: MFA_TEXT.verify }).click();
  await expect(page.getByText(MFA_TEXT.wrongCode)).toBeVisible();
  await code.fill(totpCode(secret)!);
  await page.getByRole('button', { name: MFA_TEXT.verify }).click();
  await expect(home).toBeVisible();

  await menuEntry(page, MENU_LABELS.logout).click();
  await logIn(page, user.username, user.password);
  await page.getByRole('button', { name: MFA_TEXT.useRecoveryCode }).click();
  await page.getByLabel(MFA_TEXT.recoveryCodeLabel, { exact: true }).fill(recoveryCode);
  await page.getByRole('button', { name: MFA_TEXT.verify }).click();
  await expect(home).toBeVisible();
  await menuEntry(page, MENU_LABELS.userProfile).click();
  await page.getByRole('button', { name: MFA_TEXT.section }).click();
  await expect(page.getByText(MFA_TEXT.recoveryCodesLeft(9))).toBeVisible();
});
