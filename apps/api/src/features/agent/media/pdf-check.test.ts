/**
 * The PDF check's worker thread (REQ-LISTING-16): the verdicts of pdf-inspect.ts come back as the API's 400 messages, a
 * check over its time limit is refused as too complex, and a 10 MB PDF of the densest kind (the size limit filled
 * with small objects, which every one of the file's objects must be parsed for) is checked off the event loop: the
 * API's timers keep running meanwhile.
 */
import { describe, expect, test } from 'vitest';
import { MAX_MEDIA_BYTES, MEDIA_MESSAGES } from '@abode/shared/agent/media.schema';
import { AppError } from '#src/errors/app-error.ts';
import { createLogger } from '#src/lib/logger.ts';
import { checkPdf, PDF_CHECK_TIMEOUT_MS } from './pdf-check.ts';
import { ACTIVE_PDFS, makePdf, passwordProtectedPdf, pdfText } from './test-pdfs.ts';

const logger = createLogger('silent');

/** The AppError message `promise` is refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('VALIDATION_ERROR');
  return (error as AppError).message;
}

/**
 * A PDF of just under `bytes` bytes: one page, then as many small unreferenced objects as fit (each is still parsed
 * by the object walk), with a correct cross-reference table.
 */
function densePdf(bytes: number): Buffer {
  const bodies = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  // Each object costs its body, its `n 0 obj`/`endobj` lines and a 20-byte cross-reference line.
  let size = 200;
  for (let n = bodies.length + 1; size < bytes; n++) {
    const body = `<< /Room ${n} /Name (Bedroom ${n}) /Area 12.5 >>`;
    bodies.push(body);
    size += body.length + `${n} 0 obj\n\nendobj\n`.length + 20;
  }
  return pdfText(bodies);
}

describe('checkPdf', () => {
  test('a plain PDF passes with its page count', async () => {
    expect(await checkPdf(await makePdf(undefined, 3), { logger })).toEqual({ pages: 3 });
  });

  test('refusals carry their messages', async () => {
    expect(await refusal(checkPdf(await ACTIVE_PDFS.linkJavaScript(), { logger }))).toBe(
      MEDIA_MESSAGES.pdfActiveContent,
    );
    expect(await refusal(checkPdf(await passwordProtectedPdf(), { logger }))).toBe(
      MEDIA_MESSAGES.pdfEncrypted,
    );
    expect(await refusal(checkPdf(Buffer.from('GIF89a not a pdf'), { logger }))).toBe(
      MEDIA_MESSAGES.pdfUnreadable,
    );
  });

  test('a check over its time limit is refused as too complex', async () => {
    expect(await refusal(checkPdf(await makePdf(), { logger, timeoutMs: 1 }))).toBe(
      MEDIA_MESSAGES.pdfTooComplex,
    );
  });

  test('a check that runs out of its heap is refused as too complex', async () => {
    const pdf = densePdf(4 * 1024 * 1024);
    expect(await refusal(checkPdf(pdf, { logger, heapMb: 16 }))).toBe(MEDIA_MESSAGES.pdfTooComplex);
  }, 60_000);

  test('a dense 10 MB PDF is checked within the limit, off the event loop', async () => {
    const pdf = densePdf(MAX_MEDIA_BYTES - 64 * 1024);
    expect(pdf.byteLength).toBeLessThanOrEqual(MAX_MEDIA_BYTES);
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      expect(await checkPdf(pdf, { logger })).toEqual({ pages: 1 });
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    process.stdout.write(
      `dense PDF: ${(pdf.byteLength / 1024 / 1024).toFixed(1)} MB checked in ${Math.round(took)} ms; ` +
        `longest event-loop gap ${Math.round(longestGap)} ms\n`,
    );
    expect(took).toBeLessThan(PDF_CHECK_TIMEOUT_MS);
    // The main thread only copies the bytes to the worker: never a parse-length pause.
    expect(longestGap).toBeLessThan(250);
  }, 60_000);
});
