import type { Database } from './sqlite';

/**
 * Migration 10: the group cards a player typed (docs/card.md), by name and year, the card a
 * session plays with, and the one the group chose last (remembered for the next session's setup).
 * A session keeps its own copy of the card's text, so a card edited or deleted later never
 * changes what a past session was checked against, nor its table record.
 */
export const MIGRATION_10_CARDS: { version: number; up: (db: Database) => void } = {
  version: 10,
  up: (db) =>
    db.exec(`CREATE TABLE cards (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      year INTEGER,
      text TEXT NOT NULL,
      saved_at TEXT NOT NULL,
      chosen_at TEXT
    ) STRICT;
    CREATE UNIQUE INDEX cards_by_name_year ON cards(name COLLATE NOCASE, IFNULL(year, 0));
    CREATE TABLE session_cards (
      session_id INTEGER NOT NULL PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      card_id INTEGER REFERENCES cards(id) ON DELETE SET NULL,
      text TEXT NOT NULL
    ) STRICT;`),
};
