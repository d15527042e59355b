/**
 * A stand-in API for cluster.test.ts: superviseWorkers() with two workers, each answering `GET /` with its worker id
 * and what shareEngineReadiness() reports. A worker's engine counts as ready once the file READY_DIR/<worker id>
 * exists, so the test decides which processes are ready. `GET /?busy=<ms>` first holds the process for that long, as a
 * slow search would.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { shareEngineReadiness, superviseWorkers } from '#src/cluster.ts';
import { acceptDealtConnections } from '#src/deal-connections.ts';
import { createLogger } from '#src/lib/logger.ts';

if (cluster.isPrimary) {
  superviseWorkers(2, { port: Number(process.env.PORT), host: '127.0.0.1' }, createLogger('silent'));
} else {
  const id = cluster.worker!.id;
  const allReady = shareEngineReadiness(() => fs.existsSync(path.join(process.env.READY_DIR!, String(id))))!;
  acceptDealtConnections(
    http.createServer((req, res) => {
      const until = performance.now() + Number(new URL(req.url!, 'http://x').searchParams.get('busy') ?? 0);
      while (performance.now() < until);
      res.end(JSON.stringify({ worker: id, allReady: allReady() }));
    }),
  );
}
