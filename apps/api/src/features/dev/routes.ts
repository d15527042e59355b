/** Development helpers under /api/dev (mounted only when NODE_ENV !== 'production'; issue #3). */
import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import { outbox } from '#src/db/schema.ts';

export const devRoutes = new Hono<AppEnv>().get('/mail', async (c) => {
  const rows = await c.var.db
    .select({
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(200);
  c.header('Cache-Control', 'no-store');
  return c.json(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
});
