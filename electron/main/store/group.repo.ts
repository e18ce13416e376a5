import { gameBody, sessionBody, type GameRow, type StoredSetup, type Store } from './store';
import { newGid } from './outbox';
import type { Database } from './sqlite';

/** The group this laptop has joined (migration 11). The token is not here: the app keeps it with the OS's safe storage. */
export interface GroupLink {
  groupId: string;
  name: string;
  url: string;
  /** This laptop's id in the group (random, made at join): the author of its rows. */
  device: string;
  joinedAt: string;
}

/** An outbox row, as the sync process copies it into the group file. */
export interface OutboxRow {
  n: number;
  id: string;
  kind: string;
  body: string;
  made_at: string;
}

/** A group row as pulled: the author's device and its own order `n`. */
export interface GroupRow extends OutboxRow {
  device: string;
}

/**
 * Joining a group: the link, and the laptop's whole history into the outbox, in one transaction
 * (a kill leaves the laptop outside the group, or inside with all of it waiting to be sent).
 * Before a join nothing is noted (outbox.ts): the history is sent from here, in the order it
 * has locally (players, then each session with its games, events and their amendments' trail).
 */
export const joinGroup = (store: Store, link: Omit<GroupLink, 'device' | 'joinedAt'>, now = new Date()): GroupLink => {
  const db = store.db;
  return store.transaction(() => {
    if (store.outbox.joined()) throw new Error('this laptop is already in a group: leave it first');
    const full: GroupLink = { ...link, device: newGid(), joinedAt: now.toISOString() };
    db.prepare('INSERT INTO group_link (one, group_id, name, url, device, joined_at) VALUES (1, ?, ?, ?, ?, ?)').run(
      full.groupId,
      full.name,
      full.url,
      full.device,
      full.joinedAt,
    );
    const ob = store.outbox;
    for (const p of db.prepare('SELECT id, gid, name, retired, created_at FROM players ORDER BY id').all() as {
      gid: string;
      name: string;
      retired: number;
      created_at: string;
    }[]) {
      ob.note('player', { player: p.gid, name: p.name, createdAt: p.created_at });
      if (p.retired === 1) ob.note('retire', { player: p.gid, at: full.joinedAt });
    }
    const players = db.prepare('SELECT player_id FROM session_players WHERE session_id = ? ORDER BY position');
    const games = db.prepare('SELECT * FROM games WHERE session_id = ? ORDER BY number');
    const events = db.prepare('SELECT seq, payload, recorded_at FROM events WHERE game_id = ? ORDER BY seq');
    const trail = db.prepare('SELECT at, action, event, was, length, made_at FROM amendments WHERE game_id = ? ORDER BY id');
    for (const s of db.prepare('SELECT id, gid, created_at, setup FROM sessions ORDER BY id').all() as {
      id: number;
      gid: string;
      created_at: string;
      setup: string;
    }[]) {
      const ids = (players.all(s.id) as { player_id: number }[]).map((r) => r.player_id);
      ob.note('session', sessionBody(s.gid, s.created_at, ids, JSON.parse(s.setup) as StoredSetup, ob));
      for (const g of games.all(s.id) as unknown as GameRow[]) {
        ob.note('game', gameBody(g, ob));
        for (const e of events.all(g.id) as { seq: number; payload: string; recorded_at: string }[])
          ob.note('event', { game: g.gid, seq: e.seq, event: JSON.parse(e.payload) as unknown, recordedAt: e.recorded_at });
        for (const a of trail.all(g.id) as {
          at: number;
          action: string;
          event: string | null;
          was: string | null;
          length: number;
          made_at: string;
        }[])
          ob.note('amendment', {
            game: g.gid,
            at: a.at,
            action: a.action,
            length: a.length,
            when: a.made_at,
            trail: true,
            ...(a.event === null ? {} : { event: JSON.parse(a.event) as unknown }),
            ...(a.was === null ? {} : { was: JSON.parse(a.was) as unknown }),
          });
      }
    }
    return full;
  });
};

