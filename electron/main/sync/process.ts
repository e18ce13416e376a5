/**
 * The sync process: its own process (Electron utilityProcess in the app, a Node child process in
 * tests), so Turso Sync's native client can abort without touching the table. It opens the local
 * file with libsql (reads the outbox, stamps rows sent, keeps the group's rows) and the group file
 * with @tursodatabase/sync, and runs a round every few seconds or when main asks.
 * Messages: protocol.ts. Killing it at any moment costs nothing: the outbox is only stamped
 * after the group holds the row, and copies are by id, so the next process sends what is left.
 */
import { groupFile } from '../store/group.repo';
import { openSqlite } from '../store/sqlite';
import { openGroupDb, type GroupDb } from './group-db';
import type { FromSync, SyncStatus, ToSync } from './protocol';
import { syncRound, type RoundState } from './round';

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

/** Whether the server answers at all (any HTTP answer): the link is up. */
const reachable = async (url: string): Promise<boolean> => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
};

const main = (): void => {
  const p = port();
  let local: ReturnType<typeof groupFile> | undefined;
  let closeLocal: (() => void) | undefined;
  let group: GroupDb | undefined;
  let url = '';
  let cut = false;
  let online = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  const st: RoundState = { lost: 0, overwritten: 0, lastSyncAt: null };
  const status = (s: SyncStatus): void => p.send({ type: 'status', status: s });

  const round = async (): Promise<void> => {
    if (!local || !group) return;
    online = !cut && (await reachable(url));
    try {
      status(await syncRound(local, group, online, st, (phase) => p.send({ type: 'phase', phase })));
    } catch (e) {
      // A push or pull that failed mid-way: the link went down, or the server refused.
      const waiting = local.waiting();
      status({
        state: 'failed',
        waiting,
        lastSyncAt: st.lastSyncAt,
        lost: st.lost,
        overwritten: st.overwritten,
        groupRows: local.mirrored(),
        message: e instanceof Error ? e.message : String(e),
      });
    }
  };
  /** One round at a time; a request during a round runs one more after it. */
  const kick = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = round().finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
  };

  p.on(async (m) => {
    if (m.type === 'start') {
      const db = openSqlite(m.localPath);
      db.exec('PRAGMA busy_timeout = 5000');
      db.exec('PRAGMA synchronous = FULL');
      local = groupFile(db);
      closeLocal = () => db.close();
      const link = local.link();
      if (!link) {
        status({
          state: 'failed',
          waiting: 0,
          lastSyncAt: null,
          lost: 0,
          overwritten: 0,
          groupRows: 0,
          message: 'this laptop has not joined a group',
        });
        return;
      }
      url = link.url;
      group = await openGroupDb(m.groupPath, () => (online && !cut ? url : null), m.token);
      p.send({ type: 'ready' });
      kick();
      timer = setInterval(kick, m.everyMs);
    } else if (m.type === 'sync') kick();
    else if (m.type === 'cut') {
      cut = m.cut;
      kick();
    } else if (m.type === 'stop') {
      clearInterval(timer);
      await running;
      await group?.close();
      closeLocal?.();
      p.send({ type: 'stopped' });
      process.exit(0);
    }
  });
};

main();
