// Every write reaches the phones (issue 38): each channel of the IPC contract is driven through the
// real services on a real SQLite file, and after each write the phone's view is the one built
// afresh from the store. The view follows the store's one write signal, not a list of channels:
// a channel added to the contract fails here until it is listed below as a write or a read.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { createServices, dispatch } from '../../electron/main/services/dispatch';
import { attachShare, createShare } from '../../electron/main/share/share';
import type { TableView } from '../../src/core/tableView';
import { CHANNELS, type Channel } from '../../src/shared/channels';
import type { ExportedRecord, GameInfo, Player, SessionSummary } from '../../src/shared/types';
import { nodeShareProcess } from '../../tools/share/node-share-process';
import { get, shareFixture, viewer } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>> | undefined;
/** Wait (polling every 10 ms) up to 20 s, a bound for a busy machine, not a timing. */
const until = async (ok: () => boolean, what: string): Promise<void> => {
  for (const end = Date.now() + 20_000; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`never happened: ${what}`);
};
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});

/** Channels that only read (or, for the share's own, write nothing to the store). */
const READS: readonly Channel[] = [
  'appInfo',
  'startupReport',
  'listPlayers',
  'listSessions',
  'historyList',
  'groupSession',
  'getSession',
  'loadGame',
  'exportSession',
  'sessionLedger',
  'playerStats',
  'statsProgress',
  'exportHistory',
  'printSettlement',
  'sessionAudit',
  'stagedEnding',
  'resumable',
  'shareTable',
  'shareStatus',
  'openTableDisplay',
  'tileSets',
  'gameAmendments',
  'cards',
  'sessionCard',
  'groupStatus',
  // The group's own: they write the group link and outbox rows, nothing a table's view reads.
  'groupCreate',
  'groupInvite',
  'groupJoin',
  'groupLeave',
  'groupView',
  'groupChoose',
  'groupSamePerson',
  'groupFixGame',
];

