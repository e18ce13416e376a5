import { exposureProblem, groupName, rankClaims, seatsBetween, type Claim } from './claims';
import { tooManyCopies } from './copies';
import { threeDeadRule } from './deadHands';
import { RuleCode, ruleError, type RuleError } from './errors';
import type { DeadCause, GameEvent, HandCategory } from './events';
import type { GameOutcome } from './outcome';
import { err, ok, type Result } from './result';
import type { HouseRules } from './rules';
import { SEAT_NAMES, SEATS, isSeat, rightOf, seatsFor, type BySeat, type Seat } from './seats';
import { countTiles, type TileCounts } from './tileCounts';
import { isTile, tileName, type Tile } from './tiles';
import { closeWindowOn, onLastWall as lastWallOn } from './window';

/**
 * The game reducer: one game of American Mah Jongg at a physical table, one table-record
 * event at a time. Pure and immutable: `apply` returns a new state or a RuleError and never
 * touches its input.
 *
 * Decisions (SILENT / ASSUMPTION / CONFLICT points of RULES.md this reducer settles):
 * - Picks (§4.1, §4.6): optional event by event. A discard, rack, joker exchange or self-picked mah
 *   jongg by the player in turn who has not picked counts her pick, whether or not earlier picks were
 *   recorded. A discard before picking is never inferred: it carries `beforePick: true` (nobody may
 *   call it, the wall count does not move); a joker exchange with `beforePick: true` is the early
 *   exchange of D9.
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
 * - Challenges (§7.3): `dead {seat, by}` = dead now (agreed or obvious), no penalty;
 *   `dead {seat, by, disputed: true}` = disputed, she plays on (SILENT default), settle later;
 *   `dead {seat, by, upheld: true|false}` settles it, also after the game's end: whoever was wrong
 *   pays; `upheld: false` with no dispute before = the challenger admits. A dispute still open at
 *   the end pays nothing. The bettor has no seat, so a bettor's challenge cannot be recorded.
 * - Early joker exchange (D9, Ex 38): recorded, not refused (the table played it): her hand is
 *   dead, the tiles stay where they were, play goes to her right.
 * - Misnamed discard (§4.8): an exposure of the named tile kills the exposer (D5) and is not laid;
 *   an exposure of the real tile is refused until the name is corrected (retract, re-record).
 * - An out-of-turn discard nobody calls leaves the turn where it was (SILENT).
 * - Last wall (§2.3, §9.5): the last 2d tiles, d = `setup.dice` or 7 (the expected throw); a
 *   discard is "on the last wall" when the tiles left after its pick are within it.
 * - Wall game (§8.3): refused while tiles are left once play was recorded; a lone `wallGame`
 *   (quick scoring) is accepted.
 * - Wrong wall (§2.8): in play from the `wrongWall` event to the end of the game (the record
 *   cannot show when it is used up); the pusher pays unless she is the winner.
 * - Hot tiles (`hotTilePenalty`): the table marks a discard hot with `discard.hot`; a mah jongg on
 *   it makes the discarder pay for the party when the switch is on.
 * - Three dead (§8.4): counted at each new dead hand (two in a 3-player game, §3.8). (b) = a second
 *   exposed mah jongg in error makes the third; its value is the erring hand's `mahjongInError.value`
 *   (under `survivorHand`, that event's `survivorValue`); (c) = the first
 *   dead erred, the other two threw in; (d) = `dead {cause: 'broke-wall'}` after an exposed mah jongg
 *   in error: the breaker pays the live players; (e) otherwise.
 * - Mah jongg in error (§8.2, §5.4.5): exposed: dead, exposures stay (CONFLICT default), play to her
 *   right; on a called discard the other mah jongg claimant takes it, else she keeps it and an
 *   exposure claimant who had exposed is dead too (D11). Not exposed: no penalty; a called tile
 *   stays with her and she discards (SILENT).
 * - Mah jongg inference: on her called discard -> discard; her turn with a 14th tile -> self-pick
 *   (after an exchange this turn: never jokerless); her turn without a pick and `selfPick: true`
 *   -> implied pick; an open live discard -> on that discard (the call is implied). A Heavenly or
 *   Earthly hand needs `special` (East, before any discard). Quick scoring (nothing discarded yet)
 *   needs `from` or `selfPick: true`.
 * - Tile counts: jokers showing in exposures count as exposed Jokers (they are visible).
 * - A call that interrupts a pick sends the drawn tile back to the wall (Art. 59).
 */

export interface GameSetup {
  players: 3 | 4;
  rules: HouseRules;
  /** A 5th player sits out and bets. */
  bettor: boolean;
  /** East's dice throw (2-12), when recorded; else 7, the expected throw, decides the last wall. */
  dice?: number;
}

