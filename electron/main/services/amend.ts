import { amendEvents, describeAmendment, type Amendment, type Change } from '../../../src/core/amend';
import { replayGame } from '../../../src/core/game';
import type { AmendmentLine, AmendResult } from '../../../src/shared/contract/amend';
import type { GameInfo } from '../../../src/shared/types';
import { amendmentsRepo } from '../store/amendments.repo';
import { flowRepo } from '../store/flow.repo';
import type { Handlers, ServiceContext } from './context';
import { notFound, ServiceError } from './errors';
import { setupFor } from './games';

const lineOf = (a: Amendment): AmendmentLine => ({ ...a, text: describeAmendment(a) });

/**
 * Amend a stored game's log (in progress or confirmed long ago): the rules engine replays the
 * whole game with the changes, and only a game that replays legally is kept, with its
 * amendments, in one transaction. A later event the change made illegal comes back as
 * `{ stored: false, later }` (nothing written) for the player to fix too or drop. A refusal of
 * the change itself throws a ServiceError with the sentence. An ending waiting on the payout
 * sheet stays staged when it still ends the amended game, else it is dropped (and the page,
 * which reloads, shows the game open). `afterSeq`: the last seq the caller saw (optional).
 */
export const amendStoredGame = (ctx: ServiceContext, gameId: number, changes: readonly Change[], afterSeq?: number): AmendResult => {
  const game: GameInfo = ctx.store.getGame(gameId) ?? (() => { throw notFound(`game ${gameId}`); })();
  const setup = setupFor(ctx, game);
  const stored = ctx.store.loadEvents(gameId).map((e) => e.event);
  if (afterSeq !== undefined && afterSeq !== stored.length)
    throw new ServiceError('ERR_CONFLICT', `the game has moved on (last event ${stored.length}, not ${afterSeq}): reload it`);
  const r = amendEvents(stored, setup, changes, new Date().toISOString());
  if (!r.ok) {
    if (r.error.kind === 'change') throw new ServiceError('ERR_BAD_INPUT', r.error.message);
    const { at, event, undone, message } = r.error;
    return { stored: false, later: { at, event, undone, message } };
  }
  const { events, state, amendments } = r.value;
  const flow = flowRepo(ctx.store);
  const seq = ctx.store.transaction(() => {
    const staged = flow.staged(gameId);
    const seq = amendmentsRepo(ctx.store).amend(gameId, events, amendments, stored.length);
    if (staged && staged.afterSeq === stored.length) {
      const ended = replayGame([...events, ...staged.events], setup);
      if (state.status === 'in-progress' && ended.ok && ended.value.status !== 'in-progress') flow.stage(gameId, seq, staged.events);
      else flow.unstage(gameId);
    }
    return seq;
  });
  ctx.games.set(gameId, { seq, state, setup });
  return { stored: true, seq, lines: amendments.map(lineOf) };
};

export const amendServices = (ctx: ServiceContext): Handlers<'amendGame' | 'gameAmendments'> => ({
  amendGame: ({ gameId, changes, afterSeq }) => amendStoredGame(ctx, gameId, changes, afterSeq),
  gameAmendments: ({ gameId }) => {
    if (!ctx.store.getGame(gameId)) throw notFound(`game ${gameId}`);
    return amendmentsRepo(ctx.store).list(gameId).map(lineOf);
  },
});
