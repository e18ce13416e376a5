import { describe, expect, test } from 'vitest';
import type { GroupView } from '../../src/shared/contract/group';
import type { GroupSessionView, HistoryEntry } from '../../src/shared/contract/group-history';
import type { Ledger, PlayerStats } from '../../src/shared/contract/session';
import type { SessionSummary } from '../../src/shared/types';
import { groupFile } from '../../electron/main/store/group.repo';
import { exchange, groupLaptops } from './group-laptops';

/**
 * History, a session's ledger and Stats over the whole group (groupSessions.ts, groupStats.ts),
 * through dispatch as the page calls them, on real stores (real SQLite files). Rows are carried
 * between the laptops as a sync round does (copied into `group_rows`); the sync process and the
 * server are the e2e test's (test/e2e/group-two-laptops.spec.ts).
 */
const laptop = groupLaptops();
type Laptop = ReturnType<typeof laptop>;

/** A session of quick-scored games on one laptop. */
const played = async (l: Laptop, players: string[], endings: object[], centsPerPoint = 5): Promise<SessionSummary> => {
  const s = await l.ok<SessionSummary>('setupSession', { setup: { players, seating: players, stakes: { centsPerPoint } } });
  for (const e of endings) await l.ok('quickScore', { sessionId: s.id, events: [e] });
  return s;
};
const WIN_S_30_SELF = { type: 'mahjong', seat: 'S', value: 30, jokerless: false, selfPick: true };
const WIN_E_25_FROM_N = { type: 'mahjong', seat: 'E', value: 25, jokerless: false, from: 'N' };

/** Ann's laptop and Bea's, one session each, in one group; Ann was added on both. */
const twoLaptops = async () => {
  const a = laptop();
  const b = laptop();
  const sa = await played(a, ['Ann', 'Bea', 'Cy', 'Dot'], [WIN_S_30_SELF, { type: 'wallGame' }]);
  const sb = await played(b, ['Ann', 'Eve', 'Fay', 'Gus'], [WIN_E_25_FROM_N]);
  await a.ok('groupCreate', { name: 'Tuesday group', url: 'http://127.0.0.1:9', laptop: 'Ann’s laptop' });
  const inv = await a.ok<{ code: string }>('groupInvite');
  await b.ok('groupJoin', { invitation: inv.code, laptop: 'Bea’s laptop' });
  exchange(a, b);
  return { a, b, sa, sb };
};
const stats = async (l: Laptop) =>
  (await l.ok<PlayerStats[]>('playerStats')).map((p) => ({ ...p, moneyOverTime: p.moneyOverTime.map((m) => m.cents) }));
const byName = (ps: Awaited<ReturnType<typeof stats>>) => [...ps].sort((x, y) => x.name.localeCompare(y.name));

describe('out of a group', () => {
  test('History and Stats are this laptop’s own, as before any group', async () => {
    const a = laptop();
    const s = await played(a, ['Ann', 'Bea', 'Cy', 'Dot'], [WIN_S_30_SELF]);
    const list = await a.ok<HistoryEntry[]>('historyList', { limit: 10 });
    expect(list).toEqual((await a.ok<SessionSummary[]>('listSessions', { limit: 10 })).map((x) => ({ kind: 'here', ...x })));
    const ledger = await a.ok<Ledger>('sessionLedger', { sessionId: s.id });
    const bea = (await a.ok<PlayerStats[]>('playerStats')).find((p) => p.name === 'Bea')!;
    expect(bea).toMatchObject({ games: 1, wins: 1, selfPicks: 1, cents: ledger.balances[1]!.cents });
    expect(await a.refusal('groupSession', { session: 'a'.repeat(32) })).toMatch(/not in the group’s history on this laptop/);
  });
});

