/**
 * Configuration from environment variables, checked with zod at start-up so a bad value fails fast with a clear
 * message (REQ-DATA-07, STYLE §5.7). Every variable is listed in `.env.example`.
 */
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '#src/lib/api-root.ts';
import { parseTrustProxy } from '#src/lib/client-ip.ts';
import { parseAttribution, tileOrigins, tileUrlProblems } from '#src/lib/map-tiles.ts';
import type { S3StorageOptions } from '#src/lib/storage-s3.ts';
import {
  DEFAULT_MAP_TILES,
  MAX_MAP_ZOOM,
  OSM_ATTRIBUTION,
  OSM_MAX_ZOOM,
  OSM_TILE_URL,
  type MapTiles,
} from '@abode/shared/map-tiles';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** An optional string where an empty value (`S3_BUCKET=` in a compose file) counts as unset. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** Default S3_REGION: AWS London, as Abode serves England and Wales; Cloudflare R2 wants `auto`. */
export const DEFAULT_S3_REGION = 'eu-west-2';

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port (default 3000). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface to listen on. Unset: 127.0.0.1 (this machine only) outside production, 0.0.0.0 in production; see
   * {@link listenAddress}.
   */
  HOST: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string().optional()),
  /** Folder for the embedded database, uploads and generated secrets. */
  DATA_DIR: z.string().default('./.data'),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Origin used in links that leave the site (e-mails) and the origin allowed to sign in; required in production,
   * else defaults to http://localhost:PORT.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Load the real demo data on first start (default on outside production). */
  DEMO_SEED: booleanish.optional(),
  /**
   * Proxies in front whose X-Forwarded-For entries are believed (lib/client-ip.ts): `false` (default), a number of
   * hops (`1` for one nginx), or a comma-separated list of proxy addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The SPA's UI lock-down in production builds (no right-click, dev-tool keys or text selection outside text fields,
   * addresses and phone numbers; REQ-SEC-13). A courtesy, never a security boundary (REQ-SEC-13): `false` turns it off.
   */
  UI_LOCKDOWN: booleanish.default(true),
  /**
   * Searches per minute per client key (signed-in user, else IP), REQ-SEC-14 default 20 (ADR 015). Raise it only where
   * many people share one address and no proxy tells them apart, or for browser tests that all come from 127.0.0.1.
   */
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Longest life in ms of a cached search answer (ADR 021), default 30,000 (the answers' own max-age); 0 turns the
   * cache off. Listing changes clear it at once whatever this says.
   */
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * The in-memory search engine (ADR 023), on by default: searches are answered from every visible listing's facts
   * held in each API process (about 2 GB resident at a million listings), with SQL for what it does not model.
   */
  SEARCH_ENGINE: booleanish.default(true),
  /**
   * API processes sharing PORT (ADR 024), default 1. More than one needs DATABASE_URL: the embedded PGlite folder has
   * a single owner. Each process holds its own search engine, so memory grows with the count.
   */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Memory bound in MiB of the search engine's cards (ADR 023), held outside the JavaScript heap in each API process:
   * about 1.4 KB a visible listing, so the default 2,048 holds a million and a half. Cards past it are read from the
   * database for each search that shows them.
   */
  SEARCH_CARD_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(2048),
  /** Memory bound of the search answer cache in MiB, default 64. */
  SEARCH_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Writes (POST/PUT/PATCH/DELETE) per minute per client key, default 60 (ADR 015). */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /**
   * Sign-in attempts per hour from one client IP across e-mails, default 20; sign-ups and e-mail requests from one IP
   * get half (REQ-LIMIT-02; features/auth/routes.ts). Raise it where many people share one address, or for browser tests.
   */
  AUTH_RATE_LIMIT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Sign-in attempts per hour for one account from any address, default 10, then a growing back-off of at most 15
   * minutes (REQ-LIMIT-02; features/auth/routes.ts). Raise it only for scanners and tests that try one account from
   * many addresses.
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** better-auth signing secret (required in production; otherwise generated once into DATA_DIR/auth-secret). */
  AUTH_SECRET: z.string().min(32).optional(),
  /** SMTP server for outgoing e-mail (smtp://user:pass@host:587); without it mail goes to the `outbox` table. */
  SMTP_URL: z.string().url().optional(),
  /** From address of outgoing e-mail. */
  MAIL_FROM: z.string().default('Abode <no-reply@abode.local>'),
  /** Milliseconds between runs of the saved-search alert job (ADR 010); 0 disables it in this process. */
  ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Milliseconds between runs of the listing feeds' media job (REQ-FEED-06), which fetches the files CRMs give by URL;
   * a feed call that queues media also wakes it at once. 0 disables it in this process.
   */
  FEED_MEDIA_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /** Pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built SPA served by the API. */
  WEB_DIST: z.string().optional(),
  /** Keep uploads in this S3-compatible bucket instead of DATA_DIR/uploads (ADR 012 Images). */
  S3_BUCKET: optionalText,
  /** Region requests are signed for (`auto` for Cloudflare R2; MinIO accepts any). */
  S3_REGION: z.string().trim().default(DEFAULT_S3_REGION),
  /** Endpoint of a non-AWS service (MinIO, R2, B2, …), e.g. http://127.0.0.1:9000. */
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /** Path-style bucket addressing (`{endpoint}/{bucket}`); default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.preprocess((v) => (v === '' ? undefined : v), booleanish.optional()),
  /** Static credentials; without both the AWS SDK's default chain is used (env, profile, IAM role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Folder inside the bucket for Abode's files, e.g. `abode/` (default: the bucket's root). */
  S3_PREFIX: optionalText,
  /**
   * Tile URL template of both maps (REQ-SEARCH-30): {z}, {x} and {y} (or {-y}), optionally {s} (one of
   * MAP_TILE_SUBDOMAINS) and {r} ('@2x' on high-density screens); https, or http on localhost. Default:
   * OpenStreetMap's, whose usage policy allows light use only (docs/deploy.md "Map tiles"). The Content-Security-Policy
   * allows its origin(s) as images. Checked by {@link mapTilesOptions}.
   */
  MAP_TILE_URL: optionalText,
  /** Comma-separated values of {s}, e.g. `a,b,c` (the default when the URL uses {s}); only with a URL that does. */
  MAP_TILE_SUBDOMAINS: optionalText,
  /**
   * The credit line the tile provider requires, shown on every map: text with `<a href="https://…">` links, as
   * providers publish it for Leaflet; no other HTML. Required with MAP_TILE_URL; default: OpenStreetMap's
   * (`© OpenStreetMap contributors`, linked to https://www.openstreetmap.org/copyright).
   */
  MAP_TILE_ATTRIBUTION: optionalText,
  /** Closest zoom the tile provider serves, 0–22 (default 19, OpenStreetMap's). */
  MAP_TILE_MAX_ZOOM: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(0).max(MAX_MAP_ZOOM).default(OSM_MAX_ZOOM),
  ),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'HOST'> & {
  /** The interface the server listens on: HOST, or {@link listenAddress}'s default. */
  HOST: string;
  dataDir: string;
  demoSeed: boolean;
  webDist: string;
  /** Where uploads go: the bucket when S3_BUCKET is set, else null (DATA_DIR/uploads on disk). */
  s3: S3StorageOptions | null;
  /** The map tiles, checked: what the web app gets, and from it the CSP's tile origins (MAP_TILE_*). */
  mapTiles: MapTiles;
};

