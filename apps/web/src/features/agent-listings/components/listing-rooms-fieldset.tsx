import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  LISTING_ROOM_DESCRIPTION_MAX_LENGTH,
  LISTING_ROOM_NAME_MAX_LENGTH,
  LISTING_ROOMS_MAX,
} from '@abode/shared/agent/listing-input.schema';
import { readPlainNumber } from '@abode/shared/sanitise';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { controlIdOf, EMPTY_ROOM, type ListingFormState } from '../utils/listing-form-state.ts';
import { feetAndInches } from '../utils/measurements.ts';
import { useListingField } from './listing-form-parts.tsx';

/** Focuses an element once React has moved the rows (a moved button loses focus when its row is re-inserted). */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** A room's length or width in metres, with its feet and inches beside as the agent types. */
function DimensionField({ index, dimension }: { index: number; dimension: 'lengthM' | 'widthM' }) {
  const { register, control } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const path = `rooms.${index}.${dimension}` as const;
  const imperial = feetAndInches(useWatch({ control, name: path }));
  return (
    <FormField
      id={controlIdOf(path)}
      label={dimension === 'lengthM' ? 'Length (m)' : 'Width (m)'}
      error={errorOf(path)}
      hint={imperial && <span aria-live="polite">{imperial}</span>}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder="3.65"
        {...register(path, { setValueAs: readPlainNumber })}
        {...a11y(path, Boolean(imperial))}
      />
    </FormField>
  );
}

/** One room: name, length × width in metres, a line about it, and its move and remove buttons. */
function RoomFields({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { register } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const room = `Room ${index + 1}`;
  const idOf = (action: string) => `listing-rooms-${index}-${action}`;
  return (
    <li>
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-medium">{room}</legend>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <FormField
            id={controlIdOf(`rooms.${index}.name`)}
            label="Name"
            error={errorOf(`rooms.${index}.name`)}
          >
            <Input
              placeholder="Kitchen"
              maxLength={LISTING_ROOM_NAME_MAX_LENGTH}
              {...register(`rooms.${index}.name`)}
              {...a11y(`rooms.${index}.name`)}
            />
          </FormField>
          <DimensionField index={index} dimension="lengthM" />
          <DimensionField index={index} dimension="widthM" />
        </div>
        <FormField
          id={controlIdOf(`rooms.${index}.description`)}
          label="Description"
          error={errorOf(`rooms.${index}.description`)}
        >
          <Input
            maxLength={LISTING_ROOM_DESCRIPTION_MAX_LENGTH}
            {...register(`rooms.${index}.description`)}
            {...a11y(`rooms.${index}.description`)}
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            id={idOf('up')}
            variant="outline"
            size="sm"
            disabled={index === 0}
            aria-label={`Move ${room.toLowerCase()} up`}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden="true" /> Up
          </Button>
          <Button
            id={idOf('down')}
            variant="outline"
            size="sm"
            disabled={index === count - 1}
            aria-label={`Move ${room.toLowerCase()} down`}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" /> Down
          </Button>
          <Button variant="outline" size="sm" aria-label={`Remove ${room.toLowerCase()}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * The rooms (REQ-LISTING-13), in the order the page lists them: each with a name, its size in metres (feet and inches
 * shown beside) and a line; added, removed and moved up or down. Rows left wholly blank are not sent.
 */
export function RoomsFieldset() {
  const { control } = useFormContext<ListingFormState>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'rooms' });
  const { errorOf } = useListingField();
  const listError = errorOf('rooms.root');
  const moveRoom = (from: number, to: number) => {
    move(from, to);
    // Keep the agent on the room they moved: its button in the same direction, or the other at either end.
    const direction = to < from ? 'up' : 'down';
    const atEnd = direction === 'up' ? to === 0 : to === fields.length - 1;
    focusSoon(`listing-rooms-${to}-${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}`);
  };
  return (
    <fieldset
      id="listing-rooms"
      tabIndex={-1}
      className="flex min-w-0 flex-col gap-3 sm:col-span-2"
      aria-describedby={['listing-rooms-hint', listError ? 'listing-rooms-error' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <legend className="mb-1.5 text-sm leading-none font-medium">Rooms</legend>
      <p id="listing-rooms-hint" className="text-xs text-muted-foreground">
        Sizes in metres; the feet and inches buyers also see are worked out for you.
      </p>
      {fields.length > 0 && (
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => (
            <RoomFields
              key={field.id}
              index={index}
              count={fields.length}
              onMove={(to) => moveRoom(index, to)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= LISTING_ROOMS_MAX}
          onClick={() => append({ ...EMPTY_ROOM }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" /> Add room
        </Button>
      </div>
      {listError && (
        <p id="listing-rooms-error" className="text-sm text-destructive">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
