/**
 * Browser journeys against the real server (built SPA + API + PGlite with the real demo data) in Debian Chromium
 * (ADR 002: Playwright cannot download its own browser here).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const chromium =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ??
          path.join(import.meta.dirname, 'test-results/report.json'),
      },
    ],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Signs the demo accounts in once per run and keeps their sessions (e2e/.auth) for the journeys that act as them:
    // SPEC allows 5 sign-ins an hour per address and e-mail, and every journey comes from 127.0.0.1.
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    // Tests tagged @mobile also run on a phone-sized screen; @mobile-only ones run there alone.
    {
      name: 'desktop',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
      grepInvert: /@mobile-only/,
    },
    {
      name: 'mobile',
      dependencies: ['setup'],
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      grep: /@mobile/,
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it, built first so it is never stale (esbuild: well under a second).
    // `exec` leaves the server one process, so Playwright can stop it (ADR 002).
    command: 'node build.mjs && exec node --enable-source-maps dist/index.js',
    cwd: path.join(root, 'apps/api'),
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, 'e2e/.data'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1 and together they search and write far more than one visitor a minute;
      // the limits themselves are proven by the API tests (ADR 015).
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
      WRITE_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_IP_PER_HOUR: '100000',
    },
  },
});
