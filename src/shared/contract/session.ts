import { z } from 'zod';
import type { Revision } from '../../core/correction';
import type { HouseRules } from '../../core/rules';
import type { Seat } from '../../core/seats';
import type { Transfer } from '../../core/settlement';
import { gameEventSchema, sessionSetupSchema } from '../core-schema';
import { SESSION_CHANNELS } from './session-channels';
import type { ExportedRecord, GameInfo, SessionSummary } from '../types';
import { out } from './reply-type';

/**
 * The session screens' channels (setup with chips, quick scoring, the ledger, stats, history
 * export). Merged into the central contract (ipc-contract.ts) and CHANNELS (channels.ts) by
 * one spread line each. Every figure in these replies comes from the rules engine in main.
 */

export { CHEAPEST_HAND } from '../../core/parse/setup';

const id = z.number().int().positive();

/** A chip of the pie: its colour (as the players call it) and what it is worth in points. */
export const chipSchema = z.strictObject({
  colour: z.string().trim().min(1, 'a chip needs a colour').max(20, 'a colour name has at most 20 characters'),
  points: z
    .number({ error: 'a chip needs a value in points' })
    .int('a chip needs a value in whole points')
    .positive('a chip needs a value in points'),
});
export type Chip = z.output<typeof chipSchema>;

const auditReason = z
  .string()
  .trim()
  .min(3, 'say why the session is changed (a few words)')
  .max(200, 'a reason has at most 200 characters');

export interface AuditEntry {
  at: string;
  action: string;
  reason: string;
  before: unknown;
}

export interface NextTable {
  /** The next game's number (1-based). */
  number: number;
  seating: Partial<Record<Seat, string>>;
  bettor: string | null;
  /** The Pivot swap that puts this seating in place (it happens before this game), or null. */
  pivotSwap: { pivot: string; swapsWith: string } | null;
  /** Games from now until the next Pivot swap (0: this game), or null when the Pivot rule is off. */
  gamesToPivotSwap: number | null;
  /** The session's first East. */
  pivot: string;
}

export interface LedgerLine {
  from: string;
  to: string;
  /** What the rules say (before the pie cap). */
  points: number;
  /** What was actually paid after the pie cap. */
  paid: number;
  reason: string;
}

export interface LedgerGame {
  number: number;
  gameId: number;
  seating: Partial<Record<Seat, string>>;
  bettor: string | null;
  /** The name the bettor backed; null with a bettor present: she forgot to bet. */
  betOn: string | null;
  status: 'in-progress' | 'mahjong' | 'wall' | 'three-dead';
  winner: string | null;
  value: number | null;
  jokerless: boolean;
  selfPick: boolean | null;
  discarder: string | null;
  /** Dead hands at the end (they still pay). */
  dead: string[];
  lines: LedgerLine[];
  /** Each player's points this game after the pie caps (sums to 0). */
  net: Record<string, number>;
  /** Each player's balance in points after this game. */
  balance: Record<string, number>;
  /**
   * An event of this game today's rules refuse (kept by an earlier app), in a sentence: the game
   * counts as it stood just before it (unfinished) until it is fixed at the table.
   */
  held?: string;
}

export interface LedgerPlayer {
  name: string;
  points: number;
  cents: number;
  /** Points left of her pie (null: no pie). */
  pieLeft: number | null;
  /** Pie used up: she pays nothing more until she wins. */
  py: boolean;
}

export interface Ledger {
  sessionId: number;
  createdAt: string;
  players: string[];
  centsPerPoint: number;
  pie: number | null;
  chips: Chip[];
  rules: HouseRules;
  /** The switches that differ from the official rules. */
  houseRules: (keyof HouseRules)[];
  games: LedgerGame[];
  balances: LedgerPlayer[];
  /** The fewest transfers that settle the session, in cents. */
  transfers: Transfer[];
  /** The next game's table, or null while a game is still being played. */
  next: NextTable | null;
  /** A started game with no ending yet (played at the table, or abandoned). */
  openGame: GameInfo | null;
  /** The settlement's revision: 1 as scored, one more per correction of a confirmed game (src/core/correction.ts). */
  revision: Revision;
  /** Corrections of confirmed games, oldest first: which game, when, its ending before and after. */
  corrections: LedgerCorrection[];
}

export interface LedgerCorrection {
  game: number;
  /** ISO time. */
  when: string;
  was: string;
  now: string;
}

export interface PlayerStats {
  name: string;
  retired: boolean;
  sessions: number;
  games: number;
  wins: number;
  selfPicks: number;
  jokerlessWins: number;
  /** Average value of her winning hands, or null without a win. */
  averageValue: number | null;
  cents: number;
  /** Her running money after each session, oldest first. */
  moneyOverTime: { sessionId: number; date: string; cents: number }[];
}

export const sessionContract = {
  setupSession: {
    input: z.strictObject({
      /** The session header, read by the core's parseSetup. */
      setup: sessionSetupSchema,
      chips: z.array(chipSchema).max(8, 'at most 8 chip colours').optional(),
    }),
    output: out<SessionSummary>(),
  },
  quickScore: {
    input: z.strictObject({
      sessionId: id,
      /** The game already started (at the table, or with the bet recorded); else the next game is started. */
      gameId: id.optional(),
      /** `bet` (optional, first), errors (`wrongWall`, `dead`, `mahjongInError`), then one `mahjong` or `wallGame`; or no ending when the errors make three hands dead (RULES §8.4). */
      events: z.array(gameEventSchema).min(1, 'record at least the ending').max(12, 'a quick score is a bet, a few errors and an ending'),
      /** Set when editing a reopened session: the change is written to its audit. */
      reason: auditReason.optional(),
    }),
    output: out<GameInfo>(),
  },
  sessionLedger: { input: z.strictObject({ sessionId: id }), output: out<Ledger>() },
  playerStats: { input: z.union([z.undefined(), z.strictObject({})]), output: out<PlayerStats[]>() },
  /**
   * Works out a slice of the sessions' figures Stats needs (the one-time work after an upgrade or
   * a large import) and says how far it is: `done` of `total` sessions. Stats shows it until done.
   * Once done, the reply carries the figures too (`players`, as playerStats gives them), so the
   * screen's usual visit is one call. `peek`: work nothing out, only say how far it is (the
   * screen's first call, so it shows at once).
   */
  statsProgress: {
    input: z.union([z.undefined(), z.strictObject({ peek: z.boolean().optional() })]),
    output: out<{ done: number; total: number; players?: PlayerStats[] }>(),
  },
  exportHistory: { input: z.union([z.undefined(), z.strictObject({})]), output: out<ExportedRecord[]>() },
  /** Print the settlement page showing now (system dialog), or save it as a PDF where the user chooses. */
  printSettlement: {
    input: z.strictObject({ sessionId: id, mode: z.enum(['dialog', 'pdf'], { error: 'mode is "dialog" or "pdf"' }) }),
    output: out<{ savedTo: string | null }>(),
  },
  /** An audited edit of a reopened session: take its last game out (kept in the audit). */
  removeLastGame: { input: z.strictObject({ sessionId: id, reason: auditReason }), output: out<{ removed: number }>() },
  sessionAudit: { input: z.strictObject({ sessionId: id }), output: out<AuditEntry[]>() },
} satisfies Record<(typeof SESSION_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
