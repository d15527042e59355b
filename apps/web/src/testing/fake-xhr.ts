/**
 * A stand-in for XMLHttpRequest in component tests of uploads: records each request, and lets the test report
 * upload progress and answer it when it chooses (so concurrency and progress bars can be checked).
 */
import { vi } from 'vitest';

export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  done = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total = 100) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  /** Answers with `status` and a JSON body. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.done = true;
    this.onload?.();
  }
  /** The uploaded file. */
  get file(): File {
    return this.body?.get('file') as File;
  }
}

/** Installs FakeXhr as the global XMLHttpRequest (vi.unstubAllGlobals restores it). */
export function stubXhr() {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** Requests still waiting for an answer. */
export const openXhrs = () => FakeXhr.all.filter((x) => !x.done);
