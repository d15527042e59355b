import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { branchDisplayName, type AgentBranch } from '@abode/shared/agency/branches.schema';
import type { FeedImportReport } from '@abode/shared/feeds/feed-report.schema';
import { UploadProgressRow, type UploadProgress } from '#src/components/upload-progress-row.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { uploadBlm } from '../api/feed-imports.ts';
import {
  BULK_UPLOAD_ACCEPT,
  BULK_UPLOAD_TEXT,
  BulkUploadFormSchema,
  type BulkUploadFormOutput,
  type BulkUploadFormValues,
} from '../utils/upload-form.ts';
import { countsSentence } from './import-counts.tsx';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The Bulk upload form (REQ-FEED-07): a `.blm` or `.zip` file, the branch that takes rows whose BRANCH_ID is not mapped
 * yet (shown when the member has more than one; default their default branch), and 'Withdraw listings missing from
 * this file' (on by default: a BLM is a full feed). Upload shows the bytes going out as the photo uploads do, then
 * 'Importing…' while the server reads the rows; the report goes to `onImported`. A refusal is said under the form
 * and in a toast, in the API's words.
 */
export function BulkUploadForm({
  branches,
  defaultBranchId,
  onImported,
}: {
  branches: readonly AgentBranch[];
  defaultBranchId: string;
  onImported: (report: FeedImportReport) => void;
}) {
  const initialBranch = branches.some((b) => b.id === defaultBranchId)
    ? defaultBranchId
    : (branches[0]?.id ?? '');
  const form = useForm<BulkUploadFormValues, unknown, BulkUploadFormOutput>({
    resolver: zodResolver(BulkUploadFormSchema),
    defaultValues: { branchId: initialBranch, withdrawAbsent: true },
  });
  const { errors, isSubmitting } = form.formState;
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new <input type=file> after each import: its chosen file cannot be cleared any other way.
  const [inputKey, setInputKey] = useState(0);
  // Leaving the screen mid-upload stops the upload (a controller per mount: StrictMode mounts twice in development).
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const upload = async ({ file, branchId, withdrawAbsent }: BulkUploadFormOutput) => {
    setRefusal(null);
    setProgress({ key: file.name, name: file.name, percent: 0, status: 'uploading' });
    try {
      const report = await uploadBlm(
        { file, branchId: branches.length > 1 ? branchId : undefined, withdrawAbsent },
        (percent) => setProgress((p) => (p ? { ...p, percent } : p)),
        leaving.current?.signal,
      );
      setProgress(null);
      form.reset({ branchId, withdrawAbsent });
      setInputKey((k) => k + 1);
      toast.success(`${report.fileName} imported`, { description: countsSentence(report.counts) });
      onImported(report);
    } catch (error) {
      setProgress(null);
      if (isAbort(error)) return;
      const reason = isApiError(error) ? error.message : BULK_UPLOAD_TEXT.failed;
      setRefusal(reason);
      showErrorToast(BULK_UPLOAD_TEXT.failed, { reason, error });
    }
  };

  const fileError = errors.file?.message;
  return (
    <form
      noValidate
      aria-label="Upload a BLM file"
      onSubmit={(event) => void form.handleSubmit(upload)(event)}
    >
      <fieldset disabled={isSubmitting} className="flex flex-col gap-5">
        <legend className="sr-only">Upload a BLM file</legend>
        <Controller
          control={form.control}
          name="file"
          render={({ field }) => (
            <FormField
              id="bulk-upload-file"
              label="BLM or zip file"
              error={fileError}
              hint="A .blm file as your CRM exports it for Rightmove, or a .zip holding one .blm with the photos, floor plans and documents it names."
            >
              <Input
                key={inputKey}
                type="file"
                accept={BULK_UPLOAD_ACCEPT}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  setRefusal(null);
                  field.onChange(event.target.files?.[0] ?? undefined);
                }}
                className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
                {...fieldA11y('bulk-upload-file', fileError, true)}
              />
            </FormField>
          )}
        />
        {branches.length > 1 && (
          <FormField
            id="bulk-upload-branch"
            label="Branch for rows with an unmapped branch code"
            error={errors.branchId?.message}
            hint="A row's BRANCH_ID is your CRM's code for the branch. Codes mapped in Settings › Listing feeds go to their branch; any other row goes here, and the report says so."
          >
            <Select
              {...form.register('branchId')}
              {...fieldA11y('bulk-upload-branch', errors.branchId?.message, true)}
              options={branches.map((b) => ({ value: b.id, label: branchDisplayName(b) || b.name }))}
            />
          </FormField>
        )}
        <div className="flex items-start gap-3">
          <input
            id="bulk-upload-withdraw"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-describedby="bulk-upload-withdraw-hint"
            {...form.register('withdrawAbsent')}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="bulk-upload-withdraw" className="text-sm font-medium">
              Withdraw listings missing from this file
            </label>
            <p id="bulk-upload-withdraw-hint" className="text-xs text-muted-foreground">
              A BLM file is a full feed: listings of its branches that earlier BLM files sent and that are not
              in this file are withdrawn. Untick it when the file holds only some of your listings. Listings
              typed in Abode or sent by your CRM's real-time feed are never withdrawn by a file.
            </p>
          </div>
        </div>
        {progress && (
          <ul aria-label="Upload progress">
            <UploadProgressRow
              upload={progress}
              onDismiss={() => setProgress(null)}
              checking="Importing the rows…"
            />
          </ul>
        )}
        {refusal && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
            <span className="font-medium">{BULK_UPLOAD_TEXT.failed}.</span> {refusal}
          </p>
        )}
        <div>
          <Button type="submit">
            <Upload aria-hidden="true" />
            {isSubmitting ? 'Uploading…' : 'Upload'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
