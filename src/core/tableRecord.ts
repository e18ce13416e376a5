import type { Amendment } from './amend';
import type { GameEvent } from './events';
import type { SessionSetup } from './parse/setup';

/**
 * The table record's shape (docs/table-record.md): what the reader (record.ts) returns and the
 * session summary (summary.ts) replays. Types and constants only, so both can name them without
 * importing each other; record.ts re-exports them.
 */
export const RECORD_FORMAT = 'mahjmate/table-record';
/**
 * The version every file is written with. 2: a `pick` is optional event by event (a discard by the
 * player in turn without a pick counts her pick, in every game). Version 1 files still read, with
 * the same meaning; where a v1 game read the old way differs, the reader notes it (record.ts).
 */
export const RECORD_VERSION = 2;
/** The versions the reader accepts. */
export const RECORD_VERSIONS_READ = [1, 2] as const;
export type RecordVersion = (typeof RECORD_VERSIONS_READ)[number];

export interface RecordGame {
  /** This game's own seating (the table deviated), East first. */
  seating?: string[];
  /** This game's own bettor (5 players). */
  bettor?: string;
  /** Extension: East's dice throw (2-12), which decides where the last wall starts. */
  dice?: number;
  /** The game as it stands (after every amendment). */
  events: GameEvent[];
  /** Fixes made to `events`, oldest first (the audit trail; src/core/amend.ts). */
  amendments?: Amendment[];
}

/** A session's header (players, seating, bettor, stakes, pie, rules: see parse/setup.ts) and its games. */
export interface TableRecord extends SessionSetup {
  format: typeof RECORD_FORMAT;
  /** The version the file was written with (a record made here: RECORD_VERSION); written back as RECORD_VERSION. */
  version: RecordVersion;
  /** Extension: the group card the session played with, as typed (docs/card.md); older files have none. */
  card?: { text: string };
  games: RecordGame[];
}
