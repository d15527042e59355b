/**
 * Test data and the world of the BLM tests (REQ-FEED-07): BLM files written as a CRM writes them, with rows at real
 * addresses (REAL_ADDRESSES and HM Land Registry Price Paid records: 1B Cowper Road, London SW19 1AA was sold as a
 * semi-detached freehold in 2013; 5 Cowper Road is a leasehold flat), and an app on a fresh database with agency A
 * (its owner, branches A1 and A2, a branch manager of A2, a negotiator of A1) and agency B, each with a feed key.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { postcodes } from '#src/db/schema.ts';
import { ORIGIN } from '#src/features/auth/auth-test-helpers.ts';
import {
  addBranch,
  addMember,
  agencyOwner,
  type TestMember,
} from '#src/features/agent/listings/listings-test-helpers.ts';
import { REAL_ADDRESSES } from '#src/testing/fixtures.ts';
import { createDiskStorage, type Storage } from '#src/lib/storage.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createFeedKeyFor } from '../keys/feed-key-fixtures.ts';

export const PUBLIC_URL = 'https://abode.example';

/** Coordinates from OS Code-Point Open (the project's demo extract, apps/api/data/demo/postcodes.csv.gz). */
const POSTCODE_ROWS = [
  { postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 },
  { postcode: 'M11 1DE', outcode: 'M11', latitude: 53.47417, longitude: -2.16811 },
  { postcode: 'RG30 2BY', outcode: 'RG30', latitude: 51.45177, longitude: -1.00046 },
];

/** The columns of the test files, in a CRM's usual order (tests also shuffle them). */
export const COLUMNS = [
  'AGENT_REF',
  'ADDRESS_1',
  'ADDRESS_2',
  'TOWN',
  'POSTCODE1',
  'POSTCODE2',
  'FEATURE1',
  'FEATURE2',
  'FEATURE3',
  'SUMMARY',
  'DESCRIPTION',
  'BRANCH_ID',
  'STATUS_ID',
  'BEDROOMS',
  'BATHROOMS',
  'LIVING_ROOMS',
  'PRICE',
  'PRICE_QUALIFIER',
  'PROP_SUB_ID',
  'CREATE_DATE',
  'UPDATE_DATE',
  'DISPLAY_ADDRESS',
  'PUBLISHED_FLAG',
  'LET_DATE_AVAILABLE',
  'LET_BOND',
  'LET_HOLDING_DEPOSIT',
  'LET_TYPE_ID',
  'LET_FURN_ID',
  'LET_RENT_FREQUENCY',
  'LET_CONTRACT_IN_MONTHS',
  'TENURE_TYPE_ID',
  'TRANS_TYPE_ID',
  'NEW_HOME_FLAG',
  'COUNCIL_TAX_BAND',
  'MEDIA_IMAGE_00',
  'MEDIA_IMAGE_TEXT_00',
  'MEDIA_IMAGE_01',
  'MEDIA_IMAGE_TEXT_01',
  'MEDIA_FLOOR_PLAN_00',
  'MEDIA_FLOOR_PLAN_TEXT_00',
  'MEDIA_DOCUMENT_50',
  'MEDIA_DOCUMENT_TEXT_50',
  'MEDIA_VIRTUAL_TOUR_00',
] as const;

export type BlmValues = Record<string, string>;

