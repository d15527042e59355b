/** The one mail path (lib/mail.ts): templates rendered to HTML, outbox rows in one insert, or a transport. */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createElement } from 'react';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { outbox } from '#src/db/schema.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { sendMail, sendMails, type Email, type MailMessage } from './mail.ts';

let handle: DatabaseHandle;
let db: Database;

beforeEach(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterEach(async () => {
  await handle.close();
});

const email = (to: string, name = 'Zoë <script>alert(1)</script>'): Email => ({
  to,
  subject: `Hello ${name}`,
  text: `Hello ${name}\n`,
  body: createElement('p', null, `Hello ${name}`),
  headers: { 'X-Test': to },
});

describe('without SMTP', () => {
  test('writes every e-mail to the outbox, its HTML rendered and escaped', async () => {
    const outcomes = await sendMails(db, [email('a@example.com'), email('b@example.com', 'Bo & Jo')]);
    expect(outcomes).toEqual([{ sent: true }, { sent: true }]);
    const rows = await db.select().from(outbox).orderBy(outbox.to);
    expect(rows.map((r) => [r.to, r.subject, r.text])).toEqual([
      ['a@example.com', 'Hello Zoë <script>alert(1)</script>', 'Hello Zoë <script>alert(1)</script>\n'],
      ['b@example.com', 'Hello Bo & Jo', 'Hello Bo & Jo\n'],
    ]);
    expect(rows[0]!.html).toMatch(/^<!DOCTYPE html/);
    expect(rows[0]!.html).toContain('<p>Hello Zoë &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(rows[1]!.html).toContain('<p>Hello Bo &amp; Jo</p>');
  });

  test('in a transaction, the rows commit or roll back with it', async () => {
    await db
      .transaction(async (tx) => {
        await sendMail(tx as unknown as Database, email('gone@example.com'));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await db.select().from(outbox)).toEqual([]);
  });

  test('nothing to send writes nothing', async () => {
    expect(await sendMails(db, [])).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
  });
});

describe('with a transport', () => {
  test('hands over each rendered message with its headers, and reports each failure on its own', async () => {
    const sent: MailMessage[] = [];
    const outcomes = await sendMails(db, [email('ok@example.com'), email('down@example.com')], {
      transport: async (message) => {
        if (message.to === 'down@example.com') throw new Error('SMTP down');
        sent.push(message);
      },
    });
    expect(outcomes[0]).toEqual({ sent: true });
    expect(outcomes[1]).toMatchObject({ sent: false, error: new Error('SMTP down') });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'ok@example.com', headers: { 'X-Test': 'ok@example.com' } });
    expect(sent[0]!.html).toContain('&lt;script&gt;');
    expect(await db.select().from(outbox)).toEqual([]);
  });

  test('sendMail rejects with the transport error', async () => {
    await expect(
      sendMail(db, email('down@example.com'), { transport: () => Promise.reject(new Error('SMTP down')) }),
    ).rejects.toThrow('SMTP down');
  });
});
