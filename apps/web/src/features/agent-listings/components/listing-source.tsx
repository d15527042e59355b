import { FileSpreadsheet, RadioTower } from 'lucide-react';
import type { ListingFeedFacts } from '@abode/shared/agent/listing-input.schema';
import { Badge } from '#src/components/ui/badge.tsx';
import { cn } from '#src/lib/utils.ts';
import { feedSourceLabel, feedSourceOf } from '../utils/feed-facts.ts';
import { formatDateTime } from '#src/lib/format.ts';

/**
 * Where a feed listing came from (REQ-FEED-07), for the listings table and cards: a small badge ('Real-time feed' or
 * 'BLM file'), the CRM's reference and when the feed last wrote it. Nothing for a listing typed in the portal, the
 * usual case, so the table stays quiet.
 */
export function ListingSource({ listing, className }: { listing: ListingFeedFacts; className?: string }) {
  const source = feedSourceOf(listing);
  if (!source) return null;
  const Icon = source === 'rtdf' ? RadioTower : FileSpreadsheet;
  return (
    <div
      className={cn('flex flex-col gap-0.5 text-xs text-muted-foreground', className)}
      data-testid="listing-source"
    >
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
        <Badge variant="outline">
          <Icon aria-hidden="true" />
          {feedSourceLabel(source)}
        </Badge>
        {listing.feedRef && (
          <span>
            Ref. <span className="font-medium break-all text-foreground">{listing.feedRef}</span>
          </span>
        )}
      </p>
      {listing.feedUpdatedAt && (
        <p>
          Feed update <time dateTime={listing.feedUpdatedAt}>{formatDateTime(listing.feedUpdatedAt)}</time>
        </p>
      )}
    </div>
  );
}
