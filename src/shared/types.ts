import type { HeldEvent } from '../core/amend';
import type { GameEvent } from '../core/events';
import type { GameState } from '../core/game';
import type { HouseRules } from '../core/rules';
import type { Seat } from '../core/seats';

/** What main tells the page about itself. */
export interface AppInfo {
  name: string;
  version: string;
  /** Where the database file lives (shown so a player can back it up). */
  dataPath: string;
}

/** What happened to the database at start: a corrupt or foreign file is set aside, never deleted. */
export interface StartupReport {
  setAside: null | { path: string; reason: string };
}

export interface Player {
  id: number;
  name: string;
  retired: boolean;
}

/** A session as created: the table-record header. */
export interface SessionSetupInput {
  players: string[];
  seating: string[];
  bettor?: string;
  stakes?: { centsPerPoint: number };
  pie?: { points: number };
  rules?: Partial<HouseRules>;
}

export interface SessionSummary {
  id: number;
  createdAt: string;
  players: string[];
  games: number;
}

export interface SessionDetail extends SessionSummary {
  setup: Required<Pick<SessionSetupInput, 'players' | 'seating' | 'stakes' | 'rules'>> & Pick<SessionSetupInput, 'bettor' | 'pie'>;
  gameList: GameInfo[];
}

export interface GameInfo {
  id: number;
  sessionId: number;
  /** 1-based within the session. */
  number: number;
  seating: Partial<Record<Seat, string>>;
  bettor?: string;
  /** East's dice throw (2-12), when recorded. */
  dice?: number;
}

export interface StoredEvent {
  seq: number;
  event: GameEvent;
  recordedAt: string;
}

/** A game as the page sees it: its log (the truth) and the engine's state folded from it. */
export interface GameView {
  game: GameInfo;
  events: StoredEvent[];
  /** The rules engine's state folded from the log (derived, never stored as truth). */
  state: GameState;
  /**
   * The first stored event today's rules refuse (a game kept by an earlier app): `state` stands
   * just before it; it and the events after it stay in `events` until fixed or dropped.
   */
  held?: HeldEvent;
}

/** What main answers an accepted append: the event's place in the log (the page folds the state itself). */
export interface AppendResult {
  seq: number;
}

export interface ExportedRecord {
  fileName: string;
  text: string;
}
