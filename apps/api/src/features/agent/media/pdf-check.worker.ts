/**
 * The PDF check's worker thread (pdf-check.ts): inspects the bytes it was started with (`workerData`) and posts the
 * verdict once. A thread of its own per file, so a slow or hostile PDF holds neither the API's event loop nor its
 * heap, and whatever the parsers kept is freed with the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { inspectPdf, type PdfVerdict } from './pdf-inspect.ts';

const verdict: PdfVerdict = await inspectPdf(workerData as Uint8Array).catch((error: unknown) => ({
  ok: false as const,
  problem: 'unreadable' as const,
  detail: `inspection failed: ${(error as Error).message}`,
}));
parentPort!.postMessage(verdict);
