import { useQuery } from '@tanstack/react-query';
import { ExternalLink, MapPin } from 'lucide-react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import {
  approximateLocationText,
  LISTING_MESSAGES,
  listingToFormValues,
  type AgentListingDetail,
} from '@abode/shared/agent/listing-input.schema';
import { LISTING_STATUS_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { listingVisibility } from '@abode/shared/listings/listing-visibility';
import { MESSAGES } from '@abode/shared/messages';
import { BackLink } from '#src/components/back-link.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { paths } from '#src/config/paths.ts';
import { useAgentListing, useUpdateAgentListing } from '#src/features/agent-listings/api/agent-listings.ts';
import {
  FeedListingNotice,
  FeedMediaPanel,
} from '#src/features/agent-listings/components/feed-listing-notice.tsx';
import { ApprovalBadge } from '#src/components/listing-badges.tsx';
import { feedSourceOf } from '#src/features/agent-listings/utils/feed-facts.ts';
import { ListingForm } from '#src/features/agent-listings/components/listing-form.tsx';
import { useListingPlace } from '#src/features/agency-branches/hooks/use-listing-place.ts';
import { photosQueryOptions } from '#src/features/agent-photos/api/photos.ts';
import { PhotoManager } from '#src/features/agent-photos/components/photo-manager.tsx';
import { MediaManager } from '#src/features/agent-media/components/media-manager.tsx';
import { isApiError } from '#src/lib/api-error.ts';

/**
 * The edit page's state panel (REQ-LISTING-03): whether the public sees the listing (listing-visibility.ts: the same label
 * as the tables), the admin's reason while it is rejected and the status approval will give back, and — when our
 * data lacks the postcode — that the map pin is approximate.
 */
function ListingState({ listing }: { listing: AgentListingDetail }) {
  const visibility = listingVisibility(listing);
  const restores = listing.approvalStatus === 'rejected' ? listing.statusBeforeRejection : null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <ApprovalBadge listing={listing} />
        <p className="min-w-48 flex-1 text-sm">{visibility.description}</p>
        <Button asChild variant="outline" size="sm">
          <a href={paths.property(listing.slug)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" /> {visibility.key === 'live' ? 'View Live' : 'Preview'}
          </a>
        </Button>
      </div>
      {listing.approvalStatus === 'rejected' && (
        <div className="text-sm" data-testid="rejection-reason">
          <p className="font-medium">Reason given by the admin</p>
          <p className="break-words whitespace-pre-line text-muted-foreground">
            {listing.rejectionReason ?? 'No reason was given.'}
          </p>
          {restores && restores !== 'draft' && (
            <p className="mt-1 text-muted-foreground">
              Once approved, it goes back to {LISTING_STATUS_LABELS[restores]}.
            </p>
          )}
        </div>
      )}
      {listing.locationApproximate && (
        <p className="flex items-start gap-1.5 text-sm" data-testid="location-approximate">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{approximateLocationText(listing.outcode)}</span>
        </p>
      )}
    </div>
  );
}

/**
 * /agent/properties/{id}/edit (REQ-AGENT): the listing's state (ListingState), the listing form with the stored
 * values, the photos, and the floor plans, EPC certificate and brochure (REQ-LISTING-16). A listing a CRM sends (ADR 030)
 * also says so, and that the CRM's next update replaces edits made here, and lists the media the CRM gave by URL with
 * their state. Another agent's or a deleted listing shows 'Property not found'.
 */
export function AgentEditPropertyRoute() {
  const { id = '' } = useParams();
  const listing = useAgentListing(id);
  const update = useUpdateAgentListing(id);
  // The photo manager's own query: publishing without a photo is refused before sending (REQ-LISTING-06).
  const photos = useQuery({ ...photosQueryOptions(id), enabled: listing.isSuccess });
  // Moving it to another branch and choosing its negotiator (ADR 029), for those who may.
  const place = useListingPlace({ isNew: false });

  const back = <BackLink to={paths.agent.properties}>My Properties</BackLink>;

  if (listing.isError) {
    const missing = isApiError(listing.error) && listing.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
        <title>Edit Property · Abode</title>
        {back}
        <h1 className="text-2xl font-bold tracking-tight">
          {missing ? LISTING_MESSAGES.notFound : 'Edit Property'}
        </h1>
        {!missing && (
          <LoadFailed message={MESSAGES.propertiesLoadFailed} onRetry={() => void listing.refetch()} />
        )}
      </div>
    );
  }

  const data = listing.data;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>{data ? `Edit ${data.title} · Abode` : 'Edit Property · Abode'}</title>
      <div className="flex flex-col gap-2">
        {back}
        <h1 className="text-2xl font-bold tracking-tight">Edit Property</h1>
        {data && <ListingState listing={data} />}
        {data && <FeedListingNotice listing={data} />}
      </div>
      {!data ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading property">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <>
          <ListingForm
            key={data.id}
            defaultValues={listingToFormValues(data)}
            submitLabel="Save changes"
            photoCount={photos.data?.items.length}
            place={place}
            onSubmit={async (input) => {
              const saved = await update.mutateAsync(input);
              toast.success(LISTING_MESSAGES.updated, { description: saved.title });
            }}
          />
          <PhotoManager propertyId={data.id} />
          <MediaManager propertyId={data.id} media={data.media} />
          {feedSourceOf(data) && <FeedMediaPanel propertyId={data.id} />}
        </>
      )}
    </div>
  );
}