describe('in a group, every laptop’s sessions', () => {
  test('History lists the other laptop’s session, marked with its laptop, and none twice', async () => {
    const { a, b } = await twoLaptops();
    for (const [me, other, players] of [
      [a, 'Bea’s laptop', ['Ann', 'Eve', 'Fay', 'Gus']],
      [b, 'Ann’s laptop', ['Ann', 'Bea', 'Cy', 'Dot']],
    ] as const) {
      const list = await me.ok<HistoryEntry[]>('historyList', { limit: 10 });
      expect(list.map((e) => e.kind).sort()).toEqual(['group', 'here']);
      const there = list.find((e) => e.kind === 'group')!;
      expect(there).toMatchObject({ laptop: other, players, disputed: 0 });
      // Newest first, and a page at a time across both kinds.
      expect(list[0]!.createdAt >= list[1]!.createdAt).toBe(true);
      expect(await me.ok<HistoryEntry[]>('historyList', { limit: 1, offset: 1 })).toEqual([list[1]]);
    }
  });

  test('the other laptop’s session has the ledger its own laptop has', async () => {
    const { a, b, sa, sb } = await twoLaptops();
    for (const [me, owner, s] of [
      [a, b, sb],
      [b, a, sa],
    ] as const) {
      const there = (await me.ok<HistoryEntry[]>('historyList', { limit: 10 })).find((e) => e.kind === 'group')!;
      if (there.kind !== 'group') throw new Error('no group session');
      const v = await me.ok<GroupSessionView>('groupSession', { session: there.session });
      const own = await owner.ok<Ledger>('sessionLedger', { sessionId: s.id });
      expect(v.ledger.players).toEqual(own.players);
      expect(v.ledger.balances).toEqual(own.balances);
      expect(v.ledger.transfers).toEqual(own.transfers);
      expect(v.ledger.games.map((g) => [g.winner, g.value, g.net])).toEqual(own.games.map((g) => [g.winner, g.value, g.net]));
      expect(v.ledger.next).toBeNull(); // nothing to play from here
      expect(v.gameList.map((g) => g.number)).toEqual(own.games.map((g) => g.number));
    }
  });

  test('Stats count every laptop’s games once, the same on both, and join one person linked', async () => {
    const { a, b, sa, sb } = await twoLaptops();
    const la = await a.ok<Ledger>('sessionLedger', { sessionId: sa.id });
    const lb = await b.ok<Ledger>('sessionLedger', { sessionId: sb.id });
    const onA = byName(await stats(a));
    expect(byName(await stats(b))).toEqual(onA);
    // Two Anns until the group says they are one: each told apart by her laptop.
    expect(onA.map((p) => p.name)).toEqual(['Ann (Ann’s laptop)', 'Ann (Bea’s laptop)', 'Bea', 'Cy', 'Dot', 'Eve', 'Fay', 'Gus']);
    expect(onA.reduce((n, p) => n + p.games, 0)).toBe(4 * 3); // three games of four players, none twice
    expect(onA.find((p) => p.name === 'Gus')!.cents).toBe(lb.balances[3]!.cents);
    expect(onA.find((p) => p.name === 'Bea')).toMatchObject({ wins: 1, selfPicks: 1, cents: la.balances[1]!.cents });

    const view = await b.ok<GroupView>('groupView');
    const offer = view.offers[0]!;
    await b.ok('groupSamePerson', { player: offer.player, same: offer.same });
    exchange(a, b);
    const linked = byName(await stats(a));
    expect(byName(await stats(b))).toEqual(linked);
    const ann = linked.filter((p) => p.name.startsWith('Ann'));
    expect(ann).toHaveLength(1);
    expect(ann[0]).toMatchObject({ name: 'Ann', sessions: 2, games: 3, cents: la.balances[0]!.cents + lb.balances[0]!.cents });
    expect(ann[0]!.moneyOverTime).toHaveLength(2);
  });

  test('a game of the other laptop corrected for the group: every laptop’s ledger and Stats follow', async () => {
    const { a, b } = await twoLaptops();
    const there = (await a.ok<HistoryEntry[]>('historyList', { limit: 10 })).find((e) => e.kind === 'group')!;
    if (there.kind !== 'group') throw new Error('no group session');
    const before = await a.ok<GroupSessionView>('groupSession', { session: there.session });
    const game = before.gameList[0]!.game;

    // Bad fixes: a sentence each, nothing noted.
    const waiting = groupFile(a.store.db).waiting();
    expect(await a.refusal('groupFixGame', { game })).toMatch(/Say what to fix/);
    expect(await a.refusal('groupFixGame', { game, ending: [] })).toMatch(/give the corrected ending/i);
    expect(await a.refusal('groupFixGame', { game, ending: [WIN_E_25_FROM_N] })).toMatch(/already stands: nothing to correct/);
    expect(await a.refusal('groupFixGame', { game, ending: [{ type: 'bet', on: 'E' }] })).not.toMatch(/Invalid|Expected/);
    expect(groupFile(a.store.db).waiting()).toBe(waiting);

    await a.ok('groupFixGame', { game, ending: [{ ...WIN_E_25_FROM_N, value: 40 }] });
    const after = await a.ok<GroupSessionView>('groupSession', { session: there.session });
    expect(after.ledger.games[0]).toMatchObject({ winner: 'Ann', value: 40 });
    exchange(a, b);
    // Bea's laptop: its own session's Stats now count the group's correction, as Ann's do.
    const onB = byName(await stats(b));
    expect(onB).toEqual(byName(await stats(a)));
    const gusBefore = before.ledger.balances[3]!.cents;
    expect(onB.find((p) => p.name === 'Gus')!.cents).toBe((gusBefore * 40) / 25);
  });

  test('a game recorded differently on two laptops is marked in both Histories and counts for nothing until chosen', async () => {
    const { a, b, sa } = await twoLaptops();
    const ledger = await a.ok<Ledger>('sessionLedger', { sessionId: sa.id });
    const game = ledger.games[0]!;
    const there = (await b.ok<HistoryEntry[]>('historyList', { limit: 10 })).find((e) => e.kind === 'group')!;
    if (there.kind !== 'group') throw new Error('no group session');
    const gid = (await b.ok<GroupSessionView>('groupSession', { session: there.session })).gameList[0]!.game;
    // Bea's laptop corrects Ann's game for the group (40); Ann's table fixes its own game (25).
    await b.ok('groupFixGame', { game: gid, ending: [{ ...WIN_S_30_SELF, value: 40 }] });
    await a.ok('amendGame', { gameId: game.gameId, changes: [{ at: 1, action: 'replace', event: { ...WIN_S_30_SELF, value: 25 } }] });
    exchange(a, b);
    const mine = (await a.ok<HistoryEntry[]>('historyList', { limit: 10 })).find((e) => e.kind === 'here')!;
    expect(mine).toMatchObject({ kind: 'here', id: sa.id, disputed: 1 });
    const onB = (await b.ok<HistoryEntry[]>('historyList', { limit: 10 })).find((e) => e.kind === 'group')!;
    expect(onB).toMatchObject({ kind: 'group', disputed: 1 });
    const v = await b.ok<GroupSessionView>('groupSession', { session: there.session });
    expect(v.gameList[0]!.disputed).toBe(true);
    expect(v.ledger.games[0]!.status).toBe('in-progress'); // not counted until the group chooses
    const bea = (await stats(b)).find((p) => p.name === 'Bea')!;
    expect(bea).toMatchObject({ games: 2, wins: 0, cents: 0 }); // the disputed game and the wall game: nothing paid yet
    expect(await b.refusal('groupFixGame', { game: gid, ending: [{ ...WIN_S_30_SELF, value: 50 }] })).toMatch(/choose a version/);
  });

  test('after leaving, History and Stats are this laptop’s own again', async () => {
    const { b } = await twoLaptops();
    await b.ok('groupLeave');
    const list = await b.ok<HistoryEntry[]>('historyList', { limit: 10 });
    expect(list.map((e) => e.kind)).toEqual(['here']);
    expect((await stats(b)).map((p) => p.name).sort()).toEqual(['Ann', 'Eve', 'Fay', 'Gus']);
  });
});
