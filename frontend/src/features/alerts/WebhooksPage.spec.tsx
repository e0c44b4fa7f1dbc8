import {
  USER_TYPE,
  WEBHOOK_API,
  WEBHOOK_ERROR,
  type Webhook,
  webhookDeliveriesPath,
  type WebhookDelivery,
  webhookReplayPath,
  WEBHOOKS_TEXT,
  webhookTestPath,
} from '@store-cloud/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY } from '../../auth/session-storage';
import { makeToken } from '../../test/make-token';
import { renderWithProviders } from '../../test/render';
import { fakeCloud } from '../../test/fake-cloud';
import { WebhooksPage } from './WebhooksPage';

const T = WEBHOOKS_TEXT;
const AT = '2026-11-26T09:00:00.000Z';
const HOOK: Webhook = {
  id: '665000000000000000000bbb',
  companyId: 101,
  name: 'Ops chat',
  url: 'https://hooks.example.com/x',
  events: ['incident.opened', 'test'],
  format: 'json',
  enabled: true,
  createdAt: AT,
  updatedAt: AT,
};
const DELIVERY: WebhookDelivery = {
  id: '0b7f5a4e-8c1d-4c55-9d43-1e2f3a4b5c6d',
  webhookId: HOOK.id,
  event: 'incident.opened',
  kind: 'store-offline',
  subject: 'Harbour Road (Northway Fuels) is offline',
  state: 'failed',
  createdAt: AT,
  nextAttemptAt: null,
  sentAt: null,
  replayOf: null,
  attempts: [
    { at: AT, status: 500, error: null, durationMs: 42, answer: 'upstream broke' },
    {
      at: '2026-11-26T09:01:00.000Z',
      status: null,
      error: 'ECONNREFUSED',
      durationMs: 3,
      answer: null,
    },
  ],
};

function cloud() {
  return fakeCloud({
    [`GET ${WEBHOOK_API.webhooks}`]: () => [HOOK],
    [`POST ${WEBHOOK_API.webhooks}`]: ({ body }) => ({
      ...(body as object),
      id: '665000000000000000000ccc',
      createdAt: AT,
      updatedAt: AT,
      secret: 'whsec_shown_once',
    }),
    [`POST ${webhookTestPath(HOOK.id)}`]: () => ({ queued: 1 }),
    [`GET ${webhookDeliveriesPath(HOOK.id)}`]: () => [DELIVERY],
    [`POST ${webhookReplayPath(HOOK.id, DELIVERY.id)}`]: () => ({ ...DELIVERY, state: 'pending' }),
  });
}

beforeEach(() =>
  localStorage.setItem(STORAGE_KEY.token, makeToken({ all: true, usertype: USER_TYPE.ADMIN })),
);

// Screens with forms and modals on a shared, busy machine: more than the 5 s default.
describe('WebhooksPage', { timeout: 20_000 }, () => {
  it(
    'creates a webhook and shows its secret once, with a copy button',
    { timeout: 30_000 },
    async () => {
      const calls = cloud();
      const writeText = vi.fn().mockResolvedValue(undefined);
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      renderWithProviders(<WebhooksPage />);
      await screen.findByRole('table', { name: T.table });
      await userEvent.click(screen.getByRole('button', { name: T.add }));
      const form = await screen.findByRole('dialog', { name: T.newWebhook });
      await userEvent.type(within(form).getByLabelText(T.name), 'Teams room');
      const url = within(form).getByLabelText(T.url);
      await userEvent.clear(url);
      await userEvent.type(url, 'ftp://nope');
      await userEvent.click(within(form).getByRole('button', { name: T.save }));
      expect(within(form).getByText(WEBHOOK_ERROR.url)).toBeVisible();
      await userEvent.clear(url);
      await userEvent.type(url, 'https://example.webhook.office.com/abc');
      await userEvent.selectOptions(within(form).getByLabelText(T.format), T.formats.teams);
      await userEvent.click(within(form).getByRole('button', { name: T.save }));

      const secret = await screen.findByRole('dialog', { name: T.secretTitle });
      expect(within(secret).getByLabelText(T.secret)).toHaveValue('whsec_shown_once');
      await userEvent.click(within(secret).getByRole('button', { name: T.copy }));
      expect(writeText).toHaveBeenCalledWith('whsec_shown_once');
      await userEvent.click(within(secret).getAllByRole('button', { name: T.close }).at(-1)!);
      expect(screen.queryByText('whsec_shown_once')).toBeNull();

      const post = calls.find((c) => c.method === 'POST' && c.path === WEBHOOK_API.webhooks)!;
      expect(post.body).toMatchObject({
        companyId: 101,
        name: 'Teams room',
        url: 'https://example.webhook.office.com/abc',
        format: 'teams',
      });
    },
  );

  it('sends a test and replays a delivery from the log, which shows every attempt', async () => {
    const calls = cloud();
    renderWithProviders(<WebhooksPage />);
    const table = await screen.findByRole('table', { name: T.table });
    await userEvent.click(within(table).getByRole('button', { name: T.sendTestOf('Ops chat') }));
    expect(await screen.findByText(T.toast.testQueued)).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: T.deliveriesOf('Ops chat') }));
    const log = await screen.findByRole('dialog', { name: T.deliveriesOf('Ops chat') });
    const deliveries = await within(log).findByRole('table', { name: T.deliveryTable });
    expect(deliveries).toHaveTextContent(DELIVERY.subject);
    expect(deliveries).toHaveTextContent('500');
    expect(deliveries).toHaveTextContent('upstream broke');
    expect(deliveries).toHaveTextContent('ECONNREFUSED');
    await userEvent.click(within(deliveries).getAllByRole('button', { name: /Replay/ })[0]!);
    expect(await screen.findByText(T.toast.replayed)).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        `POST ${webhookTestPath(HOOK.id)}`,
        `POST ${webhookReplayPath(HOOK.id, DELIVERY.id)}`,
      ]),
    );
  });
});
