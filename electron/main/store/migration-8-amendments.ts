import type { Database } from './sqlite';

/**
 * Migration 8: the amendments made to games' logs, append-only (a fix at the table: an event
 * replaced, dropped or put in). The events table holds each game as it stands; this keeps what
 * stood before, what it became and when, so an amended game can be audited and walked back
 * (src/core/amend.ts `unwindAmendments`). `length`: the game's events just before the change.
 */
export const MIGRATION_8_AMENDMENTS: { version: number; up: (db: Database) => void } = {
  version: 8,
  up: (db) =>
    db.exec(`CREATE TABLE amendments (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
      at INTEGER NOT NULL CHECK (at >= 1),
      action TEXT NOT NULL CHECK (action IN ('replace', 'delete', 'insert')),
      event TEXT CHECK (event IS NULL OR json_valid(event)),
      was TEXT CHECK (was IS NULL OR json_valid(was)),
      length INTEGER NOT NULL CHECK (length >= 1),
      made_at TEXT NOT NULL,
      CHECK ((action = 'delete') = (event IS NULL)),
      CHECK ((action = 'insert') = (was IS NULL))
    ) STRICT;
    CREATE INDEX amendments_by_game ON amendments(game_id, id);
    CREATE TRIGGER amendments_append_only BEFORE UPDATE ON amendments BEGIN
      SELECT RAISE(ABORT, 'amendments are append-only'); END;`),
};
