import type { GameEvent } from '../../../src/core/events';
import type { Seat } from '../../../src/core/seats';
import { SEATS } from '../../../src/core/seats';
import { nameKey } from '../../../src/core/names';
import type { AppErrorCode } from '../../../src/shared/reply';
import type {
  GameInfo,
  Player,
  SessionDetail,
  SessionSetupInput,
  SessionSummary,
  StartupReport,
  StoredEvent,
} from '../../../src/shared/types';
import { closeDatabase, openDatabase } from './db';
import { newGid, outboxWriter, type Outbox } from './outbox';
import type { Database } from './sqlite';

/** A refusal the caller can show: ERR_NOT_FOUND, ERR_CONFLICT. */
export class StoreError extends Error {
  constructor(
    readonly code: Extract<AppErrorCode, 'ERR_NOT_FOUND' | 'ERR_CONFLICT'>,
    message: string,
  ) {
    super(message);
  }
}

export type SessionSetup = SessionDetail['setup'];

/** The store: typed functions over the SQLite file. All SQL of the app lives under store/. */
export interface Store {
  readonly path: string;
  readonly startup: StartupReport;
  /** The open connection, for the repo modules beside this file (all SQL stays under store/). */
  readonly db: Database;
  /** The group outbox (migration 11): repo modules note their writes in it inside their transaction. */
  readonly outbox: Outbox;
  listPlayers(): Player[];
  addPlayer(name: string): Player;
  /** The roster holds a player's one name: sessions and games refer to her, so they all show the new one. */
  renamePlayer(id: number, name: string): Player;
  /**
   * The roster's spelling of each name of a table record's table: a player's name now (whatever
   * its case); else, for a name a player had before a rename, her name now (unless she is also at
   * this table); else the name as given (a new player).
   */
  namesOnRoster(names: readonly string[]): string[];
  retirePlayer(id: number): Player;
  /** Each name is a roster player (found whatever its case, else added); the summary gives the roster's spelling. */
  createSession(setup: SessionSetupInput, createdAt?: string): SessionSummary;
  /** The sessions newest first: `limit` of them after skipping the `offset` newest (History's pages). */
  listSessions(limit?: number, offset?: number): SessionSummary[];
  getSession(id: number): SessionDetail | null;
  /** Game `number` = next in the session. `ownSeating`: the table deviated from the rotation. Names are the session's players (any case). */
  addGame(sessionId: number, seating: readonly string[], bettor: string | undefined, ownSeating: boolean, dice?: number): GameInfo;
  getGame(id: number): GameInfo | null;
  /** Delete a game and its events (its staged ending goes with it: ON DELETE CASCADE). */
  deleteGame(gameId: number): void;
  /** Seating overrides of a session's games, indexed by game number - 1 (for core seatingForGame). */
  seatingOverrides(sessionId: number): ({ seating: string[]; bettor?: string } | undefined)[];
  loadEvents(gameId: number): StoredEvent[];
  /** The game's last event seq (0 when none). */
  lastSeq(gameId: number): number;
  /**
   * Append one event durably: returns its seq once the transaction is committed (fsynced).
   * `afterSeq`, when given, must be the game's last seq (guards against a stale page).
   */
  appendEvent(gameId: number, event: GameEvent, afterSeq?: number): number;
  /** Several games' events in one transaction (import). Every write of the app goes through one: see `onWrite`. */
  transaction<T>(fn: () => T): T;
  /**
   * Called after every committed write, whatever wrote it (each store method that writes, and each
   * repo, runs in `transaction`): the one signal the table view follows. Returns the unsubscribe.
   */
  onWrite(fn: () => void): () => void;
  close(): void;
}

/** A game as stored (migration 9): its seating and bettor are roster ids. */
export interface GameRow {
  id: number;
  session_id: number;
  number: number;
  seating: string;
  bettor_id: number | null;
  own_seating: number;
  dice: number | null;
  started_at: string;
  gid: string;
}

