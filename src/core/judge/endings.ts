import { rankClaims } from '../claims';
import type { GameEvent } from '../events';
import { RuleCode } from '../errors';
import type { GameOutcome } from '../outcome';
import { err, ok } from '../result';
import type { BySeat, Seat } from '../seats';
import type { DeadHand, GameState, MahjongError, Win } from '../state';
import { tileName, type Tile } from '../tiles';
import { interruptedPick, take } from './calls';
import { checkSeat, closeWindow, fail, name, nextLive, notDead, onLastWall, type Step } from './common';
import { checkThreeDead } from './dead';

/**
 * Endings (RULES §8, §3.7): a mah jongg (on which discard, or self-picked, and who pays alone), a
 * mah jongg in error, a wall game.
 *
 * - Wall game (§8.3): refused while tiles are left once play was recorded; a lone `wallGame`
 *   (quick scoring) is accepted.
 * - Mah jongg in error (§8.2, §5.4.5): exposed: dead, exposures stay (CONFLICT default), play to her
 *   right; on a called discard the other mah jongg claimant takes it, else she keeps it and an
 *   exposure claimant who had exposed is dead too (D11). Not exposed: no penalty; a called tile
 *   stays with her and she discards (SILENT).
 * - Mah jongg inference: on her called discard -> discard; her turn with a 14th tile -> self-pick
 *   (after an exchange this turn: never jokerless); her turn without a pick and `selfPick: true`
 *   -> implied pick; an open live discard -> on that discard (the call is implied). A Heavenly or
 *   Earthly hand needs `special` (East, before any discard). Quick scoring (nothing discarded yet)
 *   needs `from` or `selfPick: true`.
 */

export const mahjongInError = (s: GameState, e: Extract<GameEvent, { type: 'mahjongInError' }>, index: number): Step => {
  const { seat } = e;
  const dead = notDead(s, seat, 'declare mah jongg');
  if (dead) return dead;
  const entry: MahjongError = {
    seat,
    exposed: e.exposed === true,
    ...(e.value !== undefined ? { value: e.value } : {}),
    ...(e.survivorValue !== undefined ? { survivorValue: e.survivorValue } : {}),
    eventIndex: index,
  };
  const base: GameState = { ...s, mahjongErrors: [...s.mahjongErrors, entry] };
  const p = s.pendingClaim;
  if (!entry.exposed) {
    // §8.2: no penalty, play continues; a called tile stays with her and she discards.
    return ok(p?.winner.seat === seat ? { ...base, pendingClaim: null } : base);
  }
  // Exposed: her hand is dead (D2); the false call counts as her turn, play passes to her right.
  let dmap: BySeat<DeadHand | null> = { ...s.dead, [seat]: { cause: 'mahjong-in-error', eventIndex: index } };
  let next: GameState = { ...base, dead: dmap, ...closeWindow(s, `${name(seat)} declared mah jongg`) };
  if (p && p.winner.seat === seat && p.winner.purpose === 'mahjong') {
    const rivals = p.outranked.filter((c) => c.purpose === 'mahjong' && dmap[c.seat] === null);
    if (rivals.length > 0) {
      // §5.4.5: the tile goes to the other mah jongg claimant (the nearest).
      const to = rivals.reduce((a, b) => (rankClaims(s.seats, p.discarder, a, b, false).winner === a ? a : b));
      const taken = take(
        next,
        { ...p, winner: to, outranked: p.outranked.filter((c) => c !== to) },
        next.exposures,
        `${name(seat)}'s mah jongg was in error`,
        index,
      );
      return ok(checkThreeDead(taken, index));
    }
    // She keeps the tile; an exposure claimant who had exposed is dead too (D11, Example 43).
    for (const c of p.outranked)
      if (c.purpose === 'exposure' && dmap[c.seat] === null && (c.exposing || c.eventIndex < p.winner.eventIndex))
        dmap = { ...dmap, [c.seat]: { cause: 'invalid-claim-exposure', eventIndex: index } };
    next = { ...next, dead: dmap, pendingClaim: null };
  }
  if (next.turn === seat || next.dead[next.turn] !== null)
    next = { ...next, turn: nextLive(next, seat), picked: false, drew: false, exchangedThisTurn: false };
  return ok(checkThreeDead(next, index));
};