/** A bad or missing environment variable: its message says which and why, and is all a start-up prints. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses `source` (default `process.env`). Throws an EnvError listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const missing = productionProblems(env);
  if (missing.length) throw new EnvError(`Invalid environment configuration:\n${missing.join('\n')}`);
  if (env.API_PROCESSES > 1 && !env.DATABASE_URL)
    throw new EnvError(
      'Invalid environment configuration:\n  API_PROCESSES: more than 1 needs DATABASE_URL (PostgreSQL); the embedded database has a single owner',
    );
  const s3 = s3Options(env);
  const mapTiles = mapTilesOptions(env);
  return {
    ...env,
    HOST: listenAddress(env),
    // Relative to where the user ran npm (INIT_CWD), not the workspace folder npm switches to.
    dataDir: path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    demoSeed: env.DEMO_SEED ?? env.NODE_ENV !== 'production',
    webDist: path.resolve(env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    s3,
    mapTiles,
  };
}

/**
 * What a production start needs and a development start makes up (REQ-DATA-06): the signing secret (otherwise generated
 * into DATA_DIR, which a second server or a restored backup would not share) and the public origin (otherwise
 * http://localhost:PORT, so e-mail links and the allowed sign-in origin would be wrong). One line per missing variable.
 */
function productionProblems(env: z.infer<typeof EnvSchema>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.AUTH_SECRET) problems.push('  AUTH_SECRET: required in production (32+ characters)');
  if (!env.PUBLIC_URL)
    problems.push(
      '  PUBLIC_URL: required in production: the origin people reach the site at, e.g. https://abode.example.org',
    );
  return problems;
}

/**
 * The interface to listen on: HOST when set; otherwise 127.0.0.1 outside production, so a fresh clone started on a
 * laptop serves only that laptop (its /api/dev helpers, outbox and demo accounts included), and 0.0.0.0 in
 * production. Pure.
 */
