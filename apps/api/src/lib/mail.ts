/**
 * Outgoing e-mail (issue #3): nodemailer over SMTP_URL when set, otherwise a row in `outbox` that /dev/mail and
 * `GET /api/dev/mail` show outside production.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers for SMTP (e.g. List-Unsubscribe of alert e-mails); the dev outbox does not keep them. */
  headers?: Record<string, string>;
}

export interface MailConfig {
  smtpUrl?: string | undefined;
  from?: string | undefined;
}

const transports = new Map<string, Transporter>();

export async function sendMail(db: Database, message: MailMessage, config: MailConfig = {}): Promise<void> {
  if (config.smtpUrl) {
    let transport = transports.get(config.smtpUrl);
    if (!transport) {
      transport = nodemailer.createTransport(config.smtpUrl);
      transports.set(config.smtpUrl, transport);
    }
    await transport.sendMail({ from: config.from ?? 'Abode <no-reply@abode.local>', ...message });
    return;
  }
  await db.insert(outbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
}
