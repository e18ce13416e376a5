import { describe, expect, test } from 'vitest';
import type { GroupHost } from '../../electron/main/services/group';
import type { Store } from '../../electron/main/store/store';
import type { GroupView } from '../../src/shared/contract/group';
import { record } from '../../tools/sync/laptop';
import { groupFile } from '../../electron/main/store/group.repo';
import { exchange, groupLaptops } from './group-laptops';

/**
 * The group channels on real stores (real SQLite files), through dispatch as the page calls them.
 * The sync process is not run here (test/main/sync-two-laptops.test.ts and the e2e test run it):
 * rows are carried from one laptop to the other as a round does (copied into `group_rows`).
 */
const keeper = (canKeep: boolean) => {
  const kept: { token?: string; starts: number } = { starts: 0 };
  const host: GroupHost = {
    live: () => undefined,
    start: () => void kept.starts++,
    stop: async () => {},
    nudge: () => {},
    tokens: {
      canKeep: () => canKeep,
      save: (t) => void (kept.token = t),
      read: () => kept.token,
      forget: () => void delete kept.token,
    },
  };
  return { host, kept };
};

const opened = groupLaptops();
const laptop = (canKeep = false) => {
  const k = keeper(canKeep);
  return { ...opened(k.host), kept: k.kept };
};

