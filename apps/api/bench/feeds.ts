/**
 * `npm run bench -- feeds`: listing feeds at the speed REQ-PERF-08 sets, over HTTP on PGlite (the one-command install):
 * - RTDF `sendpropertydetails` without media at one connection: `--sends` new listings (created), then the same
 *   listings with a new price (updated), then sent again as they are (unchanged); p50/p95/p99 per kind
 *   (target p95 ≤ 50 ms);
 * - a BLM file of `--rows` rows (default 5,000) posted to `/api/feeds/blm` and imported (target ≤ 30 s), then the same
 *   file again (every row unchanged).
 * The floor is the trivial JSON route (`/api/health/live`) timed the same way on the same server; the table gives
 * each p95 as a multiple of it.
 * A fresh data folder is seeded with the demo (real HM Land Registry addresses; `--seed-records` Price Paid records,
 * default 12,000) and the feed listings reuse those addresses, each under a new CRM reference. The demo owner
 * Clara Whitmore's key writes them to her Wimbledon branch. Results: bench/results/feeds-<timestamp>.json and a
 * Markdown table for docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import { openPglite } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { DEMO_ACCOUNTS } from '#src/db/seed/demo-accounts.ts';
import { seedDemo } from '#src/db/seed/seed-demo.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import { createFeedKeyFor } from '#src/features/feeds/keys/feed-key-fixtures.ts';
import { createLogger } from '#src/lib/logger.ts';

export interface FeedsBenchOptions {
  sends: number;
  rows: number;
  seedRecords: number;
}

interface Address {
  street: string;
  city: string;
  postcode: string;
  type: string;
}

interface Timing {
  name: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  outcomes: Record<string, number>;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Rightmove property type codes for Abode's demo types (RTDF `property_type`, BLM `PROP_SUB_ID`). */
const TYPE_CODES: Record<string, number> = { house: 3, flat: 8, bungalow: 12, maisonette: 11, land: 20 };

/** A sale listing at `address` as a CRM sends it over RTDF, Part A included. */
function rtdfCall(feedBranchId: number, ref: string, address: Address, price: number) {
  const [outward, inward] = address.postcode.split(' ');
  return {
    network: { network_id: 1 },
    branch: { branch_id: feedBranchId, channel: 1 },
    property: {
      agent_ref: ref,
      published: true,
      property_type: TYPE_CODES[address.type] ?? 3,
      status: 1,
      address: {
        house_name_number: address.street,
        town: address.city,
        postcode_1: outward,
        postcode_2: inward,
        display_address: `${address.street}, ${address.city}`,
      },
      price_information: { price, price_qualifier: 2, tenure_type: 1, council_tax_band: 'C' },
      details: {
        summary: `A home on ${address.street}.`,
        description: `A well presented home on ${address.street}, ${address.city}, close to local shops and schools.`,
        features: ['Close to local shops', 'Gas central heating', 'Double glazing'],
        bedrooms: 3,
        bathrooms: 1,
        reception_rooms: 1,
      },
      media: [],
    },
  };
}

const BLM_FIELDS = [
  'AGENT_REF',
  'BRANCH_ID',
  'STATUS_ID',
  'CREATE_DATE',
  'UPDATE_DATE',
  'DISPLAY_ADDRESS',
  'PUBLISHED_FLAG',
  'ADDRESS_1',
  'TOWN',
  'POSTCODE1',
  'POSTCODE2',
  'FEATURE1',
  'FEATURE2',
  'FEATURE3',
  'SUMMARY',
  'DESCRIPTION',
  'BEDROOMS',
  'BATHROOMS',
  'PRICE',
  'PRICE_QUALIFIER',
  'PROP_SUB_ID',
  'TENURE_TYPE_ID',
  'TRANS_TYPE_ID',
  'COUNCIL_TAX_BAND',
];

