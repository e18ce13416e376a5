import { correctionChanges, winSourceOf } from '../../../src/core/correction';
import { replayGame } from '../../../src/core/game';
import type { GameEvent } from '../../../src/core/events';
import { sessionsRepo } from '../store/sessions.repo';
import { amendStoredGame } from './amend';
import type { Handlers, ServiceContext } from './context';
import { notFound, ServiceError } from './errors';
import { setupFor } from './games';
import { recordOfSession } from './sessionRecord';
import { recordRevision } from './sessionRevision';

const bad = (message: string): never => {
  throw new ServiceError('ERR_BAD_INPUT', message);
};

/**
 * Correct a confirmed game's ending (winner, how it was won, value, jokerless, the bet, dead
 * hands, a wall game) after later games were played: the new ending becomes amendments of that
 * game's log (amendStoredGame: replayed by the engine, kept with its trail in one transaction,
 * or nothing). Everything after it is replayed from the record when the ledger is asked for.
 */
export const sessionCorrectServices = (ctx: ServiceContext): Handlers<'correctGame'> => ({
  correctGame: ({ sessionId, gameId, events, reason }) => {
    const game = ctx.store.getGame(gameId);
    if (!game || game.sessionId !== sessionId) throw notFound(`game ${gameId} of session ${sessionId}`);
    const setup = setupFor(ctx, game);
    const stored = ctx.store.loadEvents(gameId).map((e) => e.event);
    const before = replayGame(stored, setup);
    if (!before.ok || before.value.status === 'in-progress') bad(`game ${game.number} is still being played: fix it at the table`);
    if (events.slice(1).some((e) => e.type === 'bet')) bad('the bet comes first in a corrected ending');
    const changes = correctionChanges(stored, events as GameEvent[], before.ok ? winSourceOf(before.value) : null);
    if (changes.length === 0) bad(`that is how game ${game.number} already stands: nothing to correct`);
    const write = () => {
      const r = amendStoredGame(ctx, gameId, changes, stored.length);
      if (!r.stored) throw new ServiceError('ERR_BAD_INPUT', `game ${game.number}: ${r.later.message}`);
      // The corrected game must still be over: a correction never reopens it.
      const after = replayGame(
        ctx.store.loadEvents(gameId).map((e) => e.event),
        setup,
      );
      if (!after.ok || after.value.status === 'in-progress')
        bad(
          `game ${game.number}: that does not end the game${events.at(-1)!.type === 'mahjong' || events.at(-1)!.type === 'wallGame' ? '' : ' (the errors leave more than one hand alive: add the winner or the wall game)'}`,
        );
      if (reason !== undefined) sessionsRepo(ctx.store).audit(sessionId, `corrected game ${game.number}`, reason, { events: stored });
      return r.lines.map((l) => l.text);
    };
    let lines: string[];
    try {
      lines = ctx.store.transaction(write);
    } catch (e) {
      // What the cache was told inside the rolled-back transaction is forgotten with it.
      ctx.games.forget(gameId);
      throw e;
    }
    const { session, record } = recordOfSession(ctx, sessionId);
    return {
      revision: recordRevision(
        record,
        session.gameList.map((g) => ({ seating: g.seating, bettor: g.bettor ?? null })),
      ).revision,
      lines,
    };
  },
});