const sizes = (s: Store) =>
  ['players', 'sessions', 'games', 'events', 'outbox', 'group_link'].map(
    (t) => (s.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n,
  );

describe('creating, inviting, joining and leaving a group', () => {
  test('bad input is a sentence a player reads, and changes nothing', async () => {
    const a = laptop();
    record(a.store, 1, 8);
    const before = sizes(a.store);
    const bad: [string, unknown, RegExp][] = [
      ['groupCreate', { name: 'Tuesday', url: 'club.example.org', laptop: 'Ann’s laptop' }, /starts with https:\/\/ or http:\/\//],
      ['groupCreate', { name: 'Tuesday', url: 'ftp://club.example.org', laptop: 'A' }, /starts with https:\/\//],
      ['groupCreate', { name: '', url: 'http://127.0.0.1:9', laptop: 'A' }, /Give the group a name/],
      ['groupCreate', { name: 'T', url: 'http://127.0.0.1:9', laptop: ' ' }, /Give this laptop a name/],
      ['groupCreate', { name: 'T', url: 'http://127.0.0.1:9', laptop: 'A', token: 'has a space' }, /no spaces/],
      ['groupJoin', { invitation: 'hello', laptop: 'A' }, /not a MahjMate group invitation/],
      ['groupJoin', { invitation: 'MJG1-!!!!', laptop: 'A' }, /not a MahjMate group invitation/],
      ['groupJoin', { invitation: 'MJG1-eyJ2IjoyfQ', laptop: 'A' }, /not a MahjMate group invitation/],
      ['groupInvite', undefined, /not in a group/],
      ['groupLeave', undefined, /not in a group/],
      ['groupChoose', { game: 'x', device: 'y' }, /does not name a game/],
    ];
    for (const [channel, input, sentence] of bad) {
      const r = await a.call(channel, input);
      expect(r.ok, channel).toBe(false);
      if (!r.ok) {
        expect(r.error.message, channel).toMatch(sentence);
        expect(r.error.message).not.toMatch(/Invalid|Too small|Expected|regex/);
      }
    }
    expect(sizes(a.store)).toEqual(before);
  });

  test('a token on a computer without a key store is refused, and nothing changes', async () => {
    const a = laptop(false);
    const before = sizes(a.store);
    const r = await a.call('groupCreate', {
      name: 'Tuesday',
      url: 'https://club.example.org',
      token: 'secret.token',
      laptop: 'Ann’s laptop',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/cannot keep the group’s token safely/);
    expect(sizes(a.store)).toEqual(before);
    expect(a.kept.starts).toBe(0);
  });

  test('create, invite by code and by file, join, leave: the local history stays', async () => {
    const a = laptop(true);
    const b = laptop(true);
    record(a.store, 2, 10);
    record(b.store, 3, 6, ['Ann', 'Eve', 'Fay', 'Gus']);
    const st = await a.ok<{ joined: boolean; name: string; laptop: string }>('groupCreate', {
      name: 'Tuesday group',
      url: 'https://club.example.org',
      token: 'tok.abc-123',
      laptop: 'Ann’s laptop',
    });
    expect(st).toMatchObject({ joined: true, name: 'Tuesday group', laptop: 'Ann’s laptop', url: 'https://club.example.org' });
    expect(a.kept).toEqual({ token: 'tok.abc-123', starts: 1 });
    const again = await a.call('groupCreate', { name: 'Other', url: 'https://x.org', laptop: 'A' });
    expect(!again.ok && again.error.message).toMatch(/already in a group/);

    const inv = await a.ok<{ code: string; text: string; withToken: boolean }>('groupInvite');
    expect(inv.code).toMatch(/^MJG1-[A-Za-z0-9_-]+$/);
    expect(inv.withToken).toBe(true);
    expect(inv.text).toContain(inv.code);
    // A code typed with spaces and line breaks, or the whole file: both read.
    const typed = inv.code.replace(/(.{12})/g, '$1 \n');
    const c = laptop(true);
    await c.ok('groupJoin', { invitation: typed, laptop: 'Cy’s laptop' });
    expect(c.kept.token).toBe('tok.abc-123');
    await b.ok('groupJoin', { invitation: inv.text, laptop: 'Bea’s laptop' });
    expect(groupFile(b.store.db).link()!.groupId).toBe(groupFile(a.store.db).link()!.groupId);

    exchange(a, b);
    const va = await a.ok<GroupView>('groupView');
    const vb = await b.ok<GroupView>('groupView');
    expect(va.games).toHaveLength(2);
    expect(vb.games).toEqual(va.games);
    expect(vb.standings).toEqual(va.standings);
    expect(va.laptops).toEqual(['Ann’s laptop (this laptop)', 'Bea’s laptop']);
    // Ann was made on both laptops: offered as one person.
    expect(va.offers).toHaveLength(1);
    expect(va.offers[0]).toMatchObject({ name: 'Ann' });

    const mine = sizes(b.store).slice(0, 4);
    const left = await b.ok<{ joined: boolean }>('groupLeave');
    expect(left.joined).toBe(false);
    expect(b.kept.token).toBeUndefined();
    expect(sizes(b.store).slice(0, 4)).toEqual(mine);
    // Left: a new write notes nothing for the group.
    const outbox = sizes(b.store)[4];
    b.store.addPlayer('Hal');
    expect(sizes(b.store)[4]).toBe(outbox);
    expect((await b.ok<GroupView>('groupView')).joined).toBe(false);
  });
});

describe('one group history on every laptop', () => {
  test('a game fixed differently on two laptops is disputed on both, then the group chooses', async () => {
    const a = laptop();
    const b = laptop();
    // The game as far as a discard: the fix changes the last event, so nothing after it can object.
    const all = record(laptop().store, 5, 0).events;
    const upTo = all.findIndex((e, i) => i >= 10 && e.type === 'discard') + 1;
    const { game, events } = record(a.store, 5, upTo);
    await a.ok('groupCreate', { name: 'Tuesday group', url: 'http://127.0.0.1:9', laptop: 'Ann’s laptop' });
    const inv = await a.ok<{ code: string }>('groupInvite');
    await b.ok('groupJoin', { invitation: inv.code, laptop: 'Bea’s laptop' });
    exchange(a, b);
    const at = upTo;
    const ev = events[at - 1] as { type: 'discard'; seat: string; tile: string };
    const gid = (await a.ok<GroupView>('groupView')).games[0]!.game;
    // A fixes its own game at the table; B fixes the group's copy, differently.
    await a.ok('amendGame', {
      gameId: game.id,
      changes: [{ at, action: 'replace', event: { ...ev, tile: ev.tile === '9D' ? '8D' : '9D' } }],
    });
    const onB = await b.ok<GroupView>('groupFixGame', {
      game: gid,
      change: { at, action: 'replace', event: { ...ev, tile: ev.tile === '1D' ? '2D' : '1D' } },
    });
    expect(onB.disputes).toHaveLength(0); // B alone does not know of A's fix yet
    exchange(a, b);
    const va = await a.ok<GroupView>('groupView');
    const vb = await b.ok<GroupView>('groupView');
    expect(va.disputes).toHaveLength(1);
    expect(vb.disputes.map((d) => d.versions.map((v) => v.device))).toEqual(va.disputes.map((d) => d.versions.map((v) => v.device)));
    const d = va.disputes[0]!;
    expect(d.versions.map((v) => v.who).sort()).toEqual(['Ann’s laptop (this laptop)', 'Bea’s laptop']);
    expect(d.versions.map((v) => v.differs?.at)).toEqual([at, at]);
    expect(new Set(d.versions.map((v) => v.differs!.text)).size).toBe(2);
    expect(va.games[0]!.status).toBe('disputed');
    // A choice of a laptop with no version is refused; B's version is chosen on A.
    const wrong = await a.call('groupChoose', { game: gid, device: '0'.repeat(32) });
    expect(!wrong.ok && wrong.error.message).toMatch(/no version of this game/);
    const bea = d.versions.find((v) => v.who === 'Bea’s laptop')!.device;
    const chosen = await a.ok<GroupView>('groupChoose', { game: gid, device: bea });
    expect(chosen.disputes[0]!.chosen).toMatchObject({ who: 'Bea’s laptop', by: 'Ann’s laptop (this laptop)' });
    expect(chosen.games[0]!.disputed).toBe(false);
    exchange(a, b);
    const after = await b.ok<GroupView>('groupView');
    expect(after.disputes[0]!.chosen).toMatchObject({ who: 'Bea’s laptop (this laptop)', by: 'Ann’s laptop' });
    expect(after.games).toEqual(chosen.games);
  });

  test('two players under one name are linked as one, on every laptop', async () => {
    const a = laptop();
    const b = laptop();
    record(a.store, 6, 400);
    record(b.store, 7, 400, ['Ann', 'Eve', 'Fay', 'Gus']);
    await a.ok('groupCreate', { name: 'G', url: 'http://127.0.0.1:9', laptop: 'A' });
    await b.ok('groupJoin', { invitation: (await a.ok<{ code: string }>('groupInvite')).code, laptop: 'B' });
    exchange(a, b);
    const v = await a.ok<GroupView>('groupView');
    expect(v.standings.filter((s) => s.name === 'Ann')).toHaveLength(2);
    const o = v.offers[0]!;
    const linked = await a.ok<GroupView>('groupSamePerson', { player: o.player, same: o.same });
    expect(linked.offers).toHaveLength(0);
    const ann = linked.standings.filter((s) => s.name === 'Ann');
    expect(ann).toHaveLength(1);
    expect(ann[0]!.games).toBe(2);
    const twice = await a.call('groupSamePerson', { player: o.player, same: o.same });
    expect(!twice.ok && twice.error.message).toMatch(/already one player/);
    exchange(a, b);
    expect((await b.ok<GroupView>('groupView')).standings).toEqual(linked.standings);
  });
});
