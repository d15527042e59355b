/**
 * Imports one BLM upload (REQ-FEED-07, ADR 030): a `.blm` file, or a `.zip` holding one `.blm` and its media files.
 * The file is streamed row by row (blm-reader.ts); each row is mapped (blm-row.ts), given its branch
 * (blm-branches.ts) and media (blm-media.ts, blm-zip.ts), and written through the one write path,
 * `upsertFeedListing`, in its own transaction, so one bad row never undoes another.
 *
 * A BLM is a full feed for its branches: once every row is read, listings of those branches that earlier feeds
 * wrote and this file no longer holds are withdrawn (`withdrawAbsentFeedListings`), unless the key's (or the
 * form's) `withdrawAbsent` is off. Nothing is withdrawn when the file is unreadable or has no `#END#` (it may be cut
 * short): a truncated upload must never take a branch's listings off the market.
 *
 * The report (one line per row, one per withdrawal, and the file's own problems) is answered whole and stored in
 * `feed_imports` with the counts, its rows capped at BLM_STORED_REPORT_ROWS.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  BLM_ISSUE_CODES,
  BLM_MAX_BYTES,
  BLM_MESSAGES,
  BLM_STORED_REPORT_ROWS,
  BLM_ZIP_MAX_BYTES,
} from '@abode/shared/feeds/blm/blm-import.schema';
import {
  countOutcomes,
  type FeedImportReport,
  type FeedIssue,
  type FeedRowReport,
} from '@abode/shared/feeds/feed-report.schema';
import { sanitiseSingleLine } from '@abode/shared/sanitise';
import { feedImports } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { upsertFeedListing, type FeedContext } from '../feed-listing.ts';
import { withdrawAbsentFeedListings } from '../feed-listing-status.ts';
import { loadBranchBook, resolveBranch, type BranchBook } from './blm-branches.ts';
import { blmMediaRefs, resolveBlmMedia, type BlmUploadFiles } from './blm-media.ts';
import { BlmFileError, openBlm, type BlmRow } from './blm-reader.ts';
import { blmColumnOf, mapBlmRow } from './blm-row.ts';
import { looksLikeZip, openBlmZip } from './blm-zip.ts';

/** Who imports, and how: a feed context plus what a BLM import needs besides. */
export interface BlmImportContext extends FeedContext {
  agencyId: string;
  /** The member who uploaded in the portal; null for a key. */
  userId: string | null;
  /** The site's origin, for the report's listing URLs. */
  publicUrl: string;
  /** Rows whose BRANCH_ID is not mapped go here: the key's branch, or the branch chosen in the form. */
  defaultBranchId: string;
  withdrawAbsent: boolean;
}

/** The uploaded file (a `File` of a multipart body, or any Blob with a name). */
export interface BlmUpload {
  fileName: string;
  file: Blob;
}

/** One entry of `feed_imports.report`: a row's line, or a problem with the file as a whole. */
export type StoredImportEntry = FeedRowReport | { fileError: FeedIssue };

/** The uploaded file's name as stored and shown: one line, no markup, at most 200 characters. */
function cleanFileName(name: string): string {
  return sanitiseSingleLine(name.split(/[\\/]/).pop() ?? '', 200) || 'upload.blm';
}

