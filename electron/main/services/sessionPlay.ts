import type { GameEvent } from '../../../src/core/events';
import { replayGame } from '../../../src/core/game';
import { serialiseRecord } from '../../../src/core/record';
import { sessionsRepo } from '../store/sessions.repo';
import { removeGame, type Handlers, type ServiceContext } from './context';
import { notFound, ServiceError } from './errors';
import { setupFor } from './games';
import { buildLedger } from './sessionLedger';
import { playerStats } from './playerStats';
import { sessionPrintServices } from './sessionPrint';
import { recordOfSession } from './sessionRecord';
import { nextSeating } from './sessions';

type SessionChannels =
  'setupSession' | 'quickScore' | 'sessionLedger' | 'playerStats' | 'exportHistory' | 'printSettlement' | 'removeLastGame' | 'sessionAudit';

const bad = (message: string): never => {
  throw new ServiceError('ERR_BAD_INPUT', message);
};

/** Errors a quick score may carry before its ending; the reducer judges them as in a full record. */
const QUICK_ERRORS = new Set<GameEvent['type']>(['wrongWall', 'dead', 'mahjongInError']);

/**
 * A quick score is an optional bet, then errors, then one ending (mah jongg or wall game); or
 * errors alone when they end the game (three dead, RULES §8.4): the engine must then find it ended.
 */
const checkQuickShape = (events: readonly GameEvent[]): void => {
  const ending = events[events.length - 1]!;
  const endedByErrors = QUICK_ERRORS.has(ending.type);
  if (ending.type !== 'mahjong' && ending.type !== 'wallGame' && !endedByErrors)
    bad('events: a quick score ends with "mahjong" or "wallGame", or with the error that makes three hands dead');
  events.slice(0, endedByErrors ? events.length : -1).forEach((e, i) => {
    if (e.type === 'bet' && i === 0) return;
    if (!QUICK_ERRORS.has(e.type))
      bad(
        `events.${i}: before the ending a quick score holds only the bet (first) and errors (wrongWall, dead, mahjongInError), not ${e.type}`,
      );
  });
};

export const sessionPlayServices = (ctx: ServiceContext): Handlers<SessionChannels> => {
  const repo = sessionsRepo(ctx.store);
  return {
    ...sessionPrintServices(ctx),
    setupSession: ({ setup: s, chips = [] }) => {
      // Names, seating, stakes, pie and rules were judged by the core's parseSetup (the contract).
      if (chips.length > 0 && !s.pie) bad('chips: chips are for a pie; set the pie first');
      const colours = chips.map((c) => c.colour.toLocaleLowerCase());
      if (new Set(colours).size !== colours.length) bad('chips: each colour once');
      return ctx.store.transaction(() => {
        const created = ctx.store.createSession(s);
        if (chips.length)
          repo.setChips(
            created.id,
            [...chips].sort((a, b) => b.points - a.points),
          );
        return created;
      });
    },

    quickScore: ({ sessionId, gameId, events, reason }) => {
      const session =
        ctx.store.getSession(sessionId) ??
        (() => {
          throw notFound(`session ${sessionId}`);
        })();
      checkQuickShape(events);
      const open = gameId === undefined ? undefined : (ctx.store.getGame(gameId) ?? undefined);
      if (gameId !== undefined && (!open || open.sessionId !== sessionId)) throw notFound(`game ${gameId} of session ${sessionId}`);
      // The game to score: the one given, or the next by the rotation (refused while another is open).
      const last = session.gameList.at(-1);
      if (!open && last) {
        const r = replayGame(
          ctx.store.loadEvents(last.id).map((e) => e.event),
          setupFor(ctx, last),
        );
        if (r.ok && r.value.status === 'in-progress') bad(`game ${last.number} has no ending yet: score that game first`);
      }
      return ctx.store.transaction(() => {
        const game =
          open ??
          (() => {
            const next = nextSeating(ctx, session);
            return ctx.store.addGame(sessionId, next.seating, next.bettor, false);
          })();
        const before = ctx.store.loadEvents(game.id).map((e) => e.event);
        // The engine judges the whole game as it will be stored; a refusal writes nothing.
        const r = replayGame([...before, ...events], setupFor(ctx, game));
        if (!r.ok) throw new ServiceError(r.error.error.code, `game ${game.number}: ${r.error.error.message}`);
        if (r.value.status === 'in-progress')
          bad(
            `game ${game.number}: that does not end the game${QUICK_ERRORS.has(events.at(-1)!.type) ? ' (the errors leave more than one hand alive: add the winner or the wall game)' : ''}`,
          );
        let seq = before.length ? ctx.store.lastSeq(game.id) : 0;
        for (const e of events) seq = ctx.store.appendEvent(game.id, e, seq);
        if (reason !== undefined) repo.audit(sessionId, `scored game ${game.number}`, reason, null);
        return game;
      });
    },

    sessionLedger: ({ sessionId }) => buildLedger(ctx, sessionId),

    removeLastGame: ({ sessionId, reason }) => {
      const session =
        ctx.store.getSession(sessionId) ??
        (() => {
          throw notFound(`session ${sessionId}`);
        })();
      const last = session.gameList.at(-1);
      if (!last) bad('this session has no game to remove');
      return ctx.store.transaction(() => {
        const before = {
          game: last!.number,
          seating: last!.seating,
          bettor: last!.bettor ?? null,
          events: ctx.store.loadEvents(last!.id).map((e) => e.event),
        };
        removeGame(ctx, last!.id);
        repo.audit(sessionId, `removed game ${last!.number}`, reason, before);
        return { removed: last!.number };
      });
    },

    sessionAudit: ({ sessionId }) => {
      if (!ctx.store.getSession(sessionId)) throw notFound(`session ${sessionId}`);
      return repo.auditLog(sessionId);
    },

    playerStats: () => playerStats(ctx),

    exportHistory: () =>
      ctx.store
        .listSessions(500)
        .slice()
        .reverse()
        .map((s) => ({
          fileName: `mahjmate-${s.createdAt.slice(0, 10)}-session-${s.id}.json`,
          text: serialiseRecord(recordOfSession(ctx, s.id).record),
        })),
  };
};
