/**
 * What the listing form holds, and how it meets the shared ListingInputSchema (ADR 028).
 *
 * The form holds a few fields in the shapes its controls need: key features as rows `{ text }` (react-hook-form's
 * field arrays hold objects), rooms as rows, and Part B/C answers possibly half given. Before the schema sees them,
 * {@link toSchemaValues} drops the blank key-feature and room rows (the schema would drop them too, but then its
 * error paths would count rows the agent cannot see) and remembers which form row each kept one came from, so
 * every error — the schema's here or the server's after sending — lands on the row the agent typed in.
 */
import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  hasLease,
  ListingFieldsSchema,
  ListingInputSchema,
  type ListingFormValues,
  type ListingInput,
} from '@abode/shared/agent/listing-input.schema';
import type { Tenure } from '@abode/shared/listings/listing.schema';
import {
  MATERIAL_ITEM_KEYS,
  MATERIAL_ITEMS,
  type MaterialAnswerStatus,
  type MaterialItemKey,
} from '@abode/shared/listings/material-information';

/** One key-feature row. */
export interface KeyFeatureRow {
  text: string;
}

/** One room row: lengths in metres as typed (a number once readable, '' when blank). */
export interface RoomRow {
  name: string;
  lengthM: unknown;
  widthM: unknown;
  description: string;
}

/** One Part B/C answer as the form holds it; a status of '' (or none) is not answered yet. */
export interface MaterialRow {
  status?: MaterialAnswerStatus | '';
  value?: string | null;
  note?: string | null;
}

export type MaterialRows = Partial<Record<MaterialItemKey, MaterialRow | undefined>>;

/** The form's values: the schema's input, with key features, rooms and material information as rows. */
export type ListingFormState = Omit<ListingFormValues, 'keyFeatures' | 'rooms' | 'materialInformation'> & {
  keyFeatures: KeyFeatureRow[];
  rooms: RoomRow[];
  materialInformation: MaterialRows;
};

/** For each row the schema saw, the form row it came from. */
export interface RowMap {
  keyFeatures: number[];
  rooms: number[];
}

const isBlank = (v: unknown) =>
  v == null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));

export const EMPTY_ROOM: RoomRow = { name: '', lengthM: '', widthM: '', description: '' };

/** The form's values for a listing's fields (a new listing's blanks, or listingToFormValues of a stored one). */
export function toFormState(values: ListingFormValues): ListingFormState {
  const keyFeatures = Array.isArray(values.keyFeatures) ? (values.keyFeatures as string[]) : [];
  const rooms = Array.isArray(values.rooms) ? (values.rooms as Partial<RoomRow>[]) : [];
  const answers = (values.materialInformation ?? {}) as MaterialRows;
  return {
    ...values,
    // A rent is quoted per month unless the agent says per week.
    rentFrequency: values.mode === 'rent' && !values.rentFrequency ? 'pcm' : values.rentFrequency,
    keyFeatures: keyFeatures.map((text) => ({ text })),
    rooms: rooms.map((room) => ({
      name: room.name ?? '',
      lengthM: room.lengthM ?? '',
      widthM: room.widthM ?? '',
      description: room.description ?? '',
    })),
    materialInformation: Object.fromEntries(
      MATERIAL_ITEM_KEYS.filter((key) => answers[key]).map((key) => [
        key,
        {
          status: answers[key]!.status ?? '',
          value: answers[key]!.value ?? null,
          note: answers[key]!.note ?? '',
        },
      ]),
    ),
  };
}

/** Fields only a rental shows (Lettings terms, Part A for a let, pcm or pw). */
const LETTINGS_FIELDS = [
  'rentFrequency',
  'depositPence',
  'holdingDepositPence',
  'minimumTermMonths',
  'letType',
  'availableFrom',
  'furnished',
  'billsIncluded',
  'petsAllowed',
  'councilTaxIncluded',
] as const;
/** Fields only a leasehold or share of freehold sale shows (Part A's lease terms). */
const LEASE_FIELDS = [
  'leaseYearsRemaining',
  'groundRentPence',
  'groundRentReview',
  'serviceChargePence',
] as const;

