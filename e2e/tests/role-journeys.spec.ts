/**
 * A journey per role (issue 16): a user of each type visits every screen that type may see, at a
 * wide screen (1440 px) and a phone (390 px), through the menu as a person does. The journey
 * fails on any console error, uncaught page error, failed request or HTTP error answer, and on a
 * phone screen wider than the phone, and on any WCAG 2.1 A/AA violation axe finds on a screen
 * (issue 30), in the light and the dark theme (in the second, the rules its colours decide).
 * Each screen's screenshot in each theme is attached to the test's report.
 */
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  ALERT_FOLLOW_TEXT,
  ALERT_RULES_TEXT,
  ALERTS_TEXT,
  APP,
  AUDIT_TEXT,
  ADMIN_API,
  COMPANIES_TEXT,
  HOME_TEXT,
  MEDIA_ADMIN_LABELS,
  MEDIA_LABELS,
  MENU_LABELS,
  MESSAGE_DELIVERY_LABELS,
  MESSAGING_LABELS,
  MESSAGING_TEXT,
  MFA_TEXT,
  PORTAL_LABELS,
  ROUTES,
  SQL_BACKUP_LABELS,
  SQL_BACKUP_TEXT,
  STATUS_TEXT,
  TIMEOUT_TEXT,
  USER_ADMIN_LABELS,
  USER_TYPE,
  type UserTypeName,
  userViewSchema,
  WEBHOOKS_TEXT,
} from '@store-cloud/contracts';
import { accessibilityViolations } from './support/accessibility';
import { ADMIN_ENTRIES, logIn, openAdminMenu } from './support/portal-page';
import { adminApi } from './support/admin-api';
import { E2E } from './support/e2e-env';
import { createRoleUser, type RoleUser } from './support/role-users';
import { enrolTotp, signInCode } from './support/totp';
import { uniqueUsername } from './support/users-db';

const THEMES = ['light', 'dark'] as const;

const SIZES = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** totp: the user signs in with a second factor, an authenticator app's code (issue 27). */
const ROLES: { type: UserTypeName; apps: string[]; totp?: boolean }[] = [
  { type: USER_TYPE.BASIC, apps: [APP.centralMediaServer, APP.messageManager] },
  { type: USER_TYPE.SUPPORT_ADMIN, apps: [APP.centralMediaServer, APP.messageManager] },
  { type: USER_TYPE.ADMIN, apps: [APP.centralMediaServer, APP.messageManager], totp: true },
  {
    type: USER_TYPE.SUPER_ADMIN,
    apps: [APP.centralMediaServer, APP.messageManager, APP.dbBackup],
  },
];

/** Everything the page reports that a user could notice going wrong. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    // A query the page no longer needs (it navigated on) is cancelled on purpose.
    if (!reason.includes('ERR_ABORTED'))
      problems.push(`request failed: ${r.method()} ${r.url()} ${reason}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

class Journey {
  private shot = 0;
  /** axe's findings on every screen of the journey, asserted at its end so one run lists all. */
  readonly violations: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly info: TestInfo,
    private readonly phone: boolean,
  ) {}

  /** Chooses a menu entry as a person does: the side menu on a phone, the dropdown for admin. */
  async choose(label: string) {
    const menu = this.page.locator('#portal-menu');
    if (this.phone) await this.page.getByRole('button', { name: PORTAL_LABELS.openMenu }).click();
    else if (ADMIN_ENTRIES.includes(label)) await openAdminMenu(this.page);
    await menu
      .getByRole('link', { name: label, exact: true })
      .or(menu.getByRole('button', { name: label, exact: true }))
      .click();
  }

  /** The screen is settled: its title is the tab's, it fits the width, and its picture is kept. */
  async arrived(name: string, title?: string) {
    if (title) await expect(this.page).toHaveTitle(PORTAL_LABELS.screenTitle(title));
    if (this.phone) {
      const overflow = await this.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect.soft(overflow, `${name} is wider than the phone`).toBeLessThanOrEqual(0);
    }
    // The pointer rests where the menu was: over a row it opens a hover popover, which axe would
    // read half faded in.
    await this.page.mouse.move(0, 0);
    await expect(this.page.locator('.popover')).toHaveCount(0);
    // In both themes: the portal follows the system's, as it does until the user picks one.
    this.shot += 1;
    for (const scheme of THEMES) {
      await this.page.emulateMedia({ colorScheme: scheme });
      await expect(this.page.locator('html')).toHaveAttribute('data-bs-theme', scheme);
      // Colours fade to the new theme (Bootstrap's 0.15 s transitions): axe reads them settled.
      // Only transitions: a spinner's endless animation never finishes.
      await this.page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      // The first theme gets every rule; the second only those its colours can change.
      const check = scheme === THEMES[0] ? 'all' : 'colours';
      for (const v of await accessibilityViolations(this.page, check))
        this.violations.push(`${name} (${scheme}): ${v}`);
      // Kept as a file in the test's output folder (kept after a pass too) and in its report.
      const shot = `${String(this.shot).padStart(2, '0')}-${name}-${scheme}`;
      const file = this.info.outputPath(`${shot}.png`);
      await this.page.screenshot({ path: file, fullPage: true });
      await this.info.attach(shot, { path: file, contentType: 'image/png' });
    }
    await this.page.emulateMedia({ colorScheme: THEMES[0] });
  }
}

