import { useEffect, useRef, useState } from 'react';
import { can } from '@abode/shared/agency/permissions';
import type { FeedImportReport } from '@abode/shared/feeds/feed-report.schema';
import { BackLink } from '#src/components/back-link.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { paths } from '#src/config/paths.ts';
import { useAgentBranches } from '#src/lib/agent-branches.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { useFeedImport, useStoreImport } from '../api/feed-imports.ts';
import { BULK_UPLOAD_TEXT } from '../utils/upload-form.ts';
import { BulkUploadForm } from './bulk-upload-form.tsx';
import { ImportHistory } from './import-history.tsx';
import { ImportReport } from './import-report.tsx';

/**
 * The agent portal's Bulk upload screen (ADR 030), for members who may manage the agency's feeds (owner, branch
 * managers): the upload form, the report of the file just imported (or of an earlier import picked below), and the
 * agency's earlier imports. A negotiator who opens the address is told it is not theirs.
 */
export function BulkUploadScreen() {
  const agency = useAuth().me?.agency;
  const allowed = Boolean(agency && can(agency, 'feeds.manage'));
  const branches = useAgentBranches({ enabled: allowed });
  const storeImport = useStoreImport();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const report = useFeedImport(selectedId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each new report (an upload, or one picked in the history) takes focus once on screen, so it is read next.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusDone = useRef(0);
  useEffect(() => {
    if (focusRequest === focusDone.current || !report.data || !headingRef.current) return;
    focusDone.current = focusRequest;
    headingRef.current.focus();
    headingRef.current.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [focusRequest, report.data]);

  const show = (id: string) => {
    setSelectedId(id);
    setFocusRequest((n) => n + 1);
  };
  const onImported = (imported: FeedImportReport) => {
    storeImport(imported);
    show(imported.id);
  };
  const mine = (branches.data?.items ?? []).filter((b) => agency?.branchIds.includes(b.id));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackLink to={paths.agent.properties}>My Properties</BackLink>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Bulk upload</h1>
        <p className="text-muted-foreground">
          Import your listings from a BLM file, the bulk format CRM software sends to Rightmove. Each row
          creates or updates one listing, checked as a listing typed here is, and goes to an admin for
          approval as usual.
        </p>
      </div>
      {!allowed ? (
        <p role="alert" className="rounded-lg border bg-muted/40 p-4 text-sm">
          {BULK_UPLOAD_TEXT.notAllowed}
        </p>
      ) : (
        <>
          <Card>
            <CardHeader>
              <h2 className="text-lg leading-tight font-semibold">Upload a file</h2>
              <CardDescription>
                Files of a few thousand rows take a few seconds. Photos given by URL are fetched afterwards;
                the report says which could not be.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {branches.isPending ? (
                <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading your branches">
                  <Skeleton className="h-16 w-full" />
                  <Skeleton className="h-10 w-32" />
                </div>
              ) : (
                <BulkUploadForm
                  branches={mine}
                  defaultBranchId={agency?.defaultBranchId ?? ''}
                  onImported={onImported}
                />
              )}
            </CardContent>
          </Card>
          {selectedId &&
            (report.isError ? (
              <LoadFailed message={BULK_UPLOAD_TEXT.reportLoadFailed} onRetry={() => void report.refetch()} />
            ) : report.data ? (
              <ImportReport key={report.data.id} report={report.data} headingRef={headingRef} />
            ) : (
              <Skeleton className="h-48 w-full" />
            ))}
          <ImportHistory selectedId={selectedId} onSelect={show} />
        </>
      )}
    </div>
  );
}
