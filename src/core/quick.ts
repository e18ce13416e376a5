import type { GameEvent } from './events';
import type { GameOutcome } from './outcome';
import { err, ok, type Result } from './result';
import { seatsFor, type Seat } from './seats';
import type { GameEngine, GameSetupLike, GameView, TileCount } from './summary';
import { copiesOf, TILES, type Tile } from './tiles';

/**
 * Quick scoring: a game recorded only by its ending (a lone `mahjong`, or `wallGame`, after an
 * optional `bet`). It builds the same `GameOutcome` the reducer derives from a full record, so
 * a quick-scored game pays exactly like a fully recorded one.
 */
export interface QuickState extends GameView {
  outcome: GameOutcome;
}

/** Tiles left to pick after the deal: 4 players 152 − 53 = 99; 3 players 152 − 40 = 112 (RULES §2.6). */
export const wallAfterDeal = (players: 3 | 4): number => (players === 4 ? 99 : 112);

const QUICK_TYPES = new Set<GameEvent['type']>(['bet', 'mahjong', 'wallGame']);

/** Whether a game's events are an outcome only (quick scoring). */
export const isQuickGame = (events: readonly GameEvent[]): boolean =>
  events.length > 0 && events.every((e) => QUICK_TYPES.has(e.type)) && events.filter((e) => e.type !== 'bet').length === 1;

type QuickError = { index: number; error: { code: string; message: string } };
const fail = (index: number, code: string, message: string): Result<never, QuickError> => err({ index, error: { code, message } });

export const quickOutcome = (events: readonly GameEvent[], setup: GameSetupLike): Result<GameOutcome, QuickError> => {
  const seats = seatsFor(setup.players);
  let betOn: Seat | undefined;
  let outcome: GameOutcome | undefined;
  for (const [i, e] of events.entries()) {
    if (outcome) return fail(i, 'quick/after-end', 'the game is already over');
    if (e.type === 'bet') {
      if (!setup.bettor) return fail(i, 'quick/no-bettor', 'there is no bettor at this table');
      if (betOn !== undefined) return fail(i, 'quick/second-bet', 'the bettor has already bet');
      if (!seats.includes(e.on)) return fail(i, 'quick/seat', `no seat ${e.on} at this table`);
      betOn = e.on;
    } else if (e.type === 'wallGame') {
      outcome = { status: 'wall', seats, dead: [], challenges: [] };
    } else if (e.type === 'mahjong') {
      if (!seats.includes(e.seat) || (e.from !== undefined && !seats.includes(e.from))) return fail(i, 'quick/seat', 'no such seat at this table');
      // As the reducer: without `from`, only East (who may win before anyone discards) is a self-pick.
      if (e.from === undefined && e.selfPick !== true && e.special === undefined && e.seat !== 'E')
        return fail(i, 'quick/how', 'a quick-scored mah jongg needs "from" (the discarder) or "selfPick": true');
      if (e.special !== undefined && e.seat !== 'E') return fail(i, 'quick/special', 'only East can have a Heavenly or Earthly hand');
      const selfPick = e.from === undefined;
      outcome = { status: 'mahjong', seats, winner: e.seat, value: e.value, jokerless: e.jokerless, selfPick, dead: [], challenges: [] };
      if (e.category) outcome.category = e.category;
      if (e.from) outcome.discarder = e.from;
    } else return fail(i, 'quick/event', `a quick-scored game holds only bet, mahjong or wallGame, not ${e.type}`);
  }
  if (!outcome) return fail(events.length, 'quick/empty', 'no outcome recorded');
  if (betOn !== undefined) outcome.betOn = betOn;
  return ok(outcome);
};

const untouched = (): Record<Tile, TileCount> =>
  Object.fromEntries(TILES.map((t) => [t, { discarded: 0, exposed: 0, unseen: copiesOf(t) }])) as Record<Tile, TileCount>;

/** A `GameEngine` for outcome-only games: the wall is whole, nothing is live, every tile unseen. */
export const QUICK_ENGINE: GameEngine<QuickState> = {
  indexBase: 0,
  replayGame: (events, setup) => {
    const o = quickOutcome(events, setup);
    if (!o.ok) return o;
    return ok({ outcome: o.value, wallRemaining: wallAfterDeal(setup.players), live: null, tiles: untouched() });
  },
  outcomeOf: (s) => s.outcome,
};
