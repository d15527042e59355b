/**
 * The bar above the search map (REQ-SEARCH): the 'Search as I move the map' box, and the buttons to draw an area,
 * draw it again or remove it.
 */
import { PenLine, Trash2 } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { DRAW_TEXT } from '#src/features/search/utils/draw-area.ts';
import { cn } from '#src/lib/utils.ts';

export interface SearchMapToolbarProps {
  /** The map is ready (the controls are disabled until then). */
  ready: boolean;
  /** A drawn area is searched (encoded polygon): moving the map cannot search then. */
  polygon: string | undefined;
  drawing: boolean;
  searchAsIMove: boolean;
  onSearchAsIMove: (on: boolean) => void;
  onStartDrawing: () => void;
  onRemoveArea: () => void;
}

/** The 'Search as I move the map' box and the draw-area buttons. */
export function SearchMapToolbar({
  ready,
  polygon,
  drawing,
  searchAsIMove,
  onSearchAsIMove,
  onStartDrawing,
  onRemoveArea,
}: SearchMapToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <label
        className={cn(
          'flex cursor-pointer items-center gap-2 text-sm font-medium',
          (polygon || drawing) && 'cursor-not-allowed opacity-60',
        )}
      >
        <input
          type="checkbox"
          checked={searchAsIMove}
          disabled={!ready || !!polygon || drawing}
          onChange={(event) => onSearchAsIMove(event.target.checked)}
          className="size-4 cursor-pointer accent-primary disabled:cursor-not-allowed"
        />
        Search as I move the map
      </label>
      <div className="ml-auto flex flex-wrap gap-2">
        {polygon && !drawing && (
          <Button variant="outline" size="sm" onClick={onRemoveArea}>
            <Trash2 aria-hidden="true" />
            {DRAW_TEXT.remove}
          </Button>
        )}
        {!drawing && (
          <Button
            variant={polygon ? 'ghost' : 'outline'}
            size="sm"
            disabled={!ready}
            onClick={onStartDrawing}
          >
            <PenLine aria-hidden="true" />
            {polygon ? 'Draw again' : DRAW_TEXT.start}
          </Button>
        )}
      </div>
    </div>
  );
}
