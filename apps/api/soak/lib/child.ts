import type { ChildProcess } from 'node:child_process';

/** A child process the soak started (an API server, nginx), as its owner stops and watches it. */
export interface Child {
  alive(): boolean;
  /**
   * Sends `signal`, then SIGKILL if the process is still running `graceMs` later; resolves once it has exited, at
   * once when it already had.
   */
  stop(signal: NodeJS.Signals, graceMs?: number): Promise<void>;
}

/** Watches `child`, kept in `running` (its owner's clean-up list) until it exits. */
export function watchChild(child: ChildProcess, running: Set<ChildProcess>): Child {
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    alive,
    async stop(signal, graceMs) {
      if (!alive()) return;
      child.kill(signal);
      const timer = graceMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
