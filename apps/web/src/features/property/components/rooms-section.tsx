import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import { formatFloorArea, formatRoomSize, plural } from '#src/features/property/utils/format.ts';
import { PageSection } from './page-section.tsx';

/**
 * The rooms as the agent measured them (name, '3.65 m × 4.20 m (11′ 11″ × 13′ 9″)', a line about each), under a
 * line with the reception rooms and the floor area in m² and sq ft.
 */
export function RoomsSection({
  listing,
}: {
  listing: Pick<ListingDetail, 'rooms' | 'receptionRooms' | 'floorAreaSqm'>;
}) {
  const overview = [
    listing.receptionRooms > 0 ? plural(listing.receptionRooms, 'reception room', 'reception rooms') : null,
    listing.floorAreaSqm ? `Floor area ${formatFloorArea(listing.floorAreaSqm)}` : null,
  ].filter((x): x is string => x !== null);
  if (listing.rooms.length === 0) return null;
  return (
    <PageSection title="Rooms">
      {overview.length > 0 && <p className="text-sm text-muted-foreground">{overview.join(' · ')}</p>}
      <ul className="flex flex-col divide-y rounded-xl border" data-testid="property-rooms">
        {listing.rooms.map((room, i) => {
          const size = formatRoomSize(room);
          return (
            <li key={i} className="flex flex-col gap-1 px-4 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
                <h3 className="font-semibold">{room.name}</h3>
                {size && <p className="text-sm text-muted-foreground tabular-nums">{size}</p>}
              </div>
              {room.description && <p className="text-sm leading-relaxed">{room.description}</p>}
            </li>
          );
        })}
      </ul>
    </PageSection>
  );
}
