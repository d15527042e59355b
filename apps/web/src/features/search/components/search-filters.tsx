import { useId, useState, type FormEvent } from 'react';
import { MapPin, Search, SlidersHorizontal, X } from 'lucide-react';
import type { LocationSuggestion, PropertyType } from '@abode/shared/listings/listing.schema';
import { RENTAL_ONLY_FILTERS } from '@abode/shared/search/search.schema';
import type { SearchState } from '@abode/shared/search/search-url';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { FeatureTags } from '#src/features/search/components/feature-tags.tsx';
import { LocationCombobox } from '#src/features/search/components/location-combobox.tsx';
import { ModeToggle } from '#src/features/search/components/mode-toggle.tsx';
import { SearchRefinements } from '#src/features/search/components/search-refinements.tsx';
import { countActiveFilters, type SearchPatch } from '#src/features/search/hooks/use-search-state.ts';
import { reportScriptInput } from '#src/features/search/utils/report-script-input.ts';
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  RADIUS_OPTIONS,
  countFromOption,
  maxPriceOptions,
  minPriceOptions,
  priceFromOption,
  radiusFromOption,
} from '#src/features/search/utils/search-options.ts';

const optionValue = (n: number | undefined) => (n === undefined ? '' : String(n));

/** The rental-only filters cleared (REQ-LISTING-14 lettings terms). */
const NO_LETTINGS_TERMS: SearchPatch = Object.fromEntries(RENTAL_ONLY_FILTERS.map((key) => [key, undefined]));

/**
 * A new place to search replaces the map area and the drawn area (they would otherwise narrow it to nothing).
 * `place` is the id of the place picked for `location` (REQ-PLACE), absent for typed text; no location, no place.
 */
export function locationPatch(location: string | undefined, place?: string): SearchPatch {
  return location
    ? { location, place, bounds: undefined, polygon: undefined }
    : { location: undefined, place: undefined };
}

/**
 * The search page's bar (REQ-SEARCH-24): a location box with place suggestions (Enter or the Search button
 * searches; picking a suggestion searches at once), the search radius, and a Filters button that shows mode, type,
 * prices, bedrooms, bathrooms, the must-have tags and the refinements (REQ-SEARCH-09; REQ-LISTING-16's floor plan and, with
 * Rent, lettings terms). Every filter applies as soon as it
 * changes; the location applies on submit so typing does not fire a search per keystroke.
 */
