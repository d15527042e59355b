import { createContext, useState, type FocusEvent, type ReactNode } from 'react';
import { List, Map as MapIcon } from 'lucide-react';
import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';
import { paths } from '#src/config/paths.ts';
import { cn } from '#src/lib/utils.ts';

type Pane = 'map' | 'list';

/**
 * The listing whose card is hovered or focused in the list beside the map, by slug. A tiny store rather than React
 * state: changing it re-renders nothing — the map subscribes and restyles the one or two markers concerned.
 */
export interface HighlightedListing {
  get: () => string | null;
  set: (slug: string | null) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createHighlightedListing(): HighlightedListing {
  let current: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (slug) => {
      if (slug === current) return;
      current = slug;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Given by {@link SearchMapLayout} to the map beside the list; null elsewhere (no list to follow). */
export const HighlightedListingContext = createContext<HighlightedListing | null>(null);

const PROPERTY_PATH = paths.property('');

/** The slug of the result card `target` is in (cards link to `/property/{slug}`), or null outside any card. */
function cardSlug(target: EventTarget | null, list: HTMLElement): string | null {
  if (!(target instanceof Element) || !list.contains(target)) return null;
  const href = target.closest('article')?.querySelector(`a[href^="${PROPERTY_PATH}"]`)?.getAttribute('href');
  return href ? decodeURIComponent(href.slice(PROPERTY_PATH.length)) : null;
}

/**
 * The map view's layout (REQ-SEARCH): from 768 px the results list and the map side by side, the map staying in view
 * while the list scrolls; below 768 px (SPEC mobile breakpoint) the map, with a toggle to the list. The phone's map
 * leaves a strip of page below it, so a swipe there still scrolls the page rather than the map. Both panes stay
 * mounted, so switching keeps the map where it was. Hovering or focusing a card highlights its pin (or the cluster
 * holding it) on the map, as on Rightmove.
 */
export function SearchMapLayout({ list, map }: { list: ReactNode; map: ReactNode }) {
  const [pane, setPane] = useState<Pane>('map');
  const [highlighted] = useState(createHighlightedListing);
  // When the pointer leaves, the card with the keyboard focus (if any) stays highlighted.
  const followFocus = (listElement: HTMLElement) =>
    highlighted.set(cardSlug(document.activeElement, listElement));
  return (
    <HighlightedListingContext value={highlighted}>
      <div className="flex flex-col gap-3">
        <ToggleGroup
          type="single"
          aria-label="Show on this screen"
          value={pane}
          onValueChange={(next) => next && setPane(next as Pane)}
          className="h-10 w-full rounded-md border border-input bg-background shadow-xs md:hidden"
        >
          <ToggleGroupItem value="map">
            <MapIcon aria-hidden="true" />
            Map
          </ToggleGroupItem>
          <ToggleGroupItem value="list">
            <List aria-hidden="true" />
            List
          </ToggleGroupItem>
        </ToggleGroup>
        <div className="md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:items-start md:gap-6">
          <div
            data-testid="map-view-list"
            className={cn(pane === 'map' && 'hidden md:block')}
            onMouseOver={(event) => highlighted.set(cardSlug(event.target, event.currentTarget))}
            onMouseLeave={(event) => followFocus(event.currentTarget)}
            onFocus={(event) => highlighted.set(cardSlug(event.target, event.currentTarget))}
            onBlur={(event: FocusEvent<HTMLDivElement>) => {
              if (!event.currentTarget.contains(event.relatedTarget)) highlighted.set(null);
            }}
          >
            {list}
          </div>
          <div
            data-testid="map-view-map"
            className={cn(
              'h-[65dvh] min-h-80 md:sticky md:top-20 md:h-[calc(100dvh-6rem)]',
              pane === 'list' && 'hidden md:block',
            )}
          >
            {map}
          </div>
        </div>
      </div>
    </HighlightedListingContext>
  );
}
