/**
 * The two switches whose input the record carries as extensions: `hotTilePenalty` (a discard the
 * table marked hot, `discard.hot`) and `rule_b_value: 'survivorHand'` (the survivor's value on the
 * erring event, `mahjongInError.survivorValue`). Each played through the reducer and payments,
 * with the switch off (official default) and on.
 */
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { newGame, outcomeOf, replayGame } from '../../src/core/game';
import { payments } from '../../src/core/payments';
import { parseRecord, serialiseRecord, makeRecord } from '../../src/core/record';
import { OFFICIAL_RULES, type HouseRules } from '../../src/core/rules';
import type { Seat } from '../../src/core/seats';

const nets = (events: GameEvent[], rules: Partial<HouseRules> = {}): Record<Seat, number> => {
  const setup = { players: 4 as const, rules: { ...OFFICIAL_RULES, ...rules }, bettor: false };
  const r = replayGame(events, setup);
  if (!r.ok) throw new Error(`event ${r.error.index}: ${r.error.error.message}`);
  const out: Record<Seat, number> = { E: 0, S: 0, W: 0, N: 0 };
  for (const p of payments(outcomeOf(r.value), { rules: setup.rules })) {
    out[p.from as Seat] -= p.points;
    out[p.to as Seat] += p.points;
  }
  return out;
};

describe('hotTilePenalty (RULES §9.5): a mah jongg on a tile the table marked hot', () => {
  // W throws 2 Dot, marked hot; N wins on it for 25.
  const game: GameEvent[] = [
    { type: 'discard', seat: 'E', tile: '5B' },
    { type: 'discard', seat: 'S', tile: 'N' },
    { type: 'discard', seat: 'W', tile: '2D', hot: true },
    { type: 'call', seat: 'N', mahjong: true },
    { type: 'mahjong', seat: 'N', value: 25, jokerless: false },
  ];
  test('off (official): an ordinary discard win, W 50, E 25, S 25', () => {
    expect(nets(game)).toEqual({ E: -25, S: -25, W: -50, N: 100 });
  });
  test('on: the discarder pays for the party, 4 x 25 alone', () => {
    expect(nets(game, { hotTilePenalty: true })).toEqual({ E: 0, S: 0, W: -100, N: 100 });
  });
  test('on, but the winning tile was not marked hot: ordinary payments', () => {
    const cold = game.map((e) => (e.type === 'discard' && e.hot ? { type: 'discard' as const, seat: e.seat, tile: e.tile } : e));
    expect(nets(cold, { hotTilePenalty: true })).toEqual({ E: -25, S: -25, W: -50, N: 100 });
  });
  test('the live discard shows it is hot', () => {
    const r = replayGame(game.slice(0, 3), { players: 4, rules: OFFICIAL_RULES, bettor: false });
    expect(r.ok && r.value.live?.hot).toBe(true);
  });
});

describe('rule_b_value (RULES §8.4(b), Example 23): whose value the second erring declarer pays', () => {
  // E declares in error (exposed); S throws in her hand; W (attempting 30) declares in error;
  // N's hand is worth 25.
  const game: GameEvent[] = [
    { type: 'discard', seat: 'E', tile: '5B' },
    { type: 'mahjongInError', seat: 'E', exposed: true, value: 25 },
    { type: 'dead', seat: 'S', by: 'N' },
    { type: 'mahjongInError', seat: 'W', exposed: true, value: 30, survivorValue: 25 },
  ];
  test('erringHand (default): W pays N 2 x 30', () => {
    expect(nets(game)).toEqual({ E: 0, S: 0, W: -60, N: 60 });
  });
  test('survivorHand: W pays N 2 x 25', () => {
    expect(nets(game, { rule_b_value: 'survivorHand' })).toEqual({ E: 0, S: 0, W: -50, N: 50 });
  });
});

test('both extensions survive the record round trip, and bad values are refused', () => {
  const events: GameEvent[] = [
    { type: 'discard', seat: 'E', tile: '5B', hot: true },
    { type: 'mahjongInError', seat: 'S', exposed: true, value: 30, survivorValue: 25 },
  ];
  const text = serialiseRecord(
    makeRecord({ players: ['A', 'B', 'C', 'D'], seating: ['A', 'B', 'C', 'D'], centsPerPoint: 1, rules: {}, games: [{ events }] }),
  );
  const back = parseRecord(text);
  expect(back.ok && back.value.games[0]!.events).toEqual(events);
  const bad = (e: object) => parseRecord(text.replace('"hot": true', `"hot": ${JSON.stringify((e as { hot: unknown }).hot)}`));
  expect(bad({ hot: 'yes' }).ok).toBe(false);
  const badSurvivor = parseRecord(text.replace('"survivorValue": 25', '"survivorValue": -5'));
  expect(badSurvivor.ok).toBe(false);
  expect(newGame({ players: 4, rules: OFFICIAL_RULES, bettor: false }).live).toBeNull();
});
