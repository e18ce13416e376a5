import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A real Turso Sync server for tests and the bench: the `tursodb` binary from the npm package
 * `turso` (the binary itself, not its Node wrapper, so a kill reaches the server), on 127.0.0.1
 * only, on a free port, over a file in a temp folder. `stop()` kills it and removes the folder.
 */
export const TURSODB = resolve(import.meta.dirname, '../../node_modules/@tursodatabase/cli-linux-x64-gnu/tursodb');

const freePort = (): Promise<number> =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });

export interface SyncServer {
  url: string;
  /** Kill the server (SIGKILL) and start it again on the same file and port. */
  restart(): Promise<void>;
  kill(): void;
  stop(): void;
  /** The running server's process id (the bench reads its CPU time). */
  pid(): number | undefined;
}

const answers = async (url: string, deadline: number): Promise<void> => {
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`the sync server at ${url} did not answer`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
};

export const startSyncServer = async (): Promise<SyncServer> => {
  const dir = mkdtempSync(join(tmpdir(), 'mahjmate-sync-server-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn(TURSODB, [join(dir, 'group.db'), '--sync-server', `127.0.0.1:${port}`], { stdio: 'ignore' });
    // A loaded machine can take a while to start it (and to recover its file after a kill).
    await answers(url, Date.now() + 60_000);
  };
  const kill = () => {
    proc?.kill('SIGKILL');
    proc = undefined;
  };
  await start();
  return {
    url,
    restart: async () => {
      kill();
      await start();
    },
    kill,
    pid: () => proc?.pid,
    stop: () => {
      kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
