import { groupName } from './claims';
import { tooManyCopies } from './copies';
import { RuleCode, type RuleError } from './errors';
import type { GameEvent } from './events';
import type { GameOutcome } from './outcome';
import { err, ok, type Result } from './result';
import { SEATS, seatsFor, type BySeat } from './seats';
import { wallAfterDeal, type Exposure, type GameSetup, type GameState } from './state';
import { countTiles } from './tileCounts';
import { tileName } from './tiles';
import { bet } from './judge/bets';
import { call } from './judge/calls';
import { checkSeat, fail, type Step } from './judge/common';
import { deadEvent, unvaluedThreeDead } from './judge/dead';
import { discard, pick, rack, wrongWall } from './judge/discards';
import { mahjong, mahjongInError, wallGame } from './judge/endings';
import { jokerExchange } from './judge/exchanges';
import { HIDDEN, link } from './judge/history';

/**
 * The game reducer: one game of American Mah Jongg at a physical table, one table-record
 * event at a time. Pure and immutable: `apply` returns a new state or a RuleError and never
 * touches its input. This file is the dispatch and the history (retract, replay); each family of
 * events is judged in its own file, which also lists the SILENT / ASSUMPTION / CONFLICT points of
 * the rules it settles (docs/rules.md):
 *
 * - judge/discards.ts: discards, picks (optional event by event; `beforePick`), racks, the last
 *   wall, hot tiles, the wrong wall;
 * - judge/calls.ts: calls and claims, who wins a discard, misnamed discards;
 * - judge/exchanges.ts: joker exchanges, the early exchange;
 * - judge/dead.ts: dead hands, challenges, three dead;
 * - judge/endings.ts: mah jongg, mah jongg in error, the wall game;
 * - judge/bets.ts: the bettor's bet;
 * - copies.ts: no more copies of a kind in sight than the set holds (RULES §1.1), after every event.
 *
 * Tile counts: jokers showing in exposures count as exposed Jokers (they are visible).
 */

export * from './state';

const bySeat = <T>(v: T): BySeat<T> => ({ E: v, S: v, W: v, N: v });

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

/**
 * Tile counts from the floor and exposures, computed once per `apply` and at the end of `replayGame`.
 * The discard a mah jongg was won on (not called for an exposure) stays counted as discarded: it
 * is in sight, laid with her hand (docs/table-record.md).
 */
const withCounts = (s: GameState): GameState => ({
  ...s,
  tiles: countTiles(
    s.floor.filter((f) => f.claimedBy === undefined || f.eventIndex === s.win?.wonOn).map((f) => f.tile),
    SEATS.flatMap((seat) => s.exposures[seat].flatMap((x) => x.tiles)),
  ),
});

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
      r = wrongWall(s, e.seat);
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
  // Three dead paid by a hand's value that was never recorded: ask for it (RULES §8.4).
  const unvalued = unvaluedThreeDead(s, r.value);
  if (unvalued) return unvalued;
  return ok(link(r.value, { prior: s, event: e, index }));
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

/**
 * Replay a game's events from the deal. `index` in the error is the 0-based event position.
 * `rewrite` (a fix moving events with the turn, src/core/followTurn.ts) may give each event
 * another shape from the state just before it; the state's log holds the events as rewritten.
 */
export const replayGame = (
  events: readonly GameEvent[],
  setup: GameSetup,
  rewrite?: (s: GameState, e: GameEvent, index: number) => GameEvent,
): Result<GameState, { index: number; error: RuleError }> => {
  let state = newGame(setup);
  const log = rewrite ? events.slice() : events;
  for (let i = 0; i < events.length; i++) {
    const e = rewrite ? ((log as GameEvent[])[i] = rewrite(state, events[i]!, i)) : events[i]!;
    const r = step(state, e, i);
    if (!r.ok) return err({ index: i, error: r.error });
    state = r.value;
  }
  const h = HIDDEN.get(state)!;
  return ok(link(withCounts({ ...state, log: log.slice() }), h));
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
