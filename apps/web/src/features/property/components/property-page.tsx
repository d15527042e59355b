import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, Bath, BedDouble, Car, Check, Eye, Handshake, SearchX } from 'lucide-react';
import { FEATURE_LABELS, type ListingDetail } from '@abode/shared/listings/listing.schema';
import { LISTING_FLAG_SINGULAR_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { formatRentEquivalent, isPriceOnApplication } from '@abode/shared/listings/listing-price';
import type { ListingCardActions } from '#src/components/listing-card/listing-card.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Deferred } from '#src/components/ui/deferred.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { paths } from '#src/config/paths.ts';
import { pageTitle } from '#src/config/site.ts';
import { ListingPrice } from '#src/components/listing-price.tsx';
import { useProperty } from '#src/features/property/api/get-property.ts';
import { useRecordView } from '#src/features/property/hooks/use-record-view.ts';
import { LISTING_STATUS_LABELS, plural, publicAddress } from '#src/features/property/utils/format.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { errorMessage } from '#src/lib/query-client.ts';
import { useNearViewport } from '#src/lib/use-near-viewport.ts';
import { AgentCard } from './agent-card.tsx';
import { AgencyListingsSection } from './agency-listings.tsx';
import { DescriptionSection, KeyFeaturesSection } from './description-section.tsx';
import { EnergySection } from './energy-section.tsx';
import { KeyFacts } from './key-facts.tsx';
import { BrochureSection, FloorPlansSection } from './listing-media.tsx';
import { LocationSection } from './location-section.tsx';
import { LettingsTermsSection, MaterialInformationSection } from './material-information-section.tsx';
import { PropertyGallery } from './property-gallery.tsx';
import { ShareButton } from './share-button.tsx';
import { RoomsSection } from './rooms-section.tsx';
import { SoldPrices } from './sold-prices.tsx';
import { ToursSection } from './tours-section.tsx';

// The calculators (and the SDLT table) load after the page itself, as the visitor scrolls towards them (REQ-PERF).
const StampDutyCalculator = lazy(() => import('./stamp-duty-calculator.tsx'));
const MortgageCalculator = lazy(() => import('./mortgage-calculator.tsx'));

/** What the status banner says for a listing with a public page that is no longer simply on the market (ADR 019). */
export const STATUS_BANNER_TEXT: Partial<Record<ListingDetail['status'], string>> = {
  'under-offer':
    'An offer has been accepted on this property. You can still contact the agent in case the sale falls through.',
  sold: 'This property is sold subject to contract. You can still contact the agent in case the sale falls through.',
  'let-agreed':
    'A tenant has been found for this property. You can still contact the agent in case the let falls through.',
};

/** 'Under offer', 'Sold STC' or 'Let agreed' above the listing (ADR 019); nothing for an active listing. */
function StatusBanner({ status }: { status: ListingDetail['status'] }) {
  const text = STATUS_BANNER_TEXT[status];
  if (!text) return null;
  return (
    <div
      role="note"
      aria-label="Listing status"
      data-testid="property-status"
      className="mb-4 flex items-start gap-3 rounded-lg border border-border bg-muted px-4 py-3 text-sm"
    >
      <Handshake aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>{LISTING_STATUS_LABELS[status]}.</strong> {text}
      </p>
    </div>
  );
}

/** Shown for unknown slugs and listings that are no longer public. */
export const PROPERTY_UNAVAILABLE = 'This property is no longer available.';

export interface PropertyPageSlots {
  /** The favourite (heart) button for this listing; composed by the route from the favourites feature. */
  favourite?: (listing: ListingDetail) => ReactNode;
  /** The Contact Agent button; composed by the route from the enquiries feature. */
  contact?: (listing: ListingDetail) => ReactNode;
  /** The heart and Contact Agent of the 'More from {agency}' cards; composed by the route. */
  cardActions?: ListingCardActions;
}

/**
 * /property/{slug} (REQ-LISTING-09): what a Rightmove or Zoopla visitor expects — photos, price (with its qualifier, as
 * quoted, 'POA' without a figure), address without a house number, key facts, key features, description, rooms,
 * features, tours, floor plans, EPC, brochure, lettings terms and material information (REQ-LISTING-10), map, the agent,
 * share and save, sold prices nearby and, for sales with a price, the Stamp Duty and mortgage calculators. Previews
 * (not public) are marked with a banner.
 */
export function PropertyPage({ slug, ...slots }: { slug: string } & PropertyPageSlots) {
  const query = useProperty(slug);
  const listing = query.data;
  useRecordView(slug, !!listing && !listing.preview);

  if (query.isPending) return <PropertyPageSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <PropertyUnavailable />;
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <title>{pageTitle('Property')}</title>
        <h1 className="text-2xl font-bold">This property could not be loaded</h1>
        <p className="mt-3 text-muted-foreground">{errorMessage(query.error)}</p>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!listing) return <PropertyPageSkeleton />;
  return <PropertyDetails listing={listing} {...slots} />;
}

