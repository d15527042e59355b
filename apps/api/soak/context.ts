/** What every soak step gets: the run's folder, the PostgreSQL 15 it shares, ports and the servers to clean up. */
import path from 'node:path';
import type { ThrowawayPostgres } from '../bench/throwaway-postgres.ts';
import type { Server } from './lib/server.ts';

export interface SoakContext {
  /** The run's temporary folder (logs, data folders, sqlmap output). */
  dir: string;
  /** Short random id: markers in enquiries, labels, e-mail addresses of this run. */
  runId: string;
  pg: ThrowawayPostgres;
  databaseUrl: string;
  /** PUBLIC_URL of every server (the origin behind the "load balancer"); cookie writes send it as Origin. */
  publicUrl: string;
  /** The run's i-th HTTP port (base port + i; 0–9). */
  port(i: number): number;
  /** DATABASE_URL, PUBLIC_URL and a DATA_DIR of its own for a server called `name`. */
  baseEnv(name: string): Record<string, string>;
  /** Servers started by steps, stopped at the end whatever happens. */
  servers: Server[];
}

export function createContext(options: {
  dir: string;
  runId: string;
  pg: ThrowawayPostgres;
  basePort: number;
}): SoakContext {
  // Unique per run: servers are recognised by it (/robots.txt names it), so two runs on one machine cannot mix.
  const publicUrl = `http://soak-${options.runId}.localhost`;
  return {
    dir: options.dir,
    runId: options.runId,
    pg: options.pg,
    databaseUrl: options.pg.url,
    publicUrl,
    port: (i) => options.basePort + i,
    baseEnv: (name) => ({
      DATABASE_URL: options.pg.url,
      PUBLIC_URL: publicUrl,
      DATA_DIR: path.join(options.dir, `data-${name}`),
    }),
    servers: [],
  };
}
