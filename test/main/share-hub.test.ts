// The share hub: which table the view follows, and that the display window's subscription and
// the phones' stream get the same view (real store, real services, real server on 127.0.0.1).
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { TableView } from '../../src/core/tableView';
import type { GameInfo, SessionSummary } from '../../src/shared/types';
import { get, shareFixture, viewer, waitFor } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>>;
beforeEach(async () => {
  f = await shareFixture();
});
afterEach(async () => {
  await f.cleanup();
});
const discard = (seat: string, tile: string) => f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat, tile } });

test('the display subscription follows each write; after quick writes it ends on the latest view', async () => {
  const seen: TableView[] = [];
  const stop = f.share.subscribe((v) => seen.push(v));
  expect(seen[0]).toMatchObject({ phase: 'playing', game: 1, live: null });
  await discard('E', '5B');
  await waitFor(() => seen.at(-1)?.live?.tile === '5B', 'the discard');
  await f.call('appendEvent', { gameId: f.game.id, event: { type: 'pick', seat: 'S' } });
  await discard('S', 'N');
  await waitFor(() => seen.at(-1)?.live?.tile === 'N', 'the second discard');
  expect(seen.at(-1)).toMatchObject({ wall: 98, turn: 'W' });
  stop();
  await discard('W', '2C');
  await new Promise((r) => setTimeout(r, 50));
  expect(seen.at(-1)?.live?.tile).toBe('N');
  // Read directly, the view is always up to date.
  expect(f.share.view().live?.tile).toBe('2C');
});

test('the display moves to the table the host opens; the phones stay on the session sharing started for', async () => {
  const other = await f.call<SessionSummary>('setupSession', { setup: { players: ['Eve', 'Fay', 'Gus'], seating: ['Eve', 'Fay', 'Gus'] } });
  await f.call('loadGame', { gameId: f.game.id });
  const s = await f.on();
  const phone = await viewer(s.url! + 'events');
  await waitFor(() => phone.views.length === 1, 'the first view');
  const shown: TableView[] = [];
  const stop = f.share.subscribe((v) => shown.push(v));
  const g = await f.call<GameInfo>('startGame', { sessionId: other.id });
  await waitFor(() => shown.at(-1)?.seats.length === 3, 'the display on the 3-player table');
  await f.call('appendEvent', { gameId: g.id, event: { type: 'discard', seat: 'E', tile: 'F' } });
  await waitFor(() => shown.at(-1)?.live?.tile === 'F', 'the display shows the flower');
  // The shared session moves on: the phone follows it, and never saw the other table.
  await discard('E', '5B');
  await waitFor(() => phone.views.at(-1)?.live?.tile === '5B', 'the phone shows the shared table');
  expect(phone.views.every((v) => v.seats.length === 4 && v.seats[0]!.name === 'Ann')).toBe(true);
  expect(f.share.sharedView()).toEqual(phone.views.at(-1));
  // Sharing stopped and started again: the phones show the table open now.
  await f.off();
  phone.close();
  const again = await f.on();
  const next = await viewer(again.url! + 'events');
  await waitFor(() => next.views.length === 1, 'the first view after sharing again');
  expect(next.views[0]!.seats.map((x) => x.name)).toEqual(['Eve', 'Fay', 'Gus']);
  stop();
  next.close();
});

test('writes to another session reach no phone and do not move the display', async () => {
  const old = await f.call<SessionSummary>('setupSession', {
    setup: { players: ['Eve', 'Fay', 'Gus', 'Hal'], seating: ['Eve', 'Fay', 'Gus', 'Hal'] },
  });
  await f.call('loadGame', { gameId: f.game.id });
  const s = await f.on();
  const phone = await viewer(s.url! + 'events');
  const shown: TableView[] = [];
  const stop = f.share.subscribe((v) => shown.push(v));
  await waitFor(() => phone.views.length === 1, 'the first view');
  const before = { phone: phone.views.length, shown: shown.length };
  // A forgotten game quick-scored into last week's session, then taken out again.
  await f.call('quickScore', { sessionId: old.id, events: [{ type: 'mahjong', seat: 'E', value: 30, jokerless: true, selfPick: true }] });
  await f.call('removeLastGame', { sessionId: old.id, reason: 'typed into the wrong session' });
  await f.call('quickScore', { sessionId: old.id, events: [{ type: 'wallGame' }] });
  // Then a write to the shared table: it is the next thing every watcher gets.
  await discard('E', '5B');
  await waitFor(() => phone.views.at(-1)?.live?.tile === '5B', 'the phone shows the discard');
  await waitFor(() => shown.at(-1)?.live?.tile === '5B', 'the display shows the discard');
  expect(phone.views.slice(before.phone).map((v) => v.live?.tile)).toEqual(['5B']);
  expect(shown.slice(before.shown).map((v) => v.live?.tile)).toEqual(['5B']);
  expect([...phone.views, ...shown].every((v) => v.seats.every((x) => ['Ann', 'Bea', 'Cy', 'Dot'].includes(x.name)))).toBe(true);
  stop();
  phone.close();
});

