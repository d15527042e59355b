/**
 * The code lists only BLM files have (Rightmove's BLM v3 bulk format, REQ-FEED-07), each mapped explicitly to Abode's
 * vocabulary. The lists BLM shares with the real-time feed (PROP_SUB_ID, PRICE_QUALIFIER, TENURE_TYPE_ID) are in
 * ../rightmove-codes.ts. Codes and names are Rightmove's; the mapping is ours (docs/feeds.md lists it for CRM
 * vendors). An unknown code is a warning (`UNKNOWN_CODE`, via {@link mapBlmCode}), never a crash.
 */
import type { CouncilTaxBand } from '../../listings/listing.schema.ts';
import type {
  FurnishingValue,
  LetTypeValue,
  ListingStatusValue,
  RentFrequencyValue,
} from '../../listings/listing-vocabulary.ts';
import type { FeedIssue } from '../feed-report.schema.ts';
import type { FeedMediaKindValue } from '../feed-media.schema.ts';
import { mapCode, RIGHTMOVE_CODE_ISSUES, type MappedCode } from '../rightmove-codes.ts';

type Mode = 'sale' | 'rent';

/** TRANS_TYPE_ID: 1 resale (for sale), 2 lettings (to rent). */
export const BLM_TRANSACTION_TYPES: Record<number, Mode> = { 1: 'sale', 2: 'rent' };

/** One STATUS_ID: Rightmove's name, Abode's status, and the mode the status belongs to (null: either). */
export interface BlmStatus {
  label: string;
  status: ListingStatusValue;
  mode: Mode | null;
}

/**
 * STATUS_ID. Abode's 'sold' reads 'Sold STC', so Scotland's SSTCM (sold subject to conclusion of missives) and a
 * completed sale are shown as it; 'Reserved' (new homes) is shown as under offer. A status that does not fit the
 * row's TRANS_TYPE_ID (let agreed on a sale) is refused by the listing rules, as in the portal.
 */
export const BLM_STATUSES: Record<number, BlmStatus> = {
  0: { label: 'Available', status: 'active', mode: null },
  1: { label: 'SSTC', status: 'sold', mode: 'sale' },
  2: { label: 'SSTCM (Scotland)', status: 'sold', mode: 'sale' },
  3: { label: 'Under offer', status: 'under-offer', mode: 'sale' },
  4: { label: 'Reserved', status: 'under-offer', mode: 'sale' },
  5: { label: 'Let agreed', status: 'let-agreed', mode: 'rent' },
  6: { label: 'Sold', status: 'sold', mode: 'sale' },
  7: { label: 'Let', status: 'let', mode: 'rent' },
};

/** LET_TYPE_ID: 0 not specified (none). */
export const BLM_LET_TYPES: Record<number, LetTypeValue | null> = {
  0: null,
  1: 'long-term',
  2: 'short-term',
  3: 'student',
  4: 'commercial',
};

/** LET_FURN_ID: 3 not specified and 4 'furnished or unfurnished' (the landlord will do either) show none. */
export const BLM_FURNISHINGS: Record<number, FurnishingValue | null> = {
  0: 'furnished',
  1: 'part_furnished',
  2: 'unfurnished',
  3: null,
  4: null,
};

/**
 * One LET_RENT_FREQUENCY: the frequency Abode stores the rent in, and the factor from the quoted rent to it
 * (numerator / denominator; the pence are rounded). Abode quotes rents per calendar month or per week only.
 */
export interface BlmRentFrequency {
  label: string;
  frequency: RentFrequencyValue;
  factor: { numerator: number; denominator: number };
}

/**
 * LET_RENT_FREQUENCY. A quarterly rent is shown per month (× 1 ÷ 3) and an annual one per month (÷ 12); a student
 * let's rent per person per week is shown per week. Blank is monthly (Rightmove's default).
 */
export const BLM_RENT_FREQUENCIES: Record<number, BlmRentFrequency> = {
  0: { label: 'Weekly', frequency: 'pw', factor: { numerator: 1, denominator: 1 } },
  1: { label: 'Monthly', frequency: 'pcm', factor: { numerator: 1, denominator: 1 } },
  2: { label: 'Quarterly', frequency: 'pcm', factor: { numerator: 1, denominator: 3 } },
  3: { label: 'Annual', frequency: 'pcm', factor: { numerator: 1, denominator: 12 } },
  5: { label: 'Per person per week', frequency: 'pw', factor: { numerator: 1, denominator: 1 } },
};

/** PUBLISHED_FLAG: 0 hidden (the listing is withdrawn), 1 visible. */
export const BLM_PUBLISHED_FLAGS: Record<number, boolean> = { 0: false, 1: true };

/** Yes/no columns (NEW_HOME_FLAG, SHARED_OWNERSHIP, COUNCIL_TAX_EXEMPT, …): 'Y'/'N' or '1'/'0', any case. */
export const BLM_YES_NO: Readonly<Record<string, boolean>> = { Y: true, N: false, 1: true, 0: false };

