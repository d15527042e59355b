import { useEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { LOCATION_MAX_LENGTH } from '@abode/shared/constants';
import type { ListingMode, LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { PLACE_KIND_LABELS } from '@abode/shared/search/place-kinds';
import { Input } from '#src/components/ui/input.tsx';
import { useLocationSuggestions } from '#src/features/search/hooks/use-location-suggestions.ts';
import { cn } from '#src/lib/utils.ts';

/** How many homes a place holds, in words: '1 home', '1,204 homes'. */
export function homesCount(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'home' : 'homes'}`;
}

/**
 * The location box with place suggestions as you type (REQ-PLACE-02): towns, local authorities, postcode
 * districts, streets and postcodes from `GET /api/locations`, each with its kind and how many homes of `mode` it
 * holds. It follows the WAI-ARIA combobox pattern with a list box popup: the input keeps focus, ArrowDown/ArrowUp
 * move through the suggestions (announced with aria-activedescendant; an option's name is 'Bath, Town, 1,204
 * homes'), Enter picks the one shown as active (otherwise it submits the form as before), Escape closes the list,
 * and a click picks too. Picking gives the place's name and its id (the search's `location` and `place`); typing
 * gives the text and no place, so a picked place never outlives an edit of its name.
 */
export function LocationCombobox({
  id,
  value,
  onValueChange,
  onPick,
  mode,
  className,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'role'> & {
  id: string;
  value: string;
  /** The text changed: typed (`place` undefined) or picked (`place`: the suggestion's place id). */
  onValueChange: (value: string, place: string | undefined) => void;
  /** A suggestion was picked (after the box took its value). */
  onPick?: (suggestion: LocationSuggestion) => void;
  /** Buy or Rent: the homes each suggestion counts. */
  mode?: ListingMode | undefined;
}) {
  const listboxId = `${id}-suggestions`;
  const optionId = (i: number) => `${id}-suggestion-${i}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Suggest only while the person is typing here, not for a location the page filled in from the URL.
  const [typed, setTyped] = useState(false);
  const { items } = useLocationSuggestions(value, { enabled: typed, mode });
  const listRef = useRef<HTMLUListElement>(null);

  // The only suggestion being exactly what was typed would be noise.
  const onlyEcho = items.length === 1 && items[0]!.value.toLowerCase() === value.trim().toLowerCase();
  const shown = open && typed && items.length > 0 && !onlyEcho;
  const activeIndex = shown && active < items.length ? active : -1;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(optionId(activeIndex))}`)
      ?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex, id]);

  const pick = (suggestion: LocationSuggestion) => {
    onValueChange(suggestion.value, suggestion.id);
    setTyped(false);
    setOpen(false);
    setActive(-1);
    onPick?.(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    inputProps.onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const n = items.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!typed || n === 0 || onlyEcho) return;
        event.preventDefault();
        setOpen(true);
        setActive(shown ? (activeIndex + 1) % n : 0);
        return;
      case 'ArrowUp':
        if (!shown) return;
        event.preventDefault();
        setActive(activeIndex <= 0 ? n - 1 : activeIndex - 1);
        return;
      case 'Enter':
        if (activeIndex >= 0) {
          event.preventDefault();
          pick(items[activeIndex]!);
        } else {
          // The form searches what was typed: no suggestions for it any more.
          setTyped(false);
          setOpen(false);
        }
        return;
      case 'Escape':
        // Closing the list is all Escape does while it is open (a search box would otherwise clear itself).
        if (shown) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  return (
    <>
      <Input
        {...inputProps}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={value}
        maxLength={LOCATION_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => {
          onValueChange(event.target.value, undefined);
          setTyped(true);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          inputProps.onBlur?.(event);
          // Leaving the box ends the suggestions (and any request still waiting for the typing to pause).
          setTyped(false);
          setOpen(false);
          setActive(-1);
        }}
        className={className}
      />
      <ul
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-label="Suggested places"
        hidden={!shown}
        // At least as wide as the box, wider when the names need it ('Bath and North East Somerset', 'Bathgate Road,
        // London'), never wider than the screen's margins.
        className="absolute top-full left-0 z-50 mt-1 max-h-80 w-max max-w-[min(28rem,calc(100vw-2rem))] min-w-full overflow-y-auto rounded-md border bg-background py-1 shadow-lg"
      >
        {shown &&
          items.map((item, i) => {
            const active = i === activeIndex;
            // The active row's background is the brand tint: its secondary text takes the row's colour there.
            const secondary = cn('text-xs', active ? 'text-brand-soft-foreground' : 'text-muted-foreground');
            const kind = PLACE_KIND_LABELS[item.kind];
            const count = item.count === undefined ? undefined : homesCount(item.count);
            return (
              <li
                key={item.id}
                id={optionId(i)}
                role="option"
                // Read as one phrase, 'Bath, Town, 1,204 homes'; the same words are seen, laid out in columns.
                aria-label={[item.label, kind, count].filter(Boolean).join(', ')}
                aria-selected={active}
                // Keep focus in the box: the click below picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-accent',
                  active && 'bg-brand-soft text-brand-soft-foreground hover:bg-brand-soft',
                )}
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">{item.label}</span>
                  <span className={secondary}>{kind}</span>
                </span>
                {count && <span className={cn(secondary, 'shrink-0 tabular-nums')}>{count}</span>}
              </li>
            );
          })}
      </ul>
      <span role="status" className="sr-only">
        {shown
          ? `${items.length} suggestion${items.length === 1 ? '' : 's'}: use the up and down arrow keys`
          : ''}
      </span>
    </>
  );
}
