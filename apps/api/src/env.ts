/**
 * Configuration from environment variables, checked with zod at start-up so a bad value fails fast with a clear
 * message (DESIGN §5, STYLE §5.7). Every variable is listed in `.env.example`.
 */
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port (default 3000). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder for the embedded database, uploads and generated secrets. */
  DATA_DIR: z.string().default('./.data'),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Origin used in links that leave the site (e-mails); defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Load the real demo data on first start (default on outside production). */
  DEMO_SEED: booleanish.optional(),
  /** Trust X-Forwarded-For from a proxy in front (never trust a client's own header otherwise). */
  TRUST_PROXY: booleanish.default(false),
  /** better-auth signing secret (required in production; otherwise generated once into DATA_DIR/auth-secret). */
  AUTH_SECRET: z.string().min(32).optional(),
  /** SMTP server for outgoing e-mail (smtp://user:pass@host:587); without it mail goes to the `outbox` table. */
  SMTP_URL: z.string().url().optional(),
  /** From address of outgoing e-mail. */
  MAIL_FROM: z.string().default('Abode <no-reply@abode.local>'),
  /** Milliseconds between runs of the saved-search alert job (ADR 010); 0 disables it in this process. */
  ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built SPA served by the API. */
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; demoSeed: boolean; webDist: string };

/** Parses `source` (default `process.env`). Throws an Error listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET)
    throw new Error(
      'Invalid environment configuration:\n  AUTH_SECRET: required in production (32+ characters)',
    );
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...env,
    // Relative to where the user ran npm (INIT_CWD), not the workspace folder npm switches to.
    dataDir: path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    demoSeed: env.DEMO_SEED ?? env.NODE_ENV !== 'production',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
