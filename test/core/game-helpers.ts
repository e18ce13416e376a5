import { expect } from 'vitest';
import type { RuleCode } from '../../src/core/errors';
import type { GameEvent } from '../../src/core/events';
import { apply, replayGame, type GameSetup, type GameState } from '../../src/core/game';
import { payments, type Payment } from '../../src/core/payments';
import { outcomeOf } from '../../src/core/game';
import { OFFICIAL_RULES, type HouseRules } from '../../src/core/rules';
import type { Seat } from '../../src/core/seats';
import { TILES, type Tile } from '../../src/core/tiles';

const NATURALS = TILES.filter((t) => t !== 'J');

export const setupOf = (o: Partial<Omit<GameSetup, 'rules'>> & { rules?: Partial<HouseRules> } = {}): GameSetup => ({
  players: o.players ?? 4,
  bettor: o.bettor ?? false,
  rules: { ...OFFICIAL_RULES, ...o.rules },
  ...(o.dice !== undefined ? { dice: o.dice } : {}),
});

// Event builders, so tables of events stay short.
export const D = (seat: Seat, tile: Tile, named?: Tile): GameEvent => ({ type: 'discard', seat, tile, ...(named ? { named } : {}) });
export const P = (seat: Seat): GameEvent => ({ type: 'pick', seat });
export const R = (seat: Seat, tap = false): GameEvent => ({ type: 'rack', seat, ...(tap ? { tap: true } : {}) });
export const X = (seat: Seat, exposure: Tile[], together = false): GameEvent => ({
  type: 'call',
  seat,
  exposure,
  ...(together ? { together } : {}),
});
export const M = (seat: Seat, together = false): GameEvent => ({ type: 'call', seat, mahjong: true, ...(together ? { together } : {}) });
export const JX = (seat: Seat, from: Seat, tile: Tile): GameEvent => ({ type: 'jokerExchange', seat, from, tile });
export const WIN = (seat: Seat, value: number, more: Partial<Extract<GameEvent, { type: 'mahjong' }>> = {}): GameEvent => ({
  type: 'mahjong',
  seat,
  value,
  jokerless: false,
  ...more,
});
export const RETRACT: GameEvent = { type: 'retract' };

/** Replay events that must all be accepted. */
export const play = (events: readonly GameEvent[], setup: GameSetup = setupOf()): GameState => {
  const r = replayGame(events, setup);
  if (!r.ok) throw new Error(`event ${r.error.index} refused: ${r.error.error.code} ${r.error.error.message}`);
  return r.value;
};

/** The last event must be refused with `code`, and the state before it left unchanged. */
export const refused = (events: readonly GameEvent[], code: RuleCode, setup: GameSetup = setupOf()): string => {
  const before = play(events.slice(0, -1), setup);
  const snapshot = JSON.stringify(before);
  const r = apply(before, events[events.length - 1]!);
  expect(r.ok).toBe(false);
  if (r.ok) return '';
  expect(r.error.code).toBe(code);
  expect(JSON.stringify(before)).toBe(snapshot);
  // The whole replay reports the same error at the last index.
  const whole = replayGame(events, setup);
  expect(whole.ok ? -1 : whole.error.index).toBe(events.length - 1);
  return r.error.message;
};

/** Net points per payer from the payment rules applied to this game's outcome. */
export const netOf = (s: GameState, bettor = false): Record<string, number> => {
  const ps: Payment[] = payments(outcomeOf(s), { bettor, rules: s.setup.rules });
  const n: Record<string, number> = {};
  for (const p of ps) {
    n[p.from] = (n[p.from] ?? 0) - p.points;
    n[p.to] = (n[p.to] ?? 0) + p.points;
  }
  for (const k of Object.keys(n)) if (n[k] === 0) delete n[k];
  return n;
};

/**
 * A run of implied-pick discards in turn order starting with `from`, `n` of them: tiles 1B, 2B, ...
 * through every kind but the joker and round again, so no kind shows more copies than the set holds
 * (at most 3 of a kind for a whole wall of 100); `tile` repeats one kind instead.
 */
export const discards = (from: Seat, n: number, seats: readonly Seat[] = ['E', 'S', 'W', 'N'], tile?: Tile): GameEvent[] => {
  const out: GameEvent[] = [];
  let i = seats.indexOf(from);
  for (let k = 0; k < n; k++) {
    out.push(D(seats[i]!, tile ?? NATURALS[k % NATURALS.length]!));
    i = (i + 1) % seats.length;
  }
  return out;
};
