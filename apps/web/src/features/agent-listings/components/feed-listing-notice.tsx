import { CircleAlert, CircleCheck, ExternalLink, LoaderCircle, RadioTower } from 'lucide-react';
import type { AgentListingDetail } from '@abode/shared/agent/listing-input.schema';
import {
  FEED_MEDIA_STATE_LABELS,
  type FeedMediaItemStatus,
  type FeedMediaKindValue,
} from '@abode/shared/feeds/feed-media.schema';
import { LISTING_STATUS_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useFeedMedia } from '../api/feed-media.ts';
import { feedSourceOf, fileNameOf, isWebUrl } from '../utils/feed-facts.ts';
import { formatDateTime } from '#src/lib/format.ts';

/** How the notice names the feed: 'its real-time feed' / 'a BLM file'. */
const FEED_WORDS = { rtdf: 'the real-time feed', blm: 'a BLM file' } as const;

/**
 * The edit page's word on a listing a CRM sends (REQ-FEED-07): that it comes from the agency's CRM (real-time feed or
 * BLM file, the CRM's reference, when the feed last wrote it) and that the next update from the CRM replaces changes
 * made here; the status the feed asked for while it waits for its first photo; and that the CRM withdrew it. A status
 * region, so a screen reader hears it once the listing has loaded. Nothing for a listing typed in the portal.
 */
export function FeedListingNotice({ listing }: { listing: AgentListingDetail }) {
  const source = feedSourceOf(listing);
  if (!source) return null;
  const pending = listing.feedPendingStatus;
  const withdrawnAt = listing.feedWithdrawnAt;
  return (
    <div
      role="status"
      aria-labelledby="feed-notice-title"
      className="flex gap-3 rounded-xl border border-brand-soft-foreground/25 bg-brand-soft/50 p-4 text-sm"
      data-testid="feed-notice"
    >
      <RadioTower aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-soft-foreground" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p id="feed-notice-title" className="font-semibold">
          This listing comes from your agency&rsquo;s CRM
        </p>
        <p>
          It arrives through {FEED_WORDS[source]}
          {listing.feedRef && (
            <>
              , reference <span className="font-medium break-all">{listing.feedRef}</span>
            </>
          )}
          {listing.feedUpdatedAt && (
            <>
              , last updated{' '}
              <time dateTime={listing.feedUpdatedAt}>{formatDateTime(listing.feedUpdatedAt)}</time>
            </>
          )}
          . Changes made here are replaced by the next update from the CRM: make lasting changes in the CRM.
        </p>
        {pending && (
          <p data-testid="feed-pending-status">
            Goes live as {LISTING_STATUS_LABELS[pending]} once its first photo has arrived from the CRM.
          </p>
        )}
        {withdrawnAt && (
          <p data-testid="feed-withdrawn">
            Withdrawn by the CRM on <time dateTime={withdrawnAt}>{formatDateTime(withdrawnAt)}</time>.
          </p>
        )}
      </div>
    </div>
  );
}

const KIND_LABELS: Record<FeedMediaKindValue, string> = {
  photo: 'Photo',
  'floor-plan': 'Floor plan',
  epc: 'EPC',
  brochure: 'Brochure',
};

/** 'Stored', 'Fetching' (with the next try once one failed), 'Failed: <reason>'. */
function MediaState({ item }: { item: FeedMediaItemStatus }) {
  if (item.state === 'stored')
    return (
      <Badge variant="outline">
        <CircleCheck aria-hidden="true" className="text-primary" /> {FEED_MEDIA_STATE_LABELS.stored}
      </Badge>
    );
  if (item.state === 'failed')
    return (
      <span className="flex items-start gap-1.5 text-destructive">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {FEED_MEDIA_STATE_LABELS.failed}: {item.lastError ?? 'the file could not be fetched'}
        </span>
      </span>
    );
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge variant="secondary">
        <LoaderCircle aria-hidden="true" /> {FEED_MEDIA_STATE_LABELS.pending}
      </Badge>
      {item.attempts > 0 && (
        <span className="text-xs text-muted-foreground">
          {item.lastError ? `${item.lastError}. ` : ''}
          {item.nextAttemptAt ? `Trying again ${formatDateTime(item.nextAttemptAt)}` : 'Trying again soon'}
        </span>
      )}
    </span>
  );
}

function MediaName({ item }: { item: FeedMediaItemStatus }) {
  const name = fileNameOf(item.url);
  return (
    <span className="flex min-w-0 flex-col">
      {isWebUrl(item.url) ? (
        <a
          href={item.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="flex items-center gap-1 font-medium break-all hover:underline"
        >
          {name}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only"> (opens the CRM&rsquo;s file in a new tab)</span>
        </a>
      ) : (
        <span className="font-medium break-all">{name}</span>
      )}
      {item.caption && <span className="text-xs text-muted-foreground">{item.caption}</span>}
    </span>
  );
}

/**
 * The files the CRM gave by URL and where each stands (REQ-FEED-06): its kind, file name (a link to the CRM's copy)
 * and state — fetched and stored, still being fetched (retried with back-off), or failed with the reason. Read again
 * on its own while some are still being fetched.
 */
export function FeedMediaPanel({ propertyId }: { propertyId: string }) {
  const media = useFeedMedia(propertyId);
  const items = media.data?.items;
  const pending = items?.filter((i) => i.state === 'pending').length ?? 0;
  const failed = items?.filter((i) => i.state === 'failed').length ?? 0;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Media from the CRM</h2>
        <CardDescription>
          Photos, floor plans, EPCs and brochures the CRM sent as links. Abode fetches each one, checks it as
          it checks an upload, and keeps it with the listing.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {media.isError ? (
          <LoadFailed message="The CRM's media could not be loaded." onRetry={() => void media.refetch()} />
        ) : !items ? (
          <Skeleton className="h-16 w-full" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">The CRM has sent no media for this listing.</p>
        ) : (
          <>
            <p className="text-sm" aria-live="polite">
              {`${items.length - pending - failed} of ${items.length} stored`}
              {pending > 0 && `, ${pending} being fetched`}
              {failed > 0 && `, ${failed} failed`}
            </p>
            <ul className="flex flex-col divide-y rounded-lg border" aria-label="Media from the CRM">
              {items.map((item) => (
                <li
                  key={item.id}
                  className="grid gap-1 p-3 text-sm sm:grid-cols-[7rem_minmax(0,1fr)_minmax(0,16rem)] sm:items-start sm:gap-3"
                >
                  <span className="text-xs font-medium text-muted-foreground sm:text-sm">
                    {KIND_LABELS[item.kind]}
                  </span>
                  <MediaName item={item} />
                  <MediaState item={item} />
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
