import { MapPin, PenLine, Scan, Text, X } from 'lucide-react';
import { RADIUS_LABELS, type RadiusMiles } from '@abode/shared/search/radius';
import type { SearchState } from '@abode/shared/search/search-url';
import { Badge } from '#src/components/ui/badge.tsx';

/**
 * Where and what the search looks for, beside the heading: the location (with its radius), the map area, the drawn
 * area (with a button to remove it, the keyboard way to clear a drawing) and the keywords.
 */
export function SearchAreaBadges({
  state,
  onRemoveDrawnArea,
  onRemoveMapArea,
}: {
  state: SearchState;
  onRemoveDrawnArea: () => void;
  onRemoveMapArea: () => void;
}) {
  return (
    <>
      {state.location && (
        <Badge variant="secondary" className="px-3 py-1 text-sm">
          <MapPin aria-hidden="true" />
          <span className="sr-only">Location:</span>
          {state.location}
          {state.radius !== undefined && (
            <span className="font-normal"> · {RADIUS_LABELS[state.radius as RadiusMiles].toLowerCase()}</span>
          )}
        </Badge>
      )}
      {state.bounds && (
        <Badge variant="secondary" className="gap-1.5 py-1 pr-1 pl-3 text-sm">
          <Scan aria-hidden="true" />
          Map area
          <RemoveButton label="Stop searching the map area" onClick={onRemoveMapArea} />
        </Badge>
      )}
      {state.polygon && (
        <Badge variant="secondary" className="gap-1.5 py-1 pr-1 pl-3 text-sm">
          <PenLine aria-hidden="true" />
          Drawn area
          <RemoveButton label="Remove drawn area" onClick={onRemoveDrawnArea} />
        </Badge>
      )}
      {state.keywords && (
        <Badge variant="secondary" className="px-3 py-1 text-sm">
          <Text aria-hidden="true" />
          <span className="sr-only">Keywords:</span>“{state.keywords}”
        </Badge>
      )}
    </>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <X aria-hidden="true" />
    </button>
  );
}