for (const role of ROLES) {
  test.describe(`${role.type}${role.totp ? ' with TOTP' : ''} journey`, () => {
    let user: RoleUser;
    let enrolled: Awaited<ReturnType<typeof enrolTotp>> | undefined;
    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext();
      user = await createRoleUser(request, role.type, role.apps);
      if (role.totp) enrolled = await enrolTotp(request, user);
      await request.dispose();
    });

    for (const size of SIZES) {
      test(`visits every screen a ${role.type} may see at ${size.width} px`, async ({
        page,
      }, testInfo) => {
        // Every screen a role may see, at two sizes, on a machine the whole suite shares.
        test.setTimeout(300_000);
        const problems = watchForProblems(page);
        await page.setViewportSize({ width: size.width, height: size.height });
        const phone = size.name === 'phone';
        const journey = new Journey(page, testInfo, phone);
        const admin = role.type !== USER_TYPE.BASIC;
        const adminPlus = role.type === USER_TYPE.ADMIN || role.type === USER_TYPE.SUPER_ADMIN;

        await logIn(page, user.username, user.password);
        if (enrolled) {
          const code = page.getByLabel(MFA_TEXT.codeLabel, { exact: true });
          await expect(code).toBeVisible();
          await journey.arrived('second-step');
          await code.fill(signInCode(enrolled));
          await page.getByRole('button', { name: MFA_TEXT.verify }).click();
        }
        await expect(
          page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore, exact: true }),
        ).toBeVisible();
        await journey.arrived('home', MENU_LABELS.home);

        // Central media: the company picker, then a company's tabs.
        await journey.choose(MENU_LABELS.media);
        await expect(
          page.getByRole('heading', { name: MENU_LABELS.media, exact: true }),
        ).toBeVisible();
        await journey.arrived('media', MENU_LABELS.media);
        await page.getByText('Northway Fuels', { exact: true }).first().click();
        await expect(page.getByRole('tab', { name: MEDIA_LABELS.managementTab })).toBeVisible();
        await journey.arrived('media-company');
        const adminTab = page.getByRole('tab', { name: MEDIA_LABELS.administrationTab });
        if (adminPlus) {
          await adminTab.click();
          await expect(
            page.getByRole('textbox', { name: MEDIA_ADMIN_LABELS.mediaFileLimit }),
          ).toBeVisible();
          await journey.arrived('media-administration');
        } else await expect(adminTab).toHaveCount(0);

        // Alerts (issue 26): every user sees its companies' incidents and sets its own follows.
        await journey.choose(MENU_LABELS.alerts);
        await expect(
          page.getByRole('heading', { name: ALERTS_TEXT.title, exact: true }),
        ).toBeVisible();
        await expect(
          page
            .getByRole('table', { name: ALERTS_TEXT.openTable })
            .or(page.getByText(ALERTS_TEXT.noOpen)),
        ).toBeVisible();
        await expect(
          page
            .getByRole('table', { name: ALERT_FOLLOW_TEXT.table })
            .or(page.getByText(ALERT_FOLLOW_TEXT.none)),
        ).toBeVisible();
        await journey.arrived('alerts', MENU_LABELS.alerts);

        await journey.choose(MENU_LABELS.message);
        await expect(
          page.getByRole('heading', { name: MESSAGING_TEXT.title, exact: true }),
        ).toBeVisible();
        await journey.arrived('message', MENU_LABELS.message);
        // By Site (issue 30): a checkbox per store and one for all the stores shown.
        const targets = page.getByRole('complementary', { name: MESSAGING_LABELS.targetSites });
        await page.getByRole('checkbox', { name: /^Select all \d+ shown$/ }).check();
        await expect(targets).not.toContainText(MESSAGING_LABELS.noTargets);
        await journey.arrived('message-targets');
        await targets.getByRole('button', { name: MESSAGING_LABELS.clearTargets }).click();
        await expect(targets).toContainText(MESSAGING_LABELS.noTargets);
        await page.getByRole('tab', { name: MESSAGE_DELIVERY_LABELS.tab }).click();
        await expect(
          page
            .getByRole('table', { name: MESSAGE_DELIVERY_LABELS.deliveries })
            .or(page.getByText(MESSAGE_DELIVERY_LABELS.none)),
        ).toBeVisible();
        await journey.arrived('sent-messages');

        if (admin) {
          await journey.choose(MENU_LABELS.sqlbackup);
          await expect(
            page.getByRole('heading', { name: SQL_BACKUP_TEXT.title, exact: true }),
          ).toBeVisible();
          await expect(
            page
              .getByRole('table', { name: SQL_BACKUP_LABELS.installations })
              .or(page.getByText(SQL_BACKUP_TEXT.noData)),
          ).toBeVisible();
          await journey.arrived('sqlbackup', MENU_LABELS.sqlbackup);

          await journey.choose(MENU_LABELS.users);
          await expect(
            page.getByRole('heading', { name: MENU_LABELS.users, exact: true }),
          ).toBeVisible();
          await journey.arrived('users', MENU_LABELS.users);
          // Its own account: the edit screen, kept across a reload, and its companies screen.
          await page.getByLabel(USER_ADMIN_LABELS.search, { exact: true }).fill(user.username);
          await page
            .getByRole('button', { name: `${USER_ADMIN_LABELS.edit} ${user.username}` })
            .click();
          await expect(page).toHaveURL(new RegExp(`${ROUTES.editUser}/[0-9a-f]{24}$`));
          await page.reload();
          await expect(
            page.getByRole('heading', { name: user.username, exact: true }),
          ).toBeVisible();
          await expect(page.getByRole('radio', { name: role.type, exact: true })).toBeChecked();
          if (phone && role.type === USER_TYPE.SUPER_ADMIN) {
            // Four type buttons on a phone: SUPER-ADMIN shares its row with another type.
            const top = async (t: string) =>
              (await page.getByText(t, { exact: true }).boundingBox())!.y;
            const rows = await Promise.all(
              [USER_TYPE.BASIC, USER_TYPE.SUPPORT_ADMIN, USER_TYPE.ADMIN].map(top),
            );
            expect(rows).toContain(await top(USER_TYPE.SUPER_ADMIN));
          }
          await journey.arrived('edit-user', PORTAL_LABELS.editUserTitle);
          const id = page.url().split('/').pop()!;
          await page.goto(ROUTES.configurationOf(id));
          await expect(
            page.getByRole('heading', { name: PORTAL_LABELS.configurationTitle, exact: true }),
          ).toBeVisible();
          await journey.arrived('configuration', PORTAL_LABELS.configurationTitle);

          await journey.choose(MENU_LABELS.companies);
          await expect(
            page.getByRole('heading', { name: MENU_LABELS.companies, exact: true }),
          ).toBeVisible();
          await expect(page.getByRole('list', { name: COMPANIES_TEXT.current })).toBeVisible();
          await journey.arrived('companies', MENU_LABELS.companies);

          await journey.choose(MENU_LABELS.status);
          await expect(
            page.getByRole('table', { name: STATUS_TEXT.tentaclesOnline }),
          ).toBeVisible();
          await journey.arrived('status', MENU_LABELS.status);

          await journey.choose(MENU_LABELS.alertRules);
          await expect(
            page.getByRole('heading', { name: ALERT_RULES_TEXT.title, exact: true }),
          ).toBeVisible();
          await expect(
            page
              .getByRole('table', { name: ALERT_RULES_TEXT.table })
              .or(page.getByText(ALERT_RULES_TEXT.noRules)),
          ).toBeVisible();
          await journey.arrived('alert-rules', MENU_LABELS.alertRules);
          await page.getByRole('button', { name: ALERT_RULES_TEXT.add }).click();
          const ruleForm = page.getByRole('dialog', { name: ALERT_RULES_TEXT.newRule });
          await expect(ruleForm.getByLabel(ALERT_RULES_TEXT.graceSeconds)).toBeVisible();
          await journey.arrived('alert-rule-form');
          await ruleForm.getByRole('button', { name: ALERT_RULES_TEXT.cancel }).click();
          await expect(ruleForm).toBeHidden();

          await journey.choose(MENU_LABELS.webhooks);
          await expect(
            page.getByRole('heading', { name: WEBHOOKS_TEXT.title, exact: true }),
          ).toBeVisible();
          await expect(
            page
              .getByRole('table', { name: WEBHOOKS_TEXT.table })
              .or(page.getByText(WEBHOOKS_TEXT.noWebhooks)),
          ).toBeVisible();
          await journey.arrived('webhooks', MENU_LABELS.webhooks);
        } else {
          // A screen it may not use says so, with the way home.
          await page.goto(ROUTES.sqlbackup);
          await expect(
            page.getByRole('heading', { name: PORTAL_LABELS.notAllowedTitle, exact: true }),
          ).toBeVisible();
          await journey.arrived('not-allowed');
          await page.getByRole('link', { name: PORTAL_LABELS.backToHome }).click();
          await expect(
            page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore, exact: true }),
          ).toBeVisible();
        }

        if (adminPlus) {
          await journey.choose(MENU_LABELS.audit);
          await expect(
            page.getByRole('heading', { name: AUDIT_TEXT.title, exact: true }),
          ).toBeVisible();
          await journey.arrived('audit', MENU_LABELS.audit);
        }

        if (role.type === USER_TYPE.SUPER_ADMIN) {
          await journey.choose(MENU_LABELS.backup);
          await expect(
            page.getByRole('heading', { name: MENU_LABELS.backup, exact: true }),
          ).toBeVisible();
          await journey.arrived('backup', MENU_LABELS.backup);
        }

        await journey.choose(MENU_LABELS.userProfile);
        await expect(page.getByRole('heading', { name: user.username, exact: true })).toBeVisible();
        await journey.arrived('user-profile', MENU_LABELS.userProfile);

        await journey.choose(MENU_LABELS.about);
        const about = page.getByRole('dialog', { name: PORTAL_LABELS.aboutTitle });
        await expect(about).toContainText(PORTAL_LABELS.mediaServerVersion);
        await journey.arrived('about');
        await about.getByRole('button', { name: PORTAL_LABELS.close }).click();
        await expect(about).toBeHidden();

        await page.goto(ROUTES.timeout);
        await expect(
          page.getByRole('heading', { name: TIMEOUT_TEXT.title, exact: true }),
        ).toBeVisible();
        await journey.arrived('timeout', TIMEOUT_TEXT.title);
        await page.getByRole('link', { name: PORTAL_LABELS.backToHome }).click();
        await expect(
          page.getByRole('heading', { name: HOME_TEXT.selectCompanyAndStore, exact: true }),
        ).toBeVisible();

        await journey.choose(MENU_LABELS.logout);
        await expect(page.getByLabel(PORTAL_LABELS.username, { exact: true })).toBeVisible();
        await journey.arrived('logged-out');

        expect(problems).toEqual([]);
        expect(journey.violations).toEqual([]);
      });
    }
  });
}

