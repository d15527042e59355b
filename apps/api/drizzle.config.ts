import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; migrations are applied at start-up by the runtime migrator (ADR 002).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
