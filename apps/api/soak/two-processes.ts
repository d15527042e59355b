/**
 * Two API processes on one PostgreSQL 15 (REQ-SEC-14, ADR 024 scale-out), as behind a load balancer: same
 * DATABASE_URL, PUBLIC_URL and AUTH_SECRET, each its own DATA_DIR, uploads in an S3-compatible bucket (s3rver).
 * (a) rate limits are shared: 25 searches alternating between the processes → 20 allowed in total; 7 sign-in
 *     attempts for one e-mail alternating → blocked after 5.
 * (b) the saved-search alert job runs every second in both processes; a new listing matching a saved search gives
 *     one e-mail, not two (SKIP LOCKED claims and the deliveries primary key, ADR 010).
 * (c) a photo uploaded through one process is served by the other at /media/uploads/….
 * (d) without S3: two processes on one shared DATA_DIR (a network share) — allowed with DATABASE_URL, the PGlite
 *     lock is not taken — share the generated auth secret and the uploads folder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { WIMBLEDON_SALE_DRAFT, WIMBLEDON_SALE_FACTS } from '#src/testing/fixtures.ts';
import type { SoakContext } from './context.ts';
import { DEMO, fetchBytes, request, signIn, sleep, type Reply } from './lib/http.ts';
import { check, info } from './lib/report.ts';
import { logEntries, startServer, type Server } from './lib/server.ts';

/** A sale listing in Wimbledon (SW19 1AA is in the postcode data), active: public once an admin approves it. */
// Created as a draft and published once its photo is in: a listing goes live only with a photo (REQ-LISTING-06).
export const SOAK_LISTING = { ...WIMBLEDON_SALE_DRAFT, ...WIMBLEDON_SALE_FACTS };

const BUCKET = 'abode-soak';

