/**
 * One laptop's sync loop, as the sync process runs it (process.ts): opens the local file with
 * libsql (reads the outbox, stamps rows sent, keeps the group's rows) and the group file with
 * @tursodatabase/sync, and runs a round every few seconds or when main asks. Apart from
 * process.ts so the league bench can run many laptops' loops in one process (tools/sync).
 */
import { groupFile } from '../store/group.repo';
import { openSqlite } from '../store/sqlite';
import { openGroupDb, type GroupDb } from './group-db';
import type { FromSync, SyncStatus, ToSync } from './protocol';
import { syncRound, type RoundState } from './round';

/** Whether the server answers at all (any HTTP answer): the link is up. */
const reachable = async (url: string): Promise<boolean> => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
};

/**
 * Start a loop that reports through `send`; returns the handler of main's messages. On `stop` it
 * closes both files, sends `stopped` and calls `stopped()` (the process exits there).
 */
export const syncLoop = (send: (m: FromSync) => void, stopped: () => void): ((m: ToSync) => Promise<void>) => {
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
  const status = (s: SyncStatus): void => send({ type: 'status', status: s });

  const round = async (): Promise<void> => {
    if (!local || !group) return;
    online = !cut && (await reachable(url));
    try {
      status(await syncRound(local, group, online, st, (phase) => send({ type: 'phase', phase })));
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

  return async (m) => {
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
      send({ type: 'ready' });
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
      send({ type: 'stopped' });
      stopped();
    }
  };
};
