import { amendEvents, describeAmendment, type Amendment, type Change } from '../../../src/core/amend';
import { fixIsLast, lastFixGroup, takeBackChanges, takeBackSentence } from '../../../src/core/fixUndo';
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
export const amendStoredGame = (
  ctx: ServiceContext,
  gameId: number,
  changes: readonly Change[],
  afterSeq?: number,
  keepTyped = false,
): AmendResult => {
  const game: GameInfo =
    ctx.store.getGame(gameId) ??
    (() => {
      throw notFound(`game ${gameId}`);
    })();
  const setup = setupFor(ctx, game);
  const stored = ctx.store.loadEvents(gameId).map((e) => e.event);
  if (afterSeq !== undefined && afterSeq !== stored.length)
    throw new ServiceError('ERR_CONFLICT', `the game has moved on (last event ${stored.length}, not ${afterSeq}): reload it`);
  // Each fix has a time of its own (one fix's amendments share it: `u` takes back that group).
  const prev = amendmentsRepo(ctx.store).list(gameId).at(-1)?.when;
  const now = Date.now();
  const when = new Date(prev !== undefined && Date.parse(prev) >= now ? Date.parse(prev) + 1 : now).toISOString();
  const r = amendEvents(stored, setup, changes, when, { keepTyped });
  if (!r.ok) {
    if (r.error.kind === 'change') throw new ServiceError('ERR_BAD_INPUT', r.error.message);
    const { at, event, undone, message } = r.error;
    return { stored: false, later: { at, event, undone, message } };
  }
  const { events, state, amendments, moved, follows } = r.value;
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
  return { stored: true, seq, lines: amendments.map(lineOf), moved, follows };
};

/** `u` after a fix: the last fix (made at `when`, nothing typed after it) taken back by its inverse. */
export const takeBackFix = (ctx: ServiceContext, gameId: number, when: string, afterSeq: number): { seq: number; text: string } => {
  if (!ctx.store.getGame(gameId)) throw notFound(`game ${gameId}`);
  const trail = amendmentsRepo(ctx.store).list(gameId);
  const stored = ctx.store.loadEvents(gameId).map((e) => e.event);
  const group = lastFixGroup(trail);
  if (group.length === 0 || group[0]!.when !== when || !fixIsLast(stored, trail))
    throw new ServiceError('ERR_CONFLICT', 'That fix is no longer the last thing done in this game: fix the event again instead');
  const r = amendStoredGame(ctx, gameId, takeBackChanges(group), afterSeq, true);
  if (!r.stored) throw new ServiceError('ERR_BAD_INPUT', `The fix cannot be taken back: ${r.later.message}`);
  return { seq: r.seq, text: takeBackSentence(group) };
};

export const amendServices = (ctx: ServiceContext): Handlers<'amendGame' | 'gameAmendments' | 'takeBackFix'> => ({
  amendGame: ({ gameId, changes, afterSeq }) => amendStoredGame(ctx, gameId, changes, afterSeq),
  takeBackFix: ({ gameId, when, afterSeq }) => takeBackFix(ctx, gameId, when, afterSeq),
  gameAmendments: ({ gameId }) => {
    if (!ctx.store.getGame(gameId)) throw notFound(`game ${gameId}`);
    return amendmentsRepo(ctx.store).list(gameId).map(lineOf);
  },
});
