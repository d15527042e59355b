/**
 * A stand-in API for cluster.test.ts: superviseWorkers() with two workers, each answering `GET /` with its worker id
 * and what shareEngineReadiness() reports. A worker's engine counts as ready once the file READY_DIR/<worker id>
 * exists, so the test decides which processes are ready.
 */
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { shareEngineReadiness, superviseWorkers } from '#src/cluster.ts';
import { createLogger } from '#src/lib/logger.ts';

if (cluster.isPrimary) {
  superviseWorkers(2, createLogger('silent'));
} else {
  const id = cluster.worker!.id;
  const allReady = shareEngineReadiness(() => fs.existsSync(path.join(process.env.READY_DIR!, String(id))))!;
  http
    .createServer((_req, res) => res.end(JSON.stringify({ worker: id, allReady: allReady() })))
    .listen(Number(process.env.PORT), '127.0.0.1');
}
