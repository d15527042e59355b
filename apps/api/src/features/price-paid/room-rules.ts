/**
 * The rooms of a demo listing and the floor plan drawn for them (REQ-LISTING-16; docs/demo-data.md "Rooms and floor
 * plans"). One table decides which rooms a home of a kind, bedrooms and bathrooms has and on which floor:
 * `roomLayoutFor`. The rooms rule gives each of them dimensions from the listing's floor area, and
 * `scripts/generate-illustrations.ts` draws the same rooms, with the same names, as the floor plan illustration
 * `/media/demo/floorplan-<kind>-<beds>-bed-<baths>-bath.svg`. Pure and deterministic (hashUnit of the transaction).
 */
import type { PropertyType } from '@abode/shared/listings/listing.schema';
import { hashUnit } from './hash-unit.ts';

/** The plan a home follows: flats and bungalows on one floor, maisonettes and houses on two. */
export type LayoutKind = 'flat' | 'maisonette' | 'terraced' | 'semi-detached' | 'detached' | 'bungalow';

/** A room of a layout: its name (as the listing and the plan show it), floor, share of the space and kind. */
export interface LayoutRoom {
  name: string;
  /** 0 = the entrance floor (ground, or the only floor); 1 = the floor above. */
  floor: 0 | 1;
  /** Relative size: a room's area is its weight's share of the rooms' total. */
  weight: number;
  kind: 'reception' | 'kitchen' | 'bedroom' | 'bathroom' | 'utility';
}

/** The layout kind of a listing: houses by their build form (terraced when unknown), bungalows all alike. */
export function layoutKindFor(dwelling: {
  propertyType: PropertyType;
  form?: 'detached' | 'semi-detached' | 'terraced';
}): LayoutKind | undefined {
  switch (dwelling.propertyType) {
    case 'flat':
    case 'maisonette':
    case 'bungalow':
      return dwelling.propertyType;
    case 'house':
      return dwelling.form ?? 'terraced';
    default:
      return undefined;
  }
}

const BEDROOM_WEIGHTS = [14, 11, 9, 8, 7];
const BATHROOMS = [
  { name: 'Bathroom', weight: 5 },
  { name: 'En-suite', weight: 3.5 },
  { name: 'Shower room', weight: 3 },
];

/**
 * The rooms of a home (halls, landings and stairs are left out, as agents' room lists leave them out):
 * - reception rooms and kitchen: one-bedroom and two-bedroom flats have an open-plan kitchen and living room; other
 *   flats, maisonettes and two-bedroom houses and bungalows a living room and a kitchen (a kitchen/diner in a
 *   two-bedroom semi-detached house); three bedrooms and more add a dining room; four-bedroom semi-detached houses
 *   and bungalows a kitchen/breakfast room and a utility room; detached houses a utility room, with a study from four
 *   bedrooms and a family room at five;
 * - bedrooms 'Bedroom 1'…; bathrooms 'Bathroom', then 'En-suite', then 'Shower room' (more: 'Shower room 2'…);
 * - floors: flats and bungalows one; maisonettes and houses the living space below and the bedrooms above.
 */
export function roomLayoutFor(kind: LayoutKind, bedrooms: number, bathrooms: number): LayoutRoom[] {
  const up: 0 | 1 = kind === 'flat' || kind === 'bungalow' ? 0 : 1;
  const rooms: LayoutRoom[] = [];
  const add = (name: string, weight: number, roomKind: LayoutRoom['kind'], floor: 0 | 1 = 0) =>
    rooms.push({ name, floor, weight, kind: roomKind });
  const beds = Math.max(1, bedrooms);
  if (kind === 'flat' && beds <= 2) add('Open-plan kitchen and living room', 26, 'reception');
  else {
    add('Living room', 18, 'reception');
    if (beds >= 3 && kind !== 'flat' && kind !== 'maisonette') add('Dining room', 11, 'reception');
    if (kind === 'detached' && beds >= 5) add('Family room', 10, 'reception');
    if (kind === 'detached' && beds >= 4) add('Study', 7, 'reception');
    const big = beds >= 4 && kind !== 'terraced';
    const diner = kind === 'semi-detached' && beds <= 2;
    add(
      big ? 'Kitchen/breakfast room' : diner ? 'Kitchen/diner' : 'Kitchen',
      big ? 14 : diner ? 13 : 10,
      'kitchen',
    );
    if (big || (kind === 'detached' && beds >= 3)) add('Utility room', 4, 'utility');
  }
  for (let i = 0; i < beds; i++) add(`Bedroom ${i + 1}`, BEDROOM_WEIGHTS[i] ?? 7, 'bedroom', up);
  for (let i = 0; i < Math.max(1, bathrooms); i++) {
    const bathroom = BATHROOMS[i] ?? { name: `Shower room ${i - 1}`, weight: 3 };
    add(bathroom.name, bathroom.weight, 'bathroom', up);
  }
  return rooms;
}

