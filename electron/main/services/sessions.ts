import { OFFICIAL_RULES } from '../../../src/core/rules';
import { SEATS } from '../../../src/core/seats';
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

export const sessionServices = (ctx: ServiceContext): Handlers<'listSessions' | 'createSession' | 'getSession' | 'startGame'> => ({
  listSessions: (input) => ctx.store.listSessions(input?.limit ?? 20),
  createSession: (setup) => ctx.store.createSession(setup),
  getSession: ({ sessionId }) => ctx.store.getSession(sessionId) ?? (() => { throw notFound(`session ${sessionId}`); })(),
  startGame: ({ sessionId, seating, bettor, dice }) => {
    const s = ctx.store.getSession(sessionId);
    if (!s) throw notFound(`session ${sessionId}`);
    if (seating === undefined) {
      if (bettor !== undefined) throw new ServiceError('ERR_BAD_INPUT', 'bettor: give the seating too when the table deviates');
      const next = nextSeating(ctx, s);
      return ctx.store.addGame(sessionId, next.seating, next.bettor, false, dice);
    }
    // The table deviated: check the seating against the session's players.
    const players = s.setup.players;
    const seats = players.length === 5 ? 4 : players.length;
    if (seating.length !== seats) throw new ServiceError('ERR_BAD_INPUT', `seating: ${players.length} players fill ${seats} seats`);
    if (new Set(seating).size !== seating.length) throw new ServiceError('ERR_BAD_INPUT', 'seating: a player sits in one seat only');
    for (const n of seating)
      if (!players.includes(n)) throw new ServiceError('ERR_BAD_INPUT', `seating: "${n}" is not a player of this session`);
    const out = players.find((p) => !seating.includes(p));
    if (players.length === 5 && bettor !== out)
      throw new ServiceError('ERR_BAD_INPUT', `bettor: the player not seated ("${out}") is the bettor`);
    if (players.length < 5 && bettor !== undefined) throw new ServiceError('ERR_BAD_INPUT', 'bettor: a bettor sits out only with 5 players');
    return ctx.store.addGame(sessionId, seating, bettor, true, dice);
  },
});
