import type { GroupGame, GroupHistory, GroupSession } from '../../../src/core/group';
import { nameOf } from '../../../src/core/groupStandings';
import { makeRecord, type RecordGame, type TableRecord } from '../../../src/core/record';
import type { GroupSessionLine, GroupSessionView, HistoryEntry } from '../../../src/shared/contract/group-history';
import { heldSessions } from '../store/group.repo';
import type { Store } from '../store/store';
import type { Handlers, ServiceContext } from './context';
import { ServiceError } from './errors';
import { groupNow } from './groupView';
import { ledgerOfRecord } from './sessionLedger';

/**
 * The group's sessions beside this laptop's own (History, a session's ledger, Stats). This
 * laptop's sessions are read from its own file, as always: the table's truth. The group's other
 * laptops' sessions (those the file does not hold) come from the group's replay (src/core/group.ts),
 * so none is counted twice. Their names are the group's: players linked as one person go by one name.
 */

/** A game laptops recorded differently that the group has not chosen between yet: it counts for nothing. */
export const openDispute = (g: GroupGame): boolean => g.disputed !== undefined && g.chosen === undefined;

/** The group's history as this laptop holds it, with the sessions of other laptops; null out of a group. */
export const groupElsewhere = (store: Store): { history: GroupHistory; device: string; sessions: GroupSession[] } | null => {
  const now = groupNow(store);
  if (!now) return null;
  const held = new Set(heldSessions(store).values());
  const sessions = [...now.history.sessions.values()].filter((s) => !held.has(s.session));
  return { ...now, sessions };
};

/** Names for a session's players: the group's, a second player of one name told apart ("Ann (2)"). */
const namesOf = (h: GroupHistory, ids: readonly string[]): Map<string, string> => {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of ids) {
    if (out.has(id)) continue;
    const base = nameOf(h, id);
    let name = base;
    for (let k = 2; taken.has(name); k++) name = `${base} (${k})`;
    taken.add(name);
    out.set(id, name);
  }
  return out;
};

const gamesOf = (h: GroupHistory, session: string): GroupGame[] => h.games.filter((g) => g.session === session);

/** A group session as a table record: each game at the seating it was played at; a game still in dispute as not played. */
export const groupRecordOf = (h: GroupHistory, s: GroupSession): { record: TableRecord; games: GroupGame[] } => {
  const games = gamesOf(h, s.session);
  const names = namesOf(h, [...s.players, ...games.flatMap((g) => [...g.seating, ...(g.bettor ? [g.bettor] : [])])]);
  const name = (id: string): string => names.get(id)!;
  const recordGames = games.map((g): RecordGame => {
    const rg: RecordGame = { events: openDispute(g) ? [] : [...g.events], seating: g.seating.map(name) };
    if (g.bettor !== undefined) rg.bettor = name(g.bettor);
    if (g.dice !== undefined) rg.dice = g.dice;
    return rg;
  });
  const record = makeRecord({
    players: s.players.map(name),
    seating: s.seating.map(name),
    ...(s.bettor === undefined ? {} : { bettor: name(s.bettor) }),
    centsPerPoint: s.centsPerPoint,
    ...(s.pie === undefined ? {} : { pie: s.pie }),
    rules: s.rules,
    games: recordGames,
  });
  return { record, games };
};

const laptopOf = (h: GroupHistory, device: string): string => h.laptops.get(device) ?? 'Another laptop';

const lineOf = (h: GroupHistory, s: GroupSession): GroupSessionLine => {
  const games = gamesOf(h, s.session);
  return {
    session: s.session,
    createdAt: s.createdAt,
    players: [...namesOf(h, s.players).values()],
    games: games.length,
    laptop: laptopOf(h, s.device),
    disputed: games.filter(openDispute).length,
  };
};

/** The ledger of a group session, every figure from the engine (sessionLedger.ts), as the session screen shows one. */
export const groupLedgerOf = (h: GroupHistory, s: GroupSession): GroupSessionView => {
  const { record, games } = groupRecordOf(h, s);
  const ledger = ledgerOfRecord(record, { sessionId: 0, createdAt: s.createdAt, gameIds: games.map(() => 0), chips: [] });
  return {
    ...lineOf(h, s),
    ledger,
    gameList: games.map((g, i) => ({ game: g.game, number: i + 1, disputed: openDispute(g), events: g.events })),
  };
};

export const groupSessionView = (store: Store, session: string): GroupSessionView => {
  const g = groupElsewhere(store);
  const s = g?.sessions.find((x) => x.session === session);
  if (!g || !s) throw new ServiceError('ERR_NOT_FOUND', 'That session is not in the group’s history on this laptop');
  return groupLedgerOf(g.history, s);
};

/**
 * History's list: this laptop's sessions (as the store lists them) and the other laptops', newest
 * first, `limit` from `offset`. Out of a group, the store's list alone, as before any group.
 */
export const historyList = (store: Store, limit: number, offset: number): HistoryEntry[] => {
  const g = groupElsewhere(store);
  const mine = store.listSessions(limit + offset, 0);
  if (!g) return mine.map((s): HistoryEntry => ({ kind: 'here', ...s })).slice(offset, offset + limit);
  const gid = heldSessions(store);
  const here = mine.map((s): HistoryEntry => {
    const disputed = gamesOf(g.history, gid.get(s.id) ?? '').filter(openDispute).length;
    return { kind: 'here', ...s, ...(disputed ? { disputed } : {}) };
  });
  const there = g.sessions.map((s): HistoryEntry => ({ kind: 'group', ...lineOf(g.history, s) }));
  return [...here, ...there]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(offset, offset + limit);
};

export const groupHistoryServices = (ctx: ServiceContext): Handlers<'historyList' | 'groupSession'> => ({
  historyList: (input) => historyList(ctx.store, input?.limit ?? 20, input?.offset ?? 0),
  groupSession: ({ session }) => groupSessionView(ctx.store, session),
});