/**
 * A user who cannot do anything yet (issue 30): a new account (disabled, no access) learns at
 * its sign-in what it needs and who can give it; enabled without companies, Home says the same
 * instead of a bare "No companies available".
 */
test.describe('a user without access', () => {
  let fresh: RoleUser;
  let noCompanies: RoleUser;
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const admin = await adminApi(request);
    noCompanies = { username: uniqueUsername('nocompanies'), password: 'Journey-Pass1' };
    const { _id } = await admin.call(
      'POST',
      E2E.backendUrl + ADMIN_API.createUser,
      userViewSchema,
      { data: { ...noCompanies, usertype: USER_TYPE.BASIC } },
    );
    await admin.call('PATCH', E2E.backendUrl + ADMIN_API.saveUserChanges, userViewSchema, {
      data: {
        userdata: {
          _id,
          usertype: USER_TYPE.BASIC,
          enabled: true,
          access: { all: false, companies: [] },
          applications: [],
        },
      },
    });
    fresh = { username: uniqueUsername('fresh'), password: 'Journey-Pass1' };
    await admin.call('POST', E2E.backendUrl + ADMIN_API.createUser, userViewSchema, {
      data: { ...fresh, usertype: USER_TYPE.BASIC },
    });
    await request.dispose();
  });

  for (const size of SIZES) {
    test(`is shown its first steps at ${size.width} px`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const journey = new Journey(page, testInfo, size.name === 'phone');
      const steps = PORTAL_LABELS.firstSteps;

      await logIn(page, fresh.username, fresh.password);
      await expect(page.getByRole('heading', { name: steps.title })).toBeVisible();
      await expect(page.getByText(steps.disabled)).toBeVisible();
      await journey.arrived('first-steps-disabled');

      await logIn(page, noCompanies.username, noCompanies.password);
      await expect(page.getByText(HOME_TEXT.noCompanies)).toBeVisible();
      await expect(page.getByRole('heading', { name: steps.title, level: 2 })).toBeVisible();
      await expect(page.getByText(steps.noCompanies)).toBeVisible();
      await journey.arrived('first-steps', MENU_LABELS.home);
      expect(journey.violations).toEqual([]);
    });
  }
});
