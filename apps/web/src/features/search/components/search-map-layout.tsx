import { useState, type ReactNode } from 'react';
import { List, Map as MapIcon } from 'lucide-react';
import { ToggleGroup, ToggleGroupItem } from '#src/components/ui/toggle-group.tsx';
import { cn } from '#src/lib/utils.ts';

type Pane = 'map' | 'list';

/**
 * The map view's layout (issue #8): from 768 px the results list and the map side by side, the map staying in view
 * while the list scrolls; below 768 px (SPEC mobile breakpoint) the map, with a toggle to the list. The phone's map
 * leaves a strip of page below it, so a swipe there still scrolls the page rather than the map. Both panes stay
 * mounted, so switching keeps the map where it was.
 */
export function SearchMapLayout({ list, map }: { list: ReactNode; map: ReactNode }) {
  const [pane, setPane] = useState<Pane>('map');
  return (
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
        <div data-testid="map-view-list" className={cn(pane === 'map' && 'hidden md:block')}>
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
  );
}
