import { exposureProblem, rankClaims, seatsBetween, type Claim } from '../claims';
import type { DeadCause, GameEvent } from '../events';
import { RuleCode } from '../errors';
import { ok } from '../result';
import type { BySeat, Seat } from '../seats';
import type { Exposure, GameState, PendingClaim } from '../state';
import { isTile, tileName, type Tile } from '../tiles';
import { closeWindow, fail, isDead, name, nextLive, notDead, onLastWall, type Mutable, type Step } from './common';
import { checkThreeDead } from './dead';
import { previousEvent } from './history';

/**
 * Calls and claims (RULES §4.3-4.5, §5): who may take the live discard, for what exposure, who wins
 * when several speak, and whose turn it then is.
 *
 * - Simultaneous claims (§5.4): each `call` takes the tile at once. A later `call` on the same
 *   discard, before the claimant discards, competes with it: mah jongg beats an exposure; for the
 *   same purpose the first claimant counts as already exposing (she wins while
 *   `exposingClaimantPriority` is on, CONFLICT default), unless the later call carries
 *   `together: true` (spoken at the same moment, nobody exposing yet): then the nearest in turn.
 *   A `together` call right after the `rack` that closed the window beats the rack (Art. 91, Ex 32).
 * - §4.3 Art. 223 CONFLICT: the first spoken wins, i.e. the order of the record.
 * - A withdrawn claim (§4.3/§4.4) is a `retract`; the window stays open (SILENT default).
 * - Exposure changes before her discard (Ex 37): a second exposure `call` by the claimant replaces
 *   her exposure of that tile; after her joker exchange it is frozen.
 * - Misnamed discard (§4.8): an exposure of the named tile kills the exposer (D5) and is not laid;
 *   an exposure of the real tile is refused until the name is corrected (retract, re-record).
 * - A call that interrupts a pick sends the drawn tile back to the wall (Art. 59). The picker herself
 *   is committed once she has picked (§4.3 PICKED, §4.4): she may not claim that discard, alone or
 *   against a rival who took it (`PendingClaim.returnedPick`); her pick never goes back on her word.
 */

/** Whose turn a claim interrupts and whether she must return a picked tile (§4.3: to the same spot). */
export const interruptedPick = (s: GameState): number => (s.drew && s.pendingClaim === null && s.turn !== s.live?.seat ? 1 : 0);

export const call = (s: GameState, e: Extract<GameEvent, { type: 'call' }>, index: number): Step => {
  const seat = e.seat;
  const dead = notDead(s, seat, 'call');
  if (dead) return dead;
  const mahjong = 'mahjong' in e && e.mahjong === true;
  const exposure = 'exposure' in e ? e.exposure : undefined;
  if (!mahjong && !Array.isArray(exposure)) return fail(RuleCode.BadEvent, 'A call needs an exposure (the tiles shown) or mahjong: true');
  if (exposure && exposure.some((t) => !isTile(t))) return fail(RuleCode.BadEvent, `The exposure lists something that is not a tile`);
  const claim: Claim = {
    seat,
    purpose: mahjong ? 'mahjong' : 'exposure',
    ...(exposure ? { exposure: [...exposure] } : {}),
    exposing: false,
    eventIndex: index,
  };

  // A rival claim on a discard already taken (§5.4).
  const p = s.pendingClaim;
  if (p && seat === p.winner.seat && p.winner.purpose === 'exposure' && claim.purpose === 'exposure') {
    // Before her discard she may still change the exposure, keeping the called tile (§4.4, Example 37).
    const problem = checkClaim(s, claim, p.tile, p.named, p.lastWall);
    if (problem) return problem;
    const exposures = {
      ...s.exposures,
      [seat]: s.exposures[seat].map((x) => (x.eventIndex === p.winner.eventIndex ? { ...x, tiles: claim.exposure! } : x)),
    };
    return ok({ ...s, exposures });
  }
  if (!p && !s.live && s.lastCall?.winner === seat && s.turn === seat && claim.purpose === 'exposure')
    return fail(RuleCode.AlreadyClaimed, `${name(seat)}'s exposure is frozen: she has made a joker exchange`);
  if (p) {
    if (seat === p.winner.seat) return fail(RuleCode.AlreadyClaimed, `${name(seat)} has already called the ${tileName(p.tile)}`);
    if (seat === p.returnedPick) return pickedFirst(seat, p.discarder, p.tile, false);
    if (seat === p.discarder) return fail(RuleCode.OwnDiscard, `${name(seat)} cannot call her own discard: down is dead`);
    if (p.outranked.some((c) => c.seat === seat))
      return fail(RuleCode.AlreadyClaimed, `${name(seat)} has already called the ${tileName(p.tile)}`);
    const problem = checkClaim(s, claim, p.tile, p.named, p.lastWall);
    if (problem) return problem;
    const held: Claim = { ...p.winner, exposing: e.together !== true };
    const ranked = rankClaims(s.seats, p.discarder, held, claim, s.setup.rules.exposingClaimantPriority);
    const outranked = [...p.outranked, ranked.loser];
    if (ranked.winner === held) {
      return ok({
        ...s,
        pendingClaim: { ...p, outranked },
        lastCall: { ...s.lastCall!, reason: ranked.reason, outranked: outranked.map((c) => c.seat) },
      });
    }
    // The rival takes the tile: the holder's exposure of it goes back into her hand.
    const holder = p.winner.seat;
    const exposures = { ...s.exposures };
    if (p.winner.purpose === 'exposure') exposures[holder] = s.exposures[holder].filter((x) => x.eventIndex !== p.winner.eventIndex);
    return ok(take(s, { ...p, winner: claim, outranked }, exposures, ranked.reason, index));
  }

  const live = s.live;
  if (!live) return fail(RuleCode.NoDiscard, 'There is no discard to call');
  if (live.seat === seat) return fail(RuleCode.OwnDiscard, `${name(seat)} cannot call her own discard: down is dead`);
  if (live.tile === 'J') return fail(RuleCode.CallJoker, `${name(seat)} cannot call a joker`);
  if (live.beforePick)
    return fail(RuleCode.BeforePick, `${name(live.seat)} discarded the ${tileName(live.tile)} before picking: nobody may call it`);
  // She has picked from the wall (or racked): committed, she cannot take the discard instead (§4.4).
  if (s.drew && s.turn === seat && !p) return pickedFirst(seat, live.seat, live.tile, live.window === 'open');
  if (live.window === 'closed') {
    // A claim spoken at the same moment as the rack wins (§4.3, Art. 91).
    const prev = previousEvent(s);
    const racked = prev?.type === 'rack' && e.together === true;
    if (!racked) return fail(RuleCode.WindowClosed, `The window on ${tileName(live.tile)} closed when ${live.closedBy}`);
  }
  const problem = checkClaim(s, claim, live.tile, live.named, live.lastWall);
  if (problem) return problem;
  const pending: Mutable<PendingClaim> = {
    tile: live.tile,
    discarder: live.seat,
    discardIndex: live.eventIndex,
    outOfTurn: live.outOfTurn,
    ...(live.named ? { named: live.named } : {}),
    lastWall: live.lastWall,
    ...(live.hot ? { hot: true } : {}),
    winner: claim,
    outranked: [],
  };
  // The player in turn returns a picked tile to its spot (§4.3).
  const back = interruptedPick(s);
  if (back) pending.returnedPick = s.turn;
  const s2: GameState = { ...s, wallRemaining: s.wallRemaining + back, lastWall: onLastWall(s.setup, s.wallRemaining + back) };
  // A misnamed discard called for an exposure under its false name: the exposer is dead (D5, §4.8).
  if (live.named && claim.purpose === 'exposure') {
    const dead = { ...s2.dead, [seat]: { cause: 'wrong-discard-exposed' as DeadCause, eventIndex: index } };
    const after = { ...s2, dead, ...closeWindow(s2, `${name(seat)} exposed against the misnamed discard`) };
    return ok(checkThreeDead({ ...after, ...(s.turn === seat ? { turn: nextLive(after, seat), picked: false, drew: false } : {}) }, index));
  }
  return ok(take(s2, pending, s2.exposures, '', index));
};

