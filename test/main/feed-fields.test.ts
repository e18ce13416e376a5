// The feed carries exactly the documented fields: every frame a phone receives over a whole game
// (real server on 127.0.0.1, real store), and view.json, against the one list in tableViewFields.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EMPTY_TABLE_VIEW } from '../../src/core/tableView';
import { fieldPathsOf, undocumentedFields } from '../../src/core/tableViewFields';
import { feedFieldsMarkdown } from '../../tools/share/feed-fields-block';
import { get, rawFrames, shareFixture, waitFor } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>>;
beforeEach(async () => {
  f = await shareFixture();
});
afterEach(async () => {
  await f.cleanup();
});

it('SECURITY.md lists exactly the fields of tableViewFields.ts (run tools/share/feed-fields-doc.ts after a change)', () => {
  const doc = readFileSync(resolve(import.meta.dirname, '../../SECURITY.md'), 'utf8');
  expect(doc).toContain(feedFieldsMarkdown());
});

it('a field nobody listed is found, however deep', () => {
  expect(undocumentedFields({ view: EMPTY_TABLE_VIEW, sentAt: 1 }, 'frame')).toEqual([]);
  expect(undocumentedFields({ ...EMPTY_TABLE_VIEW, hands: [] }, 'view')).toEqual(['view.hands']);
  expect(
    undocumentedFields(
      { view: { ...EMPTY_TABLE_VIEW, standings: [{ name: 'Ann', points: 1, cents: 1, phone: 'x' }] }, sentAt: 1 },
      'frame',
    ),
  ).toEqual(['view.standings[].phone']);
  expect(undocumentedFields({ view: EMPTY_TABLE_VIEW, sentAt: 1, session: 3 }, 'frame')).toEqual(['session']);
  expect(fieldPathsOf({ a: [{ b: 1 }, { c: [{ d: 2 }] }] })).toEqual(['a', 'a[].b', 'a[].c', 'a[].c[].d']);
});

it('every frame of a whole game, and view.json at each step, carries documented fields only', async () => {
  const s = await f.on();
  const stream = await rawFrames(s.url! + 'events');
  const steps = [
    { type: 'discard', seat: 'E', tile: 'N' },
    { type: 'call', seat: 'W', exposure: ['N', 'N', 'J'] },
    { type: 'discard', seat: 'W', tile: '5B' },
    { type: 'pick', seat: 'N' },
    { type: 'rack', seat: 'N' },
    { type: 'discard', seat: 'N', tile: '2C' },
    { type: 'call', seat: 'S', mahjong: true },
    { type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'N' },
  ];
  const jsons: unknown[] = [JSON.parse((await get(s.url! + 'view.json')).body)];
  for (const event of steps) {
    await f.call('appendEvent', { gameId: f.game.id, event });
    jsons.push(JSON.parse((await get(s.url! + 'view.json')).body));
  }
  await f.call('startGame', { sessionId: f.session.id });
  await waitFor(() => stream.frames().some((x) => (x as { view?: { game?: number } }).view?.game === 2), 'the second game on the stream');
  jsons.push(JSON.parse((await get(s.url! + 'view.json')).body));
  await f.off();
  await stream.ended;

  const frames = stream.frames();
  // The whole game went by: exposures, a discard window, the ending and the standings.
  const paths = new Set(frames.flatMap((x) => fieldPathsOf(x)));
  for (const p of [
    'view.seats[].exposures[].tiles',
    'view.live.closedBy',
    'view.ending.winner',
    'view.standings[].cents',
    'view.next.seats[].name',
    'sentAt',
  ])
    expect(paths, p).toContain(p);
  for (const x of frames) expect(undocumentedFields(x, 'frame')).toEqual([]);
  for (const j of jsons) expect(undocumentedFields(j, 'view')).toEqual([]);
});
