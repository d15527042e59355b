import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  LISTING_MESSAGES,
  listingToFormValues,
  type AgentListingDetail,
} from '@abode/shared/agent/listing-input.schema';
import { MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { paths } from '#src/config/paths.ts';
import { useAgentListing, useUpdateAgentListing } from '#src/features/agent-listings/api/agent-listings.ts';
import { ApprovalBadge } from '#src/features/agent-listings/components/listing-badges.tsx';
import { ListingForm } from '#src/features/agent-listings/components/listing-form.tsx';
import { PhotoManager } from '#src/features/agent-photos/components/photo-manager.tsx';
import { isApiError } from '#src/lib/api-error.ts';

const APPROVAL_TEXT: Record<AgentListingDetail['approvalStatus'], string> = {
  pending: 'Pending approval: it will appear on Abode once an admin approves it.',
  approved: 'Live: approved by an admin. Edits appear on Abode straight away while the listing is active.',
  rejected: 'Rejected by an admin. Edit the listing and save it to send it for approval again.',
};

/**
 * /agent/properties/{id}/edit (issue #5): the approval state, the listing form with the stored values, and the
 * photos. Another agent's or a deleted listing shows 'Property not found'.
 */
export function AgentEditPropertyRoute() {
  const { id = '' } = useParams();
  const listing = useAgentListing(id);
  const update = useUpdateAgentListing(id);

  const back = (
    <Button asChild variant="link" className="w-fit px-0">
      <Link to={paths.agent.properties}>
        <ArrowLeft aria-hidden="true" /> My Properties
      </Link>
    </Button>
  );

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
        {data && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border bg-muted/40 p-4">
            <ApprovalBadge approvalStatus={data.approvalStatus} />
            <p className="flex-1 text-sm">{APPROVAL_TEXT[data.approvalStatus]}</p>
            <Button asChild variant="outline" size="sm">
              <a href={paths.property(data.slug)} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" /> View Live
              </a>
            </Button>
          </div>
        )}
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
            onSubmit={async (input) => {
              const saved = await update.mutateAsync(input);
              toast.success(LISTING_MESSAGES.updated, { description: saved.title });
            }}
          />
          <PhotoManager propertyId={data.id} />
        </>
      )}
    </div>
  );
}
