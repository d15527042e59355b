import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';

/**
 * Home hero. 'Learn More' scrolls to the Why Choose section and moves focus there (REQ-SITE-09), so keyboard and
 * screen-reader users land where sighted users are taken.
 */
export function Hero({ learnMoreTargetId }: { learnMoreTargetId: string }) {
  const learnMore = () => {
    const target = document.getElementById(learnMoreTargetId);
    if (!target) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  };

  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-primary text-primary-foreground"
    >
      <HeroSkyline />
      <div className="relative mx-auto flex max-w-7xl flex-col gap-6 px-4 py-16 sm:px-6 md:py-24 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-white/90 uppercase">
          Homes for sale and to rent in the UK
        </p>
        <h1
          id="hero-heading"
          className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          Find a place you will be glad to call home
        </h1>
        <p className="max-w-2xl text-lg text-white/90 sm:text-xl">
          Search homes with honest prices, filters that mean what they say and listings checked before they go
          live. Abode is open source and built on real public data.
        </p>
        <div className="flex flex-wrap gap-3 pt-2">
          <Button asChild size="lg" variant="inverse">
            <Link to={paths.searchFor()}>
              Explore Properties
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            size="lg"
            variant="outline"
            className="border-white/70 bg-transparent text-white hover:bg-white/10 hover:text-white"
            onClick={learnMore}
          >
            Learn More
          </Button>
        </div>
      </div>
    </section>
  );
}

/** A quiet row of rooftops along the bottom of the hero (decorative). */
function HeroSkyline() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 1200 200"
      preserveAspectRatio="xMidYMax slice"
      className="pointer-events-none absolute inset-x-0 bottom-0 h-40 w-full text-white/[0.07] md:h-56"
    >
      <path
        fill="currentColor"
        d="M0 200V130l60-45 60 45v-20l50-40 50 40v90h20v-70l70-55 70 55v-30l45-35 45 35v100h25v-85l55-45 55 45v-15l40-30 40 30v100h30v-110l65-50 65 50v30l50-40 50 40v-20l45-35 45 35v120z"
      />
    </svg>
  );
}
