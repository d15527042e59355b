import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { MapPin, Search, SlidersHorizontal } from 'lucide-react';
import type { Feature, ListingMode, PropertyType } from '@abode/shared/listings/listing.schema';
import { PROPERTY_TYPE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { Button } from '#src/components/ui/button.tsx';
import { SelectField } from '#src/components/ui/field.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { paths } from '#src/config/paths.ts';
import { FeatureTags } from '#src/features/search/components/feature-tags.tsx';
import { LocationCombobox } from '#src/features/search/components/location-combobox.tsx';
import { ModeToggle } from '#src/features/search/components/mode-toggle.tsx';
import { isPriceRangeInverted, notifyInvalidPriceRange } from '#src/features/search/utils/price-range.ts';
import { toSearchString } from '#src/features/search/utils/search-string.ts';
import {
  BEDROOM_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  RADIUS_OPTIONS,
  countFromOption,
  maxPriceOptions,
  minPriceOptions,
  priceFromOption,
  radiusFromOption,
} from '#src/features/search/utils/search-options.ts';
import { cn } from '#src/lib/utils.ts';

export interface HomeSearchForm {
  location: string;
  /** The id of the place picked from the suggestions for `location` (REQ-PLACE-02); '' when typed. */
  place: string;
  radius: string;
  mode: ListingMode;
  type: string;
  minPrice: string;
  maxPrice: string;
  bedrooms: string;
  filters: Feature[];
}

const EMPTY_FORM: HomeSearchForm = {
  location: '',
  place: '',
  radius: '',
  mode: 'sale',
  type: '',
  minPrice: '',
  maxPrice: '',
  bedrooms: '',
  filters: [],
};

/** What the form asks for, in a few words, for the phone's compact bar: 'Buy · Reading · Flat · 2+ beds'. */
export function formSummary(form: HomeSearchForm): string {
  const type = form.type ? PROPERTY_TYPE_LABELS[form.type as PropertyType] : undefined;
  return [
    form.mode === 'rent' ? 'Rent' : 'Buy',
    form.location.trim() || 'Anywhere',
    type,
    form.bedrooms ? `${form.bedrooms}+ beds` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Whether the full form has scrolled away under the header: then phones get the compact bar (ADR 008). Without
 * IntersectionObserver (tests, very old browsers) the compact bar never shows and the page works as before.
 */
function useScrolledAway(target: RefObject<HTMLElement | null>): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // The header is 4rem tall and sticky: the form is away once its last pixel is under it.
    const observer = new IntersectionObserver(([entry]) => setAway(!entry!.isIntersecting), {
      rootMargin: '-64px 0px 0px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return away;
}

/**
 * The home page's search bar (REQ-SITE-06). It does not search from here: it checks the price range and then
 * navigates to /search with location, type, minPrice, maxPrice, bedrooms, mode and filters in the URL, plus the
 * search radius (REQ-SEARCH-17). The location box suggests places as you type (GET /api/locations, REQ-PLACE-02,
 * counting homes of the chosen mode); picking one fills the box and adds its place id (`place`) to the URL, which
 * typing in the box again drops. From 768 px the whole bar is sticky; a phone has no room for that (it is four rows tall), so
 * once the bar has scrolled away a compact one-line bar stays under the header, and tapping it brings the full form
 * back and puts the cursor in the location box (REQ-SITE-06 'sticky search bar'; ADR 008).
 */
export function HomeSearchBar({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<HomeSearchForm>(EMPTY_FORM);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const scrolledAway = useScrolledAway(formRef);

  const openFullForm = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    document.getElementById(`${id}-location`)?.focus({ preventScroll: true });
  };

  const set = <K extends keyof HomeSearchForm>(key: K, value: HomeSearchForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minPrice = priceFromOption(form.minPrice);
    const maxPrice = priceFromOption(form.maxPrice);
    if (isPriceRangeInverted(minPrice, maxPrice)) {
      notifyInvalidPriceRange();
      return;
    }
    // Loaded on submit: they bring zod, which the results page needs anyway, and keep it out of the home bundle.
    const [{ toSearchParams }, { reportScriptInput }] = await Promise.all([
      import('@abode/shared/search/search-url'),
      import('#src/features/search/utils/report-script-input.ts'),
    ]);
    reportScriptInput(form.location, 'location');
    const params = toSearchParams({
      location: form.location.trim() || undefined,
      place: (form.location.trim() && form.place) || undefined,
      radius: radiusFromOption(form.radius),
      mode: form.mode,
      type: (form.type || undefined) as PropertyType | undefined,
      minPrice,
      maxPrice,
      bedrooms: countFromOption(form.bedrooms),
      filters: form.filters.length ? form.filters : undefined,
    });
    void navigate({ pathname: paths.search, search: toSearchString(params) });
  };

  return (
    <>
      {/* Outside the section: its backdrop blur would make it, not the screen, the box a fixed bar sits in. */}
      {scrolledAway && (
        <div className="fixed inset-x-0 top-16 z-30 border-b bg-background/95 px-4 py-2 shadow-sm backdrop-blur md:hidden">
          <button
            type="button"
            onClick={openFullForm}
            className="flex h-11 w-full items-center gap-3 rounded-full border border-input bg-background px-4 text-left shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Search aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="flex min-w-0 flex-1 flex-col leading-tight">
              <span className="text-sm font-medium">Search properties</span>
              <span className="truncate text-xs text-muted-foreground">{formSummary(form)}</span>
            </span>
            <SlidersHorizontal aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </button>
        </div>
      )}
      <section
        aria-label="Property search"
        className={cn('border-b bg-background/95 backdrop-blur', className)}
      >
        <form
          ref={formRef}
          role="search"
          aria-label="Search properties"
          onSubmit={(event) => void onSubmit(event)}
          className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:px-6 lg:px-8"
        >
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-[auto_minmax(12rem,1fr)_minmax(9rem,10rem)_repeat(4,minmax(6.5rem,9rem))] lg:items-end">
            <div className="col-span-2 flex flex-col gap-1.5 md:col-span-1">
              <span id={`${id}-mode`} className="text-xs font-medium text-muted-foreground">
                Looking to
              </span>
              <ModeToggle
                labelledBy={`${id}-mode`}
                value={form.mode}
                // Sale prices and monthly rents are different scales: a new mode starts with no price limits.
                onValueChange={(mode) =>
                  setForm((current) => ({
                    ...current,
                    mode,
                    minPrice: '',
                    maxPrice: '',
                  }))
                }
                className="w-full lg:w-40"
              />
            </div>
            <div className="col-span-2 flex flex-col gap-1.5 md:col-span-2 lg:col-span-1">
              <Label htmlFor={`${id}-location`} className="text-xs text-muted-foreground">
                Location
              </Label>
              <div className="relative">
                <MapPin
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 z-10 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <LocationCombobox
                  id={`${id}-location`}
                  name="location"
                  value={form.location}
                  onValueChange={(location, place) =>
                    setForm((current) => ({ ...current, location, place: place ?? '' }))
                  }
                  mode={form.mode}
                  placeholder="Town, street or postcode"
                  enterKeyHint="search"
                  className="pl-9"
                />
              </div>
            </div>
            <SelectField
              id={`${id}-radius`}
              label="Search radius"
              className="col-span-2 md:col-span-1"
              options={RADIUS_OPTIONS}
              value={form.radius}
              onValueChange={(value) => set('radius', value)}
            />
            <SelectField
              id={`${id}-type`}
              label="Property type"
              options={PROPERTY_TYPE_OPTIONS}
              value={form.type}
              onValueChange={(value) => set('type', value)}
            />
            <SelectField
              id={`${id}-beds`}
              label="Bedrooms"
              options={BEDROOM_OPTIONS}
              value={form.bedrooms}
              onValueChange={(value) => set('bedrooms', value)}
            />
            <SelectField
              id={`${id}-min`}
              label="Min price"
              options={minPriceOptions(form.mode)}
              value={form.minPrice}
              onValueChange={(value) => set('minPrice', value)}
            />
            <SelectField
              id={`${id}-max`}
              label="Max price"
              options={maxPriceOptions(form.mode)}
              value={form.maxPrice}
              onValueChange={(value) => set('maxPrice', value)}
            />
            <FeatureTags
              value={form.filters}
              onValueChange={(filters) => set('filters', filters)}
              className="col-span-2 md:col-span-3 lg:col-span-5"
            />
            <Button type="submit" className="col-span-2 self-end md:col-span-1">
              <Search aria-hidden="true" />
              Search
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
