import type { GameEvent } from '../../../src/core/events';
import { OFFICIAL_RULES } from '../../../src/core/rules';
import type { GameSetup, GameState } from '../../../src/core/game';
import type { GameInfo, StoredEvent } from '../../../src/shared/types';
import type { Handlers, ServiceContext } from './context';
import { notFound, ServiceError } from './errors';

interface Cached {
  seq: number;
  state: GameState;
  setup: GameSetup;
}

/** The engine's setup for one game: its table size, the session's rules, whether a bettor sits out. */
export const setupFor = (ctx: ServiceContext, game: GameInfo): GameSetup => {
  const s = ctx.store.getSession(game.sessionId);
  if (!s) throw notFound(`session ${game.sessionId}`);
  const players = Object.keys(game.seating).length === 3 ? 3 : 4;
  const setup: GameSetup = { players, rules: { ...OFFICIAL_RULES, ...s.setup.rules }, bettor: game.bettor !== undefined };
  if (game.dice !== undefined) setup.dice = game.dice;
  return setup;
};

export const gameServices = (ctx: ServiceContext): Handlers<'loadGame' | 'appendEvent'> => {
  // Latest state per game, in memory only: the event log in the database is the truth.
  const cache = new Map<number, Cached>();

  const fold = (gameId: number): { game: GameInfo; events: StoredEvent[]; cached: Cached } => {
    const game = ctx.store.getGame(gameId);
    if (!game) throw notFound(`game ${gameId}`);
    const events = ctx.store.loadEvents(gameId);
    const hit = cache.get(gameId);
    const last = events.length ? events[events.length - 1]!.seq : 0;
    if (hit && hit.seq === last) return { game, events, cached: hit };
    const setup = setupFor(ctx, game);
    const r = ctx.engine.replay(
      events.map((e) => e.event),
      setup,
    );
    const state = r.ok ? r.value : fail(`game ${gameId} event ${r.error.index + 1}: ${r.error.error.message}`);
    const cached = { seq: last, state, setup };
    cache.set(gameId, cached);
    return { game, events, cached };
  };

  const fail = (message: string): never => {
    throw new ServiceError('ERR_INTERNAL', `the stored log does not replay: ${message}`);
  };

  return {
    loadGame: ({ gameId }) => {
      const { game, events, cached } = fold(gameId);
      return { game, events, state: cached.state };
    },
    appendEvent: ({ gameId, event, afterSeq }) => {
      const { cached } = fold(gameId);
      if (afterSeq !== undefined && afterSeq !== cached.seq)
        throw new ServiceError('ERR_CONFLICT', `the game has moved on (last event ${cached.seq}, not ${afterSeq}): reload it`);
      const next = judge(ctx, cached, event);
      const seq = ctx.store.appendEvent(gameId, event, cached.seq);
      cache.set(gameId, { seq, state: next, setup: cached.setup });
      return { seq, state: next };
    },
  };
};

/** The state after `event`, or the engine's refusal (its own code and message). */
const judge = (ctx: ServiceContext, cached: Cached, event: GameEvent): GameState => {
  const r = ctx.engine.apply(cached.state, event);
  if (!r.ok) throw new ServiceError(r.error.code, r.error.message);
  return r.value;
};
