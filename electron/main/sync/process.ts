/**
 * The sync process: its own process (Electron utilityProcess in the app, a Node child process in
 * tests), so Turso Sync's native client can abort without touching the table. It opens the local
 * file with libsql (reads the outbox, stamps rows sent, keeps the group's rows) and the group file
 * with @tursodatabase/sync, and runs a round every few seconds or when main asks.
 * Messages: protocol.ts. Killing it at any moment costs nothing: the outbox is only stamped
 * after the group holds the row, and copies are by id, so the next process sends what is left.
 */
import { syncLoop } from './loop';
import type { FromSync, ToSync } from './protocol';

interface Port {
  send(m: FromSync): void;
  on(cb: (m: ToSync) => void): void;
}

/** Electron's utilityProcess gives process.parentPort; a Node child process has process.send. */
const port = (): Port => {
  const pp = (
    process as unknown as { parentPort?: { postMessage(m: unknown): void; on(e: 'message', cb: (e: { data: unknown }) => void): void } }
  ).parentPort;
  if (pp) return { send: (m) => pp.postMessage(m), on: (cb) => pp.on('message', (e) => cb(e.data as ToSync)) };
  if (process.send) {
    // The app gone (its channel closed): nothing to sync for; what is unsent stays in the outbox.
    process.on('disconnect', () => process.exit(0));
    return {
      send: (m) => void (process.connected && process.send!(m, undefined, undefined, () => {})),
      on: (cb) => process.on('message', (m) => cb(m as ToSync)),
    };
  }
  throw new Error('the sync process must be started by the app');
};

const p = port();
const handle = syncLoop(p.send, () => process.exit(0));
p.on((m) => void handle(m));
