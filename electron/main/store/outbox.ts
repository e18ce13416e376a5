import { randomBytes } from 'node:crypto';
import type { Database } from './sqlite';

/**
 * The outbox's writer (migration 11): the store calls `note` inside the transaction of each write
 * it acknowledges, so the write and its outbox row commit together or not at all. With no group
 * joined `note` writes nothing: the file grows as it did before groups existed.
 *
 * Kinds and bodies (every id a global id, `gid`; docs/groups.md lists them for programmers):
 *   player        { player, name, createdAt }
 *   rename        { player, name, was, at }
 *   retire        { player, at }
 *   session       { session, createdAt, players: [player], setup: { seating: [player], bettor?, stakes, pie?, rules } }
 *   game          { game, session, number, seating: [player], bettor?, ownSeating, dice?, startedAt }
 *   game-removed  { game, at }
 *   event         { game, seq, event, recordedAt }
 *   amendment     { game, at, action, event?, was?, length, when, trail? }  (trail: already in the events sent; history only)
 *   laptop        { name }  (this laptop's name in the group, noted at create and join)
 *   choice        { game, device, at }  (the group's choice between a disputed game's versions)
 *   same-person   { player, same, at }  (two players created apart are one person)
 */
export type OutboxKind =
  'player' | 'rename' | 'retire' | 'session' | 'game' | 'game-removed' | 'event' | 'amendment' | 'laptop' | 'choice' | 'same-person';

export interface Outbox {
  /** Whether this laptop has joined a group (a row in group_link). */
  joined(): boolean;
  /** One write-once row, when a group is joined; call it inside the write's own transaction. */
  note(kind: OutboxKind, body: object): void;
  /** The global id of a player, session or game by its local id. */
  gid(table: 'players' | 'sessions' | 'games', id: number): string;
}

/** A random global id: 128 bits, so two laptops never pick the same one (a shared id: last push wins). */
export const newGid = (): string => randomBytes(16).toString('hex');

export const outboxWriter = (db: Database): Outbox => {
  const q = {
    joined: db.prepare('SELECT 1 AS j FROM group_link'),
    insert: db.prepare('INSERT INTO outbox (id, kind, body, made_at) VALUES (?, ?, ?, ?)'),
    players: db.prepare('SELECT gid FROM players WHERE id = ?'),
    sessions: db.prepare('SELECT gid FROM sessions WHERE id = ?'),
    games: db.prepare('SELECT gid FROM games WHERE id = ?'),
  };
  const joined = (): boolean => q.joined.get() !== undefined;
  return {
    joined,
    note: (kind, body) => {
      if (joined()) q.insert.run(newGid(), kind, JSON.stringify(body), new Date().toISOString());
    },
    gid: (table, id) => {
      const r = q[table].get(id) as { gid: string | null } | undefined;
      if (!r?.gid) throw new Error(`${table} ${id} has no global id`);
      return r.gid;
    },
  };
};