/** A BLM v3 file of one sale row per address, as a CRM generates it. */
function blmFile(addresses: readonly Address[]): string {
  const row = (a: Address, i: number) => {
    const [outward, inward] = a.postcode.split(' ');
    const values: Record<string, string> = {
      AGENT_REF: `BLM-${String(i).padStart(5, '0')}`,
      BRANCH_ID: 'WIM',
      STATUS_ID: '0',
      CREATE_DATE: '2026-11-20 09:00:00',
      UPDATE_DATE: '2026-11-25 09:00:00',
      DISPLAY_ADDRESS: `${a.street}, ${a.city}`,
      PUBLISHED_FLAG: '1',
      ADDRESS_1: a.street,
      TOWN: a.city,
      POSTCODE1: outward!,
      POSTCODE2: inward!,
      FEATURE1: 'Close to local shops',
      FEATURE2: 'Gas central heating',
      FEATURE3: 'Double glazing',
      SUMMARY: `A home on ${a.street}.`,
      DESCRIPTION: `A well presented home on ${a.street}, ${a.city}, close to local shops and schools.`,
      BEDROOMS: '3',
      BATHROOMS: '1',
      PRICE: String(250_000 + (i % 200) * 1_000),
      PRICE_QUALIFIER: '2',
      PROP_SUB_ID: String(TYPE_CODES[a.type] ?? 3),
      TENURE_TYPE_ID: '1',
      TRANS_TYPE_ID: '1',
      COUNCIL_TAX_BAND: 'C',
    };
    return `${BLM_FIELDS.map((f) => values[f]).join('^')}^~`;
  };
  return [
    '#HEADER#',
    'Version : 3',
    "EOF : '^'",
    "EOR : '~'",
    `Property Count : ${addresses.length}`,
    'Generated Date : 26-Nov-2026 09:00',
    '',
    '#DEFINITION#',
    `${BLM_FIELDS.join('^')}^~`,
    '',
    '#DATA#',
    ...addresses.map(row),
    '#END#',
    '',
  ].join('\n');
}

