import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Reserves the folder of the one production build the bundle-budget and production-build tests share.
    globalSetup: ['./src/testing/build-dir.ts'],
    // CI runs on two cores shared with builds and databases; component tests that load lazy chunks need headroom.
    testTimeout: 20_000,
  },
});
