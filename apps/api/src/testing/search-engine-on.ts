/**
 * The API tests' engine-on pass (ADR 023): with TEST_SEARCH_ENGINE=on (scripts/test.mjs sets it for the PostgreSQL
 * pass), apps/api/vitest.config.ts loads this file before every test file, and every app a test makes with
 * `createApp` answers its public searches with an in-memory search engine, as production does (index.ts), unless the
 * test names its own (`searchEngine: engine`) or asks for the SQL path (`searchEngine: undefined`).
 *
 * Production catches up with the change log on each change notification; a test's writes straight in SQL notify no
 * app, so the test engine reads the change log before each search, as if every notification had arrived by then.
 * The engine loads on its app's first search. An engine failure fails the request rather than falling back to SQL.
 */
import { vi } from 'vitest';
import type * as AppModule from '#src/app.ts';
import type { Database } from '#src/db/client.ts';
import type { SearchEngine } from '#src/features/listings/search-engine/index.ts';

vi.mock('#src/app.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof AppModule>();
  const { createSearchEngine } = await import('#src/features/listings/search-engine/index.ts');
  /** An engine on `db` that loads on first use and catches up before each search (see the module's doc). */
  const testEngine = (db: Database): SearchEngine => {
    const engine = createSearchEngine({
      db,
      // Cards are read as searches show them (PGlite has one connection; a fill would race the test's writes).
      fillCards: false,
      onError: (error) => {
        throw error;
      },
    });
    let started: Promise<void> | undefined;
    return {
      ...engine,
      async fresh() {
        started ??= engine.start();
        await started;
        await engine.catchUp();
        await engine.fresh();
      },
    };
  };
  const createApp: typeof actual.createApp = (options) =>
    actual.createApp(
      'searchEngine' in options ? options : { ...options, searchEngine: testEngine(options.db) },
    );
  return { ...actual, createApp };
});
