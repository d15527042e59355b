/**
 * The check every uploaded PDF passes before it is stored (REQ-LISTING-16: "PDFs are checked by content"): pdf-inspect.ts
 * run in a worker thread of its own, with a time and memory limit, so that neither a slow file (a dense 10 MB PDF
 * takes seconds to parse) nor a hostile one (built to exhaust a parser) stalls the API's other requests.
 *
 * The worker is the TypeScript source run through tsx when the API runs from its sources (tests, `npm run dev`), and
 * the compiled `dist/pdf-check-worker.js` (build.mjs) when it runs from the build.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { MEDIA_MESSAGES } from '@abode/shared/agent/media.schema';
import { AppError } from '#src/errors/app-error.ts';
import { API_ROOT } from '#src/lib/api-root.ts';
import type { Logger } from '#src/lib/logger.ts';
import { hasPdfHeader, type PdfProblem, type PdfVerdict } from './pdf-inspect.ts';

/**
 * Longest a check may take. From the build, a typical PDF is checked in 0.5 s (most of it starting the worker and
 * loading pdf.js), and a 10 MB file filled with 115,000 small objects, the densest shape the size limit allows, in
 * about 3 s (5 s from the sources under tsx); several times that is spent only on a file built to be slow.
 */
export const PDF_CHECK_TIMEOUT_MS = 15_000;

/**
 * The worker's heap: 256 MB held the densest 10 MB file tried (pdf-check.test.ts); a file that needs more is refused.
 */
export const PDF_CHECK_HEAP_MB = 256;

/** Checks at once in this process: as many as image decodes (images.ts), leaving CPU for other requests. */
export const PDF_CHECKS_AT_ONCE = 2;
const checkSlot = pLimit(PDF_CHECKS_AT_ONCE);

const PROBLEM_MESSAGES: Record<PdfProblem, string> = {
  unreadable: MEDIA_MESSAGES.pdfUnreadable,
  encrypted: MEDIA_MESSAGES.pdfEncrypted,
  'active-content': MEDIA_MESSAGES.pdfActiveContent,
  'embedded-files': MEDIA_MESSAGES.pdfEmbeddedFiles,
  'too-many-pages': MEDIA_MESSAGES.pdfTooManyPages,
};

/** Options of {@link checkPdf}; tests shorten the time and memory limits. */
export interface PdfCheckOptions {
  logger: Logger;
  timeoutMs?: number;
  heapMb?: number;
}

/**
 * Resolves with the page count of an acceptable PDF. Refuses with VALIDATION_ERROR 400 and the MEDIA_MESSAGES text:
 * not a PDF or unreadable (`pdfUnreadable`), encrypted, active content, attached files, over 50 pages, or over the
 * time or memory limit (`pdfTooComplex`). A worker that cannot start is the server's fault (a plain Error, 500).
 */
export async function checkPdf(bytes: Uint8Array, options: PdfCheckOptions): Promise<{ pages: number }> {
  if (!hasPdfHeader(bytes)) throw new AppError('VALIDATION_ERROR', MEDIA_MESSAGES.pdfUnreadable);
  const verdict = await checkSlot(() =>
    runWorker(bytes, options.timeoutMs ?? PDF_CHECK_TIMEOUT_MS, options.heapMb ?? PDF_CHECK_HEAP_MB),
  );
  if (verdict === 'too-complex') {
    options.logger.warn({ bytes: bytes.byteLength }, 'PDF refused: over the check time or memory limit');
    throw new AppError('VALIDATION_ERROR', MEDIA_MESSAGES.pdfTooComplex);
  }
  if (!verdict.ok) {
    options.logger.info({ problem: verdict.problem, detail: verdict.detail }, 'PDF refused');
    throw new AppError('VALIDATION_ERROR', PROBLEM_MESSAGES[verdict.problem]);
  }
  return { pages: verdict.pages };
}

/**
 * Where the worker comes from: the compiled `dist/pdf-check-worker.js` when this module runs from the build, else a
 * small script that loads the TypeScript worker through tsx (pdf-check-source-worker.mjs).
 */
function workerFile(): string | URL {
  if (import.meta.url.endsWith('.ts')) return new URL('./pdf-check-source-worker.mjs', import.meta.url);
  return path.join(API_ROOT, 'dist', 'pdf-check-worker.js');
}

function runWorker(
  bytes: Uint8Array,
  timeoutMs: number,
  heapMb: number,
): Promise<PdfVerdict | 'too-complex'> {
  return new Promise((resolve, reject) => {
    // The worker gets a copy it owns (moved, not cloned again); the caller still stores the original.
    const copy = new Uint8Array(bytes);
    const worker = new Worker(workerFile(), {
      workerData: copy,
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(32, heapMb) },
      // The parsers print nothing we need; their warnings would only fill the API's log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => resolve('too-complex')), timeoutMs);
    worker.once('message', (verdict: PdfVerdict) => settle(() => resolve(verdict)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve('too-complex') : reject(error))),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The PDF check's worker stopped (exit code ${code}) without a verdict`))),
    );
  });
}