/** The latest discard. */
export interface LiveDiscard {
  readonly tile: Tile;
  readonly seat: Seat;
  readonly window: 'open' | 'closed';
  /** Why the window closed, as a sentence ("South racked"). */
  readonly closedBy?: string;
  /** Position of the discard in the log. */
  readonly eventIndex: number;
  /** Thrown by someone whose turn it was not (§4.7). */
  readonly outOfTurn: boolean;
  /** What the discarder said, when it differs from the tile (§4.8). */
  readonly named?: Tile;
  /** Thrown by the player in turn before her pick (§4.6). */
  readonly beforePick: boolean;
  /** Thrown while East's reserved last wall was in play. */
  readonly lastWall: boolean;
  /** The table marked it hot (house rule `hotTilePenalty`). */
  readonly hot?: boolean;
  /** Whether a call may take it now (open window, not a joker, not before a pick). */
  readonly claimable: boolean;
}

export interface FloorTile {
  readonly tile: Tile;
  readonly seat: Seat;
  readonly eventIndex: number;
  readonly named?: Tile;
  /** Covered, its window closed, a joker or thrown before a pick: nobody can claim it. */
  readonly dead: boolean;
  /** Taken by a call (it is then in an exposure or the winning hand, not on the floor). */
  readonly claimedBy?: Seat;
}

export interface Exposure {
  /** The kind the group is made of. */
  readonly tile: Tile;
  /** Tiles as laid out, jokers as 'J'. */
  readonly tiles: readonly Tile[];
  /** Frozen by the owner's discard or joker exchange (§4.4). */
  readonly locked: boolean;
  readonly claimedFrom?: Seat;
  readonly eventIndex: number;
}

export interface DeadHand {
  readonly cause?: DeadCause;
  /** Who called it dead. */
  readonly by?: Seat;
  readonly eventIndex: number;
}

export interface Challenge {
  readonly challenger: Seat;
  readonly challenged: Seat;
  /** disputed: to settle; upheld: the challenged pays; wrong: the challenger pays. */
  readonly status: 'disputed' | 'upheld' | 'wrong';
  readonly eventIndex: number;
}

export interface MahjongError {
  readonly seat: Seat;
  readonly exposed: boolean;
  readonly value?: number;
  /** The survivor's hand value, for rule (b) under `rule_b_value: 'survivorHand'`. */
  readonly survivorValue?: number;
  readonly eventIndex: number;
}

/** A discard taken by a call whose claimant has not yet discarded: rivals may still compete. */
export interface PendingClaim {
  readonly tile: Tile;
  readonly discarder: Seat;
  readonly discardIndex: number;
  readonly outOfTurn: boolean;
  readonly named?: Tile;
  readonly lastWall: boolean;
  readonly hot?: boolean;
  readonly winner: Claim;
  readonly outranked: readonly Claim[];
}

/** How the last call was resolved. */
export interface CallResolution {
  readonly tile: Tile;
  readonly discarder: Seat;
  /** Who got the tile. */
  readonly winner: Seat;
  readonly purpose: 'mahjong' | 'exposure';
  /** Why ("Mah jongg beats a pung", "North is nearer in turn than South"); empty for a lone call. */
  readonly reason: string;
  readonly outranked: readonly Seat[];
  /** Seats that lose their turn (§4.5). */
  readonly skipped: readonly Seat[];
}

export interface Win {
  readonly winner: Seat;
  readonly value: number;
  readonly jokerless: boolean;
  readonly category?: HandCategory;
  readonly selfPick: boolean;
  readonly discarder?: Seat;
  readonly special?: 'heavenly' | 'earthly';
  /** The winner said her hand was concealed: shown on the payout sheet, never changes a payment. */
  readonly concealed?: boolean;
  readonly soleDiscarderPays?: GameOutcome['soleDiscarderPays'];
  readonly wrongWallPusher?: Seat;
  /** Recorded by outcome only (quick scoring). */
  readonly quick: boolean;
  readonly eventIndex: number;
}

export interface GameState {
  /** The table this game is played at. */
  readonly setup: GameSetup;
  /** Seats in play, in turn order. */
  readonly seats: readonly Seat[];
  /** Whose turn it is (the caller's after a call). */
  readonly turn: Seat;
  /** Whether the player in turn holds her 14th tile (picked, called, or East at the start). */
  readonly picked: boolean;
  /** Whether the player in turn took her 14th tile from the wall (it goes back if a call takes the discard). */
  readonly drew: boolean;
  /** Whether East has made the opening discard. */
  readonly opened: boolean;
  /** Whether the player in turn made a joker exchange this turn (a win now is a self-pick, never jokerless). */
  readonly exchangedThisTurn: boolean;
  /** Tiles left to pick. */
  readonly wallRemaining: number;
  /** The tiles left are all in East's reserved last wall (the last 2 x dice tiles). */
  readonly lastWall: boolean;
  /** The latest discard, or null when claimed or none yet. */
  readonly live: LiveDiscard | null;
  /** Every discard in order. */
  readonly floor: readonly FloorTile[];
  /** Exposures per seat, in the order made. */
  readonly exposures: Readonly<BySeat<readonly Exposure[]>>;
  /** Dead hands per seat (null: live). */
  readonly dead: Readonly<BySeat<DeadHand | null>>;
  /** Challenges, disputed or settled. */
  readonly challenges: readonly Challenge[];
  /** Mah jongg declarations found wrong, in order. */
  readonly mahjongErrors: readonly MahjongError[];
  /** The seat the bettor backed. */
  readonly betOn?: Seat;
  /** Who pushed out a wrong wall still in play (§2.8). */
  readonly wrongWall?: Seat;
  readonly status: 'in-progress' | 'mahjong' | 'wall' | 'three-dead';
  /** The winning details once ended by mah jongg. */
  readonly win?: Win;
  /** The three-dead settlement (§8.4). */
  readonly threeDead?: GameOutcome['threeDead'];
  /** Counts for all 36 kinds (up to date in every state `apply` or `replayGame` returns). */
  readonly tiles: TileCounts;
  /** A called discard whose claimant has not discarded yet. */
  readonly pendingClaim: PendingClaim | null;
  /** How the last call was resolved. */
  readonly lastCall: CallResolution | null;
  /** Accepted events in order, retracts included. */
  readonly log: readonly GameEvent[];
  /** What the last retract took back. */
  readonly undone?: { event: GameEvent; index: number };
}

