import { MapPinOff } from 'lucide-react';
import type { LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { PLACE_KIND_LABELS } from '@abode/shared/search/place-kinds';
import { Button } from '#src/components/ui/button.tsx';

/**
 * Suggestions for a place the search did not know (REQ-PLACE-02): buttons that put the suggested place in the
 * location box and search it (its place id too, REQ-PLACE-02). Each names the place's kind, as a town and a local
 * authority often share a name ('Manchester · Town', 'Manchester · Local authority'). Used for a radius search
 * around an unknown place (the API's UNKNOWN_LOCATION) and under the empty state of a location that matched nothing.
 */
export function LocationSuggestions({
  suggestions,
  onPick,
}: {
  suggestions: readonly LocationSuggestion[];
  onPick: (suggestion: LocationSuggestion) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      <span className="text-sm font-medium text-foreground">Did you mean:</span>
      <ul aria-label="Suggested places" className="flex flex-wrap justify-center gap-2">
        {suggestions.map((s) => (
          <li key={s.id}>
            <Button variant="outline" size="sm" onClick={() => onPick(s)}>
              {s.label}{' '}
              <span className="font-normal text-muted-foreground">· {PLACE_KIND_LABELS[s.kind]}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The message of an unknown place for a radius search, with the server's suggestions. */
export function LocationNotFound({
  message,
  suggestions,
  onPick,
}: {
  message: string;
  suggestions: readonly LocationSuggestion[];
  onPick: (suggestion: LocationSuggestion) => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-foreground [&_svg]:size-7">
        <MapPinOff aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold text-foreground">Check the location</h2>
      <p className="max-w-md">{message}</p>
      <LocationSuggestions suggestions={suggestions} onPick={onPick} />
    </div>
  );
}
