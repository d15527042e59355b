import { Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_KEY_FEATURE_MAX_LENGTH,
  LISTING_KEY_FEATURES_MAX,
  LISTING_SUMMARY_MAX_LENGTH,
} from '@abode/shared/agent/listing-input.schema';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { controlIdOf, type ListingFormState } from '../utils/listing-form-state.ts';
import { useListingField } from './listing-form-parts.tsx';
import { RoomsFieldset } from './listing-rooms-fieldset.tsx';

const count = (n: number) => n.toLocaleString('en-GB');

/** '120 of 1,000 characters': how much of a text's limit is used. */
function useCharacterCount(name: 'summary' | 'description', max: number) {
  const { control } = useFormContext<ListingFormState>();
  const value: unknown = useWatch({ control, name });
  const used = typeof value === 'string' ? value.length : 0;
  return `${count(used)} of ${count(max)} characters`;
}

/**
 * The key features (REQ-LISTING-13: up to 10 one-line bullets, shown on the card and the page), added and removed one by
 * one. Blank rows are not sent.
 */
function KeyFeaturesFieldset() {
  const { control, register } = useFormContext<ListingFormState>();
  const { fields, append, remove } = useFieldArray({ control, name: 'keyFeatures' });
  const { errorOf, a11y } = useListingField();
  const listError = errorOf('keyFeatures.root');
  const full = fields.length >= LISTING_KEY_FEATURES_MAX;
  return (
    <fieldset
      id="listing-keyFeatures"
      tabIndex={-1}
      className="flex min-w-0 flex-col gap-2 sm:col-span-2"
      aria-describedby={['listing-keyFeatures-hint', listError ? 'listing-keyFeatures-error' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <legend className="mb-1.5 text-sm leading-none font-medium">Key features</legend>
      <p id="listing-keyFeatures-hint" className="text-xs text-muted-foreground">
        Short bullets shown on the listing&apos;s card and page, e.g. &lsquo;South-facing garden&rsquo;.{' '}
        {fields.length} of {LISTING_KEY_FEATURES_MAX} added.
      </p>
      {fields.length > 0 && (
        <ol className="flex flex-col gap-2">
          {fields.map((field, index) => {
            const path = `keyFeatures.${index}.text` as const;
            const id = controlIdOf(path);
            const error = errorOf(path);
            return (
              <li key={field.id} className="flex flex-col gap-1">
                <label htmlFor={id} className="sr-only">
                  Key feature {index + 1}
                </label>
                <div className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="w-5 text-right text-sm text-muted-foreground tabular-nums"
                  >
                    {index + 1}.
                  </span>
                  <Input {...register(path)} {...a11y(path)} maxLength={LISTING_KEY_FEATURE_MAX_LENGTH} />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove key feature ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {error && (
                  <p id={`${id}-error`} className="pl-7 text-sm text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => append({ text: '' }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" /> Add key feature
        </Button>
        {full && (
          <p className="text-xs text-muted-foreground">
            That is the most a listing carries: remove one to add another.
          </p>
        )}
      </div>
      {listError && (
        <p id="listing-keyFeatures-error" className="text-sm text-destructive">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The listing's words (REQ-LISTING-13): a summary (cards and the top of the description), the key features, the full
 * description (paragraphs kept) and the rooms.
 */
export function DescriptionFields() {
  const { register } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const summaryCount = useCharacterCount('summary', LISTING_SUMMARY_MAX_LENGTH);
  const descriptionCount = useCharacterCount('description', LISTING_DESCRIPTION_MAX_LENGTH);
  return (
    <>
      <FormField
        id="listing-summary"
        label="Summary"
        error={errorOf('summary')}
        hint={`A few lines shown on cards and above the description. ${summaryCount}.`}
        className="sm:col-span-2"
      >
        <Textarea
          rows={3}
          maxLength={LISTING_SUMMARY_MAX_LENGTH}
          {...register('summary')}
          {...a11y('summary', true)}
        />
      </FormField>
      <KeyFeaturesFieldset />
      <FormField
        id="listing-description"
        label="Description"
        error={errorOf('description')}
        hint={`Blank lines start new paragraphs. ${descriptionCount}.`}
        className="sm:col-span-2"
      >
        <Textarea
          rows={8}
          maxLength={LISTING_DESCRIPTION_MAX_LENGTH}
          {...register('description')}
          {...a11y('description', true)}
        />
      </FormField>
      <RoomsFieldset />
    </>
  );
}