export function SearchFilters({
  state,
  onApply,
  onClearFilters,
}: {
  state: SearchState;
  /** Applies a change to the search; returns false when it was refused (inverted price range). */
  onApply: (patch: SearchPatch) => boolean;
  /** Clears the filters of the panel (not where to search). */
  onClearFilters: () => void;
}) {
  const id = useId();
  const panelId = `${id}-panel`;
  const [open, setOpen] = useState(false);
  const active = countActiveFilters(state);
  const [location, setLocation] = useState(state.location ?? '');
  // The place picked for the text in the box (REQ-PLACE): kept while the text is the picked name, gone once edited.
  const [place, setPlace] = useState(state.place);
  // The box follows the URL when it changes from elsewhere (Back, Clear Filters, a suggestion button).
  const [urlLocation, setUrlLocation] = useState({ location: state.location, place: state.place });
  if (urlLocation.location !== state.location || urlLocation.place !== state.place) {
    setUrlLocation({ location: state.location, place: state.place });
    setLocation(state.location ?? '');
    setPlace(state.place);
  }
  const where = () => {
    const text = location.trim() || undefined;
    return locationPatch(text, text ? place : undefined);
  };

  const search = () => {
    reportScriptInput(location, 'location');
    onApply(where());
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search();
  };

  const onPick = (suggestion: LocationSuggestion) => onApply(locationPatch(suggestion.value, suggestion.id));

  return (
    <div className="border-b bg-background">
      <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
        <form
          role="search"
          aria-label="Search properties"
          onSubmit={onSubmit}
          className="flex flex-wrap gap-2"
        >
          <div className="relative min-w-0 flex-1 basis-full sm:basis-auto">
            <Label htmlFor={`${id}-location`} className="sr-only">
              Location
            </Label>
            <MapPin
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 z-10 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <LocationCombobox
              id={`${id}-location`}
              name="location"
              type="search"
              value={location}
              onValueChange={(text, picked) => {
                setLocation(text);
                setPlace(picked);
              }}
              onPick={onPick}
              mode={state.mode}
              placeholder="Town, postcode or area"
              enterKeyHint="search"
              className="pl-9"
            />
          </div>
          <div className="flex basis-full items-center gap-2 sm:basis-auto">
            <Label htmlFor={`${id}-radius`} className="sr-only">
              Search radius
            </Label>
            <Select
              id={`${id}-radius`}
              options={RADIUS_OPTIONS}
              value={optionValue(state.radius)}
              onValueChange={(v) => onApply({ ...where(), radius: radiusFromOption(v) })}
              className="w-full sm:w-40"
            />
          </div>
          <Button type="submit" className="flex-1 sm:flex-none">
            <Search aria-hidden="true" />
            Search
          </Button>
          <Button
            variant="outline"
            className="flex-1 sm:flex-none"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
            {active > 0 && (
              <Badge variant="secondary" className="ml-0.5">
                <span className="sr-only">(</span>
                {active}
                <span className="sr-only"> active)</span>
              </Badge>
            )}
          </Button>
        </form>

        <div id={panelId} hidden={!open} className="pt-4">
          <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
            <legend className="sr-only">Filters</legend>
            <Field label="Buy or rent" id={`${id}-mode`} labelIsForGroup className="col-span-2 md:col-span-1">
              {/* Buy or Rent, never both in one list (REQ-SEARCH: £1,050/month beside £325,000). */}
              <ModeToggle
                labelledBy={`${id}-mode`}
                value={state.mode}
                onValueChange={(mode) =>
                  onApply({
                    mode,
                    // Sale prices and monthly rents are different scales.
                    minPrice: undefined,
                    maxPrice: undefined,
                    // 'Under offer, sold STC' is a sale status, 'let agreed' a rental one; sale listings have
                    // no lettings terms.
                    ...(mode === 'rent' ? { includeUnderOffer: undefined } : {}),
                    ...(mode === 'sale' ? { includeLetAgreed: undefined, ...NO_LETTINGS_TERMS } : {}),
                  })
                }
              />
            </Field>
            <Field label="Property type" id={`${id}-type`} className="col-span-2 md:col-span-1">
              <Select
                id={`${id}-type`}
                options={PROPERTY_TYPE_OPTIONS}
                value={state.type ?? ''}
                onValueChange={(v) => onApply({ type: (v || undefined) as PropertyType | undefined })}
              />
            </Field>
            <Field label="Min price" id={`${id}-min`}>
              <Select
                id={`${id}-min`}
                options={minPriceOptions(state.mode, state.minPrice)}
                value={optionValue(state.minPrice)}
                onValueChange={(v) => onApply({ minPrice: priceFromOption(v) })}
              />
            </Field>
            <Field label="Max price" id={`${id}-max`}>
              <Select
                id={`${id}-max`}
                options={maxPriceOptions(state.mode, state.maxPrice)}
                value={optionValue(state.maxPrice)}
                onValueChange={(v) => onApply({ maxPrice: priceFromOption(v) })}
              />
            </Field>
            <Field label="Bedrooms" id={`${id}-beds`}>
              <Select
                id={`${id}-beds`}
                options={BEDROOM_OPTIONS}
                value={optionValue(state.bedrooms)}
                onValueChange={(v) => onApply({ bedrooms: countFromOption(v) })}
              />
            </Field>
            <Field label="Bathrooms" id={`${id}-baths`}>
              <Select
                id={`${id}-baths`}
                options={BATHROOM_OPTIONS}
                value={optionValue(state.bathrooms)}
                onValueChange={(v) => onApply({ bathrooms: countFromOption(v) })}
              />
            </Field>
            <div className="col-span-full flex flex-col gap-2">
              <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
                Must have
              </span>
              <FeatureTags
                label="Must have"
                value={state.filters ?? []}
                onValueChange={(filters) => onApply({ filters: filters.length ? filters : undefined })}
              />
            </div>
            <SearchRefinements state={state} onApply={onApply} />
          </fieldset>
          {active > 0 && (
            <div className="mt-4 flex justify-end">
              <Button variant="ghost" size="sm" onClick={onClearFilters}>
                <X aria-hidden="true" />
                Clear filters
              </Button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