test('an ending typed at the table reaches the view at once, proposed; confirmed once stored', async () => {
  const seen: TableView[] = [];
  const stop = f.share.subscribe((v) => seen.push(v));
  await discard('E', '5B');
  const { seq } = await f.call<{ seq: number }>('appendEvent', { gameId: f.game.id, event: { type: 'call', seat: 'N', mahjong: true } });
  const win = { type: 'mahjong', seat: 'N', value: 25, jokerless: false, from: 'E' };
  await f.call('stageEnding', { gameId: f.game.id, events: [win], afterSeq: seq });
  await waitFor(() => seen.at(-1)?.ending?.confirmed === false, 'the proposed ending');
  expect(seen.at(-1)!.ending!.payout.map((l) => l.paid)).toEqual([50, 25, 25]);
  expect(seen.at(-1)!.standings.every((s) => s.points === 0)).toBe(true);
  await f.call('appendEvent', { gameId: f.game.id, event: win });
  await waitFor(() => seen.at(-1)?.ending?.confirmed === true, 'the confirmed ending');
  expect(seen.at(-1)!.standings[0]).toMatchObject({ points: 100 });
  stop();
});

// The display window and every phone follow a fix at once (issue 25): the amended game, as view.json shows it too.
const nearly = (v: TableView | undefined) => v?.nearlyDead.map((c) => c.tile) ?? [];

test('a fixed discard reaches the display, the phones and view.json: the live tile and the dead-tile counts', async () => {
  await f.call('loadGame', { gameId: f.game.id });
  const s = await f.on();
  const phone = await viewer(s.url! + 'events');
  const shown: TableView[] = [];
  const stop = f.share.subscribe((v) => shown.push(v));
  // Three Five Bams out: one left unseen.
  await discard('E', '5B');
  await discard('S', '5B');
  await discard('W', '5B');
  await waitFor(
    () => phone.views.at(-1)?.live?.tile === '5B' && nearly(phone.views.at(-1)).includes('5B'),
    'the phone shows the third Five Bam',
  );
  await waitFor(() => nearly(shown.at(-1)).includes('5B'), 'the display shows the Five Bam nearly dead');

  // West's was a Seven Dot.
  const r = await f.call<{ stored: boolean }>('amendGame', {
    gameId: f.game.id,
    changes: [{ at: 3, action: 'replace', event: { type: 'discard', seat: 'W', tile: '7D' } }],
  });
  expect(r.stored).toBe(true);
  const fixed = (v: TableView | undefined) => v?.live?.tile === '7D' && v.live.seat === 'W' && !nearly(v).includes('5B');
  await waitFor(() => fixed(phone.views.at(-1)), 'the phone shows the fixed discard');
  await waitFor(() => fixed(shown.at(-1)), 'the display shows the fixed discard');
  const json = JSON.parse((await get(s.url! + 'view.json')).body) as TableView;
  expect(fixed(json)).toBe(true);
  expect(json.latest).toBe(phone.views.at(-1)!.latest);

  // A dropped event too: the live discard goes back to South's Five Bam.
  await f.call('amendGame', { gameId: f.game.id, changes: [{ at: 3, action: 'delete' }] });
  await waitFor(
    () => phone.views.at(-1)?.live?.tile === '5B' && phone.views.at(-1)?.live?.seat === 'S' && phone.views.at(-1)?.turn === 'W',
    'the phone shows the drop',
  );
  await waitFor(() => shown.at(-1)?.live?.seat === 'S', 'the display shows the drop');
  stop();
  phone.close();
});
