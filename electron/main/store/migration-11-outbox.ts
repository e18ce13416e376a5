import type { Database } from './sqlite';

/**
 * Migration 11: the outbox of a group's shared history (docs/groups.md).
 * - `players`, `sessions` and `games` get `gid`, a random global id (128 bits, hex): the one
 *   name each has on every laptop of a group. Existing rows get theirs here; new rows at insert.
 *   (The Stats figures, dropped by migration 5's triggers on any update of a session or game,
 *   are kept: a global id changes none of them.)
 * - `group_link`: the group this laptop has joined (at most one row; none: no group, and the
 *   app behaves as before: no outbox rows, no sync process, no network).
 * - `outbox`: one row per acknowledged write while a group is joined, written in the same
 *   transaction as the write itself, so a write is acknowledged with its row or not at all. Each
 *   row is write-once (kind + JSON body) under a random global id; the sync process copies it
 *   into the group file and stamps `sent_at` once it read it back from there after a push.
 * - `group_rows`: the group's rows as last pulled (every laptop's, this one's included), copied
 *   here by the sync process so the app reads the group without opening the group file.
 */
export const MIGRATION_11_OUTBOX: { version: number; up: (db: Database) => void } = {
  version: 11,
  up: (db) =>
    db.exec(`CREATE TEMP TABLE kept_stats AS SELECT * FROM session_stats;
      ALTER TABLE players ADD COLUMN gid TEXT;
      ALTER TABLE sessions ADD COLUMN gid TEXT;
      ALTER TABLE games ADD COLUMN gid TEXT;
      UPDATE players SET gid = lower(hex(randomblob(16)));
      UPDATE sessions SET gid = lower(hex(randomblob(16)));
      UPDATE games SET gid = lower(hex(randomblob(16)));
      INSERT OR REPLACE INTO session_stats SELECT * FROM temp.kept_stats;
      DROP TABLE temp.kept_stats;
      CREATE UNIQUE INDEX players_by_gid ON players(gid);
      CREATE UNIQUE INDEX sessions_by_gid ON sessions(gid);
      CREATE UNIQUE INDEX games_by_gid ON games(gid);
      CREATE TABLE group_link (
        one INTEGER NOT NULL PRIMARY KEY CHECK (one = 1),
        group_id TEXT NOT NULL,
        name TEXT NOT NULL,
        url TEXT NOT NULL,
        device TEXT NOT NULL,
        joined_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE outbox (
        n INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        body TEXT NOT NULL CHECK (json_valid(body)),
        made_at TEXT NOT NULL,
        sent_at TEXT
      ) STRICT;
      CREATE INDEX outbox_unsent ON outbox(n) WHERE sent_at IS NULL;
      CREATE TABLE group_rows (
        id TEXT NOT NULL PRIMARY KEY,
        device TEXT NOT NULL,
        n INTEGER NOT NULL,
        kind TEXT NOT NULL,
        body TEXT NOT NULL,
        made_at TEXT NOT NULL
      ) STRICT;`),
};
