/**
 * Outgoing e-mail (REQ-AUTH), the one path every e-mail takes: an {@link Email} from a template of `src/emails/`
 * is rendered to its HTML part here, then sent by nodemailer over SMTP_URL when set, otherwise written as a row of
 * `outbox` that /dev/mail and `GET /api/dev/mail` show outside production. {@link sendMails} sends many at once (the
 * saved-search alerts): one INSERT for all their outbox rows, or a few SMTP hand-overs at a time.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import pLimit from 'p-limit';
import type { ReactElement } from 'react';
import type { Database } from '#src/db/client.ts';
import { bulkInsert } from '#src/db/bulk-insert.ts';
import { outbox } from '#src/db/schema.ts';
import { renderEmailHtml } from '#src/emails/render.ts';

/** An e-mail as a template of `src/emails/` gives it: the HTML part still a React element. */
export interface Email {
  to: string;
  subject: string;
  /** The plain-text part, as sent. */
  text: string;
  /** The HTML part, rendered by {@link sendMails} (react-email; every value in it escaped by React). */
  body: ReactElement;
  /** Extra headers for SMTP (e.g. List-Unsubscribe of alert e-mails); the dev outbox does not keep them. */
  headers?: Record<string, string>;
}

/** An e-mail as it leaves: both parts rendered. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailConfig {
  smtpUrl?: string | undefined;
  from?: string | undefined;
  /** Replaces SMTP and the outbox (the alert benchmark's no-op transport, tests' failing server). */
  transport?: ((message: MailMessage) => Promise<void>) | undefined;
}

/** Whether one message of a {@link sendMails} call was handed over; `error` is why not. */
export type MailOutcome = { sent: true } | { sent: false; error: unknown };

/** SMTP hand-overs in flight at once in one {@link sendMails} call. */
const SMTP_CONCURRENCY = 8;

const transports = new Map<string, Transporter>();

function smtpTransport(smtpUrl: string, from: string | undefined) {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  const sender = transport;
  return async (message: MailMessage) => {
    await sender.sendMail({ from: from ?? 'Abode <no-reply@abode.local>', ...message });
  };
}

/**
 * Renders and sends `emails`; resolves to one outcome per e-mail, in order, and never rejects for a failed send.
 * Without SMTP (and without `config.transport`) they become outbox rows in ONE insert with `db`, which may be an
 * open transaction: then the rows commit or roll back with it, and all of them fail together. Over SMTP each is
 * handed over on its own, {@link SMTP_CONCURRENCY} at a time.
 */
export async function sendMails(
  db: Database,
  emails: readonly Email[],
  config: MailConfig = {},
): Promise<MailOutcome[]> {
  const messages = await Promise.all(emails.map(renderMessage));
  const transport = config.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.from) : null);
  if (!transport) {
    try {
      await bulkInsert(
        db,
        outbox,
        messages.map(({ to, subject, text, html }) => ({ to, subject, text, html })),
      );
      return messages.map(() => ({ sent: true }));
    } catch (error) {
      return messages.map(() => ({ sent: false, error }));
    }
  }
  const limit = pLimit(SMTP_CONCURRENCY);
  return Promise.all(
    messages.map((message) =>
      limit(() =>
        transport(message).then(
          (): MailOutcome => ({ sent: true }),
          (error: unknown): MailOutcome => ({ sent: false, error }),
        ),
      ),
    ),
  );
}

/** Renders and sends one e-mail (see {@link sendMails}); rejects when it could not be sent. */
export async function sendMail(db: Database, email: Email, config: MailConfig = {}): Promise<void> {
  const [outcome] = await sendMails(db, [email], config);
  if (outcome && !outcome.sent) throw outcome.error;
}

async function renderMessage({ body, ...rest }: Email): Promise<MailMessage> {
  return { ...rest, html: await renderEmailHtml(body) };
}