export const mahjong = (s: GameState, e: Extract<GameEvent, { type: 'mahjong' }>, index: number): Step => {
  const { seat } = e;
  if (typeof e.value !== 'number' || !(e.value > 0)) return fail(RuleCode.BadEvent, 'A mah jongg needs the hand value (a number above 0)');
  if (typeof e.jokerless !== 'boolean') return fail(RuleCode.BadEvent, 'A mah jongg needs jokerless: true or false');
  if (e.from !== undefined) {
    const bad = checkSeat(s, e.from, 'discarder');
    if (bad) return err(bad);
    if (e.from === seat) return fail(RuleCode.MahjongContradiction, `${name(seat)} cannot win on her own discard`);
  }
  if (e.from !== undefined && e.selfPick === true)
    return fail(RuleCode.MahjongContradiction, 'A mah jongg cannot be both on a discard (from) and self-picked');
  const dead = notDead(s, seat, 'declare mah jongg');
  if (dead) return dead;
  const played = s.opened || s.floor.length > 0;
  const win = (
    w: Omit<Win, 'winner' | 'value' | 'jokerless' | 'eventIndex' | 'quick'> & { quick?: boolean },
    extra: Partial<GameState> = {},
  ): Step => {
    const full: Win = {
      winner: seat,
      value: e.value,
      jokerless: e.jokerless,
      ...(e.category ? { category: e.category } : {}),
      ...(e.special ? { special: e.special } : {}),
      ...(e.concealed ? { concealed: true } : {}),
      ...(e.hand ? { hand: e.hand } : {}),
      quick: false,
      ...w,
      ...(s.wrongWall !== undefined && s.wrongWall !== seat ? { wrongWallPusher: s.wrongWall } : {}),
      eventIndex: index,
    };
    return ok({ ...s, ...extra, status: 'mahjong', win: full, pendingClaim: null });
  };

  // Heavenly / Earthly: East, before any discard: paid as a self-pick (§3.7).
  if (e.special !== undefined) {
    if (seat !== 'E') return fail(RuleCode.Special, 'Only East can have a Heavenly or Earthly hand');
    if (played) return fail(RuleCode.Special, "A Heavenly or Earthly hand is declared before East's first discard");
    if (e.from !== undefined)
      return fail(RuleCode.MahjongContradiction, 'A Heavenly or Earthly hand is paid as a self-pick, not on a discard');
    return win({ selfPick: true });
  }
  // Quick scoring: nothing was played, only the outcome is recorded (no window checks).
  // (Before East's opening discard nothing else can have been played.)
  if (!played) {
    if (e.from !== undefined) return win({ selfPick: false, discarder: e.from, quick: true });
    if (e.selfPick === true) return win({ selfPick: true, quick: true });
    return fail(RuleCode.MahjongHow, `Say how ${name(seat)} won: from (the discarder) or selfPick: true`);
  }

  const p = s.pendingClaim;
  const onDiscard = (
    discarder: Seat,
    info: { outOfTurn: boolean; named?: Tile; lastWall: boolean; hot?: boolean; tile: Tile },
    extra: Partial<GameState>,
    wonOn: number | undefined,
  ): Step => {
    if (e.selfPick === true)
      return fail(RuleCode.MahjongContradiction, `${name(seat)} won on ${name(discarder)}'s ${tileName(info.tile)}, not by self-pick`);
    if (e.from !== undefined && e.from !== discarder)
      return fail(RuleCode.MahjongContradiction, `${name(seat)} won on ${name(discarder)}'s discard, not ${name(e.from)}'s`);
    const r = s.setup.rules;
    const sole: GameOutcome['soleDiscarderPays'] = info.named
      ? 'misnamed'
      : info.outOfTurn
        ? 'out-of-turn'
        : r.threeExposuresPayForTheParty && s.exposures[seat].length >= 3
          ? 'three-exposures'
          : r.payForTheParty && info.lastWall
            ? 'pay-for-the-party'
            : r.hotTilePenalty && info.hot
              ? 'hot-tile'
              : undefined;
    return win(
      { selfPick: false, discarder, ...(sole ? { soleDiscarderPays: sole } : {}), ...(wonOn === undefined ? {} : { wonOn }) },
      extra,
    );
  };
  // On a called discard (a mah jongg call, or an exposure call that turned out to complete her hand).
  // (Called for an exposure, the tile is counted in it; called for mah jongg, it is still the discard.)
  if (p && p.winner.seat === seat && !s.exchangedThisTurn)
    return onDiscard(p.discarder, p, {}, p.winner.purpose === 'mahjong' ? p.discardIndex : undefined);
  // Her own turn with her 14th tile: self-pick (a hand completed by a joker exchange too, §6.3).
  if (seat === s.turn && s.picked && s.opened) {
    if (e.from !== undefined)
      return fail(
        RuleCode.MahjongContradiction,
        `${name(seat)} has picked: her mah jongg is a self-pick, not on ${name(e.from)}'s discard`,
      );
    if (s.exchangedThisTurn && e.jokerless)
      return fail(RuleCode.Jokerless, `${name(seat)} completed her hand with an exchanged joker: it cannot be jokerless`);
    return win({ selfPick: true }, closeWindow(s, `${name(seat)} declared mah jongg`));
  }
  const live = s.live;
  const canTakeLive = live && live.claimable && live.window === 'open' && live.seat !== seat && !p;
  // Her turn, not picked, and she says self-pick: the pick is implied.
  if (seat === s.turn && !s.picked && e.selfPick === true) {
    if (s.wallRemaining === 0) return fail(RuleCode.WallEmpty, 'The wall is empty: there is no tile to pick');
    const wallRemaining = s.wallRemaining - 1;
    return win(
      { selfPick: true },
      { wallRemaining, lastWall: onLastWall(s.setup, wallRemaining), ...closeWindow(s, `${name(seat)} declared mah jongg`) },
    );
  }
  // On the live discard without a recorded call: the call is implied.
  if (canTakeLive && e.selfPick !== true) {
    const floor = s.floor.map((f) => (f.eventIndex === live.eventIndex ? { ...f, dead: true, claimedBy: seat } : f));
    const back = interruptedPick(s);
    return onDiscard(live.seat, live, { floor, live: null, wallRemaining: s.wallRemaining + back }, live.eventIndex);
  }
  if (live && live.window === 'closed' && live.seat !== seat && e.selfPick !== true && seat !== s.turn)
    return fail(RuleCode.WindowClosed, `The window on ${tileName(live.tile)} closed when ${live.closedBy}`);
  return fail(
    RuleCode.MahjongHow,
    seat === s.turn
      ? `${name(seat)} cannot declare mah jongg now: she has not picked and there is no discard she can take`
      : `It is ${name(s.turn)}'s turn, not ${name(seat)}'s, and there is no discard she can take for mah jongg`,
  );
};

export const wallGame = (s: GameState): Step => {
  if (s.pendingClaim)
    return fail(RuleCode.ClaimPending, `${name(s.pendingClaim.winner.seat)} called the ${tileName(s.pendingClaim.tile)}: the game goes on`);
  // The count is known once play is recorded: a wall game with tiles left is refused.
  if (s.opened && s.wallRemaining > 0)
    return fail(
      RuleCode.WallNotEmpty,
      `${s.wallRemaining} tile${s.wallRemaining === 1 ? ' is' : 's are'} still in the wall: it is not a wall game yet`,
    );
  return ok({ ...s, status: 'wall', ...closeWindow(s, 'the wall ran out') });
};
