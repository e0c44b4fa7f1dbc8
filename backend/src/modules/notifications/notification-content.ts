import {
  NOTIFICATION_EMAIL_TEXT,
  type WebhookEvent,
  type WebhookFormat,
  type WebhookPayload,
} from '@store-cloud/contracts';
import type { NotificationRecord } from './notifications.repository';

/** The link into the portal: PORTAL_URL and the notification's path. */
export function portalLink(portalUrl: string, path: string): string {
  return `${portalUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

export function webhookPayload(n: NotificationRecord, link: string): WebhookPayload {
  return {
    id: n.deliveryId,
    event: n.event as WebhookEvent,
    kind: n.kind,
    key: n.key,
    replayOf: n.replayOf ?? null,
    companyId: n.companyId,
    storeId: n.storeId ?? null,
    subject: n.subject,
    text: n.text,
    url: link,
    createdAt: new Date(n.createdAt).toISOString(),
    data: JSON.parse(n.data) as Record<string, unknown>,
  };
}

/** Slack's mrkdwn treats these three as markup. */
const slackEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The body POSTed to a webhook of this format: our signed JSON, or the message shape of Slack's
 * incoming webhooks (`text` and `blocks`) or of a Teams workflow's "post to a channel when a
 * webhook request is received" (a message with an Adaptive Card).
 */
export function webhookBody(format: WebhookFormat, n: NotificationRecord, link: string): string {
  if (format === 'slack') {
    const text = `*${slackEscape(n.subject)}*\n${slackEscape(n.text)}`;
    return JSON.stringify({
      text: `${n.subject}: ${link}`,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text } },
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              text: { type: 'plain_text', text: NOTIFICATION_EMAIL_TEXT.open },
              url: link,
            },
          ],
        },
      ],
    });
  }
  if (format === 'teams') {
    return JSON.stringify({
      type: 'message',
      summary: n.subject,
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: n.subject, weight: 'Bolder', size: 'Medium', wrap: true },
              { type: 'TextBlock', text: n.text, wrap: true },
            ],
            actions: [{ type: 'Action.OpenUrl', title: NOTIFICATION_EMAIL_TEXT.open, url: link }],
          },
        },
      ],
    });
  }
  return JSON.stringify(webhookPayload(n, link));
}

const htmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The e-mail's two parts: the text with the link under it, and the same as simple HTML. */
export function emailParts(n: NotificationRecord, link: string): { text: string; html: string } {
  const text = `${n.text}\n\n${NOTIFICATION_EMAIL_TEXT.open}: ${link}\n\n-- \n${NOTIFICATION_EMAIL_TEXT.footer}\n`;
  const paragraphs = n.text
    .split(/\n{2,}/)
    .map((p) => `<p>${htmlEscape(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif">',
    `<h2>${htmlEscape(n.subject)}</h2>`,
    paragraphs,
    `<p><a href="${htmlEscape(link)}">${htmlEscape(NOTIFICATION_EMAIL_TEXT.open)}</a></p>`,
    `<p style="color: #666; font-size: small">${htmlEscape(NOTIFICATION_EMAIL_TEXT.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}
