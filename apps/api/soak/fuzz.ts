/**
 * The long run of the write-route fuzzing (apps/api/src/security/fuzz-writes.test.ts): up to 1,000 generated requests
 * per write route with a new seed each time (FUZZ_RUNS=1000 FUZZ_SEED=random), run by Vitest on PGlite, within a time
 * budget (FUZZ_BUDGET_S, shared out over the routes by the test) and at least FUZZ_MIN_RUNS a route. At 1,000 a route
 * the ~90 routes take about 12 minutes alone on this machine (2026-12-07), more than the run's limit, so the budget
 * decides on a busy machine. The runner starts it in the background while the steps that are not timing-sensitive
 * run (seeding, two processes, faults); its output goes to a file and its tests count in the closing 'N passed, N
 * failed' line, as in scripts/test.mjs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check, info, say } from './lib/report.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const FUZZ_TEST = 'apps/api/src/security/fuzz-writes.test.ts';

interface VitestReport {
  numTotalTests: number;
  testResults: { assertionResults: { fullName: string; status: string; duration?: number }[] }[];
}

export interface FuzzRun {
  /** Resolves when Vitest has exited (or was stopped at the time limit). */
  done: Promise<void>;
  /** Prints the PASS/FAIL lines of the finished run. */
  report(): void;
  /** Stops it now (the run's clean-up). */
  kill(): void;
}

/**
 * Starts the fuzzing in the background; `dir` receives its output (fuzz.out) and Vitest's JSON report. `budgetS` is
 * the routes' share of `timeoutS` (seconds): the rest is Vitest's start and the test world's set-up.
 */
export function startFuzz(
  dir: string,
  options: { runs: number; minRuns: number; budgetS: number; timeoutS: number },
): FuzzRun {
  const report = path.join(dir, 'fuzz.json');
  const outFile = path.join(dir, 'fuzz.out');
  const out = fs.openSync(outFile, 'w');
  const started = performance.now();
  const seed = process.env.FUZZ_SEED ?? 'random';
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'api',
      FUZZ_TEST,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        FUZZ_RUNS: String(options.runs),
        FUZZ_MIN_RUNS: String(options.minRuns),
        FUZZ_BUDGET_S: String(options.budgetS),
        FUZZ_SEED: seed,
      },
      // Its own process group: npx → vitest → workers are stopped together.
      detached: true,
    },
  );
  fs.closeSync(out);
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  let code: number | null = null;
  let timedOut = false;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutS * 1000);
    child.on('close', (c) => {
      clearTimeout(timer);
      code = c;
      resolve();
    });
  });
  return {
    done,
    kill,
    report() {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const output = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
      const results = fs.existsSync(report)
        ? (JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport).testResults.flatMap(
            (t) => t.assertionResults,
          )
        : [];
      for (const r of results) {
        if (r.status !== 'passed' && r.status !== 'failed') continue;
        check(r.fullName, r.status === 'passed', r.duration ? `${(r.duration / 1000).toFixed(1)} s` : '');
      }
      if (timedOut)
        check(`fuzzing finishes within ${options.timeoutS} s`, false, 'stopped at the time limit');
      if (!results.length) check('fuzzing ran tests', false, `vitest exited ${code}; no report`);
      else if (code !== 0 && results.every((r) => r.status === 'passed'))
        check('vitest exited cleanly', false, `exit code ${code}`);
      const failed = results.some((r) => r.status === 'failed') || code !== 0;
      // The seeds and problems are in Vitest's output: all of it on failure, the summary otherwise.
      const lines = output
        // Without Vitest's colours.
        .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
        .trimEnd()
        .split('\n');
      for (const line of failed ? lines : lines.slice(-6)) say(`      │ ${line}`);
      const summary = lines.find((line) => line.startsWith('fuzz summary: '));
      if (summary) info(summary);
      info(
        `FUZZ_RUNS=${options.runs}, FUZZ_MIN_RUNS=${options.minRuns}, FUZZ_BUDGET_S=${options.budgetS}, ` +
          `FUZZ_SEED=${seed}; ${seconds} s; output ${outFile}`,
      );
    },
  };
}
