import type { DeadCause, GameEvent } from '../events';
import { RuleCode } from '../errors';
import { err, ok } from '../result';
import type { Exposure, GameState } from '../state';
import { isTile, tileName } from '../tiles';
import { checkSeat, closeWindow, fail, lockAll, name, nextLive, notDead, onLastWall, type Step } from './common';
import { checkThreeDead } from './dead';

/**
 * Joker exchanges (RULES §6): on her own turn, a natural tile for a joker standing for it in an
 * exposure; the exchange closes the window and freezes her exposures.
 *
 * - Early joker exchange (D9, Ex 38): recorded, not refused (the table played it): her hand is
 *   dead, the tiles stay where they were, play goes to her right.
 */

export const jokerExchange = (s: GameState, e: Extract<GameEvent, { type: 'jokerExchange' }>, index: number): Step => {
  const { seat, from, tile } = e;
  const bad = checkSeat(s, from, 'seat');
  if (bad) return err(bad);
  if (!isTile(tile)) return fail(RuleCode.BadEvent, `${String(tile)} is not a tile`);
  const dead = notDead(s, seat, 'exchange for a joker');
  if (dead) return dead;
  if (tile === 'J') return fail(RuleCode.ExchangeJoker, `${name(seat)} must give a natural tile for a joker, not a joker`);
  if (seat !== s.turn)
    return fail(RuleCode.NotYourTurn, `It is ${name(s.turn)}'s turn, not ${name(seat)}'s: jokers are exchanged only on your own turn`);
  const at = s.exposures[from].findIndex((x) => x.tile === tile && x.tiles.includes('J'));
  if (at < 0) return fail(RuleCode.NoJoker, `${name(from)} has no exposed joker standing for ${tileName(tile)}`);
  if (e.beforePick === true && s.picked)
    return fail(RuleCode.AlreadyPicked, `${name(seat)} has picked: her exchange is not before picking`);
  let s1 = s;
  if (!s.picked && e.beforePick !== true && s.opened && s.wallRemaining > 0) {
    // An exchange by the player in turn who has not picked counts her pick, unless recorded as before picking.
    s1 = { ...s, picked: true, drew: true, wallRemaining: s.wallRemaining - 1, lastWall: onLastWall(s.setup, s.wallRemaining - 1) };
  }
  if (!s1.picked) {
    // D9, Example 38: the table played it, so the app records it: her hand is dead, the tiles stay put.
    const deadMap = { ...s.dead, [seat]: { cause: 'early-exchange' as DeadCause, eventIndex: index } };
    const after: GameState = { ...s, dead: deadMap };
    return ok(checkThreeDead({ ...after, turn: nextLive(after, seat) }, index));
  }
  const x = s.exposures[from][at]!;
  const j = x.tiles.lastIndexOf('J');
  const swapped: Exposure = { ...x, tiles: x.tiles.map((t, i) => (i === j ? tile : t)) };
  const exposures = { ...s.exposures, [from]: s.exposures[from].map((y, i) => (i === at ? swapped : y)) };
  exposures[seat] = lockAll(exposures[seat]); // the exchange freezes her own exposures (Art. 17)
  return ok({
    ...s1,
    exposures,
    exchangedThisTurn: true,
    pendingClaim: null, // committed: no rival claim can take the tile now
    ...closeWindow(s, `${name(seat)} exchanged for a joker`),
  });
};
