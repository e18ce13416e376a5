import type { Database } from './sqlite';

/**
 * Migration 6: an ending typed at the table but not yet confirmed, kept beside
 * its game so it survives a restart. `after_seq` is the game's last stored event when it was
 * staged: a staged ending that no longer follows the log is stale and dropped.
 */
export const MIGRATION_6_STAGED_ENDINGS: { version: number; up: (db: Database) => void } = {
  version: 6,
  up: (db) =>
    db.exec(`CREATE TABLE staged_endings (
      game_id INTEGER NOT NULL PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
      after_seq INTEGER NOT NULL CHECK (after_seq >= 0),
      events TEXT NOT NULL CHECK (json_valid(events)),
      staged_at TEXT NOT NULL
    ) STRICT`),
};
