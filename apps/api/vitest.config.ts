import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // TEST_SEARCH_ENGINE=on: every app answers searches with the in-memory engine (scripts/test.mjs's PostgreSQL pass).
    setupFiles: process.env.TEST_SEARCH_ENGINE === 'on' ? ['src/testing/search-engine-on.ts'] : [],
  },
});
