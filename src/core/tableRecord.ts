import type { GameEvent } from './events';
import type { SessionSetup } from './parse/setup';

/**
 * The table record's shape, format v1 (docs/table-record.md): what the reader (record.ts) returns
 * and the session summary (summary.ts) replays. Types and constants only, so both can name them
 * without importing each other.
 */
export const RECORD_FORMAT = 'mahjmate/table-record';
export const RECORD_VERSION = 1;

export interface RecordGame {
  /** This game's own seating (the table deviated), East first. */
  seating?: string[];
  /** This game's own bettor (5 players). */
  bettor?: string;
  /** Extension: East's dice throw (2-12), which decides where the last wall starts. */
  dice?: number;
  events: GameEvent[];
}

/** A session's header (players, seating, bettor, stakes, pie, rules: see parse/setup.ts) and its games. */
export interface TableRecord extends SessionSetup {
  format: typeof RECORD_FORMAT;
  version: typeof RECORD_VERSION;
  games: RecordGame[];
}
