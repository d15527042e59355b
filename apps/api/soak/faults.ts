/**
 * Faults (REQ-SEC), on PostgreSQL 15:
 * (a) kill -9 the API during a stream of favourite and enquiry writes, restart it: every write acknowledged with a
 *     2xx is in the database, none twice (each enquiry carries a unique marker; favourites are one row per user and
 *     listing).
 * (b) stop PostgreSQL mid-run (`pg_ctl stop -m fast`): requests that need the database answer 503 with the REQ-CLIENT-01
 *     server message (never a 500 or a dropped connection), the process stays up, the rate limiter falls back to
 *     memory — seen as a 429 from REQ-LIMIT-01's local search default (20) although the server's own limit is 1,000,000 —
 *     and when PostgreSQL is back the API recovers by itself, same process, no restart.
 */
import pg from 'pg';
import type { SoakContext } from './context.ts';
import { DEMO, request, SERVER_MESSAGE, signIn, sleep, tally, type Reply } from './lib/http.ts';
import { check, info } from './lib/report.ts';
import { logEntries, startServer, type Server } from './lib/server.ts';

interface Write {
  kind: 'favourite' | 'enquiry';
  /** Property id (favourites) or marker (enquiries). */
  key: string;
  at: number;
  status: number | 'network error';
}

const CONFIG = {
  TRUST_PROXY: 'true',
  SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
  WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
  ALERTS_INTERVAL_MS: '0',
};

