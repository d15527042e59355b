/**
 * The demo estate agents: fictional firms and people (no real firm names), one branch per town or region the demo
 * data covers, e-mails at example.com and telephone numbers from Ofcom's ranges reserved for drama
 * (020 7946 0xxx London, 0161 496 0xxx Manchester, 0118 496 0xxx Reading, 01632 960xxx elsewhere,
 * 07700 900xxx mobiles), so none of them can reach a real person.
 */
import { outcodeOf } from '@abode/shared/postcode';
import { regionFor } from '#src/features/price-paid/demo-listing/prices-and-rents.ts';
import { stableUuid } from '#src/features/price-paid/demo-listing/records.ts';
import type { PricePaidRow } from '#src/features/price-paid/parse-price-paid.ts';

export interface DemoAgent {
  /** Stable key: user id `demo-agent-<key>`, agent id a UUID derived from it. */
  key: string;
  agency: string;
  /** Branch = the town it covers. */
  branch: string;
  /** Where the branch is, as town and postcode district only. */
  office: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** A set of branches and the records they take; the first group that matches a record gets it. */
interface AgentGroup {
  matches: (row: PricePaidRow) => boolean;
  agents: DemoAgent[];
}

const agent = (
  key: string,
  agency: string,
  branch: string,
  office: string,
  name: string,
  phone: string,
): DemoAgent => {
  const [firstName, lastName] = name.split(' ') as [string, string];
  return { key, agency, branch, office, firstName, lastName, phone };
};

const inTowns =
  (...towns: string[]) =>
  (row: PricePaidRow) =>
    towns.includes(row.townCity);
const onWight = (...towns: string[]) => {
  const inList = inTowns(...towns);
  return (row: PricePaidRow) => row.county === 'ISLE OF WIGHT' && (towns.length === 0 || inList(row));
};
const inRegion = (region: string) => (row: PricePaidRow) => regionFor(row.postcode) === region;

const GROUPS: AgentGroup[] = [
  {
    matches: (row) => outcodeOf(row.postcode) === 'SW19',
    agents: [
      agent(
        'hv-wimbledon',
        'Harbour & Vale',
        'Wimbledon',
        'Wimbledon, London SW19',
        'Clara Whitmore',
        '020 7946 0101',
      ),
      agent(
        'lk-wimbledon',
        'Linden Key Estates',
        'Wimbledon',
        'Wimbledon, London SW19',
        'Samuel Okafor',
        '020 7946 0102',
      ),
      agent(
        'mf-wimbledon',
        'Marlowe & Finch',
        'Wimbledon',
        'Wimbledon, London SW19',
        'Priya Halden',
        '020 7946 0103',
      ),
    ],
  },
  {
    matches: (row) => row.county === 'GREATER LONDON' || row.townCity === 'LONDON' || inRegion('London')(row),
    agents: [
      agent('gm-london', 'Greyfriar & Moss', 'London', 'London SE1', 'Daniel Rourke', '020 7946 0104'),
    ],
  },
  {
    matches: inTowns('MANCHESTER'),
    agents: [
      agent(
        'th-manchester',
        'Thistledown Homes',
        'Manchester',
        'Manchester M1',
        'Aisha Bramwell',
        '0161 496 0101',
      ),
      agent(
        'cb-manchester',
        'Copperbeech Property',
        'Manchester',
        'Manchester M20',
        'Liam Hargreave',
        '0161 496 0102',
      ),
      agent(
        'kl-manchester',
        'Kestrel Lane Estates',
        'Manchester',
        'Manchester M21',
        'Joanna Pell',
        '0161 496 0103',
      ),
    ],
  },
  {
    matches: inTowns('STOCKPORT', 'CHEADLE', 'HYDE'),
    agents: [
      agent(
        'br-stockport',
        'Brackenridge & Co',
        'Stockport',
        'Stockport SK1',
        'Martin Ashby',
        '0161 496 0104',
      ),
    ],
  },
  {
    matches: inTowns('BOLTON'),
    agents: [agent('sm-bolton', 'Saltmarsh Homes', 'Bolton', 'Bolton BL1', 'Hannah Crewe', '0161 496 0105')],
  },
  {
    matches: inTowns('WIGAN', 'LEIGH'),
    agents: [agent('fh-wigan', 'Fernhollow Estates', 'Wigan', 'Wigan WN1', 'Owen Tallis', '0161 496 0106')],
  },
  {
    matches: inTowns('OLDHAM', 'ROCHDALE', 'HEYWOOD', 'LITTLEBOROUGH'),
    agents: [
      agent('qs-oldham', 'Quillstone Property', 'Oldham', 'Oldham OL1', 'Fatima Rahmani', '0161 496 0107'),
    ],
  },
  {
    matches: inTowns('BURY'),
    agents: [agent('lr-bury', 'Larkspur & Reed', 'Bury', 'Bury BL9', 'George Lindqvist', '0161 496 0108')],
  },
  {
    matches: inTowns('ALTRINCHAM', 'SALE', 'LYMM', 'WARRINGTON'),
    agents: [
      agent(
        'ar-altrincham',
        'Ashcombe Row',
        'Altrincham',
        'Altrincham WA14',
        'Eleanor Fairbairn',
        '0161 496 0109',
      ),
    ],
  },
  {
    matches: inTowns('SALFORD'),
    agents: [
      agent('wf-salford', 'Wrenfield Lettings', 'Salford', 'Salford M5', 'Kwame Asante', '0161 496 0110'),
    ],
  },
  {
    matches: (row) => row.county === 'GREATER MANCHESTER',
    agents: [
      agent(
        'oh-ashton',
        'Oakhollow Homes',
        'Ashton-under-Lyne',
        'Ashton-under-Lyne OL6',
        'Rachel Dunmore',
        '0161 496 0111',
      ),
    ],
  },
  {
    matches: (row) => row.townCity === 'READING' || row.county === 'READING',
    agents: [
      agent('hv-reading', 'Harbour & Vale', 'Reading', 'Reading RG1', 'Imran Castell', '0118 496 0101'),
      agent(
        'mf-tilehurst',
        'Marlowe & Finch',
        'Tilehurst',
        'Reading RG31',
        'Sophie Renwick',
        '0118 496 0102',
      ),
      agent('lr-reading', 'Larkspur & Reed', 'Reading', 'Reading RG30', 'Callum Byrne', '0118 496 0103'),
    ],
  },
  {
    matches: onWight('RYDE', 'SEAVIEW', 'BEMBRIDGE'),
    agents: [agent('hv-ryde', 'Harbour & Vale', 'Ryde', 'Ryde PO33', 'Peter Yelland', '01632 960102')],
  },
  {
    matches: onWight('COWES', 'EAST COWES'),
    agents: [
      agent('cb-cowes', 'Copperbeech Property', 'Cowes', 'Cowes PO31', 'Grace Penhale', '01632 960103'),
    ],
  },
  {
    matches: onWight('SANDOWN', 'SHANKLIN', 'VENTNOR'),
    agents: [
      agent(
        'fh-sandown',
        'Fernhollow Estates',
        'Sandown',
        'Sandown PO36',
        'Nathan Colbourne',
        '01632 960104',
      ),
    ],
  },
  {
    matches: onWight('FRESHWATER', 'TOTLAND BAY', 'YARMOUTH'),
    agents: [
      agent('ar-freshwater', 'Ashcombe Row', 'Freshwater', 'Freshwater PO40', 'Lucy Harwood', '01632 960105'),
    ],
  },
  {
    matches: onWight(),
    agents: [
      agent('sm-newport', 'Saltmarsh Homes', 'Newport', 'Newport PO30', 'Megan Tolley', '01632 960101'),
    ],
  },
  {
    matches: inRegion('North East'),
    agents: [
      agent(
        'th-newcastle',
        'Thistledown Homes',
        'Newcastle upon Tyne',
        'Newcastle upon Tyne NE1',
        'Ruth Ainsley',
        '01632 960106',
      ),
    ],
  },
  {
    matches: inRegion('North West'),
    agents: [
      agent(
        'kl-preston',
        'Kestrel Lane Estates',
        'Preston',
        'Preston PR1',
        'Declan Moorcroft',
        '01632 960107',
      ),
    ],
  },
  {
    matches: inRegion('Yorkshire and the Humber'),
    agents: [agent('br-leeds', 'Brackenridge & Co', 'Leeds', 'Leeds LS1', 'Amira Sayed', '01632 960108')],
  },
  {
    matches: inRegion('East Midlands'),
    agents: [
      agent(
        'qs-nottingham',
        'Quillstone Property',
        'Nottingham',
        'Nottingham NG1',
        'Jack Pemberton',
        '01632 960109',
      ),
    ],
  },
  {
    matches: inRegion('West Midlands'),
    agents: [
      agent(
        'gm-birmingham',
        'Greyfriar & Moss',
        'Birmingham',
        'Birmingham B1',
        'Nadia Kowal',
        '01632 960110',
      ),
    ],
  },
  {
    matches: inRegion('East of England'),
    agents: [
      agent(
        'lk-cambridge',
        'Linden Key Estates',
        'Cambridge',
        'Cambridge CB1',
        'Howard Fenwick',
        '01632 960111',
      ),
    ],
  },
  {
    matches: inRegion('South West'),
    agents: [agent('oh-bristol', 'Oakhollow Homes', 'Bristol', 'Bristol BS1', 'Ben Treloar', '01632 960113')],
  },
  {
    matches: inRegion('Wales'),
    agents: [
      agent('sm-cardiff', 'Saltmarsh Homes', 'Cardiff', 'Cardiff CF10', 'Rhys Llewellin', '01632 960114'),
    ],
  },
  {
    // South East, and anything not matched above.
    matches: () => true,
    agents: [
      agent(
        'wf-guildford',
        'Wrenfield Lettings',
        'Guildford',
        'Guildford GU1',
        'Chloe Stanier',
        '01632 960112',
      ),
    ],
  },
];

/** Every demo agent, in a stable order. */
export const DEMO_AGENTS: readonly DemoAgent[] = GROUPS.flatMap((g) => g.agents);

export const demoUserId = (a: DemoAgent) => `demo-agent-${a.key}`;
export const demoAgentId = (a: DemoAgent) => stableUuid(`demo-agent:${a.key}`);
/** A demo firm's agency id (ADR 029: the firms' agents are its branches). */
export const demoAgencyId = (firm: string) => stableUuid(`demo-agency:${firm}`);
/** A demo agent's membership of their firm's agency. */
export const demoMemberId = (a: DemoAgent) => stableUuid(`demo-member:${a.key}`);
export const demoAgentEmail = (a: DemoAgent) =>
  `${a.firstName}.${a.lastName}@example.com`.toLowerCase().replace(/[^a-z.@]/g, '');

/** The agent who gets the listing made from `row`: the first matching group, then a hash of the id within it. */
export function demoAgentFor(row: PricePaidRow, hash: (id: string) => number): DemoAgent {
  const group = GROUPS.find((g) => g.matches(row))!;
  return group.agents[Math.floor(hash(row.transactionId) * group.agents.length)]!;
}
