import { ExternalLink } from 'lucide-react';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import {
  TOUR_PLAYER_FEATURES,
  tourLink,
  type TourLink,
  type TourProvider,
} from '@abode/shared/listings/tours';
import { PageSection } from './page-section.tsx';

/**
 * What each embedded player may do (the iframe's `allow`): the features tours.ts grants it, which the page's
 * Permissions-Policy allows to that player's origin and no other, plus picture-in-picture (allowed by default).
 */
export const TOUR_FRAME_ALLOW = Object.fromEntries(
  Object.entries(TOUR_PLAYER_FEATURES).map(([provider, features]) => [
    provider,
    [...features, 'picture-in-picture'].join('; '),
  ]),
) as Record<TourProvider, string>;

/**
 * The players' sandbox: their scripts run in their own origin, may show full screen and open their own site in a
 * new tab ('Watch on YouTube'), but may never navigate this page, submit forms to it or open dialogs over it.
 */
export const TOUR_FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox';

const PROVIDER_NAMES: Record<TourProvider, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  matterport: 'Matterport',
};

/** One tour: the provider's player, or a link that opens the tour on its own site. */
function Tour({ tour, name }: { tour: TourLink; name: string }) {
  const link = (
    <a
      href={tour.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ExternalLink aria-hidden="true" className="size-4" />
      {tour.provider
        ? `Open the ${name.toLowerCase()} on ${PROVIDER_NAMES[tour.provider]}`
        : `Open the ${name.toLowerCase()}`}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
  if (!tour.provider || !tour.embedUrl) return link;
  return (
    <div className="flex flex-col gap-2">
      <div className="aspect-video w-full overflow-hidden rounded-xl border bg-muted">
        <iframe
          src={tour.embedUrl}
          title={`${name} (${PROVIDER_NAMES[tour.provider]})`}
          loading="lazy"
          allow={TOUR_FRAME_ALLOW[tour.provider]}
          allowFullScreen
          sandbox={TOUR_FRAME_SANDBOX}
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full"
        />
      </div>
      {link}
    </div>
  );
}

/**
 * The video and virtual tours. Only https links reach the page (the listing schema refuses others, and tourLink
 * checks again here): YouTube, Vimeo and Matterport play in their embeddable players, which the CSP's `frame-src`
 * allows; any other https link opens in a new tab, without this page as its opener or referrer.
 */
export function ToursSection({
  listing,
}: {
  listing: Pick<ListingDetail, 'videoTourUrl' | 'virtualTourUrl'>;
}) {
  const tours = (
    [
      ['Video tour', listing.videoTourUrl],
      ['Virtual tour', listing.virtualTourUrl],
    ] as const
  ).flatMap(([name, url]) => {
    const tour = url ? tourLink(url) : undefined;
    return tour ? [{ name, tour }] : [];
  });
  if (tours.length === 0) return null;
  return (
    <PageSection title={tours.length > 1 ? 'Tours' : tours[0]!.name} testId="property-tours">
      {tours.map(({ name, tour }) => (
        <div key={name} className="flex flex-col gap-2">
          {tours.length > 1 && <h3 className="font-semibold">{name}</h3>}
          <Tour tour={tour} name={name} />
        </div>
      ))}
    </PageSection>
  );
}