function PropertyDetails({
  listing,
  favourite,
  contact,
  cardActions,
}: { listing: ListingDetail } & PropertyPageSlots) {
  const titleId = useId();
  const address = publicAddress(listing);
  const isSale = listing.mode === 'sale';
  const poa = isPriceOnApplication(listing);
  const equivalent = formatRentEquivalent(listing, 'public');
  // A named group: the listing's own heart, apart from the hearts on the 'More from {agency}' cards below.
  const actions = (
    <div role="group" aria-label="Listing actions" className="flex flex-wrap gap-2">
      {favourite?.(listing)}
      <ShareButton slug={listing.slug} title={listing.title} />
    </div>
  );

  return (
    <article aria-labelledby={titleId} className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <title>{pageTitle(listing.title)}</title>
      <Breadcrumbs title={listing.title} mode={listing.mode} />

      {listing.preview && (
        <div
          role="note"
          className="mb-4 flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
        >
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <p>
            <strong>Preview.</strong> This listing is not public (
            {listing.approvalStatus && listing.approvalStatus !== 'approved'
              ? `approval ${listing.approvalStatus}`
              : LISTING_STATUS_LABELS[listing.status].toLowerCase()}
            ): only you and administrators can see this page.
          </p>
        </div>
      )}

      {!listing.preview && <StatusBanner status={listing.status} />}

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-8 lg:col-span-2">
          <PropertyGallery photos={listing.photos} title={listing.title} />

          <header className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p data-testid="property-price" className="text-3xl font-bold tracking-tight text-primary">
                <ListingPrice listing={listing} />
              </p>
              {listing.priceReducedAt && !poa && <Badge variant="warning">Reduced</Badge>}
              {listing.flags?.map((flag) => (
                <Badge key={flag} variant="secondary">
                  {LISTING_FLAG_SINGULAR_LABELS[flag]}
                </Badge>
              ))}
              {listing.status !== 'active' && (
                <Badge variant="outline">{LISTING_STATUS_LABELS[listing.status]}</Badge>
              )}
            </div>
            {!isSale && equivalent && (
              <p data-testid="property-price-equivalent" className="-mt-2 text-sm text-muted-foreground">
                {listing.rentFrequency === 'pw' && listing.weeklyRentPence != null
                  ? `${equivalent} (pw × 52 ÷ 12)`
                  : `${equivalent} (pcm × 12 ÷ 52)`}
              </p>
            )}
            <h1 id={titleId} className="text-2xl leading-tight font-bold sm:text-3xl">
              {listing.title}
            </h1>
            <p data-testid="property-address" data-selectable className="text-muted-foreground">
              {address}
            </p>
            <ul aria-label="Summary" className="flex flex-wrap gap-x-5 gap-y-1 text-sm [&_svg]:size-4">
              {listing.propertyType !== 'land' && (
                <>
                  <li className="flex items-center gap-1.5">
                    <BedDouble aria-hidden="true" className="text-muted-foreground" />
                    {plural(listing.bedrooms, 'bedroom', 'bedrooms')}
                  </li>
                  <li className="flex items-center gap-1.5">
                    <Bath aria-hidden="true" className="text-muted-foreground" />
                    {plural(listing.bathrooms, 'bathroom', 'bathrooms')}
                  </li>
                </>
              )}
              {listing.parkingSpaces > 0 && (
                <li className="flex items-center gap-1.5">
                  <Car aria-hidden="true" className="text-muted-foreground" />
                  {plural(listing.parkingSpaces, 'parking space', 'parking spaces')}
                </li>
              )}
            </ul>
            <div className="lg:hidden">{actions}</div>
          </header>

          <KeyFacts listing={listing} />

          {/* Below the first screen: rendered straight after it, in short slices (REQ-PERF). */}
          <Deferred fallback={<div className="min-h-screen" />}>
            <PropertyDetailsBelowFold listing={listing} address={address} cardActions={cardActions} />
          </Deferred>
        </div>

        <div className="flex flex-col gap-4 lg:sticky lg:top-20 lg:self-start">
          <div className="hidden lg:block">{actions}</div>
          <AgentCard agent={listing.agent} actions={contact?.(listing)} />
        </div>
      </div>
    </article>
  );
}

/**
 * Below the first screen, in the order a buyer or tenant reads a UK listing: key features, description, rooms,
 * feature tags, tours, floor plans, the EPC, the brochure, lettings terms and material information, then the
 * location, sold prices nearby, (for a sale with a price) the calculators and more homes from the agency.
 */
