import type { Database } from './sqlite';

/**
 * Migration 7: the tile sets a player taught the camera (they were kept in the page's
 * localStorage, lost with the browser profile and invisible to backups), and which one is in
 * use. `data` is the set as the camera stores it (JSON, checked before it is written).
 */
export const MIGRATION_7_TILE_SETS: { version: number; up: (db: Database) => void } = {
  version: 7,
  up: (db) =>
    db.exec(`CREATE TABLE tile_sets (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      data TEXT NOT NULL CHECK (json_valid(data)),
      saved_at TEXT NOT NULL,
      active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1))
    ) STRICT;
    CREATE UNIQUE INDEX tile_sets_one_active ON tile_sets(active) WHERE active = 1;`),
};
