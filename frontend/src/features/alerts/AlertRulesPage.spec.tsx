import {
  ALERT_KIND_LABEL,
  ALERT_RULE_API,
  ALERT_RULES_TEXT,
  type AlertRule,
  alertRulePath,
  alertRuleTestPath,
  USER_TYPE,
  WEBHOOK_API,
  type Webhook,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { AlertRulesPage } from './AlertRulesPage';
import { fakeCloud } from '../../test/fake-cloud';

const T = ALERT_RULES_TEXT;
const AT = '2026-11-26T09:00:00.000Z';
const RULE: AlertRule = {
  id: '665000000000000000000aaa',
  companyId: 101,
  name: 'Night shift',
  kinds: ['store-offline', 'store-flapping'],
  graceSeconds: 600,
  flapping: { transitions: 4, minutes: 15 },
  staleBackupHours: 26,
  mediaSharePercent: 90,
  notSeenDays: 7,
  quietHours: [],
  timeZone: 'UTC',
  recipients: { emails: ['ops@northway.test'], webhookIds: [] },
  delivery: 'immediate',
  enabled: true,
  createdAt: AT,
  updatedAt: AT,
};
const HOOK: Webhook = {
  id: '665000000000000000000bbb',
  companyId: 101,
  name: 'Ops chat',
  url: 'https://hooks.example.com/x',
  events: ['incident.opened'],
  format: 'slack',
  enabled: true,
  createdAt: AT,
  updatedAt: AT,
};

function cloud() {
  return fakeCloud({
    [`GET ${ALERT_RULE_API.rules}`]: ({ query }) =>
      query.get('companyId') === '101' ? [RULE] : [],
    [`POST ${ALERT_RULE_API.rules}`]: ({ body }) => ({
      ...(body as object),
      id: 'x',
      createdAt: AT,
      updatedAt: AT,
    }),
    [`DELETE ${alertRulePath(RULE.id)}`]: () => ({ success: true }),
    [`POST ${alertRuleTestPath(RULE.id)}`]: () => ({ queued: 2 }),
    [`GET ${WEBHOOK_API.webhooks}`]: () => [HOOK],
  });
}

beforeEach(() =>
  localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true, usertype: USER_TYPE.ADMIN })),
);

// Screens with forms and modals on a shared, busy machine: more than the 5 s default.
describe('AlertRulesPage', { timeout: 20_000 }, () => {
  it("lists the first company's rules and sends a test of one", async () => {
    const calls = cloud();
    renderWithProviders(<AlertRulesPage />);
    const table = await screen.findByRole('table', { name: T.table });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Night shift');
    expect(row).toHaveTextContent(
      `${ALERT_KIND_LABEL['store-offline']}, ${ALERT_KIND_LABEL['store-flapping']}`,
    );
    expect(row).toHaveTextContent(T.summary.recipients(1, 0));
    await userEvent.click(within(row).getByRole('button', { name: T.sendTestOf('Night shift') }));
    expect(await screen.findByText(T.toast.testQueued(2))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === alertRuleTestPath(RULE.id))).toBe(
      true,
    );
  });

  it('says so when a company has no rules', async () => {
    cloud();
    renderWithProviders(<AlertRulesPage />);
    await screen.findByRole('table', { name: T.table });
    await userEvent.selectOptions(screen.getByLabelText(T.company), '202');
    expect(await screen.findByText(T.noRules)).toBeInTheDocument();
  });

  it(
    'refuses a grace under 30 s, then creates the rule with its recipients and quiet hours',
    { timeout: 30_000 },
    async () => {
      const calls = cloud();
      renderWithProviders(<AlertRulesPage />);
      await screen.findByRole('table', { name: T.table });
      await userEvent.click(screen.getByRole('button', { name: T.add }));
      const dialog = await screen.findByRole('dialog', { name: T.newRule });
      await userEvent.type(within(dialog).getByLabelText(T.name), 'Weekend');
      const grace = within(dialog).getByLabelText(T.graceSeconds);
      await userEvent.clear(grace);
      await userEvent.type(grace, '10');
      await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
      expect(grace).toBeInvalid();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      await userEvent.clear(grace);
      await userEvent.type(grace, '45');
      await userEvent.click(
        within(dialog).getByRole('checkbox', { name: ALERT_KIND_LABEL['sqlbackup-stale'] }),
      );
      await userEvent.type(
        within(dialog).getByLabelText(T.emails),
        'a@northway.test{enter}b@northway.test',
      );
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ops chat' }));
      await userEvent.click(within(dialog).getByRole('button', { name: T.addQuietHours }));
      await userEvent.click(within(dialog).getByRole('radio', { name: T.deliveries.digest }));
      await userEvent.click(within(dialog).getByRole('button', { name: T.save }));

      expect(await screen.findByText(T.toast.saved('Weekend'))).toBeInTheDocument();
      const post = calls.find((c) => c.method === 'POST' && c.path === ALERT_RULE_API.rules)!;
      expect(post.body).toMatchObject({
        companyId: 101,
        name: 'Weekend',
        kinds: ['store-offline', 'sqlbackup-stale'],
        graceSeconds: 45,
        recipients: { emails: ['a@northway.test', 'b@northway.test'], webhookIds: [HOOK.id] },
        quietHours: [{ days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' }],
        delivery: 'digest',
        enabled: true,
      });
    },
  );

  it('deletes a rule once asked', async () => {
    const calls = cloud();
    renderWithProviders(<AlertRulesPage />);
    const table = await screen.findByRole('table', { name: T.table });
    await userEvent.click(within(table).getByRole('button', { name: T.deleteRule('Night shift') }));
    const dialog = await screen.findByRole('dialog', { name: T.confirmDeleteTitle });
    expect(dialog).toHaveTextContent(T.confirmDelete('Night shift'));
    await userEvent.click(within(dialog).getByRole('button', { name: T.yes }));
    expect(await screen.findByText(T.toast.deleted('Night shift'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === alertRulePath(RULE.id))).toBe(
      true,
    );
  });
});