/** A semi-detached freehold house for sale at 1B Cowper Road, London SW19 1AA, Part A complete. */
export function saleRow(agentRef: string, overrides: BlmValues = {}): BlmValues {
  const a = REAL_ADDRESSES.wimbledon;
  return {
    AGENT_REF: agentRef,
    ADDRESS_1: '1B',
    ADDRESS_2: a.addressLine1,
    TOWN: a.city,
    POSTCODE1: 'SW19',
    POSTCODE2: '1AA',
    FEATURE1: 'Three bedrooms',
    FEATURE2: 'South-facing garden',
    FEATURE3: '',
    SUMMARY: 'A Victorian semi near Wimbledon station.',
    DESCRIPTION: 'A bright family home.<br><br>Close to the <b>station</b> &amp; the park.',
    BRANCH_ID: 'WIM',
    STATUS_ID: '0',
    BEDROOMS: '3',
    BATHROOMS: '1',
    LIVING_ROOMS: '2',
    PRICE: '650000',
    PRICE_QUALIFIER: '2',
    PROP_SUB_ID: '3',
    CREATE_DATE: '2026-11-01 09:00:00',
    UPDATE_DATE: '2026-11-20 14:30:00',
    DISPLAY_ADDRESS: 'Cowper Road, Wimbledon',
    PUBLISHED_FLAG: '1',
    TENURE_TYPE_ID: '1',
    TRANS_TYPE_ID: '1',
    NEW_HOME_FLAG: 'N',
    COUNCIL_TAX_BAND: 'F',
    MEDIA_IMAGE_00: `https://crm.example.com/${agentRef}/front.jpg`,
    MEDIA_IMAGE_TEXT_00: 'Front',
    ...overrides,
  };
}

/** A two-bedroom flat to rent at Parkside Road, Reading RG30 2BY (a Price Paid block of flats), £1,150 pcm. */
export function letRow(agentRef: string, overrides: BlmValues = {}): BlmValues {
  const a = REAL_ADDRESSES.reading;
  return {
    ...saleRow(agentRef),
    ADDRESS_1: 'West Fryerne',
    ADDRESS_2: a.addressLine1,
    TOWN: a.city,
    POSTCODE1: 'RG30',
    POSTCODE2: '2BY',
    SUMMARY: 'A two-bedroom flat near Prospect Park.',
    DESCRIPTION: 'A second-floor flat with a balcony.',
    BEDROOMS: '2',
    PROP_SUB_ID: '8',
    PRICE: '1150',
    PRICE_QUALIFIER: '',
    TRANS_TYPE_ID: '2',
    TENURE_TYPE_ID: '',
    COUNCIL_TAX_BAND: 'B',
    LET_DATE_AVAILABLE: '2026-12-15 00:00:00',
    LET_BOND: '1326',
    LET_HOLDING_DEPOSIT: '265',
    LET_TYPE_ID: '1',
    LET_FURN_ID: '2',
    LET_RENT_FREQUENCY: '1',
    LET_CONTRACT_IN_MONTHS: '12',
    ...overrides,
  };
}

export interface BlmFileOptions {
  columns?: readonly string[];
  eof?: string;
  eor?: string;
  /** What follows each EOR: '\n' (default) or '\r\n'. */
  newline?: string;
  version?: string;
  /** The header's Property Count (default: the number of rows). */
  propertyCount?: number | null;
  /** Write #END# (default true). */
  end?: boolean;
  /** End each record with an EOF before the EOR, as Rightmove's spec does (default true). */
  trailingEof?: boolean;
}

/** A BLM file's text: header, definition, `rows` (values by column name; missing ones blank), and #END#. */
export function blmFile(rows: readonly BlmValues[], options: BlmFileOptions = {}): string {
  const {
    columns = COLUMNS,
    eof = '^',
    eor = '~',
    newline = '\n',
    version = '3',
    end = true,
    trailingEof = true,
  } = options;
  const count = options.propertyCount === undefined ? rows.length : options.propertyCount;
  const record = (fields: readonly string[]) =>
    `${fields.join(eof)}${trailingEof ? eof : ''}${eor}${newline}`;
  return [
    `#HEADER#${newline}`,
    `Version : ${version}${newline}`,
    `EOF : '${eof}'${newline}`,
    `EOR : '${eor}'${newline}`,
    count === null ? '' : `Property Count : ${count}${newline}`,
    `Generated Date : 26-Nov-2026 10:00${newline}`,
    newline,
    `#DEFINITION#${newline}`,
    record(columns),
    `#DATA#${newline}`,
    ...rows.map((row) => record(columns.map((column) => row[column] ?? ''))),
    end ? `#END#${newline}` : '',
  ].join('');
}