export async function faultsStep(ctx: SoakContext): Promise<void> {
  const db = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
  db.on('error', () => {});
  const origin = ctx.publicUrl;
  const port = ctx.port(4);
  const env = { ...ctx.baseEnv('faults'), ...CONFIG };
  let server: Server = await startServer({ name: 'faults', port, logDir: ctx.dir, env });
  ctx.servers.push(server);
  try {
    await killDuringWrites();
    await databaseOutage();
  } finally {
    await server.stop();
    await db.end();
  }

  async function killDuringWrites(): Promise<void> {
    const clientXff = '192.0.2.50';
    const cookie = await signIn(server.url, DEMO.client.email, DEMO.client.password, {
      origin,
      xff: clientXff,
    });
    const me = await request(`${server.url}/api/me`, { cookie, xff: clientXff });
    const userId = (me.body as { user: { id: string } }).user.id;
    const ids = (
      await db.query<{ id: string }>(
        `SELECT id FROM properties p
          WHERE p.status = 'active' AND p.approval_status = 'approved' AND NOT p.is_deleted
            AND NOT EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = $1 AND f.property_id = p.id)
          ORDER BY random() LIMIT 3000`,
        [userId],
      )
    ).rows.map((r) => r.id);
    const marker = `soak-${ctx.runId}`;
    const writes: Write[] = [];
    let stopped = false;
    let nextFavourite = 0;
    let nextEnquiry = 0;
    const t0 = Date.now();

    const favouriteWorker = async () => {
      while (!stopped && nextFavourite < ids.length) {
        const id = ids[nextFavourite++]!;
        const at = Date.now() - t0;
        try {
          const r = await request(`${server.url}/api/me/favourites/${id}`, {
            method: 'PUT',
            cookie,
            origin,
            xff: clientXff,
            timeoutMs: 5000,
          });
          writes.push({ kind: 'favourite', key: id, at, status: r.status });
        } catch {
          writes.push({ kind: 'favourite', key: id, at, status: 'network error' });
          await sleep(50);
        }
      }
    };
    const enquiryWorker = async () => {
      while (!stopped) {
        const n = nextEnquiry++;
        const key = `${marker}-${n}`;
        const at = Date.now() - t0;
        try {
          // A new client address per enquiry: the enquiry limit is 5 per 10 minutes per IP.
          const r = await request(`${server.url}/api/enquiries`, {
            json: {
              propertyId: ids[n % ids.length],
              name: 'Soak Tester',
              email: 'soak.tester@example.com',
              message: `Hello, reference ${key}: please tell me more about this home.`,
            },
            xff: `100.64.${(n >> 8) & 255}.${n & 255}`,
            timeoutMs: 5000,
          });
          writes.push({ kind: 'enquiry', key, at, status: r.status });
        } catch {
          writes.push({ kind: 'enquiry', key, at, status: 'network error' });
          await sleep(50);
        }
      }
    };

    const workers = [
      favouriteWorker(),
      favouriteWorker(),
      favouriteWorker(),
      enquiryWorker(),
      enquiryWorker(),
      enquiryWorker(),
    ];
    await sleep(2500);
    const killedAt = Date.now() - t0;
    await server.kill9();
    const ackedBeforeKill = writes.filter(
      (w) => w.at < killedAt && typeof w.status === 'number' && w.status < 300,
    ).length;
    server = await startServer({ name: 'faults-restarted', port, logDir: ctx.dir, env });
    ctx.servers.push(server);
    const restartedAt = Date.now() - t0;
    await sleep(2500);
    stopped = true;
    await Promise.all(workers);

    const acked = writes.filter((w) => typeof w.status === 'number' && w.status >= 200 && w.status < 300);
    const ackedFavourites = acked.filter((w) => w.kind === 'favourite').map((w) => w.key);
    const ackedEnquiries = acked.filter((w) => w.kind === 'enquiry').map((w) => w.key);
    const favRows = await db.query<{ property_id: string; n: string }>(
      `SELECT property_id, count(*) AS n FROM favourites WHERE user_id = $1 AND property_id = ANY($2::uuid[]) GROUP BY property_id`,
      [userId, writes.filter((w) => w.kind === 'favourite').map((w) => w.key)],
    );
    const favCount = new Map(favRows.rows.map((r) => [r.property_id, Number(r.n)]));
    const enqRows = await db.query<{ ref: string; n: string }>(
      `SELECT substring(message FROM 'reference (${marker}-[0-9]+):') AS ref, count(*) AS n
         FROM enquiries WHERE message LIKE $1 GROUP BY 1`,
      [`%reference ${marker}-%`],
    );
    const enqCount = new Map(enqRows.rows.map((r) => [r.ref, Number(r.n)]));
    const missingFav = ackedFavourites.filter((id) => favCount.get(id) !== 1);
    const missingEnq = ackedEnquiries.filter((k) => enqCount.get(k) !== 1);
    const duplicates =
      [...enqCount.values()].filter((n) => n > 1).length + [...favCount.values()].filter((n) => n > 1).length;
    const unacked = writes.filter((w) => !(typeof w.status === 'number' && w.status < 300));
    const lostButStored = unacked.filter((w) =>
      w.kind === 'favourite' ? favCount.has(w.key) : enqCount.has(w.key),
    ).length;
    const ackedAfterRestart = acked.filter((w) => w.at >= restartedAt).length;
    info(
      `writes: ${writes.length} (${tally(writes.map((w) => w.status))}); killed at ${(killedAt / 1000).toFixed(1)} s, ` +
        `restarted and ready at ${(restartedAt / 1000).toFixed(1)} s; acknowledged before the kill ${ackedBeforeKill}, ` +
        `after the restart ${ackedAfterRestart}; not acknowledged but stored (answer lost in the kill) ${lostButStored}`,
    );
    check(
      'the write stream crossed the kill (writes acknowledged before the kill and after the restart)',
      ackedBeforeKill > 20 && ackedAfterRestart > 20,
      `${ackedBeforeKill} before, ${ackedAfterRestart} after`,
    );
    check(
      'every acknowledged favourite is stored, once',
      ackedFavourites.length > 0 && missingFav.length === 0,
      `${ackedFavourites.length} acknowledged, ${missingFav.length} missing or doubled`,
    );
    check(
      'every acknowledged enquiry is stored, once',
      ackedEnquiries.length > 0 && missingEnq.length === 0,
      `${ackedEnquiries.length} acknowledged, ${missingEnq.length} missing or doubled`,
    );
    check(
      'no write stored twice',
      duplicates === 0,
      `${duplicates} duplicates among ${favCount.size + enqCount.size} stored`,
    );
    const odd = writes.filter((w) => typeof w.status === 'number' && (w.status >= 300 || w.status < 200));
    check(
      'every answered write was a 2xx (only the kill itself loses requests)',
      odd.length === 0,
      odd.length ? tally(odd.map((w) => w.status)) : `${acked.length} × 2xx`,
    );
  }

  async function databaseOutage(): Promise<void> {
    const cookie = await signIn(server.url, DEMO.client.email, DEMO.client.password, {
      origin,
      xff: '192.0.2.60',
    });
    const search = await request(`${server.url}/api/properties?location=Reading`, { xff: '192.0.2.61' });
    const slug = (search.body as { items: { slug: string; id: string }[] }).items[0]!;
    const pid = server.pid;

    // A background stream of searches and property pages, each from a new client address.
    const stream: { at: number; status: number | 'network error'; code?: string; message?: string }[] = [];
    let streaming = true;
    let n = 0;
    const t0 = Date.now();
    const streamWorker = async () => {
      while (streaming) {
        const i = n++;
        const path = i % 2 ? `/api/properties/${slug.slug}` : '/api/properties?location=Manchester';
        const at = Date.now() - t0;
        try {
          const r = await request(server.url + path, {
            xff: `100.96.${(i >> 8) & 255}.${i & 255}`,
            timeoutMs: 10_000,
          });
          stream.push({
            at,
            status: r.status,
            ...(r.errorCode ? { code: r.errorCode } : {}),
            ...(r.errorMessage ? { message: r.errorMessage } : {}),
          });
        } catch {
          stream.push({ at, status: 'network error' });
        }
        await sleep(20);
      }
    };
    const streamers = [streamWorker(), streamWorker()];
    await sleep(1500);

    const stoppedAt = Date.now() - t0;
    ctx.pg.pause();
    const downAt = Date.now() - t0;
    info(
      `PostgreSQL stopped (pg_ctl stop -m fast) at ${(stoppedAt / 1000).toFixed(1)} s, down at ${(downAt / 1000).toFixed(1)} s`,
    );

    const is503 = (r: Reply) => r.status === 503 && r.errorMessage === SERVER_MESSAGE;
    const describe = (r: Reply) =>
      `${r.status} ${r.errorCode ?? ''} '${r.errorMessage ?? r.text.slice(0, 60)}'`;
    const probes: [string, () => Promise<Reply>][] = [
      ['search', () => request(`${server.url}/api/properties?location=Reading`, { xff: '192.0.2.70' })],
      ['property page', () => request(`${server.url}/api/properties/${slug.slug}`, { xff: '192.0.2.71' })],
      [
        'favourite (signed in)',
        () =>
          request(`${server.url}/api/me/favourites/${slug.id}`, {
            method: 'PUT',
            cookie,
            origin,
            xff: '192.0.2.60',
          }),
      ],
      [
        'enquiry',
        () =>
          request(`${server.url}/api/enquiries`, {
            json: {
              propertyId: slug.id,
              name: 'Soak Tester',
              email: 'soak.tester@example.com',
              message: 'Is it still available?',
            },
            xff: '192.0.2.72',
          }),
      ],
      [
        'sign-in',
        () =>
          request(`${server.url}/api/auth/sign-in/email`, {
            json: DEMO.client,
            origin,
            xff: '192.0.2.73',
          }),
      ],
    ];
    for (const [name, probe] of probes) {
      const r = await probe();
      check(`database down: ${name} → 503 with the server message`, is503(r), describe(r));
    }
    const health = await request(`${server.url}/api/health`);
    const live = await request(`${server.url}/api/health/live`);
    check(
      'database down: readiness 503, liveness 200',
      health.status === 503 && live.status === 200,
      `/api/health ${health.status} ${health.text}; /api/health/live ${live.status}`,
    );

    // The limiter's fallback: one client key, 25 searches while the database is down.
    const fallbackKey = '192.0.2.80';
    const fallback: Reply[] = [];
    for (let i = 0; i < 25; i++)
      fallback.push(await request(`${server.url}/api/properties?location=Reading`, { xff: fallbackKey }));
    const firstRefusal = fallback.findIndex((r) => r.status === 429);
    const refusal = fallback[firstRefusal];
    check(
      'database down: the rate limiter falls back to memory (REQ-LIMIT-01 local search limit 20, not the configured 1,000,000)',
      firstRefusal === 20 &&
        fallback.slice(0, 20).every(is503) &&
        refusal?.errorCode === 'SEARCH_RATE_LIMITED' &&
        refusal.headers.get('ratelimit-limit') === '20' &&
        Number(refusal.headers.get('retry-after')) >= 1,
      `${tally(fallback.map((r) => r.status))}; first 429 at search ${firstRefusal + 1}: ${refusal?.errorCode}, ` +
        `RateLimit-Limit ${refusal?.headers.get('ratelimit-limit')}, Retry-After ${refusal?.headers.get('retry-after')}`,
    );
    await sleep(1000);
    check('database down: the API process stays up', server.alive() && server.pid === pid, `pid ${pid}`);

    const resumedAt = Date.now() - t0;
    ctx.pg.resume();
    const upAt = Date.now() - t0;
    let recoveredAt = -1;
    while (Date.now() - t0 - upAt < 30_000) {
      const r = await request(`${server.url}/api/properties?location=Reading`, { xff: '192.0.2.90' }).catch(
        () => null,
      );
      if (r?.status === 200) {
        recoveredAt = Date.now() - t0;
        break;
      }
      await sleep(100);
    }
    await sleep(1500);
    streaming = false;
    await Promise.all(streamers);
    check(
      'PostgreSQL back: the API recovers by itself (same process, no restart)',
      recoveredAt > 0 && server.alive() && server.pid === pid,
      recoveredAt > 0
        ? `pg_ctl start at ${(resumedAt / 1000).toFixed(1)} s, accepting at ${(upAt / 1000).toFixed(1)} s, first search 200 ` +
            `${((recoveredAt - upAt) / 1000).toFixed(1)} s later; pid ${server.pid}`
        : 'no 200 within 30 s',
    );
    const afterFav = await request(`${server.url}/api/me/favourites/${slug.id}`, {
      method: 'PUT',
      cookie,
      origin,
      xff: '192.0.2.60',
    });
    const afterLimit = await request(`${server.url}/api/properties?location=Reading`, { xff: fallbackKey });
    check(
      'PostgreSQL back: writes work and the database limiter is used again',
      afterFav.status === 200 &&
        afterLimit.status === 200 &&
        afterLimit.headers.get('ratelimit-limit') === '1000000',
      `favourite ${afterFav.status}; search by the key the memory fallback had blocked: ${afterLimit.status}, ` +
        `RateLimit-Limit ${afterLimit.headers.get('ratelimit-limit')}`,
    );

    const before = stream.filter((s) => s.at < stoppedAt);
    const during = stream.filter((s) => s.at >= downAt && s.at < upAt);
    const after = stream.filter((s) => recoveredAt > 0 && s.at >= recoveredAt);
    const bad = stream.filter(
      (s) => !(s.status === 200 || (s.status === 503 && s.message === SERVER_MESSAGE)),
    );
    check(
      'background stream: only 200s and 503s with the server message (no 500, no dropped connection)',
      bad.length === 0 && during.length > 0 && during.every((s) => s.status === 503),
      `before ${tally(before.map((s) => s.status))}; during ${tally(during.map((s) => s.status))}; ` +
        `after recovery ${tally(after.map((s) => s.status))}` +
        (bad.length ? `; unexpected: ${tally(bad.map((s) => `${s.status} ${s.code ?? ''}`))}` : ''),
    );
    check(
      'background stream: 200s again after recovery',
      after.length > 0 && after.every((s) => s.status === 200),
      tally(after.map((s) => s.status)),
    );
    const unhandled = logEntries(server.log(), 50, 'unhandled error');
    check(
      'the outage was logged as the database being unavailable, never as an unhandled error',
      unhandled.length === 0,
      `${logEntries(server.log(), 50, 'database unavailable').length} 'database unavailable', ` +
        `${unhandled.length} 'unhandled error' log entries`,
    );
  }
}
