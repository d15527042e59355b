/**
 * How the cluster's primary (cluster.ts, ADR 024) shares the port: it listens itself and deals new connections to the
 * API processes strictly in turn, and each worker serves the connections it is dealt.
 *
 * Node's own round robin is not strict: it hands the next connection to whichever worker acknowledged its previous
 * one first, so a process that is busy when connections arrive together (a proxy's keep-alive pool, a load test) gets
 * few of them, and keeps few for as long as they live. In `npm run bench` 31 of 32 keep-alive connections went to
 * one process and 1 to the other, and Node's `none` policy gave 24 and 8 (docs/benchmarks/log/2026-12.md). Dealing
 * to the fewest open connections fared little better (11 and 21): a worker reports a closed connection only when its
 * event loop gets to it, so the busier one's count lags and new connections flee it in the same way.
 */
import type { Worker } from 'node:cluster';
import net from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from '#src/lib/logger.ts';

/** Primary → worker, with the connection's socket as the handle. */
interface ConnectionMessage {
  abode: 'connection';
}

/** Worker → primary: ready to be dealt connections. */
interface AcceptingMessage {
  abode: 'accepting';
}

/** The primary's side: its listening socket and the workers it deals to. */
export interface ConnectionDealer {
  /** Deals connections to `worker` once it says it is accepting. */
  add(worker: Worker): void;
  /** Stops dealing to a worker that exited (its connections went with it). */
  remove(worker: Worker): void;
  /** Stops listening: no new connections (those open stay with their workers until they end). */
  close(): void;
}

/**
 * Listens on `port` and `host` in the primary and deals each new connection to the next accepting worker in turn.
 * Connections that arrive before any worker accepts wait, paused and unread. A listening error (the port is taken)
 * is fatal: logged, exit code 1.
 */
export function dealConnections(port: number, host: string, logger: Logger): ConnectionDealer {
  const accepting: Worker[] = [];
  const waiting: net.Socket[] = [];
  const added = new Set<Worker>();
  let turn = 0;

  const deal = (socket: net.Socket) => {
    if (!accepting.length) {
      waiting.push(socket);
      return;
    }
    const worker = accepting[turn++ % accepting.length]!;
    const message: ConnectionMessage = { abode: 'connection' };
    worker.send(message, socket, (error) => {
      // The worker is gone or going: drop the connection (the client retries).
      if (error) socket.destroy();
    });
  };

  const server = net.createServer({ pauseOnConnect: true }, deal);
  server.on('error', (error) => {
    logger.fatal({ err: error, port, host }, 'cannot listen');
    process.exit(1);
  });
  server.listen(port, host);

  return {
    add(worker) {
      added.add(worker);
      worker.on('message', (message: unknown) => {
        if ((message as AcceptingMessage | null)?.abode !== 'accepting' || !added.has(worker)) return;
        if (!accepting.includes(worker)) accepting.push(worker);
        for (const socket of waiting.splice(0)) deal(socket);
      });
    },
    remove(worker) {
      added.delete(worker);
      const i = accepting.indexOf(worker);
      if (i >= 0) accepting.splice(i, 1);
    },
    close() {
      server.close();
      for (const socket of waiting.splice(0)) socket.destroy();
    },
  };
}

/** How often a draining worker closes the connections that have turned idle, ms. */
const DRAIN_POLL_MS = 50;

/** A worker's side: serves the connections the primary hands it. */
export interface DealtConnections {
  /** Closes the idle connections and resolves once the busy ones have finished and closed too. */
  drain(): Promise<void>;
}

/**
 * In a worker: serves on `server` (an HTTP server that does not listen itself) each connection the primary deals, and
 * tells the primary it is accepting.
 */
export function acceptDealtConnections(server: Server): DealtConnections {
  const sockets = new Set<net.Socket>();
  // Node's HTTP server starts tracking its connections on 'listening': the checks behind headersTimeout and
  // requestTimeout (slow clients), and closeIdleConnections. This server never listens itself, so it is told.
  server.emit('listening');
  process.on('message', (message: unknown, handle: unknown) => {
    if ((message as ConnectionMessage | null)?.abode !== 'connection' || !(handle instanceof net.Socket))
      return;
    const socket = handle;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    server.emit('connection', socket);
    // The primary accepted it paused, so that nothing was read before it arrived here.
    socket.resume();
  });
  const accepting: AcceptingMessage = { abode: 'accepting' };
  process.send?.(accepting);
  return {
    async drain() {
      // A busy keep-alive connection turns idle once its answer is sent: closed at the next look.
      while (sockets.size > 0) {
        server.closeIdleConnections();
        if (sockets.size > 0) await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
      }
    },
  };
}