/** Tiles left for play after the deal (RULES §2.6). */
export const wallAfterDeal = (players: 3 | 4): number => (players === 4 ? 99 : 112);

// Hidden (non-enumerable, so not in JSON) links for a cheap retract: the state before, and the
// event that made this one. A state read back from JSON has none and retract replays the log.
interface Hidden {
  prior: GameState | null;
  event: GameEvent | null;
  index: number;
}
// A symbol key: JSON.stringify skips it, so the state stays plain data.
const HIDDEN_KEY: unique symbol = Symbol('mahjmate.game.history');
type Linked = GameState & { [HIDDEN_KEY]?: Hidden };
const HIDDEN = { get: (s: GameState): Hidden | undefined => (s as Linked)[HIDDEN_KEY] };
const link = (s: GameState, h: Hidden): GameState => {
  (s as Linked)[HIDDEN_KEY] = h; // s is always a fresh object here
  return s;
};

const bySeat = <T>(v: T): BySeat<T> => ({ E: v, S: v, W: v, N: v });
const name = (s: Seat): string => SEAT_NAMES[s];
const fail = (code: RuleCode, message: string): Result<never, RuleError> => err(ruleError(code, message));

export const newGame = (setup: GameSetup): GameState => {
  const wall = wallAfterDeal(setup.players);
  return link(
    {
      setup,
      seats: seatsFor(setup.players),
      turn: 'E',
      picked: true, // East is dealt 14 and opens with a discard
      drew: false,
      opened: false,
      exchangedThisTurn: false,
      wallRemaining: wall,
      lastWall: false,
      live: null,
      floor: [],
      exposures: bySeat([]),
      dead: bySeat(null),
      challenges: [],
      mahjongErrors: [],
      status: 'in-progress',
      tiles: countTiles([], []),
      pendingClaim: null,
      lastCall: null,
      log: [],
    },
    { prior: null, event: null, index: -1 },
  );
};

const onLastWall = (setup: GameSetup, remaining: number): boolean => lastWallOn(setup.dice, remaining);

const isDead = (s: GameState, seat: Seat): boolean => s.dead[seat] !== null;

/** The next live seat to the right of `seat` (dead hands are skipped, §7.2). */
const nextLive = (s: GameState, seat: Seat, dead: BySeat<DeadHand | null> = s.dead): Seat => {
  let t = rightOf(seat, s.seats);
  for (let i = 0; i < s.seats.length && dead[t] !== null; i++) t = rightOf(t, s.seats);
  return t;
};

/** Tile counts from the floor and exposures, computed once per `apply` and at the end of `replayGame`. */
const withCounts = (s: GameState): GameState => ({
  ...s,
  tiles: countTiles(
    s.floor.filter((f) => f.claimedBy === undefined).map((f) => f.tile),
    SEATS.flatMap((seat) => s.exposures[seat].flatMap((x) => x.tiles)),
  ),
});

/** Close the window on the live discard ("South racked"): the fields to change, or none. */
const closeWindow = (s: GameState, why: string): Partial<GameState> => closeWindowOn(s.live, s.floor, why) ?? {};

const lockAll = (x: readonly Exposure[]): readonly Exposure[] => (x.some((e) => !e.locked) ? x.map((e) => ({ ...e, locked: true })) : x);

