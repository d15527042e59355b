/**
 * The parts the listing form (listing-form.tsx) is built from: a titled section card, the sale or letting flags, an
 * amount typed in pounds but held in pence, and the hook that reads a field's error by its (dotted) path.
 */
import { useState, type ReactNode } from 'react';
import { Controller, get, useFormContext, type FieldPath } from 'react-hook-form';
import { FLAGS_BY_MODE } from '@abode/shared/agent/listing-input.schema';
import type { ListingFlag, ListingMode } from '@abode/shared/listings/listing.schema';
import { LISTING_FLAGS, LISTING_FLAG_SINGULAR_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { parsePounds, penceToPounds } from '@abode/shared/money';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { controlIdOf, type ListingFormState } from '../utils/listing-form-state.ts';

/** A path of the listing form's values ('title', 'rooms.0.name', 'materialInformation.water'). */
export type ListingPath = FieldPath<ListingFormState>;

/**
 * A field's error and accessibility attributes by its form path: `errorOf('rooms.0.name')` is the message under it,
 * `a11y(path, hint)` the control's id, aria-invalid and aria-describedby (controlIdOf: 'listing-rooms-0-name').
 */
export function useListingField() {
  const {
    formState: { errors },
  } = useFormContext<ListingFormState>();
  const errorOf = (path: string) => {
    const message = (get(errors, path) as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? message : undefined;
  };
  const a11y = (path: string, hint = false) => fieldA11y(controlIdOf(path), errorOf(path), hint);
  return { errors, errorOf, a11y };
}

/** A titled card of the form, its fields in one column on a phone and two from `sm`. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">{title}</h2>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/**
 * The listing's flags (REQ-SEARCH-10: buyers may hide them with the search's 'Don't show'): all three for a sale, only
 * 'Retirement home' for a rental — plus any flag already ticked, so a stored one can always be unticked.
 */
export function FlagsFieldset({
  mode,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: {
  mode: ListingMode;
  value: readonly ListingFlag[];
  onChange: (flags: ListingFlag[]) => void;
  onBlur: () => void;
  inputRef: (el: HTMLInputElement | null) => void;
  error: string | undefined;
}) {
  const shown = LISTING_FLAGS.filter((flag) => FLAGS_BY_MODE[mode].includes(flag) || value.includes(flag));
  return (
    <fieldset
      className="flex flex-col gap-2 sm:col-span-2"
      aria-describedby={error ? 'listing-flags-error listing-flags-hint' : 'listing-flags-hint'}
    >
      <legend className="mb-1.5 text-sm font-medium">{mode === 'rent' ? 'Letting type' : 'Sale type'}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {shown.map((flag, index) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="flags"
              value={flag}
              ref={index === 0 ? inputRef : undefined}
              // The error summary links to the first box.
              id={index === 0 ? 'listing-flags' : undefined}
              aria-invalid={error ? true : undefined}
              checked={value.includes(flag)}
              onBlur={onBlur}
              onChange={(event) =>
                onChange(LISTING_FLAGS.filter((f) => (f === flag ? event.target.checked : value.includes(f))))
              }
              className="size-4 accent-primary"
            />
            {LISTING_FLAG_SINGULAR_LABELS[flag]}
          </label>
        ))}
      </div>
      <p id="listing-flags-hint" className="text-xs text-muted-foreground">
        Leave unticked for an ordinary {mode === 'rent' ? 'let' : 'sale'}. House hunters can hide these
        listings from their searches.
      </p>
      {error && (
        <p id="listing-flags-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * An amount typed in whole pounds ('250,000', '250000' or '250k'), held by the form in integer pence; '0' is £0 (an
 * answer: 'none'), blank is not given. `suffix` ('pcm', 'pw') is shown inside the field's right edge.
 */
export function PoundsInput({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  suffix,
  describedBy,
  invalid,
}: {
  id: string;
  value: unknown;
  onChange: (pence: number | '') => void;
  onBlur: () => void;
  inputRef: (el: HTMLInputElement | null) => void;
  suffix?: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const [text, setText] = useState(() =>
    typeof value === 'number' && Number.isFinite(value) ? String(penceToPounds(value)) : '',
  );
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
      >
        £
      </span>
      <Input
        id={id}
        ref={inputRef}
        inputMode="numeric"
        autoComplete="off"
        className={suffix ? 'pr-12 pl-7' : 'pl-7'}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() === '') return onChange('');
          const pounds = parsePounds(event.target.value);
          // Unreadable text becomes NaN: the schema answers with the field's own message.
          onChange(pounds === undefined ? Number.NaN : pounds * 100);
        }}
      />
      {suffix && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
        >
          {suffix}
        </span>
      )}
    </div>
  );
}

/** A labelled {@link PoundsInput} bound to the form field `name` (pence), with its error and optional hint. */
export function PoundsField({
  name,
  label,
  hint,
  suffix,
  className,
}: {
  name: ListingPath;
  label: string;
  hint?: ReactNode;
  suffix?: string | undefined;
  className?: string;
}) {
  const { control } = useFormContext<ListingFormState>();
  const { errorOf } = useListingField();
  const id = controlIdOf(name);
  const error = errorOf(name);
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <PoundsInput
            id={id}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            suffix={suffix}
            invalid={Boolean(error)}
            describedBy={fieldA11y(id, error, Boolean(hint))['aria-describedby']}
          />
        )}
      />
    </FormField>
  );
}
