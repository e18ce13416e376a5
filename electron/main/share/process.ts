// The share process's side of wire.ts: it runs the share server and answers main. Node only: the
// same code runs in Electron's utility process (entry.ts) and in a Node child process (tests,
// harness, bench: tools/share/node-share-process.ts).
import { EMPTY_TABLE_VIEW } from '../../../src/core/tableView';
import { startShareServer, type ShareServer } from './server';
import type { FromShare, ParentPort, ShareCounts, ToShare } from './wire';

/** How often the counts are looked at (sent when they changed, else once a second). */
const COUNTS_MS = 100;

export const serveShare = (parent: ParentPort): void => {
  let server: ShareServer | null = null;
  let view = JSON.stringify(EMPTY_TABLE_VIEW);
  // Start and stop one after the other, in the order main sent them.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = (fn: () => Promise<void>): void => {
    chain = chain.then(fn, fn).catch(() => {});
  };
  const reply = (m: FromShare): void => parent.post(m);

  const stop = async (): Promise<void> => {
    const s = server;
    server = null;
    await s?.close();
  };

  parent.onMessage((m: ToShare) => {
    switch (m.op) {
      case 'view':
        view = m.json;
        server?.publish(view);
        return;
      case 'start':
        serial(async () => {
          await stop();
          try {
            const { root, token, host, port, seats, connections, rates } = m.start;
            server = await startShareServer({
              root,
              token,
              host,
              port,
              view: () => view,
              seated: () => queueMicrotask(tell),
              ...(seats ? { seats } : {}),
              ...(connections ? { connections } : {}),
              ...(rates ? { rates } : {}),
            });
            reply({ re: m.id, ok: true, port: server.port, csp: server.csp });
          } catch (e) {
            reply({ re: m.id, ok: false, message: e instanceof Error ? e.message : String(e) });
          }
        });
        return;
      case 'stop':
        serial(async () => {
          await stop();
          reply({ re: m.id, ok: true, port: 0, csp: '' });
        });
        return;
    }
  });

  let last = '';
  let lastAt = 0;
  const tell = (): void => {
    const c: ShareCounts = { viewers: server?.viewers() ?? 0, connections: server?.connections() ?? { all: 0, untrusted: 0, trusted: 0 } };
    const key = JSON.stringify(c);
    // Unchanged counts go once a second all the same: the memory figure with them.
    if (key === last && Date.now() - lastAt < 1_000) return;
    last = key;
    lastAt = Date.now();
    reply({ counts: c, rss: process.memoryUsage.rss() });
  };
  const counts = setInterval(tell, COUNTS_MS);
  parent.onGone(() => {
    clearInterval(counts);
    void stop().finally(() => process.exit(0));
  });
};

/** The parent of this process: Electron's parentPort in a utility process, else Node's IPC channel. */
export const parentPort = (): ParentPort | null => {
  const electron = (
    process as { parentPort?: { postMessage(m: unknown): void; on(e: 'message', fn: (e: { data: unknown }) => void): void } }
  ).parentPort;
  if (electron)
    return {
      post: (m) => electron.postMessage(m),
      onMessage: (fn) => electron.on('message', (e) => fn(e.data as ToShare)),
      // A utility process ends with the app (Electron ends it); nothing to watch.
      onGone: () => {},
    };
  if (process.send)
    return {
      post: (m) => void process.send?.(m),
      onMessage: (fn) => process.on('message', (m) => fn(m as ToShare)),
      onGone: (fn) => process.once('disconnect', fn),
    };
  return null;
};