type Step = Result<GameState, RuleError>;
/** For building a fresh state object field by field before it is returned (never an input). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const checkSeat = (s: GameState, seat: unknown, role = 'seat'): RuleError | null =>
  isSeat(seat) && s.seats.includes(seat)
    ? null
    : ruleError(RuleCode.NoSuchSeat, `There is no ${role} ${String(seat)} at this table (seats: ${s.seats.map(name).join(', ')})`);

/** One event on a state; `index` is its position in the log. The log itself is appended by the caller. */
const step = (s: GameState, e: GameEvent, index: number): Step => {
  if (typeof e !== 'object' || e === null || typeof (e as { type?: unknown }).type !== 'string')
    return fail(RuleCode.BadEvent, 'An event needs a type');
  if (e.type === 'retract') return retract(s);
  if (s.status !== 'in-progress' && !(e.type === 'dead' && e.by !== undefined && e.upheld !== undefined))
    return fail(RuleCode.GameOver, 'The game is over; only a challenge can still be settled (dead with by and upheld)');
  if ('seat' in e) {
    const bad = checkSeat(s, e.seat);
    if (bad) return err(bad);
  }
  let r: Step;
  switch (e.type) {
    case 'bet':
      r = bet(s, e.on);
      break;
    case 'discard':
      r = discard(s, e, index);
      break;
    case 'pick':
      r = pick(s, e.seat);
      break;
    case 'rack':
      r = rack(s, e.seat, e.tap === true, index);
      break;
    case 'call':
      r = call(s, e, index);
      break;
    case 'jokerExchange':
      r = jokerExchange(s, e, index);
      break;
    case 'dead':
      r = deadEvent(s, e, index);
      break;
    case 'mahjong':
      r = mahjong(s, e, index);
      break;
    case 'mahjongInError':
      r = mahjongInError(s, e, index);
      break;
    case 'wrongWall':
      if (s.wrongWall !== undefined) return fail(RuleCode.WrongWall, `${name(s.wrongWall)}'s wrong wall is already recorded`);
      r = ok({ ...s, wrongWall: e.seat });
      break;
    case 'wallGame':
      r = wallGame(s);
      break;
    default:
      return fail(RuleCode.BadEvent, `Unknown event type ${String((e as { type: unknown }).type)}`);
  }
  if (!r.ok) return r;
  // No more copies in sight than the set holds (RULES §1.1).
  const over = tooManyCopies(s, r.value, e);
  if (over) return fail(RuleCode.TooManyCopies, over);
  return ok(link(r.value, { prior: s, event: e, index }));
};

const bet = (s: GameState, on: Seat): Step => {
  if (!s.setup.bettor) return fail(RuleCode.NoBettor, 'There is no bettor at this table');
  const bad = checkSeat(s, on);
  if (bad) return err(bad);
  if (s.opened) return fail(RuleCode.Bet, "The bettor must bet before East's first discard");
  if (s.betOn !== undefined) return fail(RuleCode.Bet, `The bettor has already bet on ${name(s.betOn)}`);
  return ok({ ...s, betOn: on });
};

const notDead = (s: GameState, seat: Seat, doing: string): Step | null =>
  isDead(s, seat) ? fail(RuleCode.DeadPlayer, `${name(seat)}'s hand is dead; she cannot ${doing}`) : null;

