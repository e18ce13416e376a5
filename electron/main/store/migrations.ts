import type { Database } from './sqlite';
import { MIGRATION_6_STAGED_ENDINGS } from './migration-6-staged-endings';
import { MIGRATION_7_TILE_SETS } from './migration-7-tile-sets';
import { MIGRATION_8_AMENDMENTS } from './migration-8-amendments';
import { MIGRATION_9_PLAYERS_BY_ID } from './migration-9-players-by-id';
import { MIGRATION_10_CARDS } from './migration-10-cards';
import { MIGRATION_11_OUTBOX } from './migration-11-outbox';

/**
 * Numbered migrations. Each runs once, in order, inside one transaction with the bump of
 * schema_version. Never edit a released one: add the next number.
 */
export interface Migration {
  version: number;
  up: (db: Database) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    up: (db) =>
      db.exec(`
        CREATE TABLE players (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE COLLATE NOCASE,
          retired INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
          created_at TEXT NOT NULL
        ) STRICT;
        -- setup: the table-record header (players, seating, bettor, stakes, pie, rules) as JSON.
        CREATE TABLE sessions (
          id INTEGER PRIMARY KEY,
          created_at TEXT NOT NULL,
          setup TEXT NOT NULL CHECK (json_valid(setup))
        ) STRICT;
        CREATE TABLE session_players (
          session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          player_id INTEGER NOT NULL REFERENCES players(id),
          position INTEGER NOT NULL,
          PRIMARY KEY (session_id, position)
        ) STRICT;
        -- seating: names in turn order, East first; own_seating = 1 when the table deviated from the rotation.
        CREATE TABLE games (
          id INTEGER PRIMARY KEY,
          session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          number INTEGER NOT NULL CHECK (number >= 1),
          seating TEXT NOT NULL CHECK (json_valid(seating)),
          bettor TEXT,
          own_seating INTEGER NOT NULL DEFAULT 0,
          started_at TEXT NOT NULL,
          UNIQUE (session_id, number)
        ) STRICT;
        -- The event log is the truth; every state is folded from it by the rules engine.
        CREATE TABLE events (
          game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL CHECK (seq >= 1),
          type TEXT NOT NULL,
          payload TEXT NOT NULL CHECK (json_valid(payload)),
          recorded_at TEXT NOT NULL,
          PRIMARY KEY (game_id, seq)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX games_by_session ON games(session_id, number);
      `),
  },
  {
    // East's dice throw per game (2-12; decides where the last wall starts), when recorded.
    version: 2,
    up: (db) => db.exec('ALTER TABLE games ADD COLUMN dice INTEGER CHECK (dice BETWEEN 2 AND 12)'),
  },
  {
    // The pie's chips (colour and points), kept beside the session: the table record has no place for them.
    version: 3,
    up: (db) =>
      db.exec(`CREATE TABLE session_chips (
        session_id INTEGER NOT NULL PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        chips TEXT NOT NULL CHECK (json_valid(chips))
      ) STRICT`),
  },
  {
    // Changes made to a reopened session: what, why, and what was there before (JSON).
    version: 4,
    up: (db) =>
      db.exec(`CREATE TABLE session_audit (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        action TEXT NOT NULL,
        reason TEXT NOT NULL,
        before TEXT CHECK (before IS NULL OR json_valid(before))
      ) STRICT`),
  },
  {
    // Migration 5: each session's per-player figures for the Stats screen
    // (by position in the session's players), filled when Stats first needs them; triggers drop a
    // session's row whenever anything its figures come from changes, so a stale row never survives.
    version: 5,
    up: (db) =>
      db.exec(`CREATE TABLE session_stats (
        session_id INTEGER NOT NULL PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        figures TEXT NOT NULL CHECK (json_valid(figures))
      ) STRICT;
      CREATE TRIGGER session_stats_event_added AFTER INSERT ON events BEGIN
        DELETE FROM session_stats WHERE session_id = (SELECT session_id FROM games WHERE id = NEW.game_id); END;
      CREATE TRIGGER session_stats_event_changed AFTER UPDATE ON events BEGIN
        DELETE FROM session_stats WHERE session_id IN (SELECT session_id FROM games WHERE id IN (OLD.game_id, NEW.game_id)); END;
      CREATE TRIGGER session_stats_event_removed AFTER DELETE ON events BEGIN
        DELETE FROM session_stats WHERE session_id = (SELECT session_id FROM games WHERE id = OLD.game_id); END;
      CREATE TRIGGER session_stats_game_added AFTER INSERT ON games BEGIN
        DELETE FROM session_stats WHERE session_id = NEW.session_id; END;
      CREATE TRIGGER session_stats_game_changed AFTER UPDATE ON games BEGIN
        DELETE FROM session_stats WHERE session_id IN (OLD.session_id, NEW.session_id); END;
      CREATE TRIGGER session_stats_game_removed AFTER DELETE ON games BEGIN
        DELETE FROM session_stats WHERE session_id = OLD.session_id; END;
      CREATE TRIGGER session_stats_setup_changed AFTER UPDATE ON sessions BEGIN
        DELETE FROM session_stats WHERE session_id = NEW.id; END;
      CREATE TRIGGER session_stats_players_added AFTER INSERT ON session_players BEGIN
        DELETE FROM session_stats WHERE session_id = NEW.session_id; END;
      CREATE TRIGGER session_stats_players_changed AFTER UPDATE ON session_players BEGIN
        DELETE FROM session_stats WHERE session_id IN (OLD.session_id, NEW.session_id); END;
      CREATE TRIGGER session_stats_players_removed AFTER DELETE ON session_players BEGIN
        DELETE FROM session_stats WHERE session_id = OLD.session_id; END;`),
  },
  MIGRATION_6_STAGED_ENDINGS,
  MIGRATION_7_TILE_SETS,
  MIGRATION_8_AMENDMENTS,
  MIGRATION_9_PLAYERS_BY_ID,
  MIGRATION_10_CARDS,
  MIGRATION_11_OUTBOX,
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