/** The refusal of a claim by the player who has picked (§4.3, §4.4). */
const pickedFirst = (seat: Seat, discarder: Seat, tile: Tile, open: boolean): Step =>
  fail(
    RuleCode.AlreadyPicked,
    `${name(seat)} has picked from the wall: she can no longer claim ${name(discarder)}'s ${tileName(tile)}${open ? ' (the others may still call it while its window is open)' : ''}`,
  );

/** Whether a claim is legal on this discard (RULES §5). */
export const checkClaim = (s: GameState, c: Claim, tile: Tile, named: Tile | undefined, lastWall: boolean): Step | null => {
  if (c.purpose === 'mahjong') return null; // any group completes a mah jongg; the named tile too (§4.8)
  if (s.setup.rules.lastWallMahJonggClaimsOnly && lastWall)
    return fail(RuleCode.LastWall, `On the last wall a discard may be called only for mah jongg (house rule)`);
  const group = named ?? tile;
  if (named && c.exposure!.some((t) => t === tile) && !c.exposure!.some((t) => t === named))
    return fail(
      RuleCode.Misnamed,
      `${tileName(tile)} was named ${tileName(named)}: it can be called for an exposure only once the name is corrected (fix the discard: type fix and its event number)`,
    );
  const why = exposureProblem(c.exposure!, group);
  return why ? fail(RuleCode.BadExposure, why) : null;
};

/** The claimant takes the discard: she exposes (or holds it for mah jongg) and plays next (§4.5). */
export const take = (s: GameState, p: PendingClaim, exposures: BySeat<readonly Exposure[]>, reason: string, _index: number): GameState => {
  const c = p.winner;
  const ex = { ...exposures };
  if (c.purpose === 'exposure')
    ex[c.seat] = [
      ...exposures[c.seat],
      { tile: p.named ?? p.tile, tiles: c.exposure!, locked: false, claimedFrom: p.discarder, eventIndex: c.eventIndex },
    ];
  const floor = s.floor.map((f) => (f.eventIndex === p.discardIndex ? { ...f, dead: true, claimedBy: c.seat } : f));
  const skipped = seatsBetween(s.seats, p.discarder, c.seat).filter((x) => !isDead(s, x));
  return {
    ...s,
    exposures: ex,
    floor,
    live: null,
    turn: c.seat,
    picked: true,
    drew: false,
    exchangedThisTurn: false,
    pendingClaim: p,
    lastCall: {
      tile: p.tile,
      discarder: p.discarder,
      winner: c.seat,
      purpose: c.purpose,
      reason,
      outranked: p.outranked.map((o) => o.seat),
      skipped,
    },
  };
};
