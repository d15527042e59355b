import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  MATERIAL_ITEM_KEYS,
  MATERIAL_ITEMS,
  MATERIAL_NOTE_MAX_LENGTH,
  type MaterialItemKey,
} from '@abode/shared/listings/material-information';
import { Button } from '#src/components/ui/button.tsx';
import { fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { controlIdOf, type ListingFormState, type MaterialRow } from '../utils/listing-form-state.ts';
import { useListingField } from './listing-form-parts.tsx';

/** The select's value for an answer: 'answered:<option>', 'ask-agent', 'not-applicable', or '' (not answered). */
function choiceOf(key: MaterialItemKey, row: MaterialRow | undefined): string {
  if (!row?.status) return '';
  if (row.status !== 'answered') return row.status;
  return row.value && Object.hasOwn(MATERIAL_ITEMS[key].options, row.value) ? `answered:${row.value}` : '';
}

/** The answer a choice of the select gives, keeping the note; undefined when nothing is left to send. */
function rowOf(choice: string, note: string | null | undefined): MaterialRow | undefined {
  if (choice.startsWith('answered:')) return { status: 'answered', value: choice.slice(9), note: note ?? '' };
  if (choice === 'ask-agent' || choice === 'not-applicable')
    return { status: choice, value: null, note: note ?? '' };
  return note ? { status: '', value: null, note } : undefined;
}

function optionsOf(key: MaterialItemKey) {
  const options: Readonly<Record<string, string>> = MATERIAL_ITEMS[key].options;
  return [
    { value: '', label: 'Not answered' },
    ...Object.entries(options).map(([value, label]) => ({ value: `answered:${value}`, label })),
    { value: 'ask-agent', label: 'Ask agent' },
    { value: 'not-applicable', label: 'Not applicable' },
  ];
}

/**
 * One Part B or C question on one compact row: its label and hint, a select of the item's answers plus 'Ask agent'
 * and 'Not applicable' (held as `{ status, value, note }`), and a note — shown once answered, or on demand.
 */
function MaterialItemRow({ itemKey }: { itemKey: MaterialItemKey }) {
  const { control } = useFormContext<ListingFormState>();
  const { errorOf } = useListingField();
  const [noteWanted, setNoteWanted] = useState(false);
  const item: { label: string; hint?: string } = MATERIAL_ITEMS[itemKey];
  const name = `materialInformation.${itemKey}` as const;
  const id = controlIdOf(name);
  const noteId = `${id}-note`;
  const choiceError = errorOf(`${name}.value`) ?? errorOf(`${name}.status`) ?? errorOf(name);
  const noteError = errorOf(`${name}.note`);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const row = field.value as MaterialRow | undefined;
        const showNote = row?.status === 'answered' || noteWanted || Boolean(row?.note);
        return (
          <li className="grid gap-x-4 gap-y-2 border-b py-3 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)]">
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={id}>{item.label}</Label>
              {item.hint && (
                <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                  {item.hint}
                </p>
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <Select
                ref={field.ref}
                name={field.name}
                value={choiceOf(itemKey, row)}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(rowOf(event.target.value, row?.note))}
                options={optionsOf(itemKey)}
                {...fieldA11y(id, choiceError, Boolean(item.hint))}
              />
              {choiceError && (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {choiceError}
                </p>
              )}
              {!showNote && (
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto w-fit px-0 py-0"
                  aria-label={`Add a note on ${item.label}`}
                  onClick={() => {
                    setNoteWanted(true);
                    requestAnimationFrame(() => document.getElementById(noteId)?.focus());
                  }}
                >
                  Add a note
                </Button>
              )}
            </div>
            {showNote && (
              <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
                <Label htmlFor={noteId} className="text-xs text-muted-foreground">
                  Note<span className="sr-only"> on {item.label}</span> (optional)
                </Label>
                <Input
                  maxLength={MATERIAL_NOTE_MAX_LENGTH}
                  value={row?.note ?? ''}
                  onChange={(event) =>
                    field.onChange(
                      row?.status
                        ? { ...row, note: event.target.value }
                        : rowOf(choiceOf(itemKey, row), event.target.value),
                    )
                  }
                  onBlur={field.onBlur}
                  {...fieldA11y(noteId, noteError)}
                />
                {noteError && (
                  <p id={`${noteId}-error`} className="text-sm text-destructive">
                    {noteError}
                  </p>
                )}
              </div>
            )}
          </li>
        );
      }}
    />
  );
}

/**
 * Part B or C of the material information as a group the agent can fold away: its questions as compact rows and,
 * in its summary line, how many are answered. It starts folded; a failed save opens any group holding an error
 * (listing-form.tsx), so no error is hidden.
 */
export function MaterialPart({ part, title }: { part: 'B' | 'C'; title: string }) {
  const { control } = useFormContext<ListingFormState>();
  const keys = MATERIAL_ITEM_KEYS.filter((key) => MATERIAL_ITEMS[key].part === part);
  const answers = useWatch({ control, name: 'materialInformation' });
  const given = keys.filter((key) => answers?.[key]?.status).length;
  const [open, setOpen] = useState(false);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-lg border sm:col-span-2"
      data-testid={`material-part-${part}`}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 p-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
        />
        <span className="min-w-0 flex-1">
          Part {part}: {title}
        </span>
        <span className="shrink-0 text-xs font-normal text-muted-foreground">
          {given} of {keys.length} answered
        </span>
      </summary>
      <fieldset className="min-w-0 px-3 pb-1">
        <legend className="sr-only">
          Part {part}: {title}
        </legend>
        <ul>
          {keys.map((key) => (
            <MaterialItemRow key={key} itemKey={key} />
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
