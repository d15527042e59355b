import { MapPin, PenLine, Scan, Text, X, type LucideIcon } from 'lucide-react';
import { PLACE_KIND_LABELS, POSTCODE_RADIUS_MILES } from '@abode/shared/search/place-kinds';
import { RADIUS_LABELS, type RadiusMiles } from '@abode/shared/search/radius';
import type { SearchState } from '@abode/shared/search/search-url';
import { Badge } from '#src/components/ui/badge.tsx';
import type { SearchPlace } from '#src/features/search/utils/search-title.ts';

/**
 * Where and what the search looks for, beside the heading: the location — a place by its name and kind ('Bath ·
 * Town', REQ-SEARCH-17), typed text as typed — with its radius, the map area, the drawn area (with a button to remove
 * it, the keyboard way to clear a drawing) and the keywords.
 */
export function SearchAreaBadges({
  state,
  place,
  onRemoveDrawnArea,
  onRemoveMapArea,
}: {
  state: SearchState;
  /** The place the search is scoped to (searchPlace), if any. */
  place?: SearchPlace | undefined;
  onRemoveDrawnArea: () => void;
  onRemoveMapArea: () => void;
}) {
  // A postcode place is a radius search: the smallest radius unless the search chose one.
  const radius = state.radius ?? (place?.kind === 'postcode' ? POSTCODE_RADIUS_MILES : undefined);
  return (
    <>
      {(state.location || place) && (
        <Badge variant="secondary" className="max-w-full px-3 py-1 text-sm">
          <MapPin aria-hidden="true" />
          {/* One run of text: a long name with its kind and radius wraps on a phone as a sentence would. */}
          <span className="whitespace-normal">
            <span className="sr-only">Location:</span>
            {place?.label || state.location}
            {place && <span className="font-normal"> · {PLACE_KIND_LABELS[place.kind]}</span>}
            {radius !== undefined && (
              <span className="font-normal"> · {RADIUS_LABELS[radius as RadiusMiles].toLowerCase()}</span>
            )}
          </span>
        </Badge>
      )}
      {state.bounds && (
        <AreaBadge
          icon={Scan}
          label="Map area"
          removeLabel="Stop searching the map area"
          onRemove={onRemoveMapArea}
        />
      )}
      {state.polygon && (
        <AreaBadge
          icon={PenLine}
          label="Drawn area"
          removeLabel="Remove drawn area"
          onRemove={onRemoveDrawnArea}
        />
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

/** An area the search is limited to (the map's or a drawn one), with its remove button labelled `removeLabel`. */
function AreaBadge({
  icon: Icon,
  label,
  removeLabel,
  onRemove,
}: {
  icon: LucideIcon;
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Badge variant="secondary" className="gap-1.5 py-1 pr-1 pl-3 text-sm">
      <Icon aria-hidden="true" />
      {label}
      <button
        type="button"
        aria-label={removeLabel}
        title={removeLabel}
        onClick={onRemove}
        className="flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" />
      </button>
    </Badge>
  );
}
