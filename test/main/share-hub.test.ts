// The share hub: which table the view follows, and that the display window's subscription and
// the phones' stream get the same view (real store, real services, real server on 127.0.0.1).
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { TableView } from '../../src/core/tableView';
import type { GameInfo, SessionSummary } from '../../src/shared/types';
import { shareFixture, viewer, waitFor } from './share-helpers';

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

test('the view moves to the session whose table is opened or played; the display and a phone agree', async () => {
  const other = await f.call<SessionSummary>('setupSession', { setup: { players: ['Eve', 'Fay', 'Gus'], seating: ['Eve', 'Fay', 'Gus'] } });
  const s = await f.on();
  const phone = await viewer(s.url! + 'events');
  const shown: TableView[] = [];
  const stop = f.share.subscribe((v) => shown.push(v));
  const g = await f.call<GameInfo>('startGame', { sessionId: other.id });
  await waitFor(() => shown.at(-1)?.seats.length === 3, 'the 3-player table');
  await waitFor(() => phone.views.at(-1)?.seats.length === 3, 'the phone on the 3-player table');
  expect(phone.views.at(-1)!.seats.map((x) => x.name)).toEqual(['Eve', 'Fay', 'Gus']);
  await f.call('appendEvent', { gameId: g.id, event: { type: 'discard', seat: 'E', tile: 'F' } });
  await waitFor(() => phone.views.at(-1)?.live?.tile === 'F', 'the phone shows the flower');
  await waitFor(() => shown.at(-1)?.live?.tile === 'F', 'the display shows the flower');
  expect(phone.views.at(-1)).toEqual(shown.at(-1));
  // Opening the first session's table moves everyone back to it.
  await f.call('loadGame', { gameId: f.game.id });
  await waitFor(() => phone.views.at(-1)?.seats.length === 4, 'back to the 4-player table');
  stop();
  phone.close();
});
