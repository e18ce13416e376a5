// The display window and every phone follow a fix at once (issue 25): an event amended through
// the real services on a real store reaches the display's subscription, a phone's event stream
// and /view.json on a real share server on 127.0.0.1, as the amended game.
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { TableView } from '../../src/core/tableView';
import { get, shareFixture, viewer, waitFor } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>>;
beforeEach(async () => {
  f = await shareFixture();
});
afterEach(async () => {
  await f.cleanup();
});
const discard = (seat: string, tile: string) => f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat, tile } });
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
  await waitFor(() => phone.views.at(-1)?.live?.tile === '5B' && nearly(phone.views.at(-1)).includes('5B'), 'the phone shows the third Five Bam');
  await waitFor(() => nearly(shown.at(-1)).includes('5B'), 'the display shows the Five Bam nearly dead');

  // West's was a Seven Dot.
  const r = await f.call<{ stored: boolean }>('amendGame', { gameId: f.game.id, changes: [{ at: 3, action: 'replace', event: { type: 'discard', seat: 'W', tile: '7D' } }] });
  expect(r.stored).toBe(true);
  const fixed = (v: TableView | undefined) => v?.live?.tile === '7D' && v.live.seat === 'W' && !nearly(v).includes('5B');
  await waitFor(() => fixed(phone.views.at(-1)), 'the phone shows the fixed discard');
  await waitFor(() => fixed(shown.at(-1)), 'the display shows the fixed discard');
  const json = JSON.parse((await get(s.url! + 'view.json')).body) as TableView;
  expect(fixed(json)).toBe(true);
  expect(json.latest).toBe(phone.views.at(-1)!.latest);

  // A dropped event too: the live discard goes back to South's Five Bam.
  await f.call('amendGame', { gameId: f.game.id, changes: [{ at: 3, action: 'delete' }] });
  await waitFor(() => phone.views.at(-1)?.live?.tile === '5B' && phone.views.at(-1)?.live?.seat === 'S' && phone.views.at(-1)?.turn === 'W', 'the phone shows the drop');
  await waitFor(() => shown.at(-1)?.live?.seat === 'S', 'the display shows the drop');
  stop();
  phone.close();
});
