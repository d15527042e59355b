import { timeAgo } from '#src/lib/format.ts';

/** 'Viewed 5 minutes ago', 'Viewed yesterday', then 'Viewed 20 Nov 2026' after a week. */
export function viewedAgo(viewedAt: string, now: Date = new Date()): string {
  return `Viewed ${timeAgo(viewedAt, now)}`;
}
