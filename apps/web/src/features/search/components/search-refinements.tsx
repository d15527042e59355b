import { useId, useState, type FormEvent } from 'react';
import { LISTING_FLAGS, LISTING_FLAG_LABELS } from '@abode/shared/listings/listing-vocabulary';
import type { ListingFlag } from '@abode/shared/listings/listing.schema';
import {
  ADDED_LABELS,
  ADDED_WITHIN_DAYS,
  KEYWORDS_MAX_LENGTH,
  LISTING_FACT_FILTER_LABELS,
} from '@abode/shared/search/search.schema';
import type { SearchState } from '@abode/shared/search/search-url';
import { Field } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { RefinementCheckbox as Checkbox } from '#src/features/search/components/refinement-checkbox.tsx';
import { RentalRefinements } from '#src/features/search/components/rental-refinements.tsx';
import type { SearchPatch } from '#src/features/search/hooks/use-search-state.ts';
import { reportScriptInput } from '#src/features/search/utils/report-script-input.ts';

const ADDED_OPTIONS = [
  { value: '', label: 'Anytime' },
  ...ADDED_WITHIN_DAYS.map((days) => ({ value: String(days), label: ADDED_LABELS[days] })),
];

/** Status labels of the 'include' switches (REQ-SEARCH: excluded by default). */
export const INCLUDE_LABELS = {
  underOffer: 'Include under offer, sold STC',
  letAgreed: 'Include let agreed',
} as const;

/**
 * The REQ-SEARCH-13 filters of the search panel: keywords, 'Added to site', listings under offer or let agreed, and
 * 'Don't show' (retirement homes, shared ownership, auctions); REQ-SEARCH-10's 'Has floor plan', and with Rent the
 * lettings terms (RentalRefinements). Keywords apply on Enter or when the box is left, the rest as soon as they
 * change.
 */
export function SearchRefinements({
  state,
  onApply,
}: {
  state: SearchState;
  onApply: (patch: SearchPatch) => boolean;
}) {
  const id = useId();
  const [keywords, setKeywords] = useState(state.keywords ?? '');
  const [urlKeywords, setUrlKeywords] = useState(state.keywords);
  if (urlKeywords !== state.keywords) {
    setUrlKeywords(state.keywords);
    setKeywords(state.keywords ?? '');
  }

  const applyKeywords = () => {
    const text = keywords.trim();
    if (text === (state.keywords ?? '')) return;
    reportScriptInput(text, 'keywords');
    onApply({ keywords: text || undefined });
  };
  const onKeywordsSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    applyKeywords();
  };

  const excluded = new Set(state.exclude ?? []);
  const toggleExcluded = (flag: ListingFlag, on: boolean) => {
    const next = LISTING_FLAGS.filter((f) => (f === flag ? on : excluded.has(f)));
    onApply({ exclude: next.length ? next : undefined });
  };

  return (
    <>
      <form onSubmit={onKeywordsSubmit} className="col-span-2 md:col-span-2 lg:col-span-3">
        <Field label="Keywords" id={`${id}-keywords`}>
          <Input
            id={`${id}-keywords`}
            type="search"
            value={keywords}
            maxLength={KEYWORDS_MAX_LENGTH}
            placeholder="e.g. garage, period, sea view"
            enterKeyHint="search"
            aria-describedby={`${id}-keywords-hint`}
            onChange={(event) => setKeywords(event.target.value)}
            onBlur={applyKeywords}
          />
          <span id={`${id}-keywords-hint`} className="sr-only">
            Press Enter to apply
          </span>
        </Field>
      </form>
      <Field label="Added to site" id={`${id}-added`} className="col-span-2 md:col-span-1">
        <Select
          id={`${id}-added`}
          options={ADDED_OPTIONS}
          value={state.added === undefined ? '' : String(state.added)}
          onValueChange={(v) => onApply({ added: v === '' ? undefined : Number(v) })}
        />
      </Field>
      <div className="col-span-2 flex flex-col justify-end gap-2 pb-2 md:col-span-3 lg:col-span-2">
        {state.mode !== 'rent' && (
          <Checkbox
            label={INCLUDE_LABELS.underOffer}
            checked={state.includeUnderOffer === true}
            onChange={(on) => onApply({ includeUnderOffer: on ? true : undefined })}
          />
        )}
        {state.mode !== 'sale' && (
          <Checkbox
            label={INCLUDE_LABELS.letAgreed}
            checked={state.includeLetAgreed === true}
            onChange={(on) => onApply({ includeLetAgreed: on ? true : undefined })}
          />
        )}
        <Checkbox
          label={LISTING_FACT_FILTER_LABELS.hasFloorPlan}
          checked={state.hasFloorPlan === true}
          onChange={(on) => onApply({ hasFloorPlan: on ? true : undefined })}
        />
      </div>
      {state.mode === 'rent' && <RentalRefinements state={state} onApply={onApply} />}
      <fieldset className="col-span-full flex flex-col gap-2">
        <legend className="mb-2 text-xs font-medium text-muted-foreground">Don&apos;t show</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {LISTING_FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={LISTING_FLAG_LABELS[flag]}
              checked={excluded.has(flag)}
              onChange={(on) => toggleExcluded(flag, on)}
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
