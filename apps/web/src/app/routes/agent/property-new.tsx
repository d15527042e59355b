import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { BackLink } from '#src/components/back-link.tsx';
import { paths } from '#src/config/paths.ts';
import { useCreateAgentListing } from '#src/features/agent-listings/api/agent-listings.ts';
import { useListingPlace } from '#src/features/agency-branches/hooks/use-listing-place.ts';
import { ListingForm } from '#src/features/agent-listings/components/listing-form.tsx';

/**
 * /agent/properties/new (REQ-AGENT-09): the listing form; once created the agent lands on the edit page, where the
 * photos are managed and the approval state is shown.
 */
export function AgentNewPropertyRoute() {
  const create = useCreateAgentListing();
  const navigate = useNavigate();
  // The branch to start it in and its negotiator (ADR 029), when the member has a choice.
  const place = useListingPlace({ isNew: true });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>Add Property · Abode</title>
      <div className="flex flex-col gap-2">
        <BackLink to={paths.agent.properties}>My Properties</BackLink>
        <h1 className="text-2xl font-bold tracking-tight">Add Property</h1>
        <p className="text-sm text-muted-foreground">
          Save it as a draft and add photos next: a listing needs at least one photo before it can be active.
          A new listing appears on Abode once an admin approves it.
        </p>
      </div>
      <ListingForm
        submitLabel="Create property"
        // A new listing has no photos yet: 'Active' is refused here before the server says the same (REQ-AGENT-09).
        photoCount={0}
        place={place}
        onSubmit={async (input) => {
          const listing = await create.mutateAsync(input);
          toast.success(LISTING_MESSAGES.created, { description: listing.title });
          void navigate(paths.agent.editProperty(listing.id));
        }}
      />
    </div>
  );
}
