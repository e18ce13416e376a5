import { heldRefusal, replayHolding } from '../../../src/core/amend';
import type { GameEvent } from '../../../src/core/events';
import { gameSetupOf } from '../../../src/core/gameSetup';
import { apply, type GameSetup, type GameState } from '../../../src/core/game';
import type { GameInfo, StoredEvent } from '../../../src/shared/types';
import type { Handlers, ServiceContext } from './context';
import type { CachedGame as Cached } from './gameCache';
import { notFound, ServiceError } from './errors';

/** The engine's setup for one game: its table size, the session's rules, whether a bettor sits out. */
export const setupFor = (ctx: ServiceContext, game: GameInfo): GameSetup => {
  const s = ctx.store.getSession(game.sessionId);
  if (!s) throw notFound(`session ${game.sessionId}`);
  return gameSetupOf(game, s.setup.rules);
};

export const gameServices = (ctx: ServiceContext): Handlers<'loadGame' | 'appendEvent'> => {
  const cache = ctx.games;

  /**
   * The latest state: from the cache when it is at the log's last seq, else folded from the log.
   * A log the rules now refuse part of (kept by an earlier app) folds up to the refused event,
   * which is held with its sentence: the game opens there, and the stored log is left as it is.
   */
  const latest = (game: GameInfo, events?: StoredEvent[]): Cached => {
    const last = events ? (events.length ? events[events.length - 1]!.seq : 0) : ctx.store.lastSeq(game.id);
    const setup = setupFor(ctx, game);
    const hit = cache.get(game.id, setup, last);
    if (hit) return hit;
    const log = events ?? ctx.store.loadEvents(game.id);
    const { state, held } = replayHolding(
      log.map((e) => e.event),
      setup,
    );
    const cached: Cached = { seq: log.length ? log[log.length - 1]!.seq : 0, state, setup, ...(held ? { held } : {}) };
    cache.set(game.id, cached);
    return cached;
  };

  const gameOf = (gameId: number): GameInfo =>
    ctx.store.getGame(gameId) ??
    (() => {
      throw notFound(`game ${gameId}`);
    })();

  return {
    loadGame: ({ gameId }) => {
      const game = gameOf(gameId);
      const events = ctx.store.loadEvents(gameId);
      const { state, held } = latest(game, events);
      return { game, events, state, ...(held ? { held } : {}) };
    },
    appendEvent: ({ gameId, event, afterSeq }) => {
      const cached = latest(gameOf(gameId));
      if (afterSeq !== undefined && afterSeq !== cached.seq)
        throw new ServiceError('ERR_CONFLICT', `the game has moved on (last event ${cached.seq}, not ${afterSeq}): reload it`);
      if (cached.held) throw new ServiceError('ERR_CONFLICT', heldRefusal(cached.held));
      const next = judge(cached, event);
      const seq = ctx.store.appendEvent(gameId, event, cached.seq);
      cache.set(gameId, { seq, state: next, setup: cached.setup });
      return { seq };
    },
  };
};

/** The state after `event`, or the engine's refusal (its own code and message). */
const judge = (cached: Cached, event: GameEvent): GameState => {
  const r = apply(cached.state, event);
  if (!r.ok) throw new ServiceError(r.error.code, r.error.message);
  return r.value;
};
