import { expect, test } from 'vitest';
import { unwindAmendments } from '../../src/core/amend';
import type { GameEvent } from '../../src/core/events';
import type { AmendmentLine, AmendResult } from '../../src/shared/contract/amend';
import type { GameInfo, GameView } from '../../src/shared/types';
import { useServices } from './fixture';

/** Amending a stored game through the real services, on a real SQLite file. */

const f = useServices();
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const D = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ type: 'discard', seat, tile }) as GameEvent;

const typed = async (events: GameEvent[]): Promise<GameInfo> => {
  const s = await f.value<{ id: number }>('setupSession', { setup: four });
  const game = await f.value<GameInfo>('startGame', { sessionId: s.id });
  let seq = 0;
  for (const event of events) seq = (await f.value<{ seq: number }>('appendEvent', { gameId: game.id, event, afterSeq: seq })).seq;
  return game;
};
const game12 = ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', '1C', '2C', '3C'].map((t, i) =>
  D((['E', 'S', 'W', 'N'] as const)[i % 4]!, t),
);

test('a discard ten events back is fixed: the log, the state and the audit trail say so, across a restart', async () => {
  const game = await typed(game12);
  const r = await f.value<AmendResult>('amendGame', {
    gameId: game.id,
    changes: [{ at: 2, action: 'replace', event: { type: 'discard', seat: 's', tile: '7d' } }],
    afterSeq: 12,
  });
  expect(r).toMatchObject({
    stored: true,
    seq: 12,
    lines: [{ at: 2, action: 'replace', text: 'Fixed: event 2, Two Bam by South is now Seven Dot by South' }],
  });
  f.restart();
  const v = await f.value<GameView>('loadGame', { gameId: game.id });
  expect(v.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(v.events[1]!.event).toEqual(D('S', '7D'));
  expect(v.state.tiles['7D'].discarded).toBe(1);
  const trail = await f.value<AmendmentLine[]>('gameAmendments', { gameId: game.id });
  expect(trail).toHaveLength(1);
  expect(trail[0]).toMatchObject({ at: 2, action: 'replace', was: D('S', '2B'), event: D('S', '7D'), length: 12 });
  // Walking the trail back gives the game as first typed.
  expect(
    unwindAmendments(
      v.events.map((e) => e.event),
      trail,
    ),
  ).toEqual({ ok: true, value: game12 });
  // The game goes on from the fixed log.
  await f.value('appendEvent', { gameId: game.id, event: D('E', '4C'), afterSeq: 12 });
});

test('an insert keeps every other event’s first recording time; a delete renumbers the log', async () => {
  const game = await typed([D('E', '1B'), D('W', '3B'), D('N', '4B')]);
  const before = f.store.loadEvents(game.id);
  await f.value('amendGame', { gameId: game.id, changes: [{ at: 2, action: 'insert', event: D('S', '2B') }], afterSeq: 3 });
  const after = f.store.loadEvents(game.id);
  expect(after.map((e) => e.event)).toEqual([D('E', '1B'), D('S', '2B'), D('W', '3B'), D('N', '4B')]);
  expect(after[2]!.recordedAt).toBe(before[1]!.recordedAt);
  expect(after[3]!.recordedAt).toBe(before[2]!.recordedAt);
  await f.value('amendGame', { gameId: game.id, changes: [{ at: 4, action: 'delete' }] });
  expect(f.store.loadEvents(game.id).map((e) => e.seq)).toEqual([1, 2, 3]);
});

test('a later event made illegal is named, and nothing is written until it is fixed too or dropped', async () => {
  const game = await typed([D('E', '1B'), D('S', '7B'), { type: 'call', seat: 'W', exposure: ['7B', '7B', '7B'] }, D('W', '9C')]);
  const fix = { at: 2, action: 'replace', event: D('S', '7D') };
  const r = await f.value<AmendResult>('amendGame', { gameId: game.id, changes: [fix] });
  expect(r).toMatchObject({ stored: false, later: { at: 3, undone: false } });
  expect(!r.stored && r.later.message).toMatch(
    /^Event 3, a pung of Seven Bam called by West, is no longer legal after this fix\. .+Fix it too, or drop it$/,
  );
  expect(f.store.loadEvents(game.id).map((e) => e.event)[1]).toEqual(D('S', '7B'));
  expect(await f.value<AmendmentLine[]>('gameAmendments', { gameId: game.id })).toEqual([]);
  const both = await f.value<AmendResult>('amendGame', {
    gameId: game.id,
    changes: [fix, { at: 3, action: 'replace', event: { type: 'call', seat: 'W', exposure: ['7D', '7D', '7D'] } }],
  });
  expect(both.stored && both.lines.map((l) => l.text)).toEqual([
    'Fixed: event 2, Seven Bam by South is now Seven Dot by South',
    'Fixed: event 3, a pung of Seven Bam called by West is now a pung of Seven Dot called by West',
  ]);
  expect((await f.value<GameView>('loadGame', { gameId: game.id })).state.exposures.W[0]!.tile).toBe('7D');
});

test('refusals are sentences and change nothing: no such event, a stale page, a bad event, an illegal fix', async () => {
  const game = await typed(game12);
  expect(await f.refusal('amendGame', { gameId: game.id, changes: [{ at: 40, action: 'delete' }] })).toBe(
    'There is no event 40: the game has 12 events.',
  );
  expect(await f.call('amendGame', { gameId: game.id, changes: [{ at: 2, action: 'delete' }], afterSeq: 11 })).toMatchObject({
    ok: false,
    error: { code: 'ERR_CONFLICT' },
  });
  expect(
    await f.refusal('amendGame', {
      gameId: game.id,
      changes: [{ at: 2, action: 'replace', event: { type: 'discard', seat: 'S', tile: '10B' } }],
    }),
  ).toMatch(/tile/i);
  expect(
    await f.refusal('amendGame', {
      gameId: game.id,
      changes: [
        { at: 2, action: 'replace', event: D('S', 'J') },
        { at: 3, action: 'replace', event: { type: 'call', seat: 'W', exposure: ['J', 'J', 'J'] } },
      ],
    }),
  ).toMatch(/^A pung of Joker .*cannot be event 3: /);
  expect(await f.refusal('amendGame', { gameId: game.id, changes: [] })).toBe('Say which event to fix.');
  expect(f.store.loadEvents(game.id).map((e) => e.event)).toEqual(game12);
  expect((f.store.db.prepare('SELECT count(*) AS n FROM amendments').get() as { n: number }).n).toBe(0);
});

test('the amendments table is append-only, and a trail that does not match the log is refused by the store', async () => {
  const game = await typed(game12);
  await f.value('amendGame', { gameId: game.id, changes: [{ at: 1, action: 'replace', event: D('E', '9D') }] });
  expect(() => f.store.db.prepare('UPDATE amendments SET at = 5').run()).toThrow(/append-only/);
  const { amendmentsRepo } = await import('../../electron/main/store/amendments.repo');
  const events = f.store.loadEvents(game.id).map((e) => e.event);
  const lying = [{ at: 3, action: 'replace' as const, event: D('W', '8D'), was: D('W', '1D'), length: 12, when: 'now' }];
  const changed = events.slice();
  changed[2] = D('W', '8D');
  expect(() => amendmentsRepo(f.store).amend(game.id, changed, lying, 12)).toThrow(/does not match/);
  expect(f.store.loadEvents(game.id).map((e) => e.event)).toEqual(events);
});

test('a confirmed game is amended like any other: its ending’s value, and the ledger follows', async () => {
  const win: GameEvent = { type: 'mahjong', seat: 'W', value: 25, jokerless: false, from: 'S' };
  const game = await typed([D('E', '1B'), D('S', '2B'), { type: 'call', seat: 'W', mahjong: true }, win]);
  await f.value('startGame', { sessionId: game.sessionId });
  const ledgerNet = async () =>
    (await f.value<{ games: { net: Record<string, number> }[] }>('sessionLedger', { sessionId: game.sessionId })).games[0]!.net;
  expect((await ledgerNet())['Cy']).toBe(25 * 2 + 25 + 25);
  await f.value('amendGame', { gameId: game.id, changes: [{ at: 4, action: 'replace', event: { ...win, value: 35 } }] });
  expect((await ledgerNet())['Cy']).toBe(35 * 2 + 35 + 35);
});

test('an amended session exports its trail; importing it gives the same game and trail, and exports the same text', async () => {
  const game = await typed(game12);
  await f.value('amendGame', {
    gameId: game.id,
    changes: [
      { at: 2, action: 'replace', event: D('S', '7D') },
      { at: 5, action: 'insert', event: D('W', '8D') },
    ],
  });
  const out = await f.value<{ text: string }>('exportSession', { sessionId: game.sessionId });
  expect(JSON.parse(out.text).games[0].amendments).toHaveLength(2);
  const copy = await f.value<{ id: number }>('importRecord', { text: out.text, copy: true });
  const copied = (await f.value<{ gameList: GameInfo[] }>('getSession', { sessionId: copy.id })).gameList[0]!;
  const a = await f.value<GameView>('loadGame', { gameId: game.id });
  const b = await f.value<GameView>('loadGame', { gameId: copied.id });
  expect(b.events.map((e) => e.event)).toEqual(a.events.map((e) => e.event));
  expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
  expect(await f.value('gameAmendments', { gameId: copied.id })).toEqual(await f.value('gameAmendments', { gameId: game.id }));
  const again = await f.value<{ text: string }>('exportSession', { sessionId: copy.id });
  expect(again.text).toBe(out.text);
  // Without `copy`, the same record is recognised as already here.
  expect(await f.value('importRecord', { text: out.text })).toMatchObject({ alreadyThere: true });
});

/** A bare tile as the table's command line records it: the player in turn's, seat implied. */
const B = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ type: 'discard', seat, tile, implied: true }) as GameEvent;

