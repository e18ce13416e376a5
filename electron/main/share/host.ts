// Main's side of the share process (wire.ts): start it, hand it each view, read its counts, and
// restart it once if it dies. Nothing here waits on the network: a view is posted and forgotten,
// the counts are the last ones the process sent. Node only (no Electron): main passes the spawn.
import { randomBytes } from 'node:crypto';
import type { FromShare, ShareCounts, ShareProcess, ShareStart, SpawnShare } from './wire';

type Reply = Extract<FromShare, { re: number }>;

/** How long the process may take to start its server, and to stop it before it is killed. */
const START_MS = 15_000;
const STOP_MS = 2_000;

/** The running share server as main holds it. */
export interface ShareHost {
  /** The link's token: the same across a restart. */
  readonly token: string;
  /** The port (a restart keeps it when it can). */
  readonly port: number;
  /** The path every URL starts with: /t/<token>/. */
  readonly base: string;
  /** The phone page's Content-Security-Policy. */
  readonly csp: string;
  /** The share process's id (not main's). */
  readonly pid: number | undefined;
  /** Hand the process the view as JSON: it sends it to every viewer. Never waits. */
  publish(json: string): void;
  viewers(): number;
  connections(): ShareCounts['connections'];
  /** The share process's memory (bytes), as it last said. */
  rss(): number;
  /** Stop the server and end the process (killed if it does not answer within 2 s). */
  close(): Promise<void>;
}

export interface HostEvents {
  /** The process died and was started again (the link still works: phones reconnect by themselves). */
  restarted(): void;
  /** It died again, or could not start again: sharing is off. */
  failed(): void;
}

/** One process: its requests and their answers. */
const connect = (p: ShareProcess, onCounts: (c: ShareCounts, rss: number) => void) => {
  let next = 1;
  const waiting = new Map<number, (m: Reply) => void>();
  let exited = false;
  p.onMessage((m) => {
    if ('counts' in m) onCounts(m.counts, m.rss);
    else waiting.get(m.re)?.(m);
  });
  p.onExit(() => {
    exited = true;
    for (const w of waiting.values()) w({ re: 0, ok: false, message: 'The share process stopped.' });
    waiting.clear();
  });
  const ask = (msg: { op: 'start'; start: ShareStart } | { op: 'stop' }, ms: number): Promise<Reply> =>
    new Promise((ok) => {
      if (exited) return ok({ re: 0, ok: false, message: 'The share process stopped.' });
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        ok({ re: id, ok: false, message: 'The share process did not answer.' });
      }, ms);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        waiting.delete(id);
        ok(m);
      });
      p.post({ ...msg, id });
    });
  return { ask, exited: () => exited };
};

/**
 * Start a share process and its server on `start.host`. Throws the process's sentence when the
 * server cannot start (the page not built, the port refused).
 */
export const startShareHost = async (spawn: SpawnShare, start: Omit<ShareStart, 'token'>, events: HostEvents): Promise<ShareHost> => {
  const token = randomBytes(16).toString('base64url');
  let counts: ShareCounts = { viewers: 0, connections: { all: 0, untrusted: 0, trusted: 0 } };
  let rss = 0;
  let view: string | null = null;
  let port = start.port;
  let csp = '';
  let closing = false;
  /** The first server is up: a death from now on is restarted (once). */
  let up = false;
  let restarts = 0;
  /** Processes given up on (killed here): their end is no news. */
  const retired = new WeakSet<ShareProcess>();
  let proc: ShareProcess;
  let link: ReturnType<typeof connect>;

  /** A process with its server up on `wanted`, or the sentence why not. */
  const launch = async (wanted: number): Promise<string | null> => {
    proc = spawn();
    link = connect(proc, (c, r) => {
      counts = c;
      rss = r;
    });
    const mine = proc;
    proc.onExit(() => {
      if (mine === proc && up && !closing && !retired.has(mine)) void died();
    });
    const r = await link.ask({ op: 'start', start: { ...start, token, port: wanted } }, START_MS);
    if (!r.ok || !('port' in r)) {
      retired.add(mine);
      mine.kill();
      return 'message' in r ? r.message : 'The share process did not start.';
    }
    port = r.port;
    csp = r.csp;
    if (view !== null) mine.post({ op: 'view', json: view });
    return null;
  };

  const died = async (): Promise<void> => {
    counts = { viewers: 0, connections: { all: 0, untrusted: 0, trusted: 0 } };
    if (restarts > 0) return events.failed();
    restarts++;
    // The same port first, so the link in the phones' hands still works; else any free one.
    const problem = (await launch(port)) === null ? null : await launch(0);
    if (closing) return;
    if (problem === null) events.restarted();
    else events.failed();
  };

  const problem = await launch(start.port);
  if (problem !== null) throw new Error(problem);
  up = true;

  return {
    token,
    get port() {
      return port;
    },
    base: `/t/${token}/`,
    get csp() {
      return csp;
    },
    get pid() {
      return proc.pid;
    },
    publish: (json) => {
      view = json;
      if (!link.exited()) proc.post({ op: 'view', json });
    },
    viewers: () => counts.viewers,
    connections: () => counts.connections,
    rss: () => rss,
    close: async () => {
      closing = true;
      const p = proc;
      const gone = new Promise<void>((ok) => (link.exited() ? ok() : p.onExit(() => ok())));
      await link.ask({ op: 'stop' }, STOP_MS);
      p.kill();
      // (Not unref'd: a bench's last await must keep the process alive until the child is gone.)
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, STOP_MS)))]);
      clearTimeout(timer);
    },
  };
};
