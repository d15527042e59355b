/** PASS/FAIL lines and the closing 'N passed, N failed' line of `npm run test:soak`. */

export interface Check {
  step: string;
  name: string;
  ok: boolean;
  detail: string;
}

const checks: Check[] = [];

/** One line on stdout (the soak runner's output is its report). */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}
let currentStep = 'setup';

/** Names the step whose checks follow ('sqlmap', 'two processes', …). */
export function step(name: string, note = ''): void {
  currentStep = name;
  say(`\n── ${name}${note ? ` (${note})` : ''} ──`);
}

/** Records one check and prints `PASS  step: name — detail` (or FAIL). Returns `ok`. */
export function check(name: string, ok: boolean, detail = ''): boolean {
  checks.push({ step: currentStep, name, ok, detail });
  say(`${ok ? 'PASS' : 'FAIL'}  ${currentStep}: ${name}${detail ? ` — ${detail}` : ''}`);
  return ok;
}

/** A step that threw: one failed check carrying the error, so the run goes on with the next step. */
export function stepFailed(error: unknown): void {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  check('step completed', false, message.split('\n').slice(0, 6).join('\n      '));
}

/** Information that is not a check (figures, timings). */
export function info(message: string): void {
  say(`      ${message}`);
}

export function summary(): { passed: number; failed: number; failures: Check[] } {
  const failures = checks.filter((c) => !c.ok);
  return { passed: checks.length - failures.length, failed: failures.length, failures };
}
