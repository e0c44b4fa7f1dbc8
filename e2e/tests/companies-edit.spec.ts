import { expect, test } from '@playwright/test';
import { COMPANIES_TEXT, COMPANY_LABELS, MENU_LABELS, ROUTES, TOAST } from '@store-cloud/contracts';
import { E2E } from './support/e2e-env';
import { insertCloudCompany } from './support/fleet';
import { chooseMenuEntry, logIn } from './support/portal-page';

test('an admin connects a company to evoConnect and edits its details', async ({ page }) => {
  const companyName = `E2E Fuels ${Date.now()}`;
  const { companyId } = await insertCloudCompany(companyName, ['Quay', 'Orchard']);

  await logIn(page, E2E.admin.username, E2E.admin.password);
  await chooseMenuEntry(page, MENU_LABELS.companies);
  await expect(page).toHaveURL(new RegExp(`${ROUTES.companies}$`));

  const available = page.getByRole('list', { name: COMPANIES_TEXT.available });
  const current = page.getByRole('list', { name: COMPANIES_TEXT.current });
  await page.getByRole('searchbox', { name: COMPANY_LABELS.search }).fill(companyName);
  await available.getByText(`${companyId} - ${companyName}`).click();
  await expect(current.getByText(`${companyId} - ${companyName}`)).toBeVisible();
  await expect(available.getByText(COMPANIES_TEXT.noCompanies)).toBeVisible();

  await page.getByRole('button', { name: COMPANY_LABELS.save, exact: true }).click();
  await expect(page.getByText(TOAST.saveCompanies.success)).toBeVisible();

  await current.getByRole('button', { name: COMPANY_LABELS.editCompany(companyName) }).click();
  const modal = page.getByRole('dialog', { name: COMPANIES_TEXT.editCompanyDetails });
  await expect(modal).toBeVisible();
  // The default company credentials from the environment came with the save.
  await expect(modal.getByLabel(COMPANY_LABELS.companyUsername)).toHaveValue('101');
  await modal.getByLabel(COMPANY_LABELS.companyUsername).fill('e2e-company');

  await modal.getByRole('button', { name: '2 - Orchard' }).click();
  const storeUser = modal.locator('#store-2-username');
  await expect(storeUser).toHaveAttribute('placeholder', COMPANIES_TEXT.usingCompanyLevel);
  await expect(modal.locator('#store-2-installed-company')).toHaveAttribute(
    'placeholder',
    COMPANIES_TEXT.usingLocalIds,
  );
  await storeUser.fill('orchard-manager');
  await modal.locator('#store-2-password').fill('Orchard-Pass-1');
  await modal.locator('#store-2-installed-store').fill('42');
  await modal.getByRole('button', { name: COMPANIES_TEXT.saveChanges }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText(TOAST.saveCompanyData.success(companyName))).toBeVisible();

  // Reopened, the modal shows what was saved, and never a password.
  await current.getByRole('button', { name: COMPANY_LABELS.editCompany(companyName) }).click();
  await expect(modal.getByLabel(COMPANY_LABELS.companyUsername)).toHaveValue('e2e-company');
  await modal.getByRole('button', { name: '2 - Orchard' }).click();
  await expect(modal.locator('#store-2-username')).toHaveValue('orchard-manager');
  await expect(modal.locator('#store-2-password')).toHaveValue('');
  await expect(modal.locator('#store-2-installed-store')).toHaveValue('42');
  // Cancel only discards.
  await modal.getByRole('button', { name: COMPANY_LABELS.cancel }).click();
  await expect(modal).toBeHidden();
});