function PropertyDetailsBelowFold({
  listing,
  address,
  cardActions,
}: {
  listing: ListingDetail;
  address: string;
  cardActions?: ListingCardActions;
}) {
  const featuresId = useId();
  const calculatorsId = useId();
  return (
    <>
      <KeyFeaturesSection keyFeatures={listing.keyFeatures} />
      <DescriptionSection listing={listing} />
      <RoomsSection listing={listing} />

      {listing.features.length > 0 && (
        <section aria-labelledby={featuresId}>
          <h2 id={featuresId} className="text-xl font-semibold">
            Features
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {listing.features.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-primary" />
                {FEATURE_LABELS[feature]}
              </li>
            ))}
          </ul>
        </section>
      )}

      <ToursSection listing={listing} />
      <FloorPlansSection media={listing.media} />
      <EnergySection listing={listing} />
      <BrochureSection media={listing.media} />
      <LettingsTermsSection listing={listing} />
      <MaterialInformationSection listing={listing} />

      <LocationSection
        address={address}
        latitude={listing.latitude}
        longitude={listing.longitude}
        approximate={listing.locationApproximate}
        outcode={listing.outcode}
      />

      <SoldPrices slug={listing.slug} outcode={listing.outcode} />

      {/* A price on application has no figure to work from. */}
      {listing.mode === 'sale' && listing.pricePence !== null && !isPriceOnApplication(listing) && (
        <Calculators headingId={calculatorsId} askingPricePence={listing.pricePence} />
      )}

      <AgencyListingsSection listing={listing} cardActions={cardActions} />
    </>
  );
}

/** Stamp Duty and mortgage calculators for a sale; their code loads as the visitor scrolls near them. */
function Calculators({ headingId, askingPricePence }: { headingId: string; askingPricePence: number }) {
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="flex flex-col gap-6">
      <h2 id={headingId} className="sr-only">
        Costs of buying
      </h2>
      <CalculatorCard title="Stamp Duty calculator">
        {near ? (
          <Suspense fallback={<CalculatorSkeleton />}>
            <StampDutyCalculator askingPricePence={askingPricePence} />
          </Suspense>
        ) : null}
      </CalculatorCard>
      <CalculatorCard title="Mortgage calculator">
        {near ? (
          <Suspense fallback={<CalculatorSkeleton />}>
            <MortgageCalculator askingPricePence={askingPricePence} />
          </Suspense>
        ) : null}
      </CalculatorCard>
    </section>
  );
}

/** A calculator's card; its heading is there from the start, the form once its code has loaded. */
function CalculatorCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 shadow-xs">
      <h3 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h3>
      {children ?? <CalculatorSkeleton />}
    </section>
  );
}

function CalculatorSkeleton() {
  return <Skeleton className="h-56 w-full rounded-lg" />;
}

function Breadcrumbs({ title, mode }: { title: string; mode: 'sale' | 'rent' }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Back to the results the visitor came from (their filters and page), when they came from within the site.
  const cameFromSite = location.key !== 'default';
  return (
    <nav aria-label="Breadcrumb" className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <ol className="flex min-w-0 flex-wrap items-center gap-1.5 text-muted-foreground">
        <li>
          <Link to={paths.home} className="hover:text-foreground hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={paths.searchFor(mode)} className="hover:text-foreground hover:underline">
            Search
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="min-w-0 truncate text-foreground">
          {title}
        </li>
      </ol>
      {cameFromSite && (
        <Button variant="ghost" size="sm" onClick={() => void navigate(-1)}>
          <ArrowLeft aria-hidden="true" />
          Back to results
        </Button>
      )}
    </nav>
  );
}

/** 404: the listing does not exist or is no longer public. */
export function PropertyUnavailable() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{pageTitle('Property not available')}</title>
      <SearchX aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="mt-4 text-2xl font-bold">{PROPERTY_UNAVAILABLE}</h1>
      <p className="mt-3 text-muted-foreground">It may have been sold, let or withdrawn by the agent.</p>
      <Button asChild className="mt-8">
        <Link to={paths.searchFor()}>Search properties</Link>
      </Button>
    </div>
  );
}

/** The page's shape while the listing loads. */
export function PropertyPageSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <title>{pageTitle('Loading property')}</title>
      <span className="sr-only">Loading property…</span>
      <Skeleton className="mb-4 h-5 w-64" />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Skeleton className="aspect-[4/3] w-full rounded-xl sm:aspect-[16/9]" />
          <Skeleton className="h-9 w-48" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-32 w-full" />
        </div>
        <Skeleton className="h-56 w-full rounded-xl" />
      </div>
    </div>
  );
}
