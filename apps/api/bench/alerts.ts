/**
 * `npm run bench -- alerts`: the saved-search alert job (REQ-CLIENT-10) against a day's new listings on PostgreSQL.
 * Goal: 100,000 saved searches in under 60 s.
 *
 * Data: a throwaway PostgreSQL 15 (or DATABASE_URL — a throwaway database only: listings are re-dated), the demo seed grown to --alert-listings listings (default
 * 100,000: the job reads only the day's new listings, so a larger base table changes little), of which
 * --new-listings (default 5,000) random public ones are re-published within the last 24 hours and every other
 * public one earlier. --searches (default 100,000) saved searches with alerts on, owned by verified users (five
 * each), 80 % instant and 20 % daily, all due, watermark 24 h ago. Their locations follow a Zipf-like spread
 * (weight 1/rank) over the real towns and postcode districts of the listings, ranked by how many listings each has,
 * with 10 % 'All Areas'; filters are random (mode, type, price range, bedrooms, bathrooms, a feature).
 *
 * Then one run of the job (e-mails to the outbox, or nowhere with --noop-mail), then a second run to show it is
 * idempotent. Prints the wall time and counts, and saves bench/results/alerts-<timestamp>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '#src/db/client.ts';
import { bulkInsert } from '#src/db/bulk-insert.ts';
import { savedSearches } from '#src/db/schema.ts';
import { seedDemo } from '#src/db/seed/seed-demo.ts';
import { runSavedSearchAlerts, type SavedSearchAlertsResult } from '#src/jobs/saved-search-alerts.ts';
import { seededRandom } from '#src/lib/seeded-random.ts';
import { growListings } from './generate-listings.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

export interface AlertsBenchOptions {
  searches: number;
  listings: number;
  newListings: number;
  noopMail: boolean;
}

const HOUR = 3_600_000;
const FEATURES = ['garden', 'parking', 'new-build', 'chain-free', 'reduced', 'virtual-tour'];
const TYPES = ['house', 'flat', 'bungalow', 'maisonette'];

const secs = (ms: number) => (ms / 1000).toFixed(1);

export async function runAlertsBench(o: AlertsBenchOptions): Promise<void> {
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`Machine: ${machine}`);
  const throwaway = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
  const url = process.env.DATABASE_URL ?? throwaway!.url;
  const handle = await openPostgres(url, { max: 10 });
  const { db } = handle;
  try {
    const t0 = performance.now();
    await seedDemo(db, { log: (m) => console.log(`  ${m}`) });
    await growListings(db, o.listings, (m) => console.log(m));
    console.log(`Listings ready in ${secs(performance.now() - t0)} s`);

    // A day's new listings: everything public published 2–30 days ago, then N random ones in the last 24 h.
    await db.execute(sql`
      UPDATE properties SET published_at = now() - interval '2 days' - make_interval(secs => (hashint4(hashtext(id::text)) & 2147483647) % (28 * 86400))
       WHERE published_at IS NOT NULL`);
    await db.execute(sql`
      UPDATE properties SET published_at = now() - make_interval(secs => (hashint4(hashtext(id::text || 'x')) & 2147483647) % 86400)
       WHERE id IN (SELECT id FROM properties
                     WHERE status = 'active' AND NOT is_deleted AND approval_status = 'approved'
                     ORDER BY hashtext(id::text) LIMIT ${o.newListings})`);
    await db.execute(sql`VACUUM ANALYZE properties`);

    // Real places, most common first: towns and postcode districts of the listings.
    const places = (
      await db.execute(sql`
        SELECT place, n FROM (
          SELECT city AS place, count(*) AS n FROM properties GROUP BY 1
          UNION ALL
          SELECT outcode AS place, count(*) AS n FROM properties GROUP BY 1
        ) t ORDER BY n DESC, place`)
    ).rows.map((r) => String((r as { place: string }).place));
    const weights = places.map((_, i) => 1 / (i + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const cumulative: number[] = [];
    weights.reduce((acc, w, i) => (cumulative[i] = acc + w / total), 0);
    const random = seededRandom(42);
    const pickPlace = () => {
      const x = random();
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return places[lo]!;
    };

    const t1 = performance.now();
    // A re-run on the same DATABASE_URL starts from fresh searches (cascades to their deliveries).
    await db.execute(sql`DELETE FROM outbox WHERE "to" LIKE 'alerts-bench-%'`);
    await db.execute(sql`DELETE FROM users WHERE email LIKE 'alerts-bench-%'`);
    const userCount = Math.ceil(o.searches / 5);
    await db.execute(sql`
      INSERT INTO users (email, name, first_name, is_verified)
      SELECT 'alerts-bench-' || i || '@example.com', 'Bench User', 'Bench', true
        FROM generate_series(1, ${userCount}::int) AS i`);
    const userIds = (
      await db.execute(sql`SELECT id FROM users WHERE email LIKE 'alerts-bench-%' ORDER BY email`)
    ).rows.map((r) => String((r as { id: string }).id));
    const since = new Date(Date.now() - 24 * HOUR);
    const locations = new Set<string>();
    for (let start = 0; start < o.searches; start += 10_000) {
      const rows: (typeof savedSearches.$inferInsert)[] = [];
      for (let i = start; i < Math.min(o.searches, start + 10_000); i++) {
        const filters: Record<string, unknown> = {};
        if (random() >= 0.1) filters.location = pickPlace();
        const m = random();
        const mode = m < 0.7 ? 'sale' : m < 0.95 ? 'rent' : undefined;
        if (mode) filters.mode = mode;
        if (random() < 0.4) filters.type = TYPES[Math.floor(random() * TYPES.length)];
        if (random() < 0.5) {
          const low =
            mode === 'rent'
              ? 500 + Math.floor(random() * 8) * 250
              : 100_000 + Math.floor(random() * 8) * 50_000;
          if (random() < 0.5) filters.minPrice = low;
          filters.maxPrice = low * 2;
        }
        if (random() < 0.5) filters.bedrooms = 1 + Math.floor(random() * 4);
        if (random() < 0.1) filters.bathrooms = 2;
        if (random() < 0.15) filters.filters = [FEATURES[Math.floor(random() * FEATURES.length)]];
        if (typeof filters.location === 'string') locations.add(filters.location.toLowerCase());
        const daily = random() < 0.2;
        rows.push({
          userId: userIds[i % userIds.length]!,
          label: `Search in ${String(filters.location ?? 'All Areas')}`,
          searchParams: filters,
          emailAlerts: true,
          alertFrequency: daily ? 'daily' : 'instant',
          lastAlertedAt: daily ? new Date(since.getTime() - HOUR) : since,
        });
      }
      await bulkInsert(db, savedSearches, rows);
    }
    await db.execute(sql`VACUUM ANALYZE users, saved_searches`);
    const newCount = Number(
      (
        (
          await db.execute(sql`
            SELECT count(*)::int AS n FROM properties
             WHERE status = 'active' AND NOT is_deleted AND approval_status = 'approved'
               AND published_at > ${since.toISOString()}::timestamptz`)
        ).rows[0] as { n: number }
      ).n,
    );
    console.log(
      `${o.searches.toLocaleString('en-GB')} saved searches (${locations.size} distinct locations over ${places.length} places, ${userIds.length.toLocaleString('en-GB')} users) in ${secs(performance.now() - t1)} s; ${newCount.toLocaleString('en-GB')} listings published in the last 24 h`,
    );

    const send = o.noopMail ? async () => {} : undefined;
    const run = async (label: string) => {
      const started = performance.now();
      const result: SavedSearchAlertsResult = await runSavedSearchAlerts({
        db,
        now: new Date(),
        publicUrl: 'https://abode.example.org',
        ...(send ? { send } : {}),
      });
      const ms = performance.now() - started;
      console.log(
        `${label}: ${secs(ms)} s — ${result.searchesChecked.toLocaleString('en-GB')} searches checked, ${result.emailsSent.toLocaleString('en-GB')} e-mails, ${result.listingsSent.toLocaleString('en-GB')} listings named (${result.listingsMatched.toLocaleString('en-GB')} matched), ${result.emailsFailed} failed`,
      );
      return { label, seconds: Number(secs(ms)), ...result };
    };
    const first = await run('Alert run');
    const second = await run('Second run (nothing new)');

    const outDir = path.resolve(import.meta.dirname, 'results');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `alerts-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          machine,
          options: o,
          newListings: newCount,
          distinctLocations: locations.size,
          runs: [first, second],
        },
        null,
        2,
      ),
    );
    console.log(
      `\n| Run | Wall time s | Searches checked | E-mails | Listings named | Listings matched |\n|---|---|---|---|---|---|`,
    );
    for (const r of [first, second])
      console.log(
        `| ${r.label} | ${r.seconds} | ${r.searchesChecked.toLocaleString('en-GB')} | ${r.emailsSent.toLocaleString('en-GB')} | ${r.listingsSent.toLocaleString('en-GB')} | ${r.listingsMatched.toLocaleString('en-GB')} |`,
      );
    console.log(`\nSaved ${file}`);
  } finally {
    await handle.close();
    throwaway?.stop();
  }
}
