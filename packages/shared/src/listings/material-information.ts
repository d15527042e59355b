/**
 * Material information, as National Trading Standards' guidance for property listings groups it:
 * - **Part A** (every listing, before it goes live): council tax band, price or rent, tenure; for a leasehold the
 *   lease years remaining, ground rent and its review, service charge; for a let the deposit, holding deposit and
 *   minimum term. These are the listing's own fields (`properties` columns), checked by `checkListingRules`.
 * - **Part B** (every listing): property type, construction, rooms, utilities, broadband, mobile signal, parking.
 *   Type and rooms are the listing's own fields; the rest are the items below.
 * - **Part C** (where they apply): building safety, restrictions, rights and easements, flood risk and history,
 *   coastal erosion, planning permission, accessibility adaptations, coalfield or mining area.
 *
 * Each Part B and C item is answered (a choice from its options, with an optional note), marked 'ask agent', or
 * not applicable. An item not given reads 'Ask agent' on the page. Zod-free: the web form and the page read these
 * without loading the schemas; `MaterialInformationSchema` (listing.schema.ts) validates them.
 */

/** How an item is answered. */
export const MATERIAL_ANSWER_STATUSES = ['answered', 'ask-agent', 'not-applicable'] as const;
export type MaterialAnswerStatus = (typeof MATERIAL_ANSWER_STATUSES)[number];

/** One question of Part B or C: its label, and the choices an answer picks from. */
export interface MaterialItem {
  part: 'B' | 'C';
  label: string;
  /** Choices by value; an answer must pick one. */
  options: Readonly<Record<string, string>>;
  /** A hint shown under the question on the agent's form. */
  hint?: string;
}

const YES_NO = { no: 'No', yes: 'Yes' } as const;

/** The Part B and C questions, in the order the form and the page show them. */
export const MATERIAL_ITEMS = {
  construction: {
    part: 'B',
    label: 'Construction',
    options: { standard: 'Standard construction', 'non-standard': 'Non-standard construction' },
    hint: 'Standard means brick or stone walls and a slate or tile roof. Note anything else (e.g. timber frame).',
  },
  electricity: {
    part: 'B',
    label: 'Electricity',
    options: {
      mains: 'Mains',
      'mains-and-solar': 'Mains and solar panels',
      'off-grid': 'Off grid',
      other: 'Other',
    },
  },
  water: {
    part: 'B',
    label: 'Water',
    options: { mains: 'Mains', private: 'Private supply (well or borehole)' },
  },
  sewerage: {
    part: 'B',
    label: 'Sewerage',
    options: {
      mains: 'Mains',
      'septic-tank': 'Septic tank',
      'treatment-plant': 'Sewage treatment plant',
      cesspit: 'Cesspit',
    },
  },
  heating: {
    part: 'B',
    label: 'Heating',
    options: {
      'gas-central': 'Gas central heating',
      electric: 'Electric',
      'heat-pump': 'Heat pump',
      oil: 'Oil',
      lpg: 'LPG',
      'solid-fuel': 'Solid fuel or biomass',
      communal: 'Communal or district heating',
      none: 'None',
    },
  },
  broadband: {
    part: 'B',
    label: 'Broadband',
    options: {
      ultrafast: 'Ultrafast (300 Mbps or more)',
      superfast: 'Superfast (30–300 Mbps)',
      standard: 'Standard (under 30 Mbps)',
      none: 'None available',
    },
    hint: "The best speed available, as Ofcom's broadband checker gives it.",
  },
  mobileSignal: {
    part: 'B',
    label: 'Mobile signal',
    options: { good: 'Good', limited: 'Limited', none: 'None' },
    hint: "Indoors, as Ofcom's mobile checker gives it for the main networks.",
  },
  parking: {
    part: 'B',
    label: 'Parking',
    options: {
      garage: 'Garage',
      driveway: 'Driveway',
      allocated: 'Allocated space',
      'on-street': 'On-street',
      permit: 'Residents’ permit',
      communal: 'Communal car park',
      none: 'None',
    },
  },
  buildingSafety: {
    part: 'C',
    label: 'Building safety issues',
    options: YES_NO,
    hint: 'e.g. unsafe cladding, asbestos, a fire risk. Describe any in the note.',
  },
  restrictions: {
    part: 'C',
    label: 'Restrictions',
    options: YES_NO,
    hint: 'e.g. a listed building, a conservation area, restrictive covenants, tree preservation orders.',
  },
  rightsAndEasements: {
    part: 'C',
    label: 'Rights and easements',
    options: YES_NO,
    hint: 'e.g. a public right of way, shared drives, rights of light.',
  },
  floodRisk: {
    part: 'C',
    label: 'Flood risk',
    options: { 'very-low': 'Very low', low: 'Low', medium: 'Medium', high: 'High' },
    hint: "The long-term risk from rivers, the sea and surface water, as the Environment Agency's service gives it.",
  },
  floodHistory: {
    part: 'C',
    label: 'Flooded in the last five years',
    options: YES_NO,
  },
  coastalErosion: {
    part: 'C',
    label: 'Coastal erosion risk',
    options: YES_NO,
  },
  planningPermission: {
    part: 'C',
    label: 'Planning permission or proposals',
    options: YES_NO,
    hint: 'Permission granted or applied for, on the property or nearby, that a buyer should know of.',
  },
  accessibility: {
    part: 'C',
    label: 'Accessibility adaptations',
    options: YES_NO,
    hint: 'e.g. step-free access, a lift, a ramp, a wet room.',
  },
  miningArea: {
    part: 'C',
    label: 'Coalfield or mining area',
    options: YES_NO,
  },
} as const satisfies Record<string, MaterialItem>;

export type MaterialItemKey = keyof typeof MATERIAL_ITEMS;
export const MATERIAL_ITEM_KEYS = Object.keys(MATERIAL_ITEMS) as MaterialItemKey[];

/** Longest note on an item. */
export const MATERIAL_NOTE_MAX_LENGTH = 500;

/** One item's answer as stored (`properties.material_information`, jsonb) and sent. */
export interface MaterialAnswer {
  status: MaterialAnswerStatus;
  /** The option picked (one of the item's `options`), when answered. */
  value?: string | null;
  note?: string | null;
}

export type MaterialInformation = Partial<Record<MaterialItemKey, MaterialAnswer>>;

/** What the page shows for an item: the option's label (with the note), 'Ask agent' or 'Not applicable'. */
export function materialAnswerText(key: MaterialItemKey, answer: MaterialAnswer | undefined): string {
  if (!answer || answer.status === 'ask-agent') return 'Ask agent';
  if (answer.status === 'not-applicable') return 'Not applicable';
  const options: Readonly<Record<string, string>> = MATERIAL_ITEMS[key].options;
  const label = (answer.value && options[answer.value]) || 'Ask agent';
  return answer.note ? `${label}. ${answer.note}` : label;
}