/** A session's setup as stored (migration 9): seating and bettor are roster ids; its players are session_players. */
export interface StoredSetup {
  seating: number[];
  bettor?: number;
  stakes: { centsPerPoint: number };
  pie?: { points: number };
  rules: SessionSetup['rules'];
}

/** Roster id -> name, read once per call: every name shown comes from the roster. */
type Names = (id: number) => string;

const toGame = (r: GameRow, name: Names): GameInfo => {
  const seating: Partial<Record<Seat, string>> = {};
  (JSON.parse(r.seating) as number[]).forEach((id, i) => (seating[SEATS[i]!] = name(id)));
  const g: GameInfo = { id: r.id, sessionId: r.session_id, number: r.number, seating };
  if (r.bettor_id !== null) g.bettor = name(r.bettor_id);
  if (r.dice !== null) g.dice = r.dice;
  return g;
};

/** A session's roster ids in the order of its players, as a JSON list. */
const SESSION_PLAYERS = `(SELECT json_group_array(player_id ORDER BY position) FROM session_players sp WHERE sp.session_id = s.id) AS player_ids`;

/** A session's outbox body: roster ids become global ids. */
export const sessionBody = (gid: string, createdAt: string, playerIds: readonly number[], setup: StoredSetup, outbox: Outbox): object => {
  const g = (id: number): string => outbox.gid('players', id);
  const { seating, bettor, ...rest } = setup;
  return {
    session: gid,
    createdAt,
    players: playerIds.map(g),
    setup: { ...rest, seating: seating.map(g), ...(bettor === undefined ? {} : { bettor: g(bettor) }) },
  };
};

/** A game's outbox body: roster ids become global ids. */
export const gameBody = (r: GameRow, outbox: Outbox): object => ({
  game: r.gid,
  session: outbox.gid('sessions', r.session_id),
  number: r.number,
  seating: (JSON.parse(r.seating) as number[]).map((id) => outbox.gid('players', id)),
  ...(r.bettor_id === null ? {} : { bettor: outbox.gid('players', r.bettor_id) }),
  ownSeating: r.own_seating === 1,
  ...(r.dice === null ? {} : { dice: r.dice }),
  startedAt: r.started_at,
});

const toPlayer = (r: { id: number; name: string; retired: number }): Player => ({
  id: r.id,
  name: r.name,
  retired: r.retired === 1,
});

export const openStore = (path: string): Store => {
  const { db, setAside } = openDatabase(path);
  return makeStore(db, path, { setAside });
};

