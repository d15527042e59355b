import { useEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { LOCATION_MAX_LENGTH } from '@abode/shared/constants';
import type { LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { Input } from '#src/components/ui/input.tsx';
import { useLocationSuggestions } from '#src/features/search/hooks/use-location-suggestions.ts';
import { cn } from '#src/lib/utils.ts';

const KIND_LABELS: Record<LocationSuggestion['kind'], string> = {
  town: 'Town',
  outcode: 'Postcode area',
  postcode: 'Postcode',
};

/**
 * The location box with place suggestions as you type (issue #8): towns, postcode districts and postcodes from
 * `GET /api/locations`. It follows the WAI-ARIA combobox pattern with a list box popup: the input keeps focus,
 * ArrowDown/ArrowUp move through the suggestions (announced with aria-activedescendant), Enter picks the one shown
 * as active (otherwise it submits the form as before), Escape closes the list, and a click picks too.
 */
export function LocationCombobox({
  id,
  value,
  onValueChange,
  onPick,
  className,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'role'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A suggestion was picked (after the box took its value). */
  onPick?: (suggestion: LocationSuggestion) => void;
}) {
  const listboxId = `${id}-suggestions`;
  const optionId = (i: number) => `${id}-suggestion-${i}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Suggest only while the person is typing here, not for a location the page filled in from the URL.
  const [typed, setTyped] = useState(false);
  const { items } = useLocationSuggestions(value, { enabled: typed });
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
    onValueChange(suggestion.value);
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
          onValueChange(event.target.value);
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
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-md border bg-background py-1 shadow-lg"
      >
        {shown &&
          items.map((item, i) => (
            <li
              key={`${item.kind}:${item.value}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              // Keep focus in the box: the click below picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item)}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-accent',
                i === activeIndex && 'bg-brand-soft text-brand-soft-foreground hover:bg-brand-soft',
              )}
            >
              <span className="truncate font-medium">{item.label}</span>
              <span className="sr-only">, </span>
              <span className="shrink-0 text-xs text-muted-foreground">{KIND_LABELS[item.kind]}</span>
            </li>
          ))}
      </ul>
      <span role="status" className="sr-only">
        {shown
          ? `${items.length} suggestion${items.length === 1 ? '' : 's'}: use the up and down arrow keys`
          : ''}
      </span>
    </>
  );
}
