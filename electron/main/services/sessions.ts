import { OFFICIAL_RULES } from '../../../src/core/rules';
import { SEATS } from '../../../src/core/seats';
import { parseBettor, parseSeating } from '../../../src/core/parse/setup';
import { seatingForGame } from '../../../src/core/session';
import type { SessionDetail } from '../../../src/shared/types';
import type { Handlers, ServiceContext } from './context';
import { notFound, ServiceError } from './errors';

/** The seating of the session's next game, from the rotation rules and any deviations so far. */
export const nextSeating = (ctx: ServiceContext, s: SessionDetail): { seating: string[]; bettor?: string } => {
  const rules = { ...OFFICIAL_RULES, ...s.setup.rules };
  const table = seatingForGame(
    { players: s.setup.players, seating: s.setup.seating, bettor: s.setup.bettor, rules },
    s.games + 1,
    ctx.store.seatingOverrides(s.id),
  );
  const seating = SEATS.map((seat) => table.seating[seat]).filter((n): n is string => n !== undefined);
  return table.bettor === undefined ? { seating } : { seating, bettor: table.bettor };
};

export const sessionServices = (ctx: ServiceContext): Handlers<'listSessions' | 'getSession' | 'startGame'> => ({
  listSessions: (input) => ctx.store.listSessions(input?.limit ?? 20, input?.offset ?? 0),
  getSession: ({ sessionId }) =>
    ctx.store.getSession(sessionId) ??
    (() => {
      throw notFound(`session ${sessionId}`);
    })(),
  startGame: ({ sessionId, seating, bettor, dice }) => {
    const s = ctx.store.getSession(sessionId);
    if (!s) throw notFound(`session ${sessionId}`);
    if (seating === undefined) {
      if (bettor !== undefined) throw new ServiceError('ERR_BAD_INPUT', 'bettor: give the seating too when the table deviates');
      const next = nextSeating(ctx, s);
      return ctx.store.addGame(sessionId, next.seating, next.bettor, false, dice);
    }
    // The table deviated: the seating and bettor are judged as a record's own game seating is.
    const players = s.setup.players;
    const seated = parseSeating(seating, 'seating', players, players.length === 5 ? 4 : players.length);
    if (!seated.ok) throw new ServiceError('ERR_BAD_INPUT', seated.error);
    const better = parseBettor(bettor, 'bettor', players, seated.value);
    if (!better.ok) throw new ServiceError('ERR_BAD_INPUT', better.error);
    return ctx.store.addGame(sessionId, seated.value, better.value, true, dice);
  },
});
