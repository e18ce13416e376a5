import type { GameEvent } from './events';
import type { HouseRules } from './rules';

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

export interface TableRecord {
  format: typeof RECORD_FORMAT;
  version: typeof RECORD_VERSION;
  players: string[];
  seating: string[];
  bettor?: string;
  stakes: { centsPerPoint: number };
  pie?: { points: number };
  /** Only the switches the record sets; the rest are the official defaults. */
  rules: Partial<HouseRules>;
  games: RecordGame[];
}
