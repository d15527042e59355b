/**
 * The scheduler as the job tests start it: links to a test origin, and the alert timer off unless a test sets one.
 */
import { startJobs, type Jobs, type JobsOptions } from '#src/jobs/scheduler.ts';

/** Starts the jobs on `db` with `logger`; every other option is the scheduler's default unless given. */
export function startTestJobs(options: Pick<JobsOptions, 'db' | 'logger'> & Partial<JobsOptions>): Jobs {
  return startJobs({ publicUrl: 'http://x.test', intervalMs: 0, ...options });
}
