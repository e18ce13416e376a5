import type { GameEvent } from '../../../src/core/events';
import { replayGame, type GameState } from '../../../src/core/game';
import type { Resumable } from '../../../src/shared/contract/flow';
import type { GameInfo } from '../../../src/shared/types';
import { flowRepo } from '../store/flow.repo';
import { removeGame, type Handlers, type ServiceContext } from './context';
import { notFound, ServiceError } from './errors';
import { setupFor } from './games';

type FlowChannels = 'stageEnding' | 'stagedEnding' | 'resumable' | 'reopenPrevious';

/**
 * The flow around the table. An ending typed but not confirmed is kept in the database
 * (migration 5) so a restart reopens its payout sheet; the home screen offers the game in
 * progress; `u` after `next` can reopen the previous game's ending. Every event is judged by
 * the rules engine before anything is kept.
 */
export const flowServices = (ctx: ServiceContext): Handlers<FlowChannels> => {
  const repo = flowRepo(ctx.store);
  const gameOf = (gameId: number): GameInfo =>
    ctx.store.getGame(gameId) ??
    (() => {
      throw notFound(`game ${gameId}`);
    })();

  /** The game's stored log folded by the engine, then `extra` on top; a refusal throws the engine's sentence. */
  const fold = (game: GameInfo, extra: readonly GameEvent[] = []): GameState => {
    const r = replayGame([...ctx.store.loadEvents(game.id).map((e) => e.event), ...extra], setupFor(ctx, game));
    if (!r.ok) throw new ServiceError(r.error.error.code, r.error.error.message);
    return r.value;
  };

  /** The staged ending if it still follows the stored log; a stale one is dropped. */
  const stagedOf = (game: GameInfo): GameEvent[] => {
    const s = repo.staged(game.id);
    if (!s) return [];
    if (s.afterSeq !== ctx.store.lastSeq(game.id)) {
      repo.unstage(game.id);
      return [];
    }
    return s.events;
  };

  return {
    stageEnding: ({ gameId, events, afterSeq }) => {
      const game = gameOf(gameId);
      const last = ctx.store.lastSeq(gameId);
      if (afterSeq !== last)
        throw new ServiceError('ERR_CONFLICT', `the game has moved on (last event ${last}, not ${afterSeq}): reload it`);
      if (events.length === 0) {
        repo.unstage(gameId);
        return { staged: 0 };
      }
      if (fold(game).status !== 'in-progress') throw new ServiceError('ERR_BAD_INPUT', `game ${game.number} already has its ending`);
      if (fold(game, events).status === 'in-progress') throw new ServiceError('ERR_BAD_INPUT', 'that does not end the game');
      repo.stage(gameId, afterSeq, events);
      return { staged: events.length };
    },

    stagedEnding: ({ gameId }) => ({ events: stagedOf(gameOf(gameId)) }),

    resumable: () => {
      const id = repo.latestGameId();
      if (id === null) return null;
      const game = gameOf(id);
      const staged = stagedOf(game).length > 0;
      const r = replayGame(
        ctx.store.loadEvents(id).map((e) => e.event),
        setupFor(ctx, game),
      );
      if (!r.ok || (!staged && r.value.status !== 'in-progress')) return null;
      const session = ctx.store.getSession(game.sessionId);
      if (!session) return null;
      const out: Resumable = {
        sessionId: game.sessionId,
        gameId: id,
        number: game.number,
        host: session.setup.seating[0] ?? session.setup.players[0]!,
        players: session.setup.players,
        staged,
        events: r.value.log.length,
      };
      return out;
    },

    reopenPrevious: ({ gameId }) => {
      const game = gameOf(gameId);
      const session =
        ctx.store.getSession(game.sessionId) ??
        (() => {
          throw notFound(`session ${game.sessionId}`);
        })();
      if (session.gameList.at(-1)?.id !== gameId)
        throw new ServiceError('ERR_BAD_INPUT', `game ${game.number} is not the last game of its session`);
      if (ctx.store.lastSeq(gameId) > 0)
        throw new ServiceError('ERR_BAD_INPUT', `game ${game.number} has started: take back what was recorded in it first`);
      const prev = session.gameList.at(-2);
      if (!prev) throw new ServiceError('ERR_BAD_INPUT', `game ${game.number} is the first game: there is no ending before it`);
      if (fold(prev).status === 'in-progress') throw new ServiceError('ERR_BAD_INPUT', `game ${prev.number} has no ending to reopen`);
      // Take back the ending (and any challenge settled with it), one retract per action, as `u` does.
      const retracts: GameEvent[] = [];
      while (retracts.length < 12 && fold(prev, retracts).status !== 'in-progress') retracts.push({ type: 'retract' });
      if (fold(prev, retracts).status !== 'in-progress')
        throw new ServiceError('ERR_BAD_INPUT', `game ${prev.number}'s ending cannot be taken back`);
      return ctx.store.transaction(() => {
        removeGame(ctx, gameId);
        for (const e of retracts) ctx.store.appendEvent(prev.id, e, ctx.store.lastSeq(prev.id));
        return prev;
      });
    },
  };
};
