import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { ConfigService } from '../../config/config.service';

/** What one SMTP send came to: the server's reply, or the error. */
export interface MailAnswer {
  ok: boolean;
  response?: string;
  error?: string;
  /** The SMTP reply code of a refusal (5xx: permanent). */
  code?: number;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable across retries: a resend after a crash carries the same Message-ID. */
  messageId: string;
}

/** E-mail over SMTP_URL with nodemailer (one pooled transport per process). */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter | undefined;
  private readonly from: string;

  constructor(config: ConfigService) {
    const { smtpUrl, from } = config.get('notifications');
    this.from = from;
    this.transport = smtpUrl
      ? createTransport({
          url: smtpUrl,
          // A send must end well within a claim's lease.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 15_000,
        })
      : undefined;
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  async send(mail: Mail): Promise<MailAnswer> {
    if (!this.transport) return { ok: false, error: 'SMTP_URL is not set' };
    try {
      const info = (await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
      })) as { response?: string; rejected?: unknown[] };
      if (info.rejected?.length) return { ok: false, error: info.response ?? 'Rejected' };
      return { ok: true, response: info.response };
    } catch (error) {
      const e = error as Error & { responseCode?: number };
      return { ok: false, error: e.message, code: e.responseCode };
    }
  }

  onModuleDestroy() {
    this.transport?.close();
  }
}
