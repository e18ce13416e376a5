import type { Database } from './sqlite';

/**
 * Migration 9: a player's name lives in the roster only. Sessions and games kept names (the
 * session's setup, each game's seating and bettor), so a rename changed the roster alone and a
 * re-imported record added the old name as a second player. From here on:
 * - a session's players are its `session_players` rows (roster ids by position), its setup JSON
 *   holds `seating` and `bettor` as roster ids (no `players`);
 * - a game's `seating` is a JSON list of roster ids and `bettor_id` its bettor (the `bettor`
 *   name column goes);
 * - `player_former_names` keeps each name a player had before a rename, so a table record
 *   written before it imports back onto her (see store.namesOnRoster).
 * Names found in old sessions that differ from their player's roster name (renamed before this
 * migration) become former names too. Two indexes serve the home screen on a long history: the
 * latest sessions (by date) and the latest game to resume, each read without scanning them all. The per-session Stats figures (migration 5) are by
 * position and stay true: they are kept, not recomputed.
 */
export const MIGRATION_9_PLAYERS_BY_ID: { version: number; up: (db: Database) => void } = {
  version: 9,
  up: (db) => {
    db.exec(`CREATE TABLE player_former_names (
        player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        name TEXT NOT NULL COLLATE NOCASE,
        until TEXT NOT NULL,
        UNIQUE (player_id, name)
      ) STRICT;
      CREATE INDEX player_former_names_by_name ON player_former_names(name);
      CREATE INDEX sessions_by_date ON sessions(created_at, id);
      CREATE INDEX games_by_start ON games(started_at, id);
      ALTER TABLE games ADD COLUMN bettor_id INTEGER REFERENCES players(id);
      CREATE TEMP TABLE kept_stats AS SELECT * FROM session_stats;`);
    const q = {
      sessions: db.prepare('SELECT id, created_at, setup FROM sessions ORDER BY id'),
      ids: db.prepare('SELECT position, player_id FROM session_players WHERE session_id = ?'),
      addSessionPlayer: db.prepare('INSERT INTO session_players (session_id, player_id, position) VALUES (?, ?, ?)'),
      byName: db.prepare('SELECT id, name FROM players WHERE name = ? COLLATE NOCASE'),
      byId: db.prepare('SELECT name FROM players WHERE id = ?'),
      addPlayer: db.prepare('INSERT INTO players (name, created_at) VALUES (?, ?)'),
      former: db.prepare('INSERT OR IGNORE INTO player_former_names (player_id, name, until) VALUES (?, ?, ?)'),
      setSetup: db.prepare('UPDATE sessions SET setup = ? WHERE id = ?'),
      games: db.prepare('SELECT id, seating, bettor FROM games WHERE session_id = ?'),
      setGame: db.prepare('UPDATE games SET seating = ?, bettor_id = ? WHERE id = ?'),
    };
    const now = new Date().toISOString();
    const playerNamed = (name: string): number => {
      const r = q.byName.get(name) as { id: number } | undefined;
      return r ? r.id : Number(q.addPlayer.run(name, now).lastInsertRowid);
    };
    for (const s of q.sessions.all() as { id: number; created_at: string; setup: string }[]) {
      const {
        players = [],
        seating = [],
        bettor,
        ...rest
      } = JSON.parse(s.setup) as { players?: string[]; seating?: string[]; bettor?: string };
      const byPosition = new Map((q.ids.all(s.id) as { position: number; player_id: number }[]).map((r) => [r.position, r.player_id]));
      // Each name as the session wrote it -> its roster player (session_players, else the roster by name).
      const ids = new Map<string, number>();
      players.forEach((name, i) => {
        let id = byPosition.get(i);
        if (id === undefined) {
          id = playerNamed(name);
          q.addSessionPlayer.run(s.id, id, i);
        }
        ids.set(name.toLowerCase(), id);
        const current = (q.byId.get(id) as { name: string }).name;
        if (current.toLowerCase() !== name.toLowerCase()) q.former.run(id, name, s.created_at);
      });
      const idOf = (name: string): number => ids.get(name.toLowerCase()) ?? playerNamed(name);
      const setup = { ...rest, seating: seating.map(idOf), ...(bettor === undefined ? {} : { bettor: idOf(bettor) }) };
      q.setSetup.run(JSON.stringify(setup), s.id);
      for (const g of q.games.all(s.id) as { id: number; seating: string; bettor: string | null }[])
        q.setGame.run(JSON.stringify((JSON.parse(g.seating) as string[]).map(idOf)), g.bettor === null ? null : idOf(g.bettor), g.id);
    }
    db.exec(`ALTER TABLE games DROP COLUMN bettor;
      INSERT OR REPLACE INTO session_stats SELECT * FROM temp.kept_stats;
      DROP TABLE temp.kept_stats;`);
  },
};
