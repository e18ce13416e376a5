import { makeRecord, type RecordGame, type TableRecord } from '../../../src/core/record';
import type { SessionDetail } from '../../../src/shared/types';
import { amendmentsRepo } from '../store/amendments.repo';
import { cardsRepo } from '../store/cards.repo';
import type { ServiceContext } from './context';
import { notFound } from './errors';

/** A stored session as a table record (what `replay` and the engine read), with its game ids. */
export const recordOfSession = (
  ctx: ServiceContext,
  sessionId: number,
): { session: SessionDetail; record: TableRecord; gameIds: number[] } => {
  const s = ctx.store.getSession(sessionId);
  if (!s) throw notFound(`session ${sessionId}`);
  const overrides = ctx.store.seatingOverrides(sessionId);
  const amended = amendmentsRepo(ctx.store);
  const card = cardsRepo(ctx.store).ofSession(sessionId);
  const games: RecordGame[] = s.gameList.map((g, i) => {
    const rg: RecordGame = { events: ctx.store.loadEvents(g.id).map((e) => e.event) };
    const trail = amended.list(g.id);
    if (trail.length) rg.amendments = trail;
    const own = overrides[i];
    if (own) rg.seating = own.seating;
    if (own?.bettor !== undefined) rg.bettor = own.bettor;
    if (g.dice !== undefined) rg.dice = g.dice;
    return rg;
  });
  const record = makeRecord({
    players: s.setup.players,
    seating: s.setup.seating,
    ...(s.setup.bettor === undefined ? {} : { bettor: s.setup.bettor }),
    centsPerPoint: s.setup.stakes.centsPerPoint,
    ...(s.setup.pie === undefined ? {} : { pie: s.setup.pie.points }),
    rules: s.setup.rules,
    games,
    // The session's card is exported with it, so `replay` checks its hands the same way.
    ...(card === null ? {} : { card: card.text }),
  });
  return { session: s, record, gameIds: s.gameList.map((g) => g.id) };
};
