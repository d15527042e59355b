/**
 * Material information Parts B and C of a demo listing (REQ-LISTING-10; docs/demo-data.md "Material information").
 * Price Paid records say nothing about services, broadband or flood risk, so every answer is illustrative: the common
 * answer for most listings, by hashed shares that depend only on the listing's kind, 'ask agent' for a few, and never
 * a claim that would single out a real street (no high flood risk, no building safety issue, no coalfield).
 */
import type { MaterialAnswer, MaterialInformation } from '@abode/shared/listings/material-information';
import type { PropertyType } from '@abode/shared/listings/listing.schema';
import { hashUnit } from './hash-unit.ts';

/** What the answers depend on. */
export interface MaterialFacts {
  /** The transaction id (hash key). */
  id: string;
  propertyType: PropertyType;
  form?: 'detached' | 'semi-detached' | 'terraced';
  parkingSpaces: number;
  tenure: string | null;
  /** Sold new within the last 2 years (the 'new-build' feature). */
  newBuild: boolean;
  retirement: boolean;
  /** The town is London: residents' parking permits are common there. */
  london: boolean;
  /** The postcode district ('PO38'): the Isle of Wight's coast is eroding in places, so its answer is 'ask agent'. */
  outcode: string;
}

/** The Isle of Wight's postcode districts (PO30–PO41). */
const ISLE_OF_WIGHT = /^PO(3\d|4[01])$/;

/** Share of each item answered 'ask agent' (the rest answered). */
export const ASK_AGENT_SHARE = 0.04;

const answered = (value: string, note?: string): MaterialAnswer => ({
  status: 'answered',
  value,
  note: note ?? null,
});
const askAgent: MaterialAnswer = { status: 'ask-agent', value: null, note: null };

/** The first option whose cumulative share exceeds a hashed number in [0, 1); the last one otherwise. */
function pick<T>(id: string, salt: string, shares: readonly (readonly [T, number])[]): T {
  let h = hashUnit(id, salt);
  for (const [value, share] of shares) {
    if (h < share) return value;
    h -= share;
  }
  return shares.at(-1)![0];
}

/**
 * Parts B and C by hashed shares (docs/demo-data.md gives every share):
 * - construction standard; electricity mains (solar panels on a quarter of new builds); water and sewerage mains;
 *   heating gas central, electric for some flats, a heat pump for some new builds;
 * - broadband ultrafast 60 %, superfast 34 %, standard 6 %; mobile signal good 85 %, limited 15 %;
 * - parking from the listing's spaces: a garage or driveway for detached houses, a driveway for other houses, an
 *   allocated or communal space for flats; without a space on-street, or a residents' permit (more in London);
 * - Part C: no building safety issue, rights, easements, flooding, coastal erosion or planning; restrictions 'yes'
 *   for a quarter of leaseholds (the lease's covenants); flood risk very low 75 %, low 25 %; accessibility
 *   adaptations for some bungalows and retirement homes; coalfield or mining area 'no'; coastal erosion 'no', but
 *   'ask agent' on the Isle of Wight, whose coast erodes in places.
 * Each item is 'ask agent' for a hashed ASK_AGENT_SHARE.
 */
export function materialInformationFor(f: MaterialFacts): MaterialInformation {
  const { id } = f;
  const flat = f.propertyType === 'flat' || f.propertyType === 'maisonette';
  const heating =
    f.newBuild && hashUnit(id, 'mi-heat-pump') < 0.3
      ? 'heat-pump'
      : pick(id, 'mi-heating', [
          ['electric', flat ? 0.12 : 0.02],
          ['communal', flat ? 0.04 : 0],
          ['gas-central', 1],
        ]);
  const parking =
    f.parkingSpaces > 0
      ? f.form === 'detached'
        ? pick(id, 'mi-parking', [
            ['garage', 0.45],
            ['driveway', 1],
          ])
        : f.form
          ? 'driveway'
          : pick(id, 'mi-parking', [
              ['allocated', 0.7],
              ['communal', 1],
            ])
      : pick(id, 'mi-parking', [
          ['permit', f.london ? 0.5 : 0.15],
          ['none', 0.05],
          ['on-street', 1],
        ]);
  const leasehold = f.tenure === 'leasehold' || f.tenure === 'share_of_freehold';
  const adapted = f.retirement || (f.propertyType === 'bungalow' && hashUnit(id, 'mi-accessibility') < 0.15);
  const answers: Required<MaterialInformation> = {
    construction: answered('standard'),
    electricity: answered(f.newBuild && hashUnit(id, 'mi-solar') < 0.25 ? 'mains-and-solar' : 'mains'),
    water: answered('mains'),
    sewerage: answered('mains'),
    heating: answered(heating),
    broadband: answered(
      pick(id, 'mi-broadband', [
        ['ultrafast', 0.6],
        ['superfast', 0.34],
        ['standard', 1],
      ]),
    ),
    mobileSignal: answered(hashUnit(id, 'mi-mobile') < 0.85 ? 'good' : 'limited'),
    parking: answered(parking),
    buildingSafety: answered('no'),
    restrictions:
      leasehold && hashUnit(id, 'mi-restrictions') < 0.25
        ? answered('yes', 'The lease has covenants, e.g. on subletting and alterations: ask for a copy.')
        : answered('no'),
    rightsAndEasements: answered('no'),
    floodRisk: answered(hashUnit(id, 'mi-flood') < 0.75 ? 'very-low' : 'low'),
    floodHistory: answered('no'),
    coastalErosion: ISLE_OF_WIGHT.test(f.outcode) ? askAgent : answered('no'),
    planningPermission: answered('no'),
    accessibility: adapted
      ? answered('yes', f.retirement && flat ? 'Lift and step-free access' : 'Step-free access')
      : answered('no'),
    miningArea: answered('no'),
  };
  const result: MaterialInformation = {};
  for (const key of Object.keys(answers) as (keyof typeof answers)[])
    result[key] = hashUnit(id, `mi-ask-${key}`) < ASK_AGENT_SHARE ? askAgent : answers[key];
  return result;
}
