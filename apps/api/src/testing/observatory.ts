/** The MDN HTTP Observatory scanner's set-up, shared by its test (middleware/observatory.test.ts) and the soak. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The scanner reads the HSTS preload list from its conf/ folder, a list its install script downloads. That script
 * cannot reach the network here and is denied in package.json `allowScripts`; without a list the scan throws. The
 * list only matters for public host names — it has no entry for 127.0.0.1 — so an empty one gives the same answer.
 * Written atomically: the PGlite and PostgreSQL runs of the suite, and the soak, may get here at the same time.
 */
export function ensureHstsPreloadList(): void {
  const require = createRequire(import.meta.url);
  const conf = path.join(path.dirname(require.resolve('@mdn/mdn-http-observatory/package.json')), 'conf');
  const file = path.join(conf, 'hsts-preload.json');
  if (fs.existsSync(file)) return;
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, '{}');
  fs.renameSync(temp, file);
}
