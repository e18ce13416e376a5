import type { Database } from './sqlite';

/**
 * Migration 10: the group cards typed or imported on the Cards screen, the card each session
 * plays with, and the card each group chose last.
 *
 * - `cards`: every kept card, as the text the group typed (checked with the core's card reader
 *   before it is written), by name and year (one card per name and year, any case).
 * - `session_cards`: the card a session plays with, copied whole when it is chosen, so a card
 *   edited or removed later never changes how a played session's hands were checked (it travels
 *   in the table record as this text).
 * - `group_cards`: for each group (its roster players' ids, sorted, joined by commas), the card it
 *   chose last: setup offers it again for the same players.
 */
export const MIGRATION_10_CARDS: { version: number; up: (db: Database) => void } = {
  version: 10,
  up: (db) =>
    db.exec(`CREATE TABLE cards (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL COLLATE NOCASE,
      year INTEGER,
      text TEXT NOT NULL,
      saved_at TEXT NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX cards_by_name_year ON cards(name COLLATE NOCASE, IFNULL(year, 0));
    CREATE TABLE session_cards (
      session_id INTEGER NOT NULL PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      year INTEGER,
      text TEXT NOT NULL
    ) STRICT;
    CREATE TABLE group_cards (
      players TEXT NOT NULL PRIMARY KEY,
      card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
      chosen_at TEXT NOT NULL
    ) STRICT;`),
};