test('a call fixed to another seat moves the bare tiles after it with the turn; u takes the whole fix back', async () => {
  // South's Two Bam was West's pung, typed for North; the bare tiles after it went to North, East, South.
  const wrong = [
    B('E', '1B'),
    B('S', '2B'),
    { type: 'call', seat: 'N', exposure: ['2B', '2B', '2B'] } as GameEvent,
    B('N', '5B'),
    B('E', '6B'),
    B('S', '7B'),
  ];
  const game = await typed(wrong);
  const r = await f.value<AmendResult>('amendGame', {
    gameId: game.id,
    changes: [{ at: 3, action: 'replace', event: { type: 'call', seat: 'w', exposure: ['2b', '2b', '2b'] } }],
    afterSeq: 6,
  });
  expect(r).toMatchObject({ stored: true, moved: [4, 5, 6], follows: 'Events 4-6 now follow the turn: event 4 is West’s' });
  expect(f.store.loadEvents(game.id).map((e) => 'seat' in e.event && e.event.seat)).toEqual(['E', 'S', 'W', 'W', 'N', 'E']);
  const trail = await f.value<AmendmentLine[]>('gameAmendments', { gameId: game.id });
  expect(trail).toHaveLength(4);
  expect(
    unwindAmendments(
      f.store.loadEvents(game.id).map((e) => e.event),
      trail,
    ),
  ).toEqual({ ok: true, value: wrong });
  // u: the fix taken back, as one more (inverse) fix; the trail still walks back.
  const back = await f.value<{ seq: number; text: string }>('takeBackFix', { gameId: game.id, when: trail[0]!.when, afterSeq: 6 });
  expect(back.text).toBe('Took back the fix: event 3 is again a pung of Two Bam called by North; events 4-6 moved back');
  expect(f.store.loadEvents(game.id).map((e) => e.event)).toEqual(wrong);
  const after = await f.value<AmendmentLine[]>('gameAmendments', { gameId: game.id });
  expect(after).toHaveLength(8);
  expect(unwindAmendments(wrong, after)).toEqual({ ok: true, value: wrong });
  // Taken back once: the same fix cannot be taken back again, nor one followed by a typed event.
  const again = await f.call('takeBackFix', { gameId: game.id, when: trail[0]!.when, afterSeq: 6 });
  expect(again.ok).toBe(false);
});

test('a fix followed by a typed event is no longer the last action: it is not taken back', async () => {
  const game = await typed([B('E', '1B'), B('S', '2B'), B('W', '3B')]);
  await f.value('amendGame', { gameId: game.id, changes: [{ at: 2, action: 'replace', event: B('S', '9D') }], afterSeq: 3 });
  await f.value('appendEvent', { gameId: game.id, event: B('N', '4B'), afterSeq: 3 });
  const trail = await f.value<AmendmentLine[]>('gameAmendments', { gameId: game.id });
  const r = await f.call('takeBackFix', { gameId: game.id, when: trail[0]!.when, afterSeq: 4 });
  expect(!r.ok && r.error.message).toMatch(/no longer the last thing done/);
  expect(f.store.loadEvents(game.id)[1]!.event).toEqual(B('S', '9D'));
});
