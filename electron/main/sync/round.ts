import type { GroupFile, GroupRow } from '../store/group.repo';
import type { GroupDb } from './group-db';
import type { SyncPhase, SyncStatus } from './protocol';

/** Outbox rows copied per round: a long history joined at once goes over in several rounds. */
const BATCH = 2000;

export interface RoundState {
  lost: number;
  overwritten: number;
  lastSyncAt: string | null;
  /**
   * The cursor: the group file's highest rowid already copied into the local file. Only read
   * right after a push and a pull that both succeeded, when the group file holds exactly the
   * server's rows: the server numbers rows in the order they reach it and never removes one,
   * so its newer rows are those after the cursor. Unset until the first such round.
   */
  cursor?: number;
  /** Rows read from the group file by the cursor (or a full check), since the process started. */
  read?: number;
}

const same = (a: GroupRow, b: GroupRow): boolean =>
  a.device === b.device && Number(a.n) === Number(b.n) && a.kind === b.kind && a.body === b.body && a.made_at === b.made_at;

/**
 * The group's new rows into the local file (`group_rows`, where the app reads them), by the
 * cursor. A pull gives the server's file as it stands: its rows in the server's order (the
 * order rows reached it), with this laptop's unpushed rows after them; after a push nothing is
 * unpushed, so the rows after the cursor are exactly the new ones. The counts check that: if
 * the group file holds more rows than the local file, a row came in below the cursor (it should
 * not; a server restored from a copy could), and one full pass copies what is missing.
 */
const mirrorNew = async (local: GroupFile, group: GroupDb, st: RoundState): Promise<void> => {
  if (st.cursor === undefined) {
    // A new process: start from the end when the local file already holds every row.
    const { rows, last } = await group.count();
    if (local.mirrored() === rows) {
      st.cursor = last;
      return;
    }
    st.cursor = 0;
  }
  const fresh = await group.since(st.cursor);
  if (fresh.length > 0) {
    local.mirror(fresh);
    st.cursor = fresh[fresh.length - 1]!.rowid;
    st.read = (st.read ?? 0) + fresh.length;
  }
  const { rows, last } = await group.count();
  if (rows > local.mirrored()) {
    const all = await group.all();
    local.mirror(all);
    st.cursor = last;
    st.read = (st.read ?? 0) + all.length;
  }
};

/**
 * One round: copy unsent outbox rows into the group file (each once, by id), push, pull, read
 * back what was pushed, and stamp `sent_at` only on rows the group now holds exactly as sent. A
 * row missing after the push was refused (lost), one held with another body was overwritten by
 * another laptop's push: both stay unsent and are counted, so the status says so. Offline, rows
 * are copied and wait in the group file; the outbox keeps counting them. Finally the group's rows
 * are copied into the local file (`group_rows`), where the app reads them.
 */
export const syncRound = async (
  local: GroupFile,
  group: GroupDb,
  online: boolean,
  st: RoundState,
  phase: (p: SyncPhase) => void = () => {},
  now = () => new Date(),
): Promise<SyncStatus> => {
  const link = local.link();
  if (!link)
    return {
      state: 'failed',
      waiting: 0,
      lastSyncAt: st.lastSyncAt,
      lost: st.lost,
      overwritten: st.overwritten,
      groupRows: 0,
      message: 'this laptop has not joined a group',
    };
  const unsent = local.unsent(BATCH);
  phase('copy');
  await group.copy(unsent, link.device);
  if (online) {
    if (unsent.length > 0) {
      phase('push');
      await group.push();
    }
    phase('pull');
    const pulled = await group.pull();
    phase('read-back');
    const back = await group.read(unsent.map((r) => r.id));
    const sent: string[] = [];
    for (const r of unsent) {
      const held = back.get(r.id);
      if (!held) st.lost++;
      else if (!same(held, { ...r, device: link.device })) st.overwritten++;
      else sent.push(r.id);
    }
    const at = now().toISOString();
    local.markSent(sent, at);
    st.lastSyncAt = at;
    if (st.cursor === undefined || pulled || unsent.length > 0) await mirrorNew(local, group, st);
  }
  const waiting = local.waiting();
  const state = !online ? 'offline' : waiting === 0 ? 'synced' : 'waiting';
  const status: SyncStatus = {
    state,
    waiting,
    lastSyncAt: st.lastSyncAt,
    lost: st.lost,
    overwritten: st.overwritten,
    groupRows: local.mirrored(),
  };
  if (st.lost + st.overwritten > 0)
    status.message = `${st.lost} row(s) were refused by the group's server and ${st.overwritten} overwritten by another laptop: they are kept here and sent again`;
  return status;
};
