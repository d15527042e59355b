import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openPglite } from '#src/db/client.ts';
import {
  NO_COORDINATE_LINES,
  demoUnitLines,
  writeCodePointZip,
} from '#src/features/postcodes/testing/code-point-test-zip.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-import-postcodes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('npm run db:import-postcodes imports a Code-Point Open zip into the PGlite database of DATA_DIR', async () => {
  const sw1a = demoUnitLines(['SW1A']).get('SW1A')!;
  const zip = path.join(dir, 'codepo_gb.zip');
  await writeCodePointZip(zip, [...sw1a, ...NO_COORDINATE_LINES], { codeList: 'xls', version: '2014.3.0' });
  const dataDir = path.join(dir, 'data');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;

  const cli = spawn(process.execPath, ['--import', 'tsx', 'src/db/import-postcodes-cli.ts', zip], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));

  expect(stderr).toContain('Reading postcodes');
  expect(stderr).toContain('Indexing the new postcodes');
  expect(code).toBe(0);
  expect(stdout).toContain(
    `Imported ${sw1a.length} postcodes (2 without coordinates skipped), 1 outcodes and`,
  );
  expect(stdout).toContain('from codepo_gb.zip (release 2014.3.0)');

  const handle = await openPglite(dataDir);
  try {
    const rows = await handle.db.execute(sql`
      SELECT (SELECT count(*)::int FROM postcodes) AS n, a.name
        FROM postcodes pc JOIN admin_areas a ON a.code = pc.district_code
       WHERE pc.postcode = 'SW1A 1AA'`);
    expect(rows.rows).toEqual([{ n: sw1a.length, name: 'City of Westminster London Boro' }]);
  } finally {
    await handle.close();
  }
}, 60_000);