test('every write channel, in a game at the table: the phone shows the store as it is after each', async () => {
  f = await shareFixture();
  const fx = f;
  await fx.call('loadGame', { gameId: fx.game.id });
  const s = await fx.on();
  const phone = await viewer(s.url! + 'events');
  await until(() => phone.views.length === 1 && phone.seat() !== null, 'the first view');
  const pings = setInterval(() => void get(`${s.url!}alive?seat=${phone.seat()!}`).catch(() => {}), 2_000);

  /** The shared session's view built afresh from the store (no cache, no signal): what the phone must show. */
  const fresh = (): TableView => {
    const other = createShare(fx.store, { root: fx.root, spawn: nodeShareProcess });
    other.follow(fx.session.id);
    return other.view();
  };
  const driven: Channel[] = [];
  /** Call a write channel, then wait until the phone shows the store; `changes`: the view must differ from before. */
  const write = async <T>(channel: Channel, input: unknown, changes: boolean): Promise<T> => {
    // The previous write's update has gone out (it runs at setImmediate): this write stands alone.
    await new Promise((r) => setTimeout(r, 10));
    const before = phone.views.at(-1);
    const out = await fx.call<T>(channel, input);
    driven.push(channel);
    const want = fresh();
    if (changes) expect(isDeepStrictEqual(want, before), `${channel} changes the table's view`).toBe(false);
    await until(() => isDeepStrictEqual(phone.views.at(-1), want), `the phone shows the store after ${channel}`);
    return out;
  };
  const g1 = fx.game.id;
  const event = (e: object) => ({ gameId: g1, event: e });

  try {
    // The roster: a new player and her retirement change nothing at this table; a rename does.
    const eve = await write<Player>('addPlayer', { name: 'Eve' }, false);
    await write('retirePlayer', { id: eve.id }, false);
    const ann = (await fx.call<Player[]>('listPlayers')).find((p) => p.name === 'Ann')!;
    await write('renamePlayer', { id: ann.id, name: 'Annie' }, true);
    expect(phone.views.at(-1)!.seats.map((x) => x.name)).toEqual(['Annie', 'Bea', 'Cy', 'Dot']);

    // A discard, fixed; a call for mah jongg; the ending typed (proposed), then stored (confirmed).
    await write('appendEvent', event({ type: 'discard', seat: 'E', tile: '5B' }), true);
    const sevenDot = { gameId: g1, changes: [{ at: 1, action: 'replace', event: { type: 'discard', seat: 'E', tile: '7D' } }] };
    const fix = await write<{ seq: number; lines: { when: string }[] }>('amendGame', sevenDot, true);
    expect(phone.views.at(-1)!.live?.tile).toBe('7D');
    // `u` takes the fix back, and the fix is made again.
    await write('takeBackFix', { gameId: g1, when: fix.lines[0]!.when, afterSeq: fix.seq }, true);
    expect(phone.views.at(-1)!.live?.tile).toBe('5B');
    await write('amendGame', sevenDot, true);
    expect(phone.views.at(-1)!.live?.tile).toBe('7D');
    const { seq } = await write<{ seq: number }>('appendEvent', event({ type: 'call', seat: 'N', mahjong: true }), true);
    const win = { type: 'mahjong', seat: 'N', value: 25, jokerless: false, from: 'E' };
    await write('stageEnding', { gameId: g1, events: [win], afterSeq: seq }, true);
    expect(phone.views.at(-1)!.ending?.confirmed).toBe(false);
    await write('appendEvent', event(win), true);
    expect(phone.views.at(-1)!.ending?.confirmed).toBe(true);

    // The next game, and `u` taking it back: the phone shows game 1 reopened, its ending gone.
    const g2 = await write<GameInfo>('startGame', { sessionId: fx.session.id }, true);
    expect(phone.views.at(-1)!.game).toBe(2);
    await write('reopenPrevious', { gameId: g2.id }, true);
    expect(phone.views.at(-1)).toMatchObject({ game: 1, phase: 'playing', ending: null });
    await write('appendEvent', event(win), true);

    // A confirmed ending corrected; a game quick-scored; the last game removed.
    await write('correctGame', { sessionId: fx.session.id, gameId: g1, events: [{ ...win, value: 30 }] }, true);
    expect(phone.views.at(-1)!.standings.find((x) => x.name === 'Dot')!.points).toBeGreaterThan(0);
    await write('quickScore', { sessionId: fx.session.id, events: [{ type: 'wallGame' }] }, true);
    expect(phone.views.at(-1)!.game).toBe(2);
    await write('removeLastGame', { sessionId: fx.session.id, reason: 'typed into the wrong session' }, true);
    expect(phone.views.at(-1)!.game).toBe(1);

    // Writes elsewhere: another session, an imported record, the camera's tile sets.
    await write<SessionSummary>('setupSession', { setup: { players: ['Fay', 'Gus', 'Hal'], seating: ['Fay', 'Gus', 'Hal'] } }, false);
    const out = await fx.call<ExportedRecord>('exportSession', { sessionId: fx.session.id });
    await write('importRecord', { text: out.text, copy: true }, false);
    await write('saveTileSet', { name: 'Club set', set: { version: 1, name: 'Club set', entries: [] } }, false);
    await write('useTileSet', { name: null }, false);
    await write('removeTileSet', { name: 'Club set' }, false);
    // The group's cards: kept, chosen for the session, removed (the session keeps its copy).
    const card = readFileSync(resolve(import.meta.dirname, '../../resources/cards/sample-card.txt'), 'utf8');
    const kept = await write<{ saved: number }>('saveCard', { text: card }, false);
    await write('chooseCard', { sessionId: fx.session.id, cardId: kept.saved }, false);
    await write('removeCard', { id: kept.saved }, false);
  } finally {
    clearInterval(pings);
    phone.close();
  }

  // Every channel of the contract is a read or was driven here as a write.
  const writes = CHANNELS.filter((c) => !READS.includes(c));
  expect([...new Set(driven)].sort()).toEqual([...writes].sort());
}, 60_000);

test('sharing started before any table is open follows the table the host opens next, not the first one written to', async () => {
  f = await shareFixture();
  const fx = f;
  const other = await fx.call<SessionSummary>('setupSession', {
    setup: { players: ['Eve', 'Fay', 'Gus'], seating: ['Eve', 'Fay', 'Gus'] },
  });
  const g = await fx.call<GameInfo>('startGame', { sessionId: other.id });
  // The app has just started (a new share and services over the same store): no table is open.
  const share = createShare(fx.store, { root: fx.root, host: '127.0.0.1', spawn: nodeShareProcess });
  const services = attachShare(createServices(fx.store), share);
  const call = async (ch: string, p: unknown): Promise<void> => {
    const r = await dispatch(services, ch, p);
    if (!r.ok) throw new Error(r.error.message);
  };
  try {
    const s = await share.start();
    const phone = await viewer(s.url! + 'events');
    await until(() => phone.views.length === 1, 'the first view');
    expect(phone.views[0]!.phase).toBe('none');
    // A write to a session nobody opened (a quick score into last week's) does not pin the phones to it.
    await call('appendEvent', { gameId: g.id, event: { type: 'discard', seat: 'E', tile: 'F' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(share.sharedView().phase).toBe('none');
    // The host opens the table of four: the phones show it, and stay on it when she opens another.
    await call('loadGame', { gameId: fx.game.id });
    await until(() => phone.views.at(-1)?.seats.length === 4, 'the phone on the table opened');
    await call('loadGame', { gameId: g.id });
    await fx.call('appendEvent', { gameId: fx.game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
    await until(() => phone.views.at(-1)?.live?.tile === '5B', 'the phone on the shared table');
    expect(phone.views.every((v) => v.seats.length !== 3)).toBe(true);
    phone.close();
  } finally {
    await share.stop();
  }
});
