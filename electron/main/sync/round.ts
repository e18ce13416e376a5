import type { GroupFile, GroupRow } from '../store/group.repo';
import type { GroupDb } from './group-db';
import type { SyncPhase, SyncStatus } from './protocol';

/** Outbox rows copied per round: a long history joined at once goes over in several rounds. */
const BATCH = 2000;

export interface RoundState {
  lost: number;
  overwritten: number;
  lastSyncAt: string | null;
  /** Ids of the group's rows already in the local file (read once, then kept up to date). */
  mirrored?: Set<string>;
}

const same = (a: GroupRow, b: GroupRow): boolean =>
  a.device === b.device && Number(a.n) === Number(b.n) && a.kind === b.kind && a.body === b.body && a.made_at === b.made_at;

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
    // The group's rows into the local file, when anything came or went (a full read: fine for a
    // group's few hundred thousand rows; a cursor would be the next step for a league's years).
    if (!st.mirrored || pulled || unsent.length > 0) {
      const mine = (st.mirrored ??= new Set(local.ids()));
      const fresh = (await group.all()).filter((r) => !mine.has(r.id));
      local.mirror(fresh);
      fresh.forEach((r) => mine.add(r.id));
    }
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
