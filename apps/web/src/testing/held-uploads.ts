/**
 * Uploads (`uploadFile`'s XMLHttpRequest POSTs) that the MSW server holds until the test lets them go, so a test can
 * see what is sending and what waits, and answer in any order it likes.
 *
 * What a held upload can show: its form's text fields and the file's type, not its name or bytes (msw/node hands
 * jsdom's FormData to undici, which reads the file part as a nameless Blob), so tests tell files apart by their rows
 * on screen. Upload progress: the interceptor reports the whole body sent at once, when the answer's status arrives
 * (`allSent`), never a part of it.
 */
import { http } from 'msw';
import { server } from '#src/testing/server.ts';

/** One upload the server received and holds. */
export interface HeldUpload {
  /** The multipart form sent (text fields as sent; the file part without its name or bytes). */
  form: FormData;
  /** Whether the test has answered it (`answer`). */
  answered: boolean;
  /** Every byte is sent (upload progress 100 %) and the answer's `status` arrives; its body waits for `answer`. */
  allSent(status?: number): void;
  /** Answers with `status` (unless `allSent` gave one) and the JSON `body`: the upload ends. */
  answer(status: number, body: unknown): void;
}

/** Holds every `POST path` (an MSW path, e.g. '/api/agent/properties/:id/photos'); returns them in arrival order. */
export function holdUploads(path: string): HeldUpload[] {
  const uploads: HeldUpload[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      const form = await request.formData();
      let respond!: (response: Response) => void;
      const response = new Promise<Response>((resolve) => (respond = resolve));
      let body!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) });
      let sent = false;
      const allSent = (status = 201) => {
        if (sent) return;
        sent = true;
        respond(new Response(stream, { status, headers: { 'Content-Type': 'application/json' } }));
      };
      uploads.push({
        form,
        answered: false,
        allSent,
        answer(status, json) {
          this.answered = true;
          allSent(status);
          body.enqueue(new TextEncoder().encode(JSON.stringify(json)));
          body.close();
        },
      });
      return response;
    }),
  );
  return uploads;
}

/** The uploads not answered yet. */
export const openUploads = (uploads: HeldUpload[]) => uploads.filter((upload) => !upload.answered);