/** Reads the upload: a zip's `.blm` and files, or the `.blm` itself. Throws AppError 400/413 for a bad upload. */
async function openUpload(ctx: BlmImportContext, file: Blob) {
  const zip = looksLikeZip(new Uint8Array(await file.slice(0, 4).arrayBuffer()));
  if (zip) {
    if (file.size > BLM_ZIP_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', BLM_MESSAGES.zipTooLarge);
    const opened = await openBlmZip(Buffer.from(await file.arrayBuffer()), ctx.storage, ctx.agencyId);
    const stream = await opened.openBlm().catch((error: unknown) => {
      opened.close();
      throw new AppError('VALIDATION_ERROR', BLM_MESSAGES.zipUnreadable, { cause: error });
    });
    return { stream, files: opened.files as BlmUploadFiles | null, close: opened.close };
  }
  if (file.size > BLM_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', BLM_MESSAGES.blmTooLarge);
  const stream = Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>);
  return { stream, files: null, close: () => stream.destroy() };
}

/** State of one import while its rows are read. */
interface Run {
  ctx: BlmImportContext;
  book: BranchBook;
  files: BlmUploadFiles | null;
  /** The references each branch's rows hold (rejected rows too: a refused update must not withdraw a listing). */
  keep: Map<string, Set<string>>;
  rows: FeedRowReport[];
}

/**
 * A report line as it is answered and stored: messages quote the file's own values (an unknown code, a branch
 * code, a file name), so they are plain text like everything else Abode stores (no < >, one line).
 */
function plainLine(line: FeedRowReport): FeedRowReport {
  return {
    ...line,
    agentRef: line.agentRef === null ? null : sanitiseSingleLine(line.agentRef, 80) || null,
    errors: line.errors.map(plainIssue),
    warnings: line.warnings.map(plainIssue),
  };
}

const plainIssue = (issue: FeedIssue): FeedIssue => ({
  ...issue,
  message: sanitiseSingleLine(issue.message, 1000),
});

const urlOf = (ctx: BlmImportContext, slug: string | null) =>
  slug ? `${ctx.publicUrl}/property/${slug}` : null;

/** Imports one row and adds its line to the report. */
async function importRow(run: Run, row: BlmRow): Promise<void> {
  const { ctx } = run;
  const mapping = mapBlmRow(row.values);
  const errors = row.problem ? [row.problem, ...mapping.errors] : [...mapping.errors];
  const warnings = [...mapping.warnings];
  let branchId: string | null = null;
  if (mapping.branchCode) {
    const branch = resolveBranch(run.book, ctx.scope, mapping.branchCode, ctx.defaultBranchId);
    if ('error' in branch) errors.push(branch.error);
    else {
      branchId = branch.branchId;
      if (branch.warning) warnings.push(branch.warning);
    }
  }
  if (branchId && mapping.agentRef) {
    const refs = run.keep.get(branchId) ?? new Set<string>();
    if (refs.has(mapping.agentRef))
      warnings.push({
        code: BLM_ISSUE_CODES.duplicateRef,
        message: `AGENT_REF ${mapping.agentRef} was on an earlier row of this branch too: this later row wins`,
        field: 'AGENT_REF',
      });
    refs.add(mapping.agentRef);
    run.keep.set(branchId, refs);
  }
  const line = { row: row.row, agentRef: mapping.agentRef, branchId };
  if (errors.length || !mapping.listing || !branchId) {
    run.rows.push(
      plainLine({ ...line, outcome: 'rejected', propertyId: null, slug: null, url: null, errors, warnings }),
    );
    return;
  }
  const resolved = await resolveBlmMedia(blmMediaRefs(row.values), run.files);
  const written = await upsertFeedListing(ctx, {
    ...mapping.listing,
    fields: { ...mapping.listing.fields, ...resolved.tours },
    branchId,
    media: resolved.media,
    warnings: [...warnings, ...resolved.warnings],
  });
  const inColumns = (issues: FeedIssue[]) =>
    issues.map((issue) => ({ ...issue, field: blmColumnOf(issue.field, mapping.columnOf) }));
  run.rows.push(
    plainLine({
      ...line,
      outcome: written.outcome,
      propertyId: written.propertyId,
      slug: written.slug,
      url: urlOf(ctx, written.slug),
      errors: inColumns(written.errors),
      warnings: inColumns(written.warnings),
    }),
  );
}

/**
 * The report as `feed_imports.report` keeps it: the file's problems, then at most `cap` row lines (a note says when
 * more were left out; the stored counts cover them all).
 */
export function storedReport(
  fileErrors: readonly FeedIssue[],
  rows: readonly FeedRowReport[],
  cap: number = BLM_STORED_REPORT_ROWS,
): StoredImportEntry[] {
  const kept = rows.slice(0, cap);
  const notes: FeedIssue[] =
    kept.length < rows.length
      ? [
          {
            code: BLM_ISSUE_CODES.reportTruncated,
            message: `This report keeps the first ${cap.toLocaleString('en-GB')} of ${rows.length.toLocaleString('en-GB')} rows; the counts cover them all`,
          },
        ]
      : [];
  return [...[...fileErrors, ...notes].map((fileError) => ({ fileError })), ...kept];
}

/**
 * Imports `upload` for `ctx` and stores its report; returns the report. Throws AppError 400 or 413 for an upload that
 * is not a readable file of the allowed size (a zip refused by blm-zip.ts); a BLM file that cannot be read is not
 * an error but a report whose `fileErrors` say why.
 */
export async function importBlm(ctx: BlmImportContext, upload: BlmUpload): Promise<FeedImportReport> {
  const id = randomUUID();
  const fileName = cleanFileName(upload.fileName);
  const fileErrors: FeedIssue[] = [];
  const book = await loadBranchBook(ctx.db, ctx.agencyId);
  const opened = await openUpload(ctx, upload.file);
  const run: Run = {
    ctx,
    book,
    files: opened.files,
    keep: new Map(),
    rows: [],
  };
  let complete = false;
  try {
    const document = await openBlm(opened.stream);
    for await (const row of document.rows()) await importRow(run, row);
    fileErrors.push(...document.warnings().map(plainIssue));
    complete = document.ended();
  } catch (error) {
    if (!(error instanceof BlmFileError)) throw error;
    fileErrors.push(plainIssue(error.issue));
  } finally {
    opened.close();
  }
  if (complete && ctx.withdrawAbsent && run.keep.size) {
    for (const withdrawn of await withdrawAbsentFeedListings(ctx, run.keep))
      run.rows.push(
        plainLine({
          agentRef: withdrawn.agentRef,
          branchId: withdrawn.branchId,
          outcome: withdrawn.outcome,
          propertyId: withdrawn.propertyId,
          slug: withdrawn.slug,
          url: urlOf(ctx, withdrawn.slug),
          errors: withdrawn.errors,
          warnings: withdrawn.warnings,
        }),
      );
  }
  const counts = countOutcomes(run.rows);
  const createdAt = ctx.now;
  await ctx.db.insert(feedImports).values({
    id,
    agencyId: ctx.agencyId,
    feedKeyId: ctx.keyId,
    userId: ctx.userId,
    fileName,
    counts,
    report: storedReport(fileErrors, run.rows),
    createdAt,
  });
  return { id, fileName, createdAt: createdAt.toISOString(), counts, fileErrors, rows: run.rows };
}