/** A small PNG, different on every call (so two uploads never share bytes). */
export async function testPhoto(): Promise<Buffer> {
  const [r, g, b] = [...randomBytes(3)];
  return sharp({ create: { width: 96, height: 64, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

async function upload(server: Server, listingId: string, cookie: string, origin: string): Promise<Reply> {
  const form = new FormData();
  form.append('file', new Blob([await testPhoto()], { type: 'image/png' }), 'soak.png');
  return request(`${server.url}/api/agent/properties/${listingId}/photos`, { form, cookie, origin });
}

export async function twoProcessesStep(ctx: SoakContext): Promise<void> {
  const origin = ctx.publicUrl;
  const s3dir = path.join(ctx.dir, 's3');
  fs.mkdirSync(s3dir, { recursive: true });
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: ctx.port(8),
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
  const db = new pg.Client({ connectionString: ctx.databaseUrl });
  await db.connect();
  const shared = {
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ALERTS_INTERVAL_MS: '1000',
    LOG_LEVEL: 'info',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${ctx.port(8)}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const servers: Server[] = [];
  try {
    const [a, b] = await Promise.all(
      (['pair-a', 'pair-b'] as const).map((name, i) =>
        startServer({
          name,
          port: ctx.port(2 + i),
          logDir: ctx.dir,
          env: { ...ctx.baseEnv(name), ...shared },
        }),
      ),
    );
    servers.push(a!, b!);
    ctx.servers.push(a!, b!);
    const pair = [a!, b!];

    // (a) Search limit: one client (127.0.0.1, no TRUST_PROXY), 25 searches alternating.
    const searches: {
      server: string;
      status: number;
      retryAfter: string | null;
      code?: string;
      remaining: string | null;
    }[] = [];
    for (let i = 0; i < 25; i++) {
      const server = pair[i % 2]!;
      const r = await request(`${server.url}/api/properties?location=Reading`);
      searches.push({
        server: server.name,
        status: r.status,
        retryAfter: r.headers.get('retry-after'),
        remaining: r.headers.get('ratelimit-remaining'),
        ...(r.errorCode ? { code: r.errorCode } : {}),
      });
    }
    const allowed = searches.filter((s) => s.status === 200);
    const refused = searches.filter((s) => s.status === 429);
    check(
      'search limit across both processes: 25 alternating searches → 20 allowed, 5 refused',
      allowed.length === 20 && refused.length === 5 && searches.slice(0, 20).every((s) => s.status === 200),
      `200 ×${allowed.length} (pair-a ${allowed.filter((s) => s.server === 'pair-a').length}, pair-b ${allowed.filter((s) => s.server === 'pair-b').length}), ` +
        `429 ×${refused.length} (pair-a ${refused.filter((s) => s.server === 'pair-a').length}, pair-b ${refused.filter((s) => s.server === 'pair-b').length}); ` +
        `RateLimit-Remaining ${searches
          .slice(0, 4)
          .map((s) => s.remaining)
          .join(', ')}…`,
    );
    check(
      'each refusal is SEARCH_RATE_LIMITED with Retry-After',
      refused.length > 0 &&
        refused.every((s) => s.code === 'SEARCH_RATE_LIMITED' && Number(s.retryAfter) >= 1),
      refused.map((s) => `${s.code} Retry-After ${s.retryAfter}`).join('; '),
    );

    // Sign-in: 5 per hour per IP + e-mail, whichever process answers.
    const email = `soak-${ctx.runId}@example.com`;
    const signIns: { server: string; status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < 7; i++) {
      const server = pair[i % 2]!;
      const r = await request(`${server.url}/api/auth/sign-in/email`, {
        json: { email, password: 'Wrong-password-1' },
        origin,
      });
      signIns.push({ server: server.name, status: r.status, retryAfter: r.headers.get('retry-after') });
    }
    check(
      'sign-in limit across both processes: blocked after 5 attempts',
      signIns.slice(0, 5).every((s) => s.status === 401) &&
        signIns.slice(5).every((s) => s.status === 429 && Number(s.retryAfter) > 0),
      signIns.map((s) => `${s.server.slice(-1)}:${s.status}`).join(' ') +
        ` (Retry-After ${signIns[6]?.retryAfter} s)`,
    );

    // (b) The alert job in both processes, every second.
    const client = await signIn(a!.url, DEMO.client.email, DEMO.client.password, { origin });
    const agent = await signIn(b!.url, DEMO.agent.email, DEMO.agent.password, { origin });
    const admin = await signIn(a!.url, DEMO.superAdmin.email, DEMO.superAdmin.password, { origin });
    const label = `Soak alert ${ctx.runId}`;
    const saved = await request(`${b!.url}/api/me/saved-searches`, {
      json: {
        label,
        searchParams: { location: 'SW19', mode: 'sale' },
        emailAlerts: true,
        alertFrequency: 'instant',
      },
      cookie: client,
      origin,
    });
    if (saved.status !== 201) throw new Error(`saving the search answered ${saved.status}: ${saved.text}`);
    const savedId = (saved.body as { id: string }).id;
    const created = await request(`${a!.url}/api/agent/properties`, {
      json: SOAK_LISTING,
      cookie: agent,
      origin,
    });
    if (created.status !== 201)
      throw new Error(`creating the listing answered ${created.status}: ${created.text}`);
    const listing = created.body as { id: string; slug: string };

    // (c) Upload through process A, before the listing goes live.
    const uploaded = await upload(a!, listing.id, agent, origin);
    check('photo upload through process A', uploaded.status === 201, `POST …/photos ${uploaded.status}`);
    const photo = uploaded.body as { url: string; variants?: { url: string }[] };
    if (uploaded.status === 201) {
      const urls = [photo.url, ...(photo.variants ?? []).map((v) => v.url)].filter(
        (u, i, all) => all.indexOf(u) === i,
      );
      const results = await Promise.all(
        urls.map(async (u) => ({
          u,
          fromA: await fetchBytes(a!.url + u),
          fromB: await fetchBytes(b!.url + u),
        })),
      );
      check(
        'process B serves every size of the photo uploaded through A (same bytes)',
        results.every(
          (r) =>
            r.fromA.status === 200 &&
            r.fromB.status === 200 &&
            r.fromA.bytes.equals(r.fromB.bytes) &&
            r.fromB.type === 'image/webp',
        ),
        results
          .map(
            (r) =>
              `${r.u.replace(/^.*\//, '')}: A ${r.fromA.status}, B ${r.fromB.status} ${r.fromB.type} ${r.fromB.bytes.length} B`,
          )
          .join('; '),
      );
      const listed = await request(`${b!.url}/api/agent/properties/${listing.id}/photos`, { cookie: agent });
      const items = (listed.body as { items?: { url: string }[] } | undefined)?.items ?? [];
      const objects = fs
        .readdirSync(path.join(s3dir, BUCKET), { recursive: true })
        .filter((f) => String(f).endsWith('.webp._S3rver_object'));
      check(
        'the photo is in the shared bucket and process B lists it',
        items.some((i) => i.url === photo.url) && objects.length > 0,
        `B lists ${items.length} photo(s); bucket holds ${objects.length} .webp object file(s)`,
      );
    }
    const published = await request(`${b!.url}/api/agent/properties/${listing.id}`, {
      method: 'PATCH',
      json: { status: 'active' },
      cookie: agent,
      origin,
    });
    if (published.status !== 200)
      throw new Error(`publishing the listing answered ${published.status}: ${published.text}`);

    const approved = await request(`${b!.url}/api/admin/properties/${listing.id}/approve`, {
      method: 'POST',
      cookie: admin,
      origin,
    });
    if (approved.status !== 200)
      throw new Error(`approving the listing answered ${approved.status}: ${approved.text}`);
    const approvedAt = Date.now();
    const count = async () => {
      const r = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM outbox WHERE "to" = $1 AND subject LIKE $2`,
        [DEMO.client.email, `%"${label}"%`],
      );
      return Number(r.rows[0]!.n);
    };
    let first = 0;
    while (Date.now() - approvedAt < 30_000 && (first = await count()) === 0) await sleep(250);
    const firstAfterS = (Date.now() - approvedAt) / 1000;
    // Several more runs of both processes' jobs (every second each).
    await sleep(5000);
    const emails = await count();
    const deliveries = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM saved_search_deliveries WHERE saved_search_id = $1 AND property_id = $2',
      [savedId, listing.id],
    );
    const sentBy = pair.map((s) => `${s.name} ${logEntries(s.log(), 30, 'alerts sent').length}`).join(', ');
    const failedRuns = pair.flatMap((s) => logEntries(s.log(), 50, 'alert job failed'));
    check(
      'alert job in both processes: one e-mail for the new listing, not two',
      first === 1 && emails === 1 && Number(deliveries.rows[0]!.n) === 1 && failedRuns.length === 0,
      `first e-mail ${firstAfterS.toFixed(1)} s after approval; ${emails} e-mail(s) after 5 s more of ticks; ` +
        `${deliveries.rows[0]!.n} delivery row(s); 'alerts sent' log lines: ${sentBy}; failed runs ${failedRuns.length}`,
    );

    await Promise.all(pair.map((s) => s.stop()));

    // (d) No S3: both processes on one shared DATA_DIR. The first start generates the auth secret; start it first.
    const sharedEnv = { ...ctx.baseEnv('shared'), ALERTS_INTERVAL_MS: '0' };
    const d1 = await startServer({
      name: 'shared-dir-a',
      port: ctx.port(2),
      logDir: ctx.dir,
      env: sharedEnv,
    });
    servers.push(d1);
    ctx.servers.push(d1);
    const d2 = await startServer({
      name: 'shared-dir-b',
      port: ctx.port(3),
      logDir: ctx.dir,
      env: sharedEnv,
    });
    servers.push(d2);
    ctx.servers.push(d2);
    check(
      'two processes start on one DATA_DIR with DATABASE_URL (no PGlite lock taken)',
      d1.alive() && d2.alive(),
    );
    // Signed in on B, uploading on A: the session cookie is valid on both (one generated secret in the shared folder).
    const agentB = await signIn(d2.url, DEMO.agent.email, DEMO.agent.password, { origin });
    const up2 = await upload(d1, listing.id, agentB, origin);
    const url2 = (up2.body as { url?: string } | undefined)?.url ?? '';
    const fromA = up2.status === 201 ? await fetchBytes(d1.url + url2) : undefined;
    const fromB = up2.status === 201 ? await fetchBytes(d2.url + url2) : undefined;
    check(
      'shared DATA_DIR: signed in on B, uploaded through A, served by B',
      up2.status === 201 && fromA?.status === 200 && fromB?.status === 200 && fromA.bytes.equals(fromB.bytes),
      `upload ${up2.status}; A ${fromA?.status}, B ${fromB?.status} (${fromB?.bytes.length ?? 0} B)`,
    );
    info(`listing ${listing.slug}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.end();
    await s3.close();
  }
}
