import { KeyRound } from 'lucide-react';
import { can } from '@abode/shared/agency/permissions';
import type { Membership } from '@abode/shared/auth/me.schema';
import { FEED_KEY_MESSAGES as M } from '@abode/shared/feeds/feed-keys.schema';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { useFeedKeys } from '../api/feed-keys.ts';
import { BranchCodeEditor } from './branch-code-editor.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { CreateKeyDialog } from './create-key-dialog.tsx';
import { KeyList } from './key-list.tsx';

/**
 * Settings › Listing feeds (ADR 030): what a CRM needs to feed Abode — the endpoints and the branches' feed ids —,
 * the keys of the member's branches with 'Create key', and the CRM branch codes of BLM files. Only members who may
 * manage feeds (owner, branch managers) see it; anyone else is told who can.
 */
export function FeedsScreen({ membership }: { membership: Membership }) {
  const allowed = can(membership, 'feeds.manage');
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Listing feeds</h1>
        <p className="text-muted-foreground">
          Let your CRM publish your listings to Abode, as it does to Rightmove: in real time, or as BLM files.
        </p>
      </div>
      {allowed ? (
        <FeedsPanels />
      ) : (
        <EmptyState icon={<KeyRound aria-hidden="true" />} title="Listing feeds are managed by your managers">
          Your agency’s owner and branch managers create the keys a CRM uses.
        </EmptyState>
      )}
    </div>
  );
}

function FeedsPanels() {
  const keys = useFeedKeys();
  const data = keys.data;
  if (keys.isError && !data) return <LoadFailed message={M.loadFailed} onRetry={() => void keys.refetch()} />;
  if (!data) return <ListSkeleton label="Loading your feed keys" />;
  return (
    <>
      <ConnectionCard branches={data.branches} />
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <h2 className="text-lg leading-tight font-semibold">
              Keys <span className="text-muted-foreground">({data.items.length})</span>
            </h2>
            <CardDescription>
              A key acts as the person who made it: it stops working when revoked or when they leave.
            </CardDescription>
          </div>
          <CreateKeyDialog branches={data.branches} />
        </CardHeader>
        <CardContent>
          <KeyList keys={data.items} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">BLM branch codes</h2>
          <CardDescription>
            A BLM file names branches by your CRM’s own codes (BRANCH_ID). Map each to a branch; rows with a
            code not mapped here go to the branch of the key that sends the file.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BranchCodeEditor branches={data.branches} />
        </CardContent>
      </Card>
    </>
  );
}
