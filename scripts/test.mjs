#!/usr/bin/env node
// `npm test`: unit and API tests (Vitest) on PGlite, the API tests again on PostgreSQL when TEST_DATABASE_URL is
// set (CI) — that pass with the in-memory search engine on, as production runs (TEST_SEARCH_ENGINE=on,
// apps/api/src/testing/search-engine-on.ts) — then the Playwright journeys against the real server in Chromium, on
// a new data folder each run (E2E_DATA_DIR, removed afterwards) as on CI's clean checkout: the journeys leave
// agencies, listings and enquiries behind, and a later run on the same folder would meet them.
// Prints one closing line 'N passed, N failed' summing every runner.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function vitest(label, reportName, args, env) {
  const report = path.join(out, reportName);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) failures.push(`${label}: no tests ran`);
  }
  if (!ok) failures.push(label);
}

/** Finds Chromium for Playwright, installing Debian's package when root; null with a message otherwise. */
function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian chromium (apt-get install -y chromium)…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.log("Chromium is missing: trying Playwright's own download (npx playwright install chromium)…");
  const pw = spawnSync('npx', ['playwright', 'install', 'chromium'], {
    cwd: path.join(root, 'e2e'),
    stdio: 'inherit',
  });
  if (pw.status === 0) return '';
  return null;
}

const { TEST_DATABASE_URL, ...envWithoutDb } = process.env;
const onlyUnit = process.argv.includes('--unit');

vitest('unit and API tests (PGlite)', 'vitest-pglite.json', [], {
  TEST_DATABASE_URL: '',
  TEST_SEARCH_ENGINE: '',
});
if (TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL, search engine on)', 'vitest-postgres.json', ['--project', 'api'], {
    TEST_DATABASE_URL,
    TEST_SEARCH_ENGINE: 'on',
  });
}

if (!onlyUnit) {
  const chromium = findChromium();
  if (chromium === null) {
    failures.push('browser');
    console.error(
      '\nNo Chromium for the browser tests. Install one: `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
        'or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium/Chrome binary.\n',
    );
  } else if (!run('build the web app', 'npm', ['run', 'build'])) {
    failures.push('build');
  } else {
    const report = path.join(out, 'playwright.json');
    const ok = run(
      'browser tests (Playwright)',
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
      {
        ...envWithoutDb,
        E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(out, 'e2e-data'),
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      },
    );
    if (fs.existsSync(report)) {
      const s = JSON.parse(fs.readFileSync(report, 'utf8')).stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
    }
    if (!ok) failures.push('browser tests');
  }
}

fs.rmSync(out, { recursive: true, force: true });
if (failures.length) console.error(`\nFailed: ${failures.join('; ')}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failures.length ? 1 : 0);