/**
 * Leave the group: no more outbox rows and no sync. The local history stays (its own tables), and
 * so does what was sent (on the server). The group's copy here goes, and so do rows never sent:
 * they are copies of the local history, which a later join sends whole again.
 */
export const leaveGroup = (store: Store): void =>
  store.transaction(() => {
    store.db.prepare('DELETE FROM group_link').run();
    store.db.prepare('DELETE FROM group_rows').run();
    store.db.prepare('DELETE FROM outbox WHERE sent_at IS NULL').run();
  });

/** One write-once row of the group's own (a laptop's name, a choice, a same-person link), in its own transaction. */
export const noteGroupRow = (store: Store, kind: 'laptop' | 'choice' | 'same-person' | 'amendment', body: object | object[]): void =>
  store.transaction(() => {
    if (!store.outbox.joined()) throw new Error('this laptop is not in a group');
    for (const b of Array.isArray(body) ? body : [body]) store.outbox.note(kind, b);
  });

/** This laptop's name in the group: its latest `laptop` row. */
export const laptopName = (store: Store): string | null => {
  const r = store.db.prepare("SELECT body FROM outbox WHERE kind = 'laptop' ORDER BY n DESC LIMIT 1").get() as { body: string } | undefined;
  return r ? (JSON.parse(r.body) as { name: string }).name : null;
};

/** The group's side of the local file, for the app (main) and the sync process alike: plain SQL on one connection. */
export const groupFile = (db: Database) => {
  const q = {
    link: db.prepare('SELECT group_id, name, url, device, joined_at FROM group_link'),
    waiting: db.prepare('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL'),
    unsent: db.prepare('SELECT n, id, kind, body, made_at FROM outbox WHERE sent_at IS NULL ORDER BY n LIMIT ?'),
    markSent: db.prepare('UPDATE outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL'),
    mirror: db.prepare('INSERT OR IGNORE INTO group_rows (id, device, n, kind, body, made_at) VALUES (?, ?, ?, ?, ?, ?)'),
    rows: db.prepare('SELECT id, device, n, kind, body, made_at FROM group_rows'),
    ids: db.prepare('SELECT id FROM group_rows'),
    mirrored: db.prepare('SELECT count(*) AS n FROM group_rows'),
  };
  const tx = <T>(fn: () => T): T => db.transaction(fn).immediate();
  return {
    link: (): GroupLink | null => {
      const r = q.link.get() as { group_id: string; name: string; url: string; device: string; joined_at: string } | undefined;
      return r ? { groupId: r.group_id, name: r.name, url: r.url, device: r.device, joinedAt: r.joined_at } : null;
    },
    /** Outbox rows not yet read back from the group file after a push: "Offline: N waiting". */
    waiting: (): number => (q.waiting.get() as { n: number }).n,
    unsent: (limit: number): OutboxRow[] => q.unsent.all(limit) as unknown as OutboxRow[],
    markSent: (ids: readonly string[], at: string): void => tx(() => ids.forEach((id) => q.markSent.run(at, id))),
    /** Keep the group's rows as pulled (each once, by id). */
    mirror: (rows: readonly GroupRow[]): void =>
      tx(() => rows.forEach((r) => q.mirror.run(r.id, r.device, r.n, r.kind, r.body, r.made_at))),
    rows: (): GroupRow[] => q.rows.all() as unknown as GroupRow[],
    ids: (): string[] => (q.ids.all() as { id: string }[]).map((r) => r.id),
    mirrored: (): number => (q.mirrored.get() as { n: number }).n,
  };
};
export type GroupFile = ReturnType<typeof groupFile>;

/** The sessions this laptop's own file holds (its own, and any it imported): global id by local id. */
export const heldSessions = (store: Store): Map<number, string> =>
  new Map((store.db.prepare('SELECT id, gid FROM sessions').all() as { id: number; gid: string }[]).map((r) => [r.id, r.gid]));