export interface BlmWorld {
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
  /** The app's file storage (a temporary folder). */
  storage: Storage;
  /** The server's clock: each upload moves it on by a minute. */
  clock: Date;
  agencyA: string;
  a1: string;
  a2: string;
  ownerA: TestMember & { branchId: string };
  managerA2: TestMember;
  negotiatorA1: TestMember;
  ownerB: TestMember & { branchId: string };
  /** Bearer headers: A's owner's key (A1), A2's manager's key (A2), B's owner's key (B1). */
  keys: { ownerA: string; managerA2: string; ownerB: string };
  /** POST /api/feeds/blm with `file` (a Blob named `name`) and `authorization`. */
  feedUpload(authorization: string, file: Blob, name?: string): Promise<Response>;
  /** POST /api/agent/feeds/blm as the member of `cookie`, with the form's other `fields`. */
  portalUpload(cookie: string, file: Blob, fields?: Record<string, string>, name?: string): Promise<Response>;
  close(): Promise<void>;
}

/** A zip of `files` (name → content), as a CRM packs a BLM with its media. */
export function zipOf(files: Readonly<Record<string, string | Uint8Array>>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files))
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** A BLM file's text as an upload. */
export const blmBlob = (text: string | Uint8Array) => new Blob([text], { type: 'application/octet-stream' });

export async function createBlmWorld(): Promise<BlmWorld> {
  const handle = await createTestDatabase();
  const clock = new Date('2026-11-26T10:00:00.000Z');
  const storage = createDiskStorage(path.join(os.tmpdir(), `abode-blm-test-${randomUUID()}`));
  const app = createApp({
    db: handle.db,
    storage,
    now: () => new Date(clock),
    publicUrl: PUBLIC_URL,
    writeRateLimitPerMinute: 10_000,
  });
  await handle.db.insert(postcodes).values(POSTCODE_ROWS).onConflictDoNothing();
  const ownerA = await agencyOwner(app, handle.db);
  const a2 = await addBranch(handle.db, ownerA.agencyId, 'Reading');
  const managerA2 = await addMember(app, handle.db, {
    agencyId: ownerA.agencyId,
    role: 'branch-manager',
    branchIds: [a2],
    name: 'Priya Shah',
  });
  const negotiatorA1 = await addMember(app, handle.db, {
    agencyId: ownerA.agencyId,
    role: 'negotiator',
    branchIds: [ownerA.branchId],
    name: 'Aisha Bramwell',
  });
  const ownerB = await agencyOwner(app, handle.db, { name: 'Sam Other' });
  const key = async (userId: string, agencyId: string, branchId: string, name: string) =>
    (await createFeedKeyFor(handle.db, { userId, agencyId, branchId, name })).authorization;
  // Each upload a minute after the last, so the import history has an order (and no limit is reached).
  const tick = () => clock.setTime(clock.getTime() + 60_000);
  const form = (file: Blob, name: string, fields: Record<string, string> = {}) => {
    const body = new FormData();
    body.append('file', new File([file], name));
    for (const [field, value] of Object.entries(fields)) body.append(field, value);
    return body;
  };
  return {
    handle,
    app,
    storage,
    clock,
    agencyA: ownerA.agencyId,
    a1: ownerA.branchId,
    a2,
    ownerA,
    managerA2,
    negotiatorA1,
    ownerB,
    keys: {
      ownerA: await key(ownerA.userId, ownerA.agencyId, ownerA.branchId, 'Reapit'),
      managerA2: await key(managerA2.userId, ownerA.agencyId, a2, 'Alto Reading'),
      ownerB: await key(ownerB.userId, ownerB.agencyId, ownerB.branchId, 'Jupix'),
    },
    feedUpload: async (authorization, file, name = 'feed.blm') => {
      tick();
      return app.request('/api/feeds/blm', {
        method: 'POST',
        headers: { Authorization: authorization },
        body: form(file, name),
      });
    },
    portalUpload: async (cookie, file, fields, name = 'feed.blm') => {
      tick();
      return app.request('/api/agent/feeds/blm', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: ORIGIN },
        body: form(file, name, fields),
      });
    },
    close: () => handle.close(),
  };
}
