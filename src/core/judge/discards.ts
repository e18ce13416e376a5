import type { GameEvent } from '../events';
import { RuleCode } from '../errors';
import { ok } from '../result';
import type { Seat } from '../seats';
import type { FloorTile, GameState, LiveDiscard } from '../state';
import { isTile, tileName } from '../tiles';
import { closeWindow, fail, lockAll, name, nextLive, notDead, onLastWall, type Mutable, type Step } from './common';

/**
 * Discards and picks (RULES §4.1-4.8, §2.3, §2.8): who may discard, whose turn follows, what the
 * wall holds, when the window of opportunity on a discard opens and closes by a rack.
 *
 * - Picks (§4.1, §4.6): optional event by event. A discard, rack, joker exchange or self-picked mah
 *   jongg by the player in turn who has not picked counts her pick, whether or not earlier picks were
 *   recorded. A discard before picking is never inferred: it carries `beforePick: true` (nobody may
 *   call it, the wall count does not move); a joker exchange with `beforePick: true` is the early
 *   exchange of D9.
 * - An out-of-turn discard nobody calls leaves the turn where it was (SILENT).
 * - Last wall (§2.3, §9.5): the last 2d tiles, d = `setup.dice` or 7 (the expected throw); a
 *   discard is "on the last wall" when the tiles left after its pick are within it.
 * - Wrong wall (§2.8): in play from the `wrongWall` event to the end of the game (the record
 *   cannot show when it is used up); the pusher pays unless she is the winner.
 * - Hot tiles (`hotTilePenalty`): the table marks a discard hot with `discard.hot`; a mah jongg on
 *   it makes the discarder pay for the party when the switch is on.
 */

export const discard = (s: GameState, e: Extract<GameEvent, { type: 'discard' }>, index: number): Step => {
  const { seat, tile } = e;
  if (!isTile(tile)) return fail(RuleCode.BadEvent, `${String(tile)} is not a tile`);
  if (e.named !== undefined && !isTile(e.named)) return fail(RuleCode.BadEvent, `${String(e.named)} is not a tile name`);
  const dead = notDead(s, seat, 'discard');
  if (dead) return dead;
  const p = s.pendingClaim;
  if (p && p.winner.purpose === 'mahjong' && p.winner.seat === seat)
    return fail(RuleCode.ClaimPending, `${name(seat)} called the ${tileName(p.tile)} for mah jongg: record her mahjong or mahjongInError`);
  const inTurn = seat === s.turn;
  let wallRemaining = s.wallRemaining;
  // §4.6: a discard before picking is recorded as such (nobody may call it; she is short a tile).
  const beforePick = e.beforePick === true;
  if (beforePick) {
    if (!inTurn)
      return fail(
        RuleCode.NotYourTurn,
        `It is ${name(s.turn)}'s turn, not ${name(seat)}'s: only the player in turn can discard before picking`,
      );
    if (s.picked) return fail(RuleCode.AlreadyPicked, `${name(seat)} has picked: her discard is not before picking`);
  } else if (inTurn && !s.picked) {
    if (wallRemaining === 0) return fail(RuleCode.WallEmpty, `The wall is empty: ${name(seat)} has nothing to pick; record a wall game`);
    wallRemaining -= 1; // the pick is implied
  }
  const named = e.named !== undefined && e.named !== tile ? e.named : undefined;
  const lastWall = onLastWall(s.setup, wallRemaining);
  // A newer discard covers the old one (§4.3).
  const floor: FloorTile[] = s.floor.slice();
  const prev = floor[floor.length - 1];
  if (prev && !prev.dead) floor[floor.length - 1] = { ...prev, dead: true };
  const claimable = tile !== 'J' && !beforePick;
  const down: Mutable<FloorTile> = { tile, seat, eventIndex: index, dead: !claimable };
  if (named) down.named = named;
  floor.push(down);
  const live: Mutable<LiveDiscard> = {
    tile,
    seat,
    window: claimable ? 'open' : 'closed',
    eventIndex: index,
    outOfTurn: !inTurn,
    beforePick,
    lastWall,
    claimable,
  };
  if (!claimable) live.closedBy = tile === 'J' ? 'a joker is never claimable' : `${name(seat)} discarded before picking`;
  if (named) live.named = named;
  if (e.hot === true) live.hot = true;
  const next: Mutable<GameState> = { ...s, wallRemaining, lastWall, floor, live, opened: true, pendingClaim: null };
  if (inTurn) {
    // Her discard freezes her exposures (§4.4); play passes to her right. An out-of-turn discard
    // leaves the turn where it was (§4.7; SILENT on more).
    const mine = s.exposures[seat];
    if (mine.some((x) => !x.locked)) next.exposures = { ...s.exposures, [seat]: lockAll(mine) };
    next.turn = nextLive(s, seat);
    next.picked = false;
    next.drew = false;
    next.exchangedThisTurn = false;
  }
  return ok(next);
};

export const pick = (s: GameState, seat: Seat): Step => {
  const dead = notDead(s, seat, 'pick');
  if (dead) return dead;
  if (s.pendingClaim)
    return fail(RuleCode.ClaimPending, `${name(s.pendingClaim.winner.seat)} called the ${tileName(s.pendingClaim.tile)}; it is her turn`);
  if (!s.opened) return fail(RuleCode.NotOpened, 'East opens with a discard; nobody picks before it');
  if (seat !== s.turn) return fail(RuleCode.NotYourTurn, `It is ${name(s.turn)}'s turn, not ${name(seat)}'s`);
  if (s.picked) return fail(RuleCode.AlreadyPicked, `${name(seat)} has already picked`);
  if (s.wallRemaining === 0) return fail(RuleCode.WallEmpty, 'The wall is empty: record a wall game');
  const wallRemaining = s.wallRemaining - 1;
  return ok({ ...s, picked: true, drew: true, exchangedThisTurn: false, wallRemaining, lastWall: onLastWall(s.setup, wallRemaining) });
};

export const rack = (s: GameState, seat: Seat, tap: boolean, _index: number): Step => {
  const dead = notDead(s, seat, 'rack a tile');
  if (dead) return dead;
  if (seat !== s.turn) return fail(RuleCode.NotYourTurn, `It is ${name(s.turn)}'s turn, not ${name(seat)}'s`);
  let wallRemaining = s.wallRemaining;
  if (!s.picked) {
    if (wallRemaining === 0) return fail(RuleCode.WallEmpty, `The wall is empty: ${name(seat)} has nothing to pick`);
    wallRemaining -= 1; // implied pick
  }
  const base = { ...s, picked: true, drew: s.drew || !s.picked, wallRemaining, lastWall: onLastWall(s.setup, wallRemaining) };
  // The claimant racking the called tile, or a tap without the house rule: the window stays as it is.
  if (s.pendingClaim || (tap && !s.setup.rules.tapClosesWindow)) return ok(base);
  return ok({ ...base, ...closeWindow(s, tap ? `${name(seat)} tapped her tile on the rack` : `${name(seat)} racked`) });
};

/** `seat` pushed out the wrong wall (§2.8): in play to the end of the game. */
export const wrongWall = (s: GameState, seat: Seat): Step => {
  if (s.wrongWall !== undefined) return fail(RuleCode.WrongWall, `${name(s.wrongWall)}'s wrong wall is already recorded`);
  return ok({ ...s, wrongWall: seat });
};
