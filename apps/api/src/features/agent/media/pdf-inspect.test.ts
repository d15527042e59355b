/**
 * The uploaded-PDF inspection (REQ-LISTING-16 "PDFs are checked by content") on real PDFs: plain files of up to 50 pages
 * and links to web sites pass; scripts (document, page, link and form field), launch and form-submit actions,
 * `javascript:` links, hex-escaped names, attached files, encryption, more than 50 pages, a renamed PNG and a
 * truncated file are refused, each for its own reason; damaged copies of a real PDF always get a verdict.
 */
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { PDFName, PDFString } from '@cantoo/pdf-lib';
import { fc } from '@abode/shared/testing-fast-check';
import { MAX_PDF_PAGES } from '@abode/shared/agent/media.schema';
import { hasPdfHeader, inspectPdf } from './pdf-inspect.ts';
import {
  ACTIVE_PDFS,
  makePdf,
  ownerPasswordPdf,
  passwordProtectedPdf,
  pdfText,
  pdfWithEmbeddedFile,
} from './test-pdfs.ts';

describe('acceptable PDFs', () => {
  test('a plain one-page PDF passes with its page count', async () => {
    expect(await inspectPdf(await makePdf())).toEqual({ ok: true, pages: 1 });
  });

  test(`${MAX_PDF_PAGES} pages pass`, async () => {
    expect(await inspectPdf(await makePdf(undefined, MAX_PDF_PAGES))).toEqual({
      ok: true,
      pages: MAX_PDF_PAGES,
    });
  });

  test('a link to the agent’s web site, a mailto link and a form without actions pass', async () => {
    const pdf = await makePdf((doc, page) => {
      const links = ['https://www.example.com/valuation', 'mailto:sales@example.com'].map((uri, i) =>
        doc.context.register(
          doc.context.obj({
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [50, 50 + i * 40, 200, 80 + i * 40],
            A: { S: 'URI', URI: PDFString.of(uri) },
          }),
        ),
      );
      page.node.set(PDFName.of('Annots'), doc.context.obj(links));
      doc.getForm().createTextField('name').addToPage(page, { x: 300, y: 100 });
    });
    expect(await inspectPdf(pdf)).toEqual({ ok: true, pages: 1 });
  });

  test('a hand-written minimal PDF passes', async () => {
    const pdf = pdfText([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ]);
    expect(await inspectPdf(pdf)).toEqual({ ok: true, pages: 1 });
  });
});

describe('active content is refused', () => {
  test.each(Object.entries(ACTIVE_PDFS))('%s', async (_name, make) => {
    const verdict = await inspectPdf(await make());
    expect(verdict).toMatchObject({ ok: false, problem: 'active-content' });
  });

  test('an attached file is refused as such', async () => {
    expect(await inspectPdf(await pdfWithEmbeddedFile())).toMatchObject({
      ok: false,
      problem: 'embedded-files',
    });
  });
});

describe('unreadable, encrypted and long files are refused', () => {
  test('a PNG renamed .pdf is not a PDF', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(hasPdfHeader(png)).toBe(false);
    expect(await inspectPdf(png)).toMatchObject({ ok: false, problem: 'unreadable' });
  });

  test('a truncated PDF is unreadable', async () => {
    const pdf = await makePdf();
    expect(await inspectPdf(pdf.subarray(0, Math.floor(pdf.length / 2)))).toMatchObject({
      ok: false,
      problem: 'unreadable',
    });
  });

  test('a PDF header over junk is unreadable', async () => {
    const junk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    expect(await inspectPdf(junk)).toMatchObject({ ok: false, problem: 'unreadable' });
  });

  test('a password-protected PDF and one encrypted with only an owner password are refused', async () => {
    expect(await inspectPdf(await passwordProtectedPdf())).toMatchObject({ ok: false, problem: 'encrypted' });
    expect(await inspectPdf(await ownerPasswordPdf())).toMatchObject({ ok: false, problem: 'encrypted' });
  });

  test(`${MAX_PDF_PAGES + 1} pages are too many`, async () => {
    expect(await inspectPdf(await makePdf(undefined, MAX_PDF_PAGES + 1))).toMatchObject({
      ok: false,
      problem: 'too-many-pages',
    });
  });
});

test('damaged copies of a real PDF (bytes overwritten, cut, spliced) always get a verdict, never an exception', async () => {
  const original = await makePdf(undefined, 3);
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({ at: fc.nat({ max: original.length - 1 }), byte: fc.integer({ min: 0, max: 255 }) }),
        {
          maxLength: 20,
        },
      ),
      fc.nat({ max: original.length }),
      async (writes, keep) => {
        const bytes = Buffer.from(original.subarray(0, Math.max(keep, 8)));
        for (const { at, byte } of writes) if (at < bytes.length) bytes[at] = byte;
        const verdict = await inspectPdf(bytes);
        if (verdict.ok) expect(verdict.pages).toBeGreaterThanOrEqual(1);
        else
          expect(verdict.problem).toMatch(
            /^(unreadable|encrypted|active-content|embedded-files|too-many-pages)$/,
          );
      },
    ),
    { numRuns: 60, seed: 20_261_126 },
  );
});
