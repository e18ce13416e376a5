import { replayGame } from '../../../src/core/game';
import { gameSetupOf } from '../../../src/core/gameSetup';
import { describeRecordError, parseRecord, readingNotes, rulesOf, serialiseRecord, type TableRecord } from '../../../src/core/record';
import { nameKey } from '../../../src/core/names';
import { SEATS } from '../../../src/core/seats';
import { seatingForGame } from '../../../src/core/session';
import type { SessionSummary } from '../../../src/shared/types';
import { cardsRepo } from '../store/cards.repo';
import { amendmentsRepo } from '../store/amendments.repo';
import { sameTableSessions } from '../store/imports.repo';
import type { Handlers, ServiceContext } from './context';
import { ServiceError } from './errors';
import { recordOfSession } from './sessionRecord';

/** Thrown inside the import's transaction to roll it back: the record is already this session. */
class AlreadyThere extends Error {
  constructor(readonly session: SessionSummary) {
    super('already imported');
  }
}

/** The record with every name in it (players, seatings, bettors) passed through `name`. */
const renamed = (rec: TableRecord, name: (n: string) => string): TableRecord => ({
  ...rec,
  players: rec.players.map(name),
  seating: rec.seating.map(name),
  ...(rec.bettor === undefined ? {} : { bettor: name(rec.bettor) }),
  games: rec.games.map((g) => ({
    ...g,
    ...(g.seating === undefined ? {} : { seating: g.seating.map(name) }),
    ...(g.bettor === undefined ? {} : { bettor: name(g.bettor) }),
  })),
});

/**
 * The record with each name as the roster spells it (a renamed player's old name becomes her name
 * now, see Store.namesOnRoster), so importing adds nobody who is already on the roster.
 */
const onRoster = (ctx: ServiceContext, rec: TableRecord): TableRecord => {
  const spelled = ctx.store.namesOnRoster(rec.players);
  const to = new Map(rec.players.map((n, i) => [n, spelled[i]!]));
  return renamed(rec, (n) => to.get(n) ?? n);
};

/**
 * The record's canonical text with each player named by her place in its list of players: one
 * session's records compare equal whatever names were changed between them (sameTableSessions
 * has checked that each place is the same person).
 */
const byPlace = (rec: TableRecord): string => {
  const place = new Map(rec.players.map((n, i) => [nameKey(n), `player ${i + 1}`]));
  return serialiseRecord(renamed(rec, (n) => place.get(nameKey(n)) ?? n));
};

/**
 * Export a session as a table record (written as the current version; older versions read, with notes), and import one as a new session. Importing is
 * idempotent: a record that is already a session here (the same text once exported) is not
 * made a second time; the reply names that session (`alreadyThere`), and `copy: true` imports
 * it again on purpose.
 */
export const recordServices = (ctx: ServiceContext): Handlers<'exportSession' | 'importRecord'> => ({
  exportSession: ({ sessionId }) => {
    const { session: s, record } = recordOfSession(ctx, sessionId);
    const day = s.createdAt.slice(0, 10);
    return { fileName: `mahjmate-${day}-session-${s.id}.json`, text: serialiseRecord(record) };
  },

  importRecord: ({ text, copy }) => {
    const parsed = parseRecord(text);
    if (!parsed.ok) throw new ServiceError('ERR_BAD_RECORD', describeRecordError(parsed.error));
    const rec = onRoster(ctx, parsed.value);
    const rules = rulesOf(rec);
    const setup = { players: rec.players, seating: rec.seating, bettor: rec.bettor, rules };
    const overrides = rec.games.map((g) =>
      g.seating ? { seating: g.seating, ...(g.bettor === undefined ? {} : { bettor: g.bettor }) } : undefined,
    );
    // Judge every game with the rules engine before writing anything.
    const tables = rec.games.map((g, i) => {
      const table = seatingForGame(setup, i + 1, overrides);
      const seating = SEATS.map((s) => table.seating[s]).filter((n): n is string => n !== undefined);
      const r = replayGame(g.events, gameSetupOf({ seating, bettor: table.bettor, dice: g.dice }, rules));
      if (!r.ok) throw new ServiceError('ERR_BAD_RECORD', `game ${i + 1}, event ${r.error.index + 1}: ${r.error.error.message}`);
      return { seating, bettor: table.bettor, dice: g.dice };
    });
    // A file of an earlier version the app that wrote it read differently: said, not refused.
    const notes = readingNotes(rec).map((n) => n.message);
    // Sessions that could be the same record: the same people in the same order (under the names
    // the record gives them, now or before a rename), as many games.
    const candidates = copy ? [] : sameTableSessions(ctx.store, parsed.value.players, rec.games.length);
    // One transaction: a record is imported whole or not at all.
    try {
      return ctx.store.transaction(() => {
        const session = ctx.store.createSession({
          players: rec.players,
          seating: rec.seating,
          ...(rec.bettor === undefined ? {} : { bettor: rec.bettor }),
          stakes: rec.stakes,
          ...(rec.pie === undefined ? {} : { pie: rec.pie }),
          rules: rec.rules,
        });
        rec.games.forEach((g, i) => {
          const t = tables[i]!;
          const game = ctx.store.addGame(session.id, t.seating, t.bettor, overrides[i] !== undefined, t.dice);
          for (const e of g.events) ctx.store.appendEvent(game.id, e);
          // The audit trail comes along as it was (parseRecord checked it against the events).
          if (g.amendments?.length) amendmentsRepo(ctx.store).append(game.id, g.amendments);
        });
        // The card the session played with comes along as its own copy (no stored card of the group's).
        if (rec.card !== undefined) cardsRepo(ctx.store).keep(session.id, rec.card.text);
        if (candidates.length) {
          // Written as any session is, so both sides are the same canonical text (what export gives).
          const mine = byPlace(recordOfSession(ctx, session.id).record);
          for (const id of candidates) {
            const { session: other, record } = recordOfSession(ctx, id);
            if (byPlace(record) === mine)
              throw new AlreadyThere({ id, createdAt: other.createdAt, players: other.players, games: other.games });
          }
        }
        return { ...session, games: rec.games.length, ...(notes.length ? { notes } : {}) };
      });
    } catch (e) {
      if (e instanceof AlreadyThere) return { ...e.session, alreadyThere: true, ...(notes.length ? { notes } : {}) };
      throw e;
    }
  },
});