/**
 * COUNCIL_TAX_BAND: England's and Scotland's bands A–H, and 'Exempt'. Wales's band I has no Abode band yet (an
 * unknown code: the field is left out).
 */
export const BLM_COUNCIL_TAX_BANDS: Readonly<Record<string, CouncilTaxBand>> = {
  A: 'A',
  B: 'B',
  C: 'C',
  D: 'D',
  E: 'E',
  F: 'F',
  G: 'G',
  H: 'H',
  EXEMPT: 'exempt',
};

/** Codes Abode reads only approximately: the value is used, with this warning (`CODE_APPROXIMATED`). */
const APPROXIMATIONS = new Map<object, Partial<Record<number, string>>>([
  [
    BLM_STATUSES,
    {
      2: "SSTCM (sold subject to conclusion of missives) is shown as 'Sold STC'",
      4: "'Reserved' is shown as 'Under offer'",
      6: "A completed sale is shown as 'Sold STC'",
    },
  ],
  [
    BLM_FURNISHINGS,
    { 4: "'Furnished or unfurnished' (the landlord will do either) is shown without a furnishing" },
  ],
  [
    BLM_RENT_FREQUENCIES,
    {
      2: 'A quarterly rent is shown per calendar month (a third of it)',
      3: 'An annual rent is shown per calendar month (a twelfth of it)',
      5: 'A rent per person per week is shown per week',
    },
  ],
]);

/**
 * Looks `code` up in one of this module's numeric lists, as ../rightmove-codes.ts `mapCode` does (unknown code:
 * `{ issue }` naming `column`), adding the warning of a code Abode reads only approximately. Never throws.
 */
export function mapBlmCode<T>(
  list: Readonly<Record<number, T>>,
  code: string,
  column: string,
): MappedCode<T> {
  const mapped = mapCode(list, code, column);
  if ('issue' in mapped) return mapped;
  const note = APPROXIMATIONS.get(list)?.[Number(code)];
  return note
    ? {
        value: mapped.value,
        warning: { code: RIGHTMOVE_CODE_ISSUES.codeApproximated, message: note, field: column },
      }
    : mapped;
}

/** A yes/no column's value: true, false, null when blank, or the issue of a value that is neither. */
export function blmYesNo(value: string, column: string): { value: boolean | null } | { issue: FeedIssue } {
  const v = value.trim().toUpperCase();
  if (v === '') return { value: null };
  if (Object.hasOwn(BLM_YES_NO, v)) return { value: BLM_YES_NO[v]! };
  return {
    issue: {
      code: RIGHTMOVE_CODE_ISSUES.unknownCode,
      message: `Unknown value ${JSON.stringify(value)} for ${column} (Y or N): the field was left out`,
      field: column,
    },
  };
}

/** A COUNCIL_TAX_BAND value: the band, null when blank, or the issue of a value Abode has no band for. */
export function blmCouncilTaxBand(value: string): { value: CouncilTaxBand | null } | { issue: FeedIssue } {
  const v = value.trim().toUpperCase();
  if (v === '') return { value: null };
  if (Object.hasOwn(BLM_COUNCIL_TAX_BANDS, v)) return { value: BLM_COUNCIL_TAX_BANDS[v]! };
  return {
    issue: {
      code: RIGHTMOVE_CODE_ISSUES.unknownCode,
      message: `Unknown council tax band ${JSON.stringify(value)} for COUNCIL_TAX_BAND: the field was left out`,
      field: 'COUNCIL_TAX_BAND',
    },
  };
}

/** What a media column holds: a file of a feed media kind, or a virtual tour link. */
export type BlmMediaKind = FeedMediaKindValue | 'tour';

/** One media column as its name reads: the kind, its number (00…99) and whether it is the caption column. */
export interface BlmMediaColumn {
  kind: BlmMediaKind;
  index: number;
  caption: boolean;
}

const MEDIA_COLUMN = /^MEDIA_(IMAGE|FLOOR_PLAN|DOCUMENT|VIRTUAL_TOUR)_(TEXT_)?(\d{2})$/;

/**
 * The media columns of BLM v3 by Rightmove's conventions: MEDIA_IMAGE_00–59 photos (00 the main one) and 60–99 the
 * EPC graph; MEDIA_FLOOR_PLAN_nn floor plans; MEDIA_DOCUMENT_00–49 brochures and 50–99 the EPC certificate;
 * MEDIA_VIRTUAL_TOUR_nn tour links. Each has a caption column `…_TEXT_nn`. Null for any other column.
 */
export function blmMediaColumn(name: string): BlmMediaColumn | null {
  const match = MEDIA_COLUMN.exec(name);
  if (!match) return null;
  const index = Number(match[3]);
  const caption = match[2] !== undefined;
  switch (match[1]) {
    case 'IMAGE':
      return { kind: index >= 60 ? 'epc' : 'photo', index, caption };
    case 'FLOOR_PLAN':
      return { kind: 'floor-plan', index, caption };
    case 'DOCUMENT':
      return { kind: index >= 50 ? 'epc' : 'brochure', index, caption };
    default:
      return { kind: 'tour', index, caption };
  }
}
