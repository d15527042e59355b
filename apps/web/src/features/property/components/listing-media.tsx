import { useState } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import type { ListingMedia } from '@abode/shared/listings/listing.schema';
import { LISTING_MEDIA_KIND_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { formatFileSize } from '#src/features/property/utils/format.ts';
import { cn } from '#src/lib/utils.ts';
import { PageSection } from './page-section.tsx';

/** A file's name in a link: its caption, else its kind ('Floor plan', 'Brochure'), numbered when there are several. */
function mediaName(media: ListingMedia, index: number, count: number): string {
  if (media.caption) return media.caption;
  const kind = LISTING_MEDIA_KIND_LABELS[media.kind];
  return count > 1 ? `${kind} ${index + 1}` : kind;
}

/**
 * A link to one file: a PDF is downloaded ('Brochure (PDF, 1.2 MB)'; the server sends it as an attachment), an
 * image opens on its own in a new tab.
 */
export function MediaLink({ media, name }: { media: ListingMedia; name: string }) {
  const pdf = media.format === 'pdf';
  const details = pdf ? `PDF${media.bytes ? `, ${formatFileSize(media.bytes)}` : ''}` : 'image';
  const Icon = pdf ? Download : ExternalLink;
  return (
    <a
      href={media.url}
      {...(pdf ? { download: '' } : { target: '_blank', rel: 'noopener noreferrer' })}
      className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {name} <span className="font-normal text-muted-foreground">({details})</span>
      </span>
    </a>
  );
}

/** Links to a list of files of one kind. */
export function MediaLinks({ media }: { media: readonly ListingMedia[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {media.map((m, i) => (
        <li key={m.id}>
          <MediaLink media={m} name={mediaName(m, i, media.length)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The floor plans: image plans one at a time at the page's width (their WebP sizes through `srcSet`), with a choice
 * of plan when there are several and a link to the full-size image; PDF plans as download links with their size.
 */
export function FloorPlansSection({ media }: { media: readonly ListingMedia[] }) {
  const plans = media.filter((m) => m.kind === 'floor-plan');
  const images = plans.filter((m) => m.format === 'image');
  const pdfs = plans.filter((m) => m.format === 'pdf');
  const [index, setIndex] = useState(0);
  if (plans.length === 0) return null;
  const current = images[Math.min(index, images.length - 1)];
  const currentName = current ? mediaName(current, images.indexOf(current), images.length) : '';
  return (
    <PageSection title={plans.length > 1 ? 'Floor plans' : 'Floor plan'} testId="property-floor-plans">
      {images.length > 1 && (
        <div role="group" aria-label="Choose a floor plan" className="flex flex-wrap gap-2">
          {images.map((plan, i) => (
            <button
              key={plan.id}
              type="button"
              aria-pressed={plan === current}
              onClick={() => setIndex(i)}
              className={cn(
                'cursor-pointer rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                plan === current ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              {mediaName(plan, i, images.length)}
            </button>
          ))}
        </div>
      )}
      {current && (
        <figure className="flex flex-col gap-2">
          <img
            src={current.url}
            srcSet={current.srcSet}
            sizes="(min-width: 1024px) 800px, 100vw"
            width={current.width ?? 800}
            height={current.height ?? 600}
            alt={`${currentName} of the property`}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-xl border bg-white object-contain"
          />
          <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <span>{currentName}</span>
            <a
              href={current.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              Open full size<span className="sr-only">: {currentName}</span>
            </a>
          </figcaption>
        </figure>
      )}
      {pdfs.length > 0 && <MediaLinks media={pdfs} />}
    </PageSection>
  );
}

/** The agent's brochures, as download links. */
export function BrochureSection({ media }: { media: readonly ListingMedia[] }) {
  const brochures = media.filter((m) => m.kind === 'brochure');
  if (brochures.length === 0) return null;
  return (
    <PageSection title={brochures.length > 1 ? 'Brochures' : 'Brochure'} testId="property-brochures">
      <MediaLinks media={brochures} />
    </PageSection>
  );
}