export async function runFeedsBench(options: FeedsBenchOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-feeds-bench-'));
  const handle = await openPglite(dataDir);
  const db = handle.db;
  let started = performance.now();
  await seedDemo(db, { limit: options.seedRecords });
  console.log(
    `Demo seed (${options.seedRecords} Price Paid records): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const [clara] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.agent.email));
  const scope = await loadMembership(db, clara!.id);
  if (!scope) throw new Error('the demo owner has no agency');
  const [branch] = (
    await db.execute(sql`SELECT id, feed_branch_id FROM agents WHERE id = ${scope.defaultBranchId}`)
  ).rows as { id: string; feed_branch_id: number }[];
  // A key per phase: each key may make FEED_RATE_LIMIT calls a minute, and a phase makes --sends of them.
  const newKey = async () =>
    (await createFeedKeyFor(db, { userId: clara!.id, agencyId: scope.agencyId, branchId: branch!.id }))
      .authorization;
  await db.execute(
    sql`INSERT INTO feed_branch_codes (agency_id, code, branch_id) VALUES (${scope.agencyId}, 'WIM', ${branch!.id})`,
  );
  const needed = options.sends + options.rows;
  const addresses = (
    await db.execute(sql`
      SELECT DISTINCT ON (p.postcode, p.address_line_1) p.address_line_1 AS street, p.city, p.postcode,
             p.property_type AS type
        FROM properties p JOIN postcodes pc ON pc.postcode = p.postcode
       WHERE p.property_type <> 'land'
       ORDER BY p.postcode, p.address_line_1 LIMIT ${needed}`)
  ).rows as unknown as Address[];
  if (addresses.length < needed) throw new Error(`only ${addresses.length} addresses; raise --seed-records`);

  const app = createApp({ db, logger: createLogger('silent'), publicUrl: 'http://127.0.0.1' });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const timings: Timing[] = [];
  /** Times `call(i)` for i < --sends, one at a time, and records the quantiles under `name`. */
  const timeCalls = async (name: string, call: (i: number) => Promise<string>) => {
    const times: number[] = [];
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < options.sends; i++) {
      const t0 = performance.now();
      const outcome = await call(i);
      times.push(performance.now() - t0);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    times.sort((a, b) => a - b);
    const timing = {
      name,
      requests: times.length,
      p50: round(quantile(times, 0.5)),
      p95: round(quantile(times, 0.95)),
      p99: round(quantile(times, 0.99)),
      outcomes,
    };
    timings.push(timing);
    console.log(`${name}: p50 ${timing.p50} ms, p95 ${timing.p95} ms, p99 ${timing.p99} ms`, outcomes);
  };
  const sendAll = async (name: string, price: (i: number) => number) => {
    const headers = { Authorization: await newKey(), 'Content-Type': 'application/json' };
    await timeCalls(name, async (i) => {
      const res = await fetch(`${base}/api/rtdf/v1/property/sendpropertydetails`, {
        method: 'POST',
        headers,
        body: JSON.stringify(rtdfCall(branch!.feed_branch_id, `RTDF-${i}`, addresses[i]!, price(i))),
      });
      const answer = (await res.json()) as { success?: boolean; message?: string };
      return res.ok && answer.success ? 'success' : `failed: ${answer.message ?? res.status}`;
    });
  };
  // The floor: the trivial JSON route, one call at a time on the same server.
  await timeCalls('Trivial JSON route /api/health/live (floor)', async () => {
    const res = await fetch(`${base}/api/health/live`);
    await res.arrayBuffer();
    return res.ok ? 'success' : `failed: ${res.status}`;
  });
  // The first calls load modules and warm PGlite's caches: not measured.
  const headers = { Authorization: await newKey(), 'Content-Type': 'application/json' };
  for (let i = 0; i < 10; i++)
    await fetch(`${base}/api/rtdf/v1/property/sendpropertydetails`, {
      method: 'POST',
      headers,
      body: JSON.stringify(rtdfCall(branch!.feed_branch_id, `WARM-${i}`, addresses[i]!, 300_000)),
    });
  await sendAll('RTDF sendpropertydetails, new listings', (i) => 300_000 + i * 100);
  await sendAll('RTDF sendpropertydetails, price changes', (i) => 295_000 + i * 100);
  await sendAll('RTDF sendpropertydetails, sent again unchanged', (i) => 295_000 + i * 100);

  const file = blmFile(addresses.slice(options.sends));
  const imports: { name: string; seconds: number; counts: unknown }[] = [];
  const blmKey = await newKey();
  for (const name of [
    `BLM import, ${options.rows} new rows`,
    `BLM import, the same ${options.rows} rows again`,
  ]) {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/plain' }), 'bench.blm');
    started = performance.now();
    const res = await fetch(`${base}/api/feeds/blm`, {
      method: 'POST',
      headers: { Authorization: blmKey },
      body: form,
    });
    const report = (await res.json()) as { counts?: unknown; error?: unknown };
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    imports.push({ name, seconds, counts: report.counts ?? report.error });
    console.log(`${name}: ${seconds} s (HTTP ${res.status})`, report.counts ?? report.error);
  }
  server.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const outDir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `feeds-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, JSON.stringify({ machine, options, timings, imports }, null, 2));
  console.log(
    '\n| Feed call (PGlite, 1 connection) | Requests | p50 ms | p95 ms | p99 ms | p95 × floor |\n|---|---|---|---|---|---|',
  );
  const floorP95 = timings[0]!.p95;
  for (const t of timings)
    console.log(
      `| ${t.name} | ${t.requests} | ${t.p50} | ${t.p95} | ${t.p99} | ${Math.round((t.p95 / floorP95) * 10) / 10} |`,
    );
  console.log('\n| BLM import (PGlite) | Seconds |\n|---|---|');
  for (const i of imports) console.log(`| ${i.name} | ${i.seconds} |`);
  console.log(`\nSaved ${out}`);
}
