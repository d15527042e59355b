import { Check } from 'lucide-react';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import { PageSection } from './page-section.tsx';

/** The description's paragraphs: blank lines part them; a single line break stays one inside a paragraph. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The agent's key features: up to ten short bullets ('South-facing garden'). */
export function KeyFeaturesSection({ keyFeatures }: { keyFeatures: readonly string[] }) {
  if (keyFeatures.length === 0) return null;
  return (
    <PageSection title="Key features">
      <ul className="grid gap-2 sm:grid-cols-2" data-testid="property-key-features">
        {keyFeatures.map((feature, i) => (
          <li key={i} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** The summary as the description's lead, then the full description in its paragraphs. */
export function DescriptionSection({ listing }: { listing: Pick<ListingDetail, 'summary' | 'description'> }) {
  const paragraphs = paragraphsOf(listing.description ?? '');
  if (!listing.summary && paragraphs.length === 0) return null;
  return (
    <PageSection title="Description">
      <div className="flex flex-col gap-3 leading-relaxed" data-testid="property-description">
        {listing.summary && (
          <p className="text-lg leading-relaxed font-medium whitespace-pre-line">{listing.summary}</p>
        )}
        {paragraphs.map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </PageSection>
  );
}
