import type { BetOn, GameEvent } from './events';
import { describeAmendment } from './eventName';
import type { GameSetup } from './game';
import { gameSetupOf } from './gameSetup';
import type { GameOutcome } from './outcome';
import { payments, type Payer } from './payments';
import { applyPie, type Debt } from './pie';
import type { TableRecord } from './tableRecord';
import { err, ok, type Result } from './result';
import { OFFICIAL_RULES, type HouseRules } from './rules';
import { SEATS, type Seat } from './seats';
import { afterGame, deviate, firstRotation, tableOf, type Rotation } from './session';
import { settle, type Transfer } from './settlement';
import { TILES, type Tile } from './tiles';

/** What `replay` prints (table-record spec, "replay"). Names, not seats, in payments and nets. */
export interface TileCount {
  discarded: number;
  exposed: number;
  unseen: number;
}
export interface LiveDiscard {
  tile: Tile;
  seat: Seat;
  window: 'open' | 'closed';
}
export interface GameSummary {
  number: number;
  seating: Partial<Record<Seat, string>>;
  bettor: string | null;
  /** The seat the bettor backed, 'wall' (a wall game, house rule), or null (she forgot). */
  betOn: BetOn | null;
  /** "mahjong", "wall", "in-progress", or (extension) "three-dead". */
  status: GameOutcome['status'];
  winner: Seat | null;
  selfPick: boolean | null;
  discarder: Seat | null;
  wallRemaining: number;
  live: LiveDiscard | null;
  dead: Seat[];
  tiles: Record<Tile, TileCount>;
  /** What the rules say, before pie caps. */
  payments: { from: string; to: string; points: number }[];
  /** After pie caps, every player, sums to 0. */
  net: Record<string, number>;
  /** Extension: the fixes made to the game's events, oldest first, each as a sentence with its time. */
  amendments?: string[];
}
export interface SessionSummary {
  games: GameSummary[];
  session: {
    net: Record<string, number>;
    cents: Record<string, number>;
    transfers: Transfer[];
    nextSeating: Partial<Record<Seat, string>>;
    nextBettor: string | null;
  };
}
export interface ReplayError {
  game: number;
  /** 1-based event position; absent when the error is not about one event. */
  index?: number;
  message: string;
}

/** The parts of the reducer's game state the summary reads (src/core/game.ts). */
export interface GameView {
  wallRemaining: number;
  live: LiveDiscard | null;
  tiles: Readonly<Record<Tile, TileCount>>;
}
/** The reducer, injected so this module depends only on its shape. */
export interface GameEngine<S extends GameView = GameView> {
  replayGame(events: readonly GameEvent[], setup: GameSetup): Result<S, { index: number; error: { code: string; message: string } }>;
  outcomeOf(state: S): GameOutcome;
  /** Whether `index` in the engine's errors counts from 0 (array index) or 1. */
  indexBase: 0 | 1;
}

const byName = (table: Partial<Record<Seat, string>>, bettor: string | undefined, p: Payer): string =>
  p === 'bettor' ? bettor! : table[p]!;

/**
 * Points to cents for every player, exactly: at 2.5 cents a point a 25 hand is 62.5 cents, never
 * rounded (the nets sum to 0 in points, so the cents do too). Float noise from a stake like 0.1
 * is taken off at a millionth of a cent.
 */
export const centsOf = (net: Record<string, number>, centsPerPoint: number): Record<string, number> =>
  Object.fromEntries(Object.keys(net).map((n) => [n, exactCents(net[n]!, centsPerPoint)]));

/** points x cents a point, exact to a millionth of a cent ("-0" is 0). */
export const exactCents = (points: number, centsPerPoint: number): number => Math.round(points * centsPerPoint * 1e6) / 1e6 + 0;

/** Play every game of a record through the engine, then payments, pie caps and settlement. */
export const replaySessionWith = <S extends GameView>(record: TableRecord, engine: GameEngine<S>): Result<SessionSummary, ReplayError> => {
  const rules: HouseRules = { ...OFFICIAL_RULES, ...record.rules };
  const players = record.players;
  const setupRot = { players, seating: record.seating, bettor: record.bettor, rules };
  let rot: Rotation = firstRotation(setupRot);
  const total: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
  const games: GameSummary[] = [];

  for (const [i, g] of record.games.entries()) {
    const number = i + 1;
    if (i > 0) rot = afterGame(rot, rules);
    if (g.seating) rot = deviate(rot, g.seating, g.bettor);
    const { seating, bettor } = tableOf(rot);
    const played = engine.replayGame(g.events, gameSetupOf({ seating, bettor, dice: g.dice }, rules));
    if (!played.ok) {
      const index = played.error.index + (1 - engine.indexBase);
      return err({ game: number, index, message: played.error.error.message });
    }
    const state = played.value;
    const outcome = engine.outcomeOf(state);
    const owed = payments(outcome, { bettor: bettor !== undefined, rules });
    const debts: Debt[] = owed.map((p) => ({ from: byName(seating, bettor, p.from), to: byName(seating, bettor, p.to), points: p.points }));
    const { net } = applyPie(players, total, debts, record.pie?.points);
    for (const p of players) total[p] = total[p]! + net[p]!;
    const won = outcome.status === 'mahjong' && outcome.winner !== undefined;
    games.push({
      number,
      seating,
      bettor: bettor ?? null,
      betOn: outcome.betOn ?? null,
      status: outcome.status,
      winner: won ? outcome.winner! : null,
      selfPick: won ? outcome.selfPick === true || outcome.discarder === undefined : null,
      discarder: won && outcome.discarder !== undefined ? outcome.discarder : null,
      wallRemaining: state.wallRemaining,
      // The spec: the latest discard while it can still be claimed, null once covered, claimed or closed.
      live: state.live && state.live.window === 'open' ? { tile: state.live.tile, seat: state.live.seat, window: 'open' } : null,
      dead: SEATS.filter((s) => outcome.dead.includes(s)),
      tiles: Object.fromEntries(TILES.map((t) => [t, { ...state.tiles[t] }])) as Record<Tile, TileCount>,
      payments: debts,
      net,
      ...(g.amendments?.length ? { amendments: g.amendments.map((a) => `${describeAmendment(a)} (${a.when})`) } : {}),
    });
  }
  // The next game: after the last finished one (an unfinished last game is still at the table).
  const last = games.at(-1);
  const next = last && last.status !== 'in-progress' ? afterGame(rot, rules) : rot;
  const nextTable = tableOf(next);
  const cents = centsOf(total, record.stakes.centsPerPoint);
  return ok({
    games,
    session: {
      net: total,
      cents,
      transfers: settle(total).map((t) => ({ ...t, cents: exactCents(t.cents, record.stakes.centsPerPoint) })),
      nextSeating: nextTable.seating,
      nextBettor: nextTable.bettor ?? null,
    },
  });
};

/** One line for a replay error: game number, event position and reason. */
export const describeReplayError = (e: ReplayError): string =>
  `game ${e.game}${e.index !== undefined ? `, event ${e.index}` : ''}: ${e.message}`;