/** Reception rooms of a layout (living, dining, family room, study; an open-plan kitchen and living room is one). */
export const receptionRoomsOf = (rooms: readonly LayoutRoom[]) =>
  rooms.filter((r) => r.kind === 'reception').length;

/**
 * The floor plans drawn: every kind, bedrooms and bathrooms the demo rules give (demo-listing/property-facts.ts
 * BEDROOM_RULES and bathroomsFor). A listing edited to another combination keeps its rooms but gets no floor plan.
 */
export const FLOOR_PLAN_LAYOUTS: readonly (readonly [LayoutKind, number, number])[] = [
  ['flat', 1, 1],
  ['flat', 2, 1],
  ['flat', 2, 2],
  ['flat', 3, 1],
  ['flat', 3, 2],
  ...(['maisonette', 'bungalow', 'terraced', 'semi-detached'] as const).flatMap((kind) => [
    [kind, 2, 1] as const,
    [kind, 2, 2] as const,
    [kind, 3, 1] as const,
    [kind, 3, 2] as const,
    ...(kind === 'maisonette' ? [] : ([[kind, 4, 2] as const, [kind, 4, 3] as const] as const)),
  ]),
  ['detached', 3, 1],
  ['detached', 3, 2],
  ['detached', 4, 2],
  ['detached', 4, 3],
  ['detached', 5, 3],
];

/** Floor plan canvas (SVG viewBox), stored as the media row's width and height. */
export const FLOOR_PLAN_WIDTH = 800;
export const FLOOR_PLAN_HEIGHT = 600;

/** 'floorplan-semi-detached-3-bed-2-bath.svg'. */
export const floorPlanFile = (kind: LayoutKind, bedrooms: number, bathrooms: number) =>
  `floorplan-${kind}-${bedrooms}-bed-${bathrooms}-bath.svg`;

/** The floor plan's URL when one is drawn for this kind, bedrooms and bathrooms. */
export function floorPlanUrl(kind: LayoutKind, bedrooms: number, bathrooms: number): string | undefined {
  const drawn = FLOOR_PLAN_LAYOUTS.some(([k, b, ba]) => k === kind && b === bedrooms && ba === bathrooms);
  return drawn ? `/media/demo/${floorPlanFile(kind, bedrooms, bathrooms)}` : undefined;
}

/** A room as stored in `properties.rooms` (metres, to the centimetre). */
export interface RoomDraft {
  name: string;
  lengthM: number;
  widthM: number;
  description: string | null;
}

/** Share of the floor area the listed rooms take (halls, landings, stairs and walls are the rest): hashed. */
export const ROOM_SHARE = { min: 0.72, max: 0.83 } as const;

/** A bedroom of at least this many m² is described as a double. */
export const DOUBLE_BEDROOM_M2 = 9;

const BATHROOM_LINES: Record<string, string> = {
  Bathroom: 'Bath with shower over, basin and WC',
  'En-suite': 'Shower, basin and WC, off bedroom 1',
};

/**
 * The listing's rooms with dimensions: the layout's rooms share a hashed 72–83 % of the floor area by weight; each
 * room's length is √(area × ratio) and its width area ÷ length, with a hashed ratio from 1 to 1.6, in metres rounded
 * to the centimetre. Bedrooms are described as double or single, bathrooms by their fittings.
 */
export function roomsFor(id: string, layout: readonly LayoutRoom[], floorAreaSqm: number): RoomDraft[] {
  const share = ROOM_SHARE.min + (ROOM_SHARE.max - ROOM_SHARE.min) * hashUnit(id, 'room-share');
  const total = layout.reduce((sum, r) => sum + r.weight, 0);
  const cm = (m: number) => Math.round(m * 100) / 100;
  return layout.map((room, i) => {
    const area = (floorAreaSqm * share * room.weight) / total;
    const ratio = 1 + 0.6 * hashUnit(id, `room-${i}`);
    const length = Math.sqrt(area * ratio);
    const description =
      room.kind === 'bedroom'
        ? area >= DOUBLE_BEDROOM_M2
          ? 'Double bedroom'
          : 'Single bedroom'
        : room.kind === 'bathroom'
          ? (BATHROOM_LINES[room.name] ?? 'Shower, basin and WC')
          : null;
    return { name: room.name, lengthM: cm(length), widthM: cm(area / length), description };
  });
}