/**
 * The schema's input for the form's values, and the row map. Blank key features and rooms are left out; an item
 * with neither an answer nor a note is not given (the page reads it 'Ask agent'). What the form hides is sent blank
 * — the figure of a price on application, the lettings fields of a sale, the lease terms of a rental or of a sale
 * without a lease — as the schema would drop it anyway, and so that something typed before the agent changed their
 * mind is neither checked (an error on a hidden field) nor sent.
 */
export function toSchemaValues(state: ListingFormState): { values: ListingFormValues; rows: RowMap } {
  const rows: RowMap = { keyFeatures: [], rooms: [] };
  const keyFeatures = state.keyFeatures.flatMap((row, index) => {
    if (isBlank(row.text)) return [];
    rows.keyFeatures.push(index);
    return [row.text];
  });
  const rooms = state.rooms.flatMap((room, index) => {
    if (Object.values(room).every(isBlank)) return [];
    rows.rooms.push(index);
    return [room];
  });
  const materialInformation: Record<string, unknown> = {};
  for (const key of MATERIAL_ITEM_KEYS) {
    const row = state.materialInformation[key];
    if (!row || (!row.status && isBlank(row.note))) continue;
    materialInformation[key] = {
      status: row.status || undefined,
      value: row.status === 'answered' ? row.value : null,
      note: row.note ?? '',
    };
  }
  const hidden = [
    ...(state.mode === 'rent' ? [] : LETTINGS_FIELDS),
    ...(state.mode === 'sale' && hasLease((state.tenure || null) as Tenure | null) ? [] : LEASE_FIELDS),
  ];
  return {
    values: {
      ...state,
      ...Object.fromEntries(hidden.map((name) => [name, ''])),
      pricePence: state.priceQualifier === 'poa' ? '' : state.pricePence,
      keyFeatures,
      rooms,
      materialInformation,
    },
    rows,
  };
}

/**
 * The form path of a schema or server error path: `keyFeatures.2` → `keyFeatures.4.text` when rows 1 and 3 were
 * blank, `rooms.0.name` → the room row it came from, an error on a whole list → `<list>.root`; others unchanged.
 */
export function formPathOf(path: readonly PropertyKey[], rows: RowMap): string {
  const [head, index, ...rest] = path.map(String);
  if (head === 'keyFeatures' || head === 'rooms') {
    if (index === undefined) return `${head}.root`;
    const row = rows[head][Number(index)] ?? Number(index);
    return head === 'keyFeatures'
      ? `keyFeatures.${row}.text`
      : ['rooms', row, ...(rest.length ? rest : ['name'])].join('.');
  }
  return path.map(String).join('.');
}

/** Whether a server error's dotted path names one of the listing's fields (others stay in the toast). */
export function isListingPath(path: string): boolean {
  return Object.hasOwn(ListingFieldsSchema.shape, path.split('.')[0]!);
}

/**
 * The resolver: ListingInputSchema on {@link toSchemaValues}, each error at its form path (the first one per path).
 */