const discard = (s: GameState, e: Extract<GameEvent, { type: 'discard' }>, index: number): Step => {
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
    if (!inTurn) return fail(RuleCode.NotYourTurn, `It is ${name(s.turn)}'s turn, not ${name(seat)}'s: only the player in turn can discard before picking`);
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
  const live: Mutable<LiveDiscard> = { tile, seat, window: claimable ? 'open' : 'closed', eventIndex: index, outOfTurn: !inTurn, beforePick, lastWall, claimable };
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

const pick = (s: GameState, seat: Seat): Step => {
  const dead = notDead(s, seat, 'pick');
  if (dead) return dead;
  if (s.pendingClaim) return fail(RuleCode.ClaimPending, `${name(s.pendingClaim.winner.seat)} called the ${tileName(s.pendingClaim.tile)}; it is her turn`);
  if (!s.opened) return fail(RuleCode.NotOpened, 'East opens with a discard; nobody picks before it');
  if (seat !== s.turn) return fail(RuleCode.NotYourTurn, `It is ${name(s.turn)}'s turn, not ${name(seat)}'s`);
  if (s.picked) return fail(RuleCode.AlreadyPicked, `${name(seat)} has already picked`);
  if (s.wallRemaining === 0) return fail(RuleCode.WallEmpty, 'The wall is empty: record a wall game');
  const wallRemaining = s.wallRemaining - 1;
  return ok({ ...s, picked: true, drew: true, exchangedThisTurn: false, wallRemaining, lastWall: onLastWall(s.setup, wallRemaining) });
};

const rack = (s: GameState, seat: Seat, tap: boolean, _index: number): Step => {
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

/** Whose turn a claim interrupts and whether she must return a picked tile (§4.3: to the same spot). */
const interruptedPick = (s: GameState): number => (s.drew && s.pendingClaim === null && s.turn !== s.live?.seat ? 1 : 0);

const call = (s: GameState, e: Extract<GameEvent, { type: 'call' }>, index: number): Step => {
  const seat = e.seat;
  const dead = notDead(s, seat, 'call');
  if (dead) return dead;
  const mahjong = 'mahjong' in e && e.mahjong === true;
  const exposure = 'exposure' in e ? e.exposure : undefined;
  if (!mahjong && !Array.isArray(exposure)) return fail(RuleCode.BadEvent, 'A call needs an exposure (the tiles shown) or mahjong: true');
  if (exposure && exposure.some((t) => !isTile(t))) return fail(RuleCode.BadEvent, `The exposure lists something that is not a tile`);
  const claim: Claim = { seat, purpose: mahjong ? 'mahjong' : 'exposure', ...(exposure ? { exposure: [...exposure] } : {}), exposing: false, eventIndex: index };

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
    if (seat === p.discarder) return fail(RuleCode.OwnDiscard, `${name(seat)} cannot call her own discard: down is dead`);
    if (p.outranked.some((c) => c.seat === seat)) return fail(RuleCode.AlreadyClaimed, `${name(seat)} has already called the ${tileName(p.tile)}`);
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
  if (live.window === 'closed') {
    // A claim spoken at the same moment as the rack wins (§4.3, Art. 91).
    // The latest event still in effect (after retracts); the log's last entry for a state read from JSON.
    const h = HIDDEN.get(s);
    const prev = h ? h.event : s.log[s.log.length - 1];
    const racked = prev?.type === 'rack' && e.together === true;
    if (!racked) return fail(RuleCode.WindowClosed, `The window on ${tileName(live.tile)} closed when ${live.closedBy}`);
  }
  const problem = checkClaim(s, claim, live.tile, live.named, live.lastWall);
  if (problem) return problem;
  const pending: PendingClaim = {
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
  const s2: GameState = { ...s, wallRemaining: s.wallRemaining + back, lastWall: onLastWall(s.setup, s.wallRemaining + back) };
  // A misnamed discard called for an exposure under its false name: the exposer is dead (D5, §4.8).
  if (live.named && claim.purpose === 'exposure') {
    const dead = { ...s2.dead, [seat]: { cause: 'wrong-discard-exposed' as DeadCause, eventIndex: index } };
    const after = { ...s2, dead, ...closeWindow(s2, `${name(seat)} exposed against the misnamed discard`) };
    return ok(checkThreeDead({ ...after, ...(s.turn === seat ? { turn: nextLive(after, seat), picked: false, drew: false } : {}) }, index));
  }
  return ok(take(s2, pending, s2.exposures, '', index));
};

/** Whether a claim is legal on this discard (RULES §5). */
const checkClaim = (s: GameState, c: Claim, tile: Tile, named: Tile | undefined, lastWall: boolean): Step | null => {
  if (c.purpose === 'mahjong') return null; // any group completes a mah jongg; the named tile too (§4.8)
  if (s.setup.rules.lastWallMahJonggClaimsOnly && lastWall)
    return fail(RuleCode.LastWall, `On the last wall a discard may be called only for mah jongg (house rule)`);
  const group = named ?? tile;
  if (named && c.exposure!.some((t) => t === tile) && !c.exposure!.some((t) => t === named))
    return fail(
      RuleCode.Misnamed,
      `${tileName(tile)} was named ${tileName(named)}: it can be called for an exposure only once the name is corrected (retract the discard and record it again)`,
    );
  const why = exposureProblem(c.exposure!, group);
  return why ? fail(RuleCode.BadExposure, why) : null;
};

/** The claimant takes the discard: she exposes (or holds it for mah jongg) and plays next (§4.5). */
const take = (s: GameState, p: PendingClaim, exposures: BySeat<readonly Exposure[]>, reason: string, _index: number): GameState => {
  const c = p.winner;
  const ex = { ...exposures };
  if (c.purpose === 'exposure')
    ex[c.seat] = [...exposures[c.seat], { tile: p.named ?? p.tile, tiles: c.exposure!, locked: false, claimedFrom: p.discarder, eventIndex: c.eventIndex }];
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
    lastCall: { tile: p.tile, discarder: p.discarder, winner: c.seat, purpose: c.purpose, reason, outranked: p.outranked.map((o) => o.seat), skipped },
  };
};

const jokerExchange = (s: GameState, e: Extract<GameEvent, { type: 'jokerExchange' }>, index: number): Step => {
  const { seat, from, tile } = e;
  const bad = checkSeat(s, from, 'seat');
  if (bad) return err(bad);
  if (!isTile(tile)) return fail(RuleCode.BadEvent, `${String(tile)} is not a tile`);
  const dead = notDead(s, seat, 'exchange for a joker');
  if (dead) return dead;
  if (tile === 'J') return fail(RuleCode.ExchangeJoker, `${name(seat)} must give a natural tile for a joker, not a joker`);
  if (seat !== s.turn) return fail(RuleCode.NotYourTurn, `It is ${name(s.turn)}'s turn, not ${name(seat)}'s: jokers are exchanged only on your own turn`);
  const at = s.exposures[from].findIndex((x) => x.tile === tile && x.tiles.includes('J'));
  if (at < 0) return fail(RuleCode.NoJoker, `${name(from)} has no exposed joker standing for ${tileName(tile)}`);
  if (e.beforePick === true && s.picked) return fail(RuleCode.AlreadyPicked, `${name(seat)} has picked: her exchange is not before picking`);
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

const deadEvent = (s: GameState, e: Extract<GameEvent, { type: 'dead' }>, index: number): Step => {
  const { seat, by } = e;
  if (by !== undefined) {
    const bad = checkSeat(s, by, 'challenger');
    if (bad) return err(bad);
    if (by === seat) return fail(RuleCode.Challenge, `${name(seat)} cannot challenge her own hand`);
  }
  if (e.cause !== undefined && typeof e.cause !== 'string') return fail(RuleCode.BadEvent, 'A dead cause must be a word');
  const pendingAt = by === undefined ? -1 : s.challenges.findIndex((c) => c.status === 'disputed' && c.challenger === by && c.challenged === seat);
  const settle = (status: Challenge['status']): Challenge[] =>
    pendingAt >= 0
      ? s.challenges.map((c, i) => (i === pendingAt ? { ...c, status, eventIndex: index } : c))
      : [...s.challenges, { challenger: by!, challenged: seat, status, eventIndex: index }];

  if (e.disputed === true) {
    if (by === undefined) return fail(RuleCode.Challenge, 'A disputed challenge needs the challenger (by)');
    if (s.status !== 'in-progress') return fail(RuleCode.GameOver, 'The game is over: settle the challenge with upheld true or false');
    if (isDead(s, seat)) return fail(RuleCode.AlreadyDead, `${name(seat)}'s hand is already dead`);
    if (pendingAt >= 0) return fail(RuleCode.Challenge, `${name(by)}'s challenge of ${name(seat)} is already disputed`);
    return ok({ ...s, challenges: [...s.challenges, { challenger: by, challenged: seat, status: 'disputed', eventIndex: index }] });
  }
  if (e.upheld === false) {
    // The challenger was wrong (found at the end, or she admits now): she pays (§7.3).
    if (by === undefined) return fail(RuleCode.Challenge, 'A challenge found wrong needs the challenger (by)');
    let next: GameState = { ...s, challenges: settle('wrong') };
    if (s.setup.rules.wrongChallengerDead && s.status === 'in-progress' && !isDead(s, by)) next = kill(next, by, { cause: 'challenge', eventIndex: index }, index);
    return ok(next);
  }
  // Dead now. A disputed challenge found right: the challenged pays.
  const upheldDispute = pendingAt >= 0 || (e.upheld === true && s.status !== 'in-progress');
  if (isDead(s, seat) && !(upheldDispute && by !== undefined)) return fail(RuleCode.AlreadyDead, `${name(seat)}'s hand is already dead`);
  if (e.cause === 'broke-wall') return brokeWall(s, seat, index);
  let next: GameState = by !== undefined && upheldDispute ? { ...s, challenges: settle('upheld') } : s;
  if (!isDead(s, seat)) {
    if (s.status !== 'in-progress') next = { ...next, dead: { ...next.dead, [seat]: { ...(e.cause ? { cause: e.cause } : {}), by, eventIndex: index } } };
    else next = kill(next, seat, { ...(e.cause ? { cause: e.cause } : {}), ...(by ? { by } : {}), eventIndex: index }, index);
  }
  return ok(next);
};

/** Make a hand dead during play: she skips her turns; if it was her turn, play goes to her right (§4.7, §7.2). */
const kill = (s: GameState, seat: Seat, hand: DeadHand, index: number): GameState => {
  const dead = { ...s.dead, [seat]: hand };
  let next: GameState = { ...s, dead };
  if (s.turn === seat) {
    next = { ...next, turn: nextLive(next, seat), picked: false, drew: false, exchangedThisTurn: false };
    if (s.pendingClaim?.winner.seat === seat) next = { ...next, pendingClaim: null };
  }
  return checkThreeDead(next, index);
};

/** Rule (d) of §8.4: someone breaks the wall before a mah jongg in error was checked. */
const brokeWall = (s: GameState, seat: Seat, index: number): Step => {
  const erring = s.mahjongErrors.filter((m) => m.exposed);
  if (erring.length === 0) return fail(RuleCode.BadEvent, 'Breaking the wall is settled (rule d) only after a mah jongg in error');
  const dead = { ...s.dead, [seat]: { cause: 'broke-wall' as DeadCause, eventIndex: index } };
  const payees = s.seats.filter((x) => dead[x] === null);
  return ok({ ...s, dead, status: 'three-dead', threeDead: { rule: 'd', payer: seat, payees }, ...closeWindow(s, `${name(seat)} broke the wall`) });
};

/** Three dead (two in a 3-player game) ends the game (§8.4, §3.8), settled by rule (b), (c) or (e). */
const checkThreeDead = (s: GameState, _index: number): GameState => {
  if (s.status !== 'in-progress') return s;
  const lastError = (seat: Seat): MahjongError | undefined => [...s.mahjongErrors].reverse().find((m) => m.seat === seat);
  const found = threeDeadRule(s.seats, s.dead, (seat) => lastError(seat)?.value);
  if (!found) return s;
  // §8.4(b) CONFLICT: under `survivorHand` the declarer pays 2 x the survivor's hand, which the
  // erring event records as `survivorValue`.
  const survivorValue = found.rule === 'b' && found.payer ? lastError(found.payer)?.survivorValue : undefined;
  const threeDead =
    found.rule === 'b' && s.setup.rules.rule_b_value === 'survivorHand'
      ? { rule: found.rule, payer: found.payer, payees: found.payees, ...(survivorValue !== undefined ? { value: survivorValue } : {}) }
      : found;
  return { ...s, status: 'three-dead', threeDead, live: s.live ? { ...s.live, window: 'closed', claimable: false, closedBy: 'three hands are dead' } : null };
};

const mahjongInError = (s: GameState, e: Extract<GameEvent, { type: 'mahjongInError' }>, index: number): Step => {
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
      const taken = take(next, { ...p, winner: to, outranked: p.outranked.filter((c) => c !== to) }, next.exposures, `${name(seat)}'s mah jongg was in error`, index);
      return ok(checkThreeDead(taken, index));
    }
    // She keeps the tile; an exposure claimant who had exposed is dead too (D11, Example 43).
    for (const c of p.outranked)
      if (c.purpose === 'exposure' && dmap[c.seat] === null && (c.exposing || c.eventIndex < p.winner.eventIndex))
        dmap = { ...dmap, [c.seat]: { cause: 'invalid-claim-exposure', eventIndex: index } };
    next = { ...next, dead: dmap, pendingClaim: null };
  }
  if (next.turn === seat || next.dead[next.turn] !== null) next = { ...next, turn: nextLive(next, seat), picked: false, drew: false, exchangedThisTurn: false };
  return ok(checkThreeDead(next, index));
};

const mahjong = (s: GameState, e: Extract<GameEvent, { type: 'mahjong' }>, index: number): Step => {
  const { seat } = e;
  if (typeof e.value !== 'number' || !(e.value > 0)) return fail(RuleCode.BadEvent, 'A mah jongg needs the hand value (a number above 0)');
  if (typeof e.jokerless !== 'boolean') return fail(RuleCode.BadEvent, 'A mah jongg needs jokerless: true or false');
  if (e.from !== undefined) {
    const bad = checkSeat(s, e.from, 'discarder');
    if (bad) return err(bad);
    if (e.from === seat) return fail(RuleCode.MahjongContradiction, `${name(seat)} cannot win on her own discard`);
  }
  if (e.from !== undefined && e.selfPick === true) return fail(RuleCode.MahjongContradiction, 'A mah jongg cannot be both on a discard (from) and self-picked');
  const dead = notDead(s, seat, 'declare mah jongg');
  if (dead) return dead;
  const played = s.opened || s.floor.length > 0;
  const win = (w: Omit<Win, 'winner' | 'value' | 'jokerless' | 'eventIndex' | 'quick'> & { quick?: boolean }, extra: Partial<GameState> = {}): Step => {
    const full: Win = {
      winner: seat,
      value: e.value,
      jokerless: e.jokerless,
      ...(e.category ? { category: e.category } : {}),
      ...(e.special ? { special: e.special } : {}),
      ...(e.concealed ? { concealed: true } : {}),
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
    if (e.from !== undefined) return fail(RuleCode.MahjongContradiction, 'A Heavenly or Earthly hand is paid as a self-pick, not on a discard');
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
  const onDiscard = (discarder: Seat, info: { outOfTurn: boolean; named?: Tile; lastWall: boolean; hot?: boolean; tile: Tile }, extra: Partial<GameState>): Step => {
    if (e.selfPick === true) return fail(RuleCode.MahjongContradiction, `${name(seat)} won on ${name(discarder)}'s ${tileName(info.tile)}, not by self-pick`);
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
    return win({ selfPick: false, discarder, ...(sole ? { soleDiscarderPays: sole } : {}) }, extra);
  };
  // On a called discard (a mah jongg call, or an exposure call that turned out to complete her hand).
  if (p && p.winner.seat === seat && !s.exchangedThisTurn) return onDiscard(p.discarder, p, {});
  // Her own turn with her 14th tile: self-pick (a hand completed by a joker exchange too, §6.3).
  if (seat === s.turn && s.picked && s.opened) {
    if (e.from !== undefined) return fail(RuleCode.MahjongContradiction, `${name(seat)} has picked: her mah jongg is a self-pick, not on ${name(e.from)}'s discard`);
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
    return win({ selfPick: true }, { wallRemaining, lastWall: onLastWall(s.setup, wallRemaining), ...closeWindow(s, `${name(seat)} declared mah jongg`) });
  }
  // On the live discard without a recorded call: the call is implied.
  if (canTakeLive && e.selfPick !== true) {
    const floor = s.floor.map((f) => (f.eventIndex === live.eventIndex ? { ...f, dead: true, claimedBy: seat } : f));
    const back = interruptedPick(s);
    return onDiscard(live.seat, live, { floor, live: null, wallRemaining: s.wallRemaining + back });
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

const wallGame = (s: GameState): Step => {
  if (s.pendingClaim) return fail(RuleCode.ClaimPending, `${name(s.pendingClaim.winner.seat)} called the ${tileName(s.pendingClaim.tile)}: the game goes on`);
  // The count is known once play is recorded: a wall game with tiles left is refused.
  if (s.opened && s.wallRemaining > 0)
    return fail(RuleCode.WallNotEmpty, `${s.wallRemaining} tile${s.wallRemaining === 1 ? ' is' : 's are'} still in the wall: it is not a wall game yet`);
  return ok({ ...s, status: 'wall', ...closeWindow(s, 'the wall ran out') });
};

/** Events that remain after the retracts in `log` are applied (indices into log). */
const effectiveIndices = (log: readonly GameEvent[]): number[] => {
  const kept: number[] = [];
  log.forEach((ev, i) => {
    if (ev.type === 'retract') kept.pop();
    else kept.push(i);
  });
  return kept;
};

/** Take back the previous non-retracted event (the log keeps both). */
const retract = (s: GameState): Step => {
  const h = HIDDEN.get(s);
  if (h && h.prior && h.event) {
    const prior = h.prior;
    const ph = HIDDEN.get(prior)!;
    const restored: GameState = { ...prior, undone: { event: h.event, index: h.index } };
    return ok(link(restored, ph));
  }
  if (h && h.prior === null) return fail(RuleCode.NothingToRetract, 'There is nothing to take back');
  // A state read back from JSON: replay the log minus the retracted events.
  const kept = effectiveIndices(s.log);
  const last = kept.pop();
  if (last === undefined) return fail(RuleCode.NothingToRetract, 'There is nothing to take back');
  let state = newGame(s.setup);
  for (const i of kept) {
    const r = step(state, s.log[i]!, i);
    if (!r.ok) return r;
    state = r.value;
  }
  const hs = HIDDEN.get(state)!;
  return ok(link({ ...state, undone: { event: s.log[last]!, index: last } }, hs));
};

/** Apply one event. The state is unchanged on error (a new state is returned on success). */
export const apply = (state: GameState, event: GameEvent): Result<GameState, RuleError> => {
  const r = step(state, event, state.log.length);
  if (!r.ok) return r;
  const h = HIDDEN.get(r.value)!;
  // After a retract the hidden link points to the restored state's own history.
  const next: GameState = withCounts({ ...r.value, log: [...state.log, event] });
  return ok(link(next, event.type === 'retract' ? h : { ...h, prior: state }));
};

/** Replay a game's events from the deal. `index` in the error is the 0-based event position. */
export const replayGame = (
  events: readonly GameEvent[],
  setup: GameSetup,
): Result<GameState, { index: number; error: RuleError }> => {
  let state = newGame(setup);
  for (let i = 0; i < events.length; i++) {
    const r = step(state, events[i]!, i);
    if (!r.ok) return err({ index: i, error: r.error });
    state = r.value;
  }
  const h = HIDDEN.get(state)!;
  return ok(link(withCounts({ ...state, log: events.slice() }), h));
};

/** How the game ended, for the payment rules (src/core/payments.ts). */
export const outcomeOf = (s: GameState): GameOutcome => {
  const o: GameOutcome = {
    status: s.status,
    seats: s.seats,
    dead: s.seats.filter((x) => s.dead[x] !== null),
    challenges: s.challenges
      .filter((c) => c.status !== 'disputed')
      .map((c) =>
        c.status === 'wrong'
          ? { challenger: c.challenger, challenged: c.challenged, payer: c.challenger, payee: c.challenged }
          : { challenger: c.challenger, challenged: c.challenged, payer: c.challenged, payee: c.challenger },
      ),
  };
  if (s.betOn !== undefined) o.betOn = s.betOn;
  if (s.status === 'mahjong' && s.win) {
    const w = s.win;
    o.winner = w.winner;
    o.value = w.value;
    o.jokerless = w.jokerless;
    o.selfPick = w.selfPick;
    if (w.category) o.category = w.category;
    if (w.discarder) o.discarder = w.discarder;
    if (w.soleDiscarderPays) o.soleDiscarderPays = w.soleDiscarderPays;
    if (w.wrongWallPusher) o.wrongWallPusher = w.wrongWallPusher;
  }
  if (s.status === 'three-dead' && s.threeDead) o.threeDead = s.threeDead;
  return o;
};

/** The engine shape the session summary injects (src/core/summary.ts). */
export const GAME_ENGINE = { replayGame, outcomeOf, indexBase: 0 as const };

/** A short sentence naming the exposure ("a pung of Five Bam"). */
export const describeExposure = (x: Exposure): string => `a ${groupName(x.tiles.length)} of ${tileName(x.tile)}`;
