import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MapPin, Search } from 'lucide-react';
import type { Feature, ListingMode, PropertyType } from '@abode/shared/listings/listing.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';
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

interface HomeSearchForm {
  location: string;
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
  radius: '',
  mode: 'sale',
  type: '',
  minPrice: '',
  maxPrice: '',
  bedrooms: '',
  filters: [],
};

/**
 * The home page's search bar (SPEC §2 Home page). It does not search from here: it checks the price range and then
 * navigates to /search with location, type, minPrice, maxPrice, bedrooms, mode and filters in the URL, plus the
 * search radius (issue #8). The location box suggests places as you type (GET /api/locations, issue #8); picking
 * one fills the box.
 */
export function HomeSearchBar({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<HomeSearchForm>(EMPTY_FORM);
  const id = useId();

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
    <section
      aria-label="Property search"
      className={cn('border-b bg-background/95 backdrop-blur', className)}
    >
      <form
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
                setForm((current) => ({ ...current, mode: mode as ListingMode, minPrice: '', maxPrice: '' }))
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
                onValueChange={(value) => set('location', value)}
                placeholder="Town, street or postcode"
                enterKeyHint="search"
                className="pl-9"
              />
            </div>
          </div>
          <Field id={`${id}-radius`} label="Search radius" className="col-span-2 md:col-span-1">
            <Select
              id={`${id}-radius`}
              options={RADIUS_OPTIONS}
              value={form.radius}
              onValueChange={(value) => set('radius', value)}
            />
          </Field>
          <Field id={`${id}-type`} label="Property type">
            <Select
              id={`${id}-type`}
              options={PROPERTY_TYPE_OPTIONS}
              value={form.type}
              onValueChange={(value) => set('type', value)}
            />
          </Field>
          <Field id={`${id}-beds`} label="Bedrooms">
            <Select
              id={`${id}-beds`}
              options={BEDROOM_OPTIONS}
              value={form.bedrooms}
              onValueChange={(value) => set('bedrooms', value)}
            />
          </Field>
          <Field id={`${id}-min`} label="Min price">
            <Select
              id={`${id}-min`}
              options={minPriceOptions(form.mode)}
              value={form.minPrice}
              onValueChange={(value) => set('minPrice', value)}
            />
          </Field>
          <Field id={`${id}-max`} label="Max price">
            <Select
              id={`${id}-max`}
              options={maxPriceOptions(form.mode)}
              value={form.maxPrice}
              onValueChange={(value) => set('maxPrice', value)}
            />
          </Field>
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
  );
}
