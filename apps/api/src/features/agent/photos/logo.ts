/**
 * A branch's logo (REQ-AGENT-09, agents.logo_url): upload, resize and replace, or remove. Only the branch's own
 * uploads are ever deleted; a logo URL from elsewhere is left alone.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import { agents } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authorise } from '#src/features/agency/authorise.ts';
import { makeLogo } from './images.ts';
import { removeFiles, type PhotoContext } from './photos.ts';

/**
 * `POST /api/agent/profile/logo`: checks and resizes branch `branchId`'s logo (a `branch.edit` of the member, else
 * 404/403), stores it under `agents/{branchId}/logo-{id}.webp`,
 * sets agents.logo_url and removes the previous uploaded logo (a logo URL from elsewhere is left alone).
 */
export async function setLogo(ctx: PhotoContext, branchId: string, file: Buffer): Promise<string> {
  authorise(ctx.scope, 'branch.edit', { branchId }, MESSAGES.profileNotFound);
  const output = await makeLogo(file);
  const key = `agents/${branchId}/logo-${randomUUID()}.webp`;
  await ctx.storage.put(key, output.data, 'image/webp');
  const url = ctx.storage.urlOf(key);
  let previous: string | null;
  try {
    previous = await replaceLogoUrl(ctx, branchId, url);
  } catch (error) {
    await removeFiles(ctx, [key]);
    throw error;
  }
  await removeOldLogo(ctx, branchId, previous);
  return url;
}

/** `DELETE /api/agent/profile/logo`: clears agents.logo_url and removes the uploaded file. */
export async function removeLogo(ctx: PhotoContext, branchId: string): Promise<void> {
  authorise(ctx.scope, 'branch.edit', { branchId }, MESSAGES.profileNotFound);
  await removeOldLogo(ctx, branchId, await replaceLogoUrl(ctx, branchId, null));
}

/** Sets the logo URL and returns the one it replaced. */
async function replaceLogoUrl(
  ctx: PhotoContext,
  branchId: string,
  url: string | null,
): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const [agent] = await tx
      .select({ logoUrl: agents.logoUrl })
      .from(agents)
      .where(eq(agents.id, branchId))
      .for('update');
    if (!agent) throw AppError.notFound(MESSAGES.profileNotFound);
    await tx
      .update(agents)
      .set({ logoUrl: url, updatedAt: sql`now()` })
      .where(eq(agents.id, branchId));
    return agent.logoUrl;
  });
}

async function removeOldLogo(ctx: PhotoContext, branchId: string, previous: string | null): Promise<void> {
  const key = previous ? ctx.storage.keyOf(previous) : null;
  // Only this branch's own uploads: never a file another record might point at.
  if (key?.startsWith(`agents/${branchId}/`)) await removeFiles(ctx, [key]);
}