export function listingResolver(): Resolver<ListingFormState, unknown, ListingInput> {
  return async (state) => {
    const { values, rows } = toSchemaValues(state);
    const parsed = await ListingInputSchema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<ListingFormState> = {};
    for (const issue of parsed.error.issues) {
      const path = formPathOf(issue.path, rows);
      if (!get(errors, path)) set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

/** The id of the control (or group) an error path belongs to; FormField's error is `${id}-error`. */
export function controlIdOf(path: string): string {
  const parts = path.split('.').filter((part) => part !== 'root' && part !== 'text');
  if (parts[0] === 'materialInformation' && parts[1])
    return `listing-materialInformation-${parts[1]}${parts[2] === 'note' ? '-note' : ''}`;
  return `listing-${parts.join('-')}`;
}

/** The error messages under a nested error tree, by form path, in the order found. */
export function flattenErrors(errors: unknown, prefix = ''): { path: string; message: string }[] {
  if (!errors || typeof errors !== 'object') return [];
  const found: { path: string; message: string }[] = [];
  const node = errors as Record<string, unknown>;
  if (prefix && typeof node.message === 'string' && node.message)
    found.push({ path: prefix, message: node.message });
  for (const [key, child] of Object.entries(node)) {
    if (['ref', 'type', 'types', 'message'].includes(key) || (!prefix && key === 'root')) continue;
    found.push(...flattenErrors(child, prefix ? `${prefix}.${key}` : key));
  }
  return found;
}

/** The fields in the order the form shows them (a summary of errors lists them so), with the names it uses. */
const FIELD_LABELS: Record<string, string> = {
  branchId: 'Branch',
  negotiatorId: 'Negotiator',
  title: 'Title',
  propertyType: 'Property type',
  propertySubType: 'Style',
  mode: 'Sale or rent',
  priceQualifier: 'Price qualifier',
  rentFrequency: 'Rent quoted',
  pricePence: 'Price',
  status: 'Status',
  flags: 'Sale type',
  addressLine1: 'Address line 1',
  city: 'Town',
  postcode: 'Postcode',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  receptionRooms: 'Reception rooms',
  parkingSpaces: 'Parking spaces',
  floorAreaSqm: 'Floor area',
  epcRating: 'EPC (current)',
  epcPotentialRating: 'EPC (potential)',
  features: 'Features',
  summary: 'Summary',
  keyFeatures: 'Key features',
  description: 'Description',
  rooms: 'Rooms',
  videoTourUrl: 'Video tour link',
  virtualTourUrl: 'Virtual tour link',
  councilTaxBand: 'Council tax band',
  tenure: 'Tenure',
  leaseYearsRemaining: 'Lease years remaining',
  groundRentPence: 'Ground rent',
  groundRentReview: 'Ground rent review',
  serviceChargePence: 'Service charge',
  depositPence: 'Deposit',
  holdingDepositPence: 'Holding deposit',
  minimumTermMonths: 'Minimum term',
  materialInformation: 'Material information',
  letType: 'Let type',
  furnished: 'Furnishing',
  availableFrom: 'Available from',
  billsIncluded: 'Bills included',
  petsAllowed: 'Pets allowed',
  councilTaxIncluded: 'Council tax included',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS);
const PART_ORDER = ['name', 'lengthM', 'widthM', 'description', 'status', 'value', 'note'];

/** Where an error path sits in the form: field, then row (or Part B/C question), then the part of the row. */
function formOrderOf(path: string): number[] {
  const [head = '', second = '', third = ''] = path.split('.');
  const row =
    head === 'materialInformation'
      ? MATERIAL_ITEM_KEYS.indexOf(second as MaterialItemKey)
      : second === 'root'
        ? -1
        : Number(second) || 0;
  return [FIELD_ORDER.indexOf(head) + 1 || FIELD_ORDER.length + 1, row, PART_ORDER.indexOf(third)];
}

/** The errors of {@link flattenErrors} in the order their fields appear in the form. */
export function errorsInFormOrder(errors: unknown): { path: string; message: string }[] {
  const compare = (a: number[], b: number[]) => a.map((n, i) => n - b[i]!).find((d) => d !== 0) ?? 0;
  return flattenErrors(errors).sort((a, b) => compare(formOrderOf(a.path), formOrderOf(b.path)));
}

const ROOM_FIELD_LABELS: Record<string, string> = {
  name: 'name',
  lengthM: 'length',
  widthM: 'width',
  description: 'description',
};

/** What the error summary calls the field of an error path: 'Room 2 width', 'Key feature 3', 'Flood risk note'. */
export function fieldLabelOf(path: string): string {
  const [head, second, third] = path.split('.');
  if (head === 'keyFeatures' && second !== 'root') return `Key feature ${Number(second) + 1}`;
  if (head === 'rooms' && second !== 'root')
    return `Room ${Number(second) + 1} ${ROOM_FIELD_LABELS[third ?? 'name'] ?? ''}`.trim();
  if (head === 'materialInformation' && second && Object.hasOwn(MATERIAL_ITEMS, second)) {
    const label = MATERIAL_ITEMS[second as MaterialItemKey].label;
    return third === 'note' ? `${label} note` : label;
  }
  return FIELD_LABELS[head ?? ''] ?? head ?? '';
}
