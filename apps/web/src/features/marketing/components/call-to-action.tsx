import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';

/** Closing call to action: one button to /search (REQ-SITE-06 and brand pages). */
export function CallToAction({
  title = 'Ready to find your next home?',
  text = 'Search homes for sale and to rent by town, street or postcode, and narrow them down by price, bedrooms and the features that matter to you.',
  buttonLabel = 'Start your search',
}: {
  title?: string;
  text?: string;
  buttonLabel?: string;
}) {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-brand-soft px-6 py-10 sm:px-10 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2
            id="cta-heading"
            className="text-2xl font-bold tracking-tight text-brand-soft-foreground sm:text-3xl"
          >
            {title}
          </h2>
          <p className="mt-2 text-brand-soft-foreground/90">{text}</p>
        </div>
        <Button asChild size="lg" className="shrink-0">
          <Link to={paths.searchFor()}>
            <Search aria-hidden="true" />
            {buttonLabel}
          </Link>
        </Button>
      </div>
    </section>
  );
}
