import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace's unit and API tests (Playwright specs live in e2e/ and run separately).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