export function listenAddress(env: { NODE_ENV: string; HOST?: string | undefined }): string {
  return env.HOST || (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}

/** True for an address only this machine can reach: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * The warning a development server prints when it listens beyond this machine (REQ-SEC-14), or null: in production,
 * or on a loopback address. Several lines, meant for stderr.
 */
export function devExposureWarning(env: { NODE_ENV: string; HOST: string; PORT: number }): string | null {
  if (env.NODE_ENV === 'production' || isLoopbackHost(env.HOST)) return null;
  const rule = '!'.repeat(78);
  return [
    rule,
    `!! WARNING: this ${env.NODE_ENV} server listens on ${env.HOST}:${env.PORT}: other machines can reach it.`,
    '!! Its demo accounts (printed at first start; passwords in the README) can sign in from anywhere.',
    '!! /dev/mail and /api/dev/* (every e-mail with its reset links; publishing listings) answer only requests',
    '!! from this machine, but a proxy here that sends no X-Forwarded-For makes every request look local.',
    '!! Unset HOST to listen on 127.0.0.1 only, or run with NODE_ENV=production.',
    rule,
  ].join('\n');
}

/** The bucket settings when S3_BUCKET is set; throws on a set bucket with an empty region or half a key pair. */
function s3Options(env: z.infer<typeof EnvSchema>): S3StorageOptions | null {
  if (!env.S3_BUCKET) return null;
  const problems: string[] = [];
  if (!env.S3_REGION)
    problems.push('  S3_REGION: required when S3_BUCKET is set (e.g. eu-west-2, or auto for R2)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push(
      '  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default credential chain',
    );
  if (problems.length) throw new EnvError(`Invalid environment configuration:\n${problems.join('\n')}`);
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : {}),
    ...(env.S3_PREFIX ? { prefix: env.S3_PREFIX } : {}),
  };
}

/**
 * The map tiles from MAP_TILE_URL, MAP_TILE_SUBDOMAINS, MAP_TILE_ATTRIBUTION and MAP_TILE_MAX_ZOOM (REQ-SEARCH-30), or
 * OpenStreetMap's when none is set. Throws an EnvError with one line per problem: a template that
 * lib/map-tiles.ts's tileUrlProblems refuses, plain http to anything but this machine (tiles would be mixed content
 * on an https site and readable on the way), subdomains without {s} or that are not host name labels, and a custom
 * URL without its own credit line, or a credit line with anything but text and https links.
 */
function mapTilesOptions(env: z.infer<typeof EnvSchema>): MapTiles {
  if (!env.MAP_TILE_URL && !env.MAP_TILE_SUBDOMAINS && !env.MAP_TILE_ATTRIBUTION)
    return { ...DEFAULT_MAP_TILES, maxZoom: env.MAP_TILE_MAX_ZOOM };
  const problems: string[] = [];
  const url = (env.MAP_TILE_URL ?? OSM_TILE_URL).trim();
  const usesSubdomains = url.includes('{s}');
  const subdomains = env.MAP_TILE_SUBDOMAINS
    ? env.MAP_TILE_SUBDOMAINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : usesSubdomains
      ? ['a', 'b', 'c']
      : [];
  if (env.MAP_TILE_SUBDOMAINS && !usesSubdomains)
    problems.push('  MAP_TILE_SUBDOMAINS: set, but MAP_TILE_URL has no {s} to put them in');
  const badLabels = subdomains.filter((s) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(s));
  if (badLabels.length)
    problems.push(
      `  MAP_TILE_SUBDOMAINS: ${badLabels.map((s) => `"${s}"`).join(', ')} is not a host name label (letters, digits, hyphens)`,
    );
  const urlProblems = badLabels.length ? [] : tileUrlProblems(url, subdomains);
  problems.push(...urlProblems.map((p) => `  MAP_TILE_URL: ${p}`));
  if (!badLabels.length && !urlProblems.length)
    for (const origin of tileOrigins(url, subdomains)) {
      const { protocol, hostname } = new URL(origin);
      if (protocol === 'http:' && !isLoopbackHost(hostname)) {
        problems.push(
          `  MAP_TILE_URL: must be https:// (plain http only on localhost); ${origin} would be mixed content on an https site`,
        );
        break;
      }
    }
  if (env.MAP_TILE_URL && !env.MAP_TILE_ATTRIBUTION)
    problems.push(
      '  MAP_TILE_ATTRIBUTION: required with MAP_TILE_URL: the credit line your tile provider asks for, e.g. © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    );
  const attribution = parseAttribution(env.MAP_TILE_ATTRIBUTION ?? OSM_ATTRIBUTION);
  problems.push(...attribution.problems.map((p) => `  MAP_TILE_ATTRIBUTION: ${p}`));
  if (problems.length) throw new EnvError(`Invalid environment configuration:\n${problems.join('\n')}`);
  return { url, subdomains, maxZoom: env.MAP_TILE_MAX_ZOOM, attribution: attribution.parts };
}
