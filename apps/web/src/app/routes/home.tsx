import { HOME_TITLE } from '#src/config/site.ts';
import { HomeSearchBar } from '#src/features/search/components/home-search-bar.tsx';
import { CallToAction } from '#src/features/marketing/components/call-to-action.tsx';
import { Hero } from '#src/features/marketing/components/hero.tsx';
import { WhyChooseSection } from '#src/features/marketing/components/why-choose-section.tsx';

const WHY_CHOOSE_ID = 'why-choose';

/**
 * Home (REQ-SITE-06): sticky search bar (from 768 px the bar itself; on a phone a compact bar once it has scrolled
 * away, ADR 008), hero, Why Choose Abode, closing call to action.
 */
export function HomeRoute() {
  return (
    <>
      <title>{HOME_TITLE}</title>
      <HomeSearchBar className="z-30 md:sticky md:top-16" />
      <Hero learnMoreTargetId={WHY_CHOOSE_ID} />
      <WhyChooseSection id={WHY_CHOOSE_ID} />
      <CallToAction />
    </>
  );
}
