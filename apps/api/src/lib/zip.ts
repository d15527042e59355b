/** Reading zip files with yauzl, shared by the BLM upload (ADR 030) and the Code-Point Open import. */
import type { Entry, ZipFile } from 'yauzl';

/**
 * Every entry of `zip`, in central-directory order. The zip must have been opened with `lazyEntries: true`; rejects
 * with yauzl's error (a damaged zip, or an absolute or '..' file name).
 */
export function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}