const makeStore = (db: Database, path: string, startup: StartupReport): Store => {
  const q = {
    players: db.prepare('SELECT id, name, retired FROM players ORDER BY retired, name COLLATE NOCASE'),
    names: db.prepare('SELECT id, name FROM players'),
    // Names are compared by the engine's nameKey (every alphabet), in JS: SQLite's NOCASE folds plain English letters only.
    formerNames: db.prepare('SELECT player_id, name FROM player_former_names ORDER BY until DESC, rowid DESC'),
    addFormerName: db.prepare('INSERT OR REPLACE INTO player_former_names (player_id, name, until) VALUES (?, ?, ?)'),
    playerById: db.prepare('SELECT id, name, retired FROM players WHERE id = ?'),
    allPlayers: db.prepare('SELECT id, name, retired FROM players ORDER BY id'),
    insertPlayer: db.prepare('INSERT INTO players (name, created_at, gid) VALUES (?, ?, ?)'),
    renamePlayer: db.prepare('UPDATE players SET name = ? WHERE id = ?'),
    retirePlayer: db.prepare('UPDATE players SET retired = 1 WHERE id = ?'),
    insertSession: db.prepare('INSERT INTO sessions (created_at, setup, gid) VALUES (?, ?, ?)'),
    insertSessionPlayer: db.prepare('INSERT INTO session_players (session_id, player_id, position) VALUES (?, ?, ?)'),
    sessions: db.prepare(
      `SELECT s.id, s.created_at, ${SESSION_PLAYERS}, (SELECT count(*) FROM games g WHERE g.session_id = s.id) AS games
       FROM sessions s ORDER BY s.created_at DESC, s.id DESC LIMIT ? OFFSET ?`,
    ),
    session: db.prepare(
      `SELECT s.id, s.created_at, s.setup, ${SESSION_PLAYERS}, (SELECT count(*) FROM games g WHERE g.session_id = s.id) AS games
       FROM sessions s WHERE s.id = ?`,
    ),
    sessionPlayers: db.prepare('SELECT player_id FROM session_players WHERE session_id = ? ORDER BY position'),
    games: db.prepare('SELECT * FROM games WHERE session_id = ? ORDER BY number'),
    game: db.prepare('SELECT * FROM games WHERE id = ?'),
    nextGameNumber: db.prepare('SELECT coalesce(max(number), 0) + 1 AS n FROM games WHERE session_id = ?'),
    insertGame: db.prepare(
      'INSERT INTO games (session_id, number, seating, bettor_id, own_seating, started_at, dice, gid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    events: db.prepare('SELECT seq, payload, recorded_at FROM events WHERE game_id = ? ORDER BY seq'),
    lastSeq: db.prepare('SELECT coalesce(max(seq), 0) AS s FROM events WHERE game_id = ?'),
    deleteEvents: db.prepare('DELETE FROM events WHERE game_id = ?'),
    deleteGame: db.prepare('DELETE FROM games WHERE id = ?'),
    insertEvent: db.prepare('INSERT INTO events (game_id, seq, type, payload, recorded_at) VALUES (?, ?, ?, ?, ?)'),
  };

  const player = (id: number): Player => {
    const r = q.playerById.get(id) as Parameters<typeof toPlayer>[0] | undefined;
    if (!r) throw new StoreError('ERR_NOT_FOUND', `no player with id ${id}`);
    return toPlayer(r);
  };

  const names = (): Names => {
    const m = new Map((q.names.all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
    return (id) => m.get(id) ?? `player ${id}`;
  };

  type SessionRow = { id: number; created_at: string; player_ids: string; games: number };
  const summary = (r: SessionRow, name: Names): SessionSummary => ({
    id: r.id,
    createdAt: r.created_at,
    players: (JSON.parse(r.player_ids) as number[]).map(name),
    games: r.games,
  });

  /** The roster player called `name` whatever its spelling (nameKey), if any. */
  const playerNamed = (name: string): { id: number; name: string; retired: number } | undefined => {
    const key = nameKey(name);
    return (q.allPlayers.all() as { id: number; name: string; retired: number }[]).find((p) => nameKey(p.name) === key);
  };
  /** The players who once had `name` (any spelling), the latest rename first. */
  const formerlyNamed = (name: string): number[] => {
    const key = nameKey(name);
    return (q.formerNames.all() as { player_id: number; name: string }[]).filter((r) => nameKey(r.name) === key).map((r) => r.player_id);
  };

  const outbox = outboxWriter(db);

  /** A new roster player, noted in the outbox (inside the caller's transaction). */
  const insertPlayer = (name: string): number => {
    const gid = newGid();
    const createdAt = new Date().toISOString();
    const id = Number(q.insertPlayer.run(name, createdAt, gid).lastInsertRowid);
    outbox.note('player', { player: gid, name, createdAt });
    return id;
  };

  const ensurePlayer = (name: string): number => {
    const r = playerNamed(name);
    return r ? r.id : insertPlayer(name);
  };

  /** A session's players' roster ids, by their names now (any case). */
  const idsOfSession = (sessionId: number, name: Names): ((n: string) => number) => {
    const ids = (q.sessionPlayers.all(sessionId) as { player_id: number }[]).map((r) => r.player_id);
    const byKey = new Map(ids.map((id) => [nameKey(name(id)), id]));
    return (n) => {
      const id = byKey.get(nameKey(n));
      if (id === undefined) throw new StoreError('ERR_NOT_FOUND', `"${n}" is not one of the players of session ${sessionId}`);
      return id;
    };
  };

  // libsql's transaction() does not nest; an inner tx joins the outer one (import = one commit).
  let depth = 0;
  const written = new Set<() => void>();
  const tx = <T>(fn: () => T): T => {
    if (depth > 0) return fn();
    db.exec('BEGIN IMMEDIATE');
    depth++;
    let result: T;
    try {
      result = fn();
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    } finally {
      depth--;
    }
    // Committed: every watcher hears of it (a watcher's failure is not the write's).
    for (const w of written)
      try {
        w();
      } catch {
        /* the write stands */
      }
    return result;
  };

  return {
    path,
    startup,
    db,
    outbox,
    listPlayers: () => (q.players.all() as Parameters<typeof toPlayer>[0][]).map(toPlayer),
    addPlayer: (name) =>
      tx(() => {
        if (playerNamed(name)) throw new StoreError('ERR_CONFLICT', `there is already a player named "${name}"`);
        return player(insertPlayer(name));
      }),
    renamePlayer: (id, name) =>
      tx(() => {
        const was = player(id).name;
        const other = playerNamed(name);
        if (other && other.id !== id) throw new StoreError('ERR_CONFLICT', `there is already a player named "${name}"`);
        q.renamePlayer.run(name, id);
        const at = new Date().toISOString();
        if (nameKey(was) !== nameKey(name)) q.addFormerName.run(id, was, at);
        if (was !== name) outbox.note('rename', { player: outbox.gid('players', id), name, was, at });
        return player(id);
      }),
    namesOnRoster: (wanted) => {
      const current = wanted.map(playerNamed);
      const taken = new Set(current.flatMap((p) => (p ? [p.id] : [])));
      const name = names();
      return wanted.map((n, i) => {
        if (current[i]) return current[i].name;
        for (const id of formerlyNamed(n)) {
          if (taken.has(id)) continue;
          taken.add(id);
          return name(id);
        }
        return n;
      });
    },
    retirePlayer: (id) =>
      tx(() => {
        player(id);
        q.retirePlayer.run(id);
        outbox.note('retire', { player: outbox.gid('players', id), at: new Date().toISOString() });
        return player(id);
      }),
    createSession: (input, createdAt = new Date().toISOString()) =>
      tx(() => {
        const ids = input.players.map(ensurePlayer);
        const byKey = new Map(input.players.map((n, i) => [nameKey(n), ids[i]!]));
        const idOf = (n: string): number => {
          const pid = byKey.get(nameKey(n));
          if (pid === undefined) throw new StoreError('ERR_NOT_FOUND', `"${n}" is not one of the players`);
          return pid;
        };
        const setup: StoredSetup = {
          seating: input.seating.map(idOf),
          ...(input.bettor === undefined ? {} : { bettor: idOf(input.bettor) }),
          stakes: input.stakes ?? { centsPerPoint: 1 },
          ...(input.pie === undefined ? {} : { pie: input.pie }),
          rules: input.rules ?? {},
        };
        const gid = newGid();
        const id = Number(q.insertSession.run(createdAt, JSON.stringify(setup), gid).lastInsertRowid);
        ids.forEach((pid, i) => q.insertSessionPlayer.run(id, pid, i));
        if (outbox.joined()) outbox.note('session', sessionBody(gid, createdAt, ids, setup, outbox));
        const name = names();
        return { id, createdAt, players: ids.map(name), games: 0 };
      }),
    listSessions: (limit = 20, offset = 0) => {
      const name = names();
      return (q.sessions.all(limit, offset) as SessionRow[]).map((r) => summary(r, name));
    },
    getSession: (id) => {
      const r = q.session.get(id) as (SessionRow & { setup: string }) | undefined;
      if (!r) return null;
      const name = names();
      const s = summary(r, name);
      const { seating, bettor, stakes, pie, rules } = JSON.parse(r.setup) as StoredSetup;
      const setup: SessionSetup = {
        players: s.players,
        seating: seating.map(name),
        ...(bettor === undefined ? {} : { bettor: name(bettor) }),
        stakes,
        ...(pie === undefined ? {} : { pie }),
        rules,
      };
      return { ...s, setup, gameList: (q.games.all(id) as GameRow[]).map((g) => toGame(g, name)) };
    },
    addGame: (sessionId, seating, bettor, ownSeating, dice) =>
      tx(() => {
        if (!q.session.get(sessionId)) throw new StoreError('ERR_NOT_FOUND', `no session with id ${sessionId}`);
        const n = (q.nextGameNumber.get(sessionId) as { n: number }).n;
        const startedAt = new Date().toISOString();
        const name = names();
        const idOf = idsOfSession(sessionId, name);
        const gid = newGid();
        const id = Number(
          q.insertGame.run(
            sessionId,
            n,
            JSON.stringify(seating.map(idOf)),
            bettor === undefined ? null : idOf(bettor),
            ownSeating ? 1 : 0,
            startedAt,
            dice ?? null,
            gid,
          ).lastInsertRowid,
        );
        const row = q.game.get(id) as GameRow;
        if (outbox.joined()) outbox.note('game', gameBody(row, outbox));
        return toGame(row, name);
      }),
    getGame: (id) => {
      const r = q.game.get(id) as GameRow | undefined;
      return r ? toGame(r, names()) : null;
    },
    seatingOverrides: (sessionId) => {
      const name = names();
      return (q.games.all(sessionId) as GameRow[]).map((r) =>
        r.own_seating === 1
          ? { seating: (JSON.parse(r.seating) as number[]).map(name), ...(r.bettor_id === null ? {} : { bettor: name(r.bettor_id) }) }
          : undefined,
      );
    },
    loadEvents: (gameId) =>
      (q.events.all(gameId) as { seq: number; payload: string; recorded_at: string }[]).map((r) => ({
        seq: r.seq,
        event: JSON.parse(r.payload) as GameEvent,
        recordedAt: r.recorded_at,
      })),
    lastSeq: (gameId) => (q.lastSeq.get(gameId) as { s: number }).s,
    deleteGame: (gameId) =>
      tx(() => {
        const row = q.game.get(gameId) as GameRow | undefined;
        if (row && outbox.joined()) outbox.note('game-removed', { game: outbox.gid('games', gameId), at: new Date().toISOString() });
        q.deleteEvents.run(gameId);
        q.deleteGame.run(gameId);
      }),
    appendEvent: (gameId, event, afterSeq) =>
      tx(() => {
        if (!q.game.get(gameId)) throw new StoreError('ERR_NOT_FOUND', `no game with id ${gameId}`);
        const last = (q.lastSeq.get(gameId) as { s: number }).s;
        if (afterSeq !== undefined && afterSeq !== last)
          throw new StoreError('ERR_CONFLICT', `the game has moved on (last event ${last}, not ${afterSeq}): reload it`);
        const recordedAt = new Date().toISOString();
        q.insertEvent.run(gameId, last + 1, event.type, JSON.stringify(event), recordedAt);
        if (outbox.joined()) outbox.note('event', { game: outbox.gid('games', gameId), seq: last + 1, event, recordedAt });
        return last + 1;
      }),
    transaction: tx,
    onWrite: (fn) => {
      written.add(fn);
      return () => written.delete(fn);
    },
    close: () => {
      // Closing twice is harmless (quit paths and tests may both close).
      if (db.open) closeDatabase(db, path);
    },
  };
};
