/**
 * The PDF check's worker when the API runs from its TypeScript sources (tests, `npm run dev`): loads
 * pdf-check.worker.ts through tsx's API, since Node 20 ignores a worker's `--import` loader flags. The build runs the
 * compiled worker instead (pdf-check.ts), so neither this file nor tsx is ever part of it.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-check.worker.ts', import.meta.url);
