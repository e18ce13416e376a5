// GameStore (the table screen's state) over the real services on a real SQLite file, through
// the same window.mahjmate builder as the preload, each input and reply structured-cloned as
// Electron's IPC does. The outbox must stop at main's first refusal: nothing written behind it,
// nothing written twice, and the screen re-based on what is stored.
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import { replayGame } from '../../src/core/game';
import { gameSetupOf } from '../../src/core/gameSetup';
import { buildApi } from '../../src/shared/bridge';
import { CHANNELS } from '../../src/shared/channels';
import type { GameInfo, SessionSummary } from '../../src/shared/types';
import { dispatch } from '../../electron/main/services/dispatch';
import { useServices } from '../main/fixture';

const f = useServices();
/** Called before main handles each appendEvent (n counts from 1): a test can change the disk there. */
let beforeAppend: (n: number) => void = () => {};
let appends = 0;

type GameStoreClass = typeof import('../../src/renderer/lib/state/game.svelte').GameStore;
let GameStore: GameStoreClass;
beforeAll(async () => {
  const api = buildApi(CHANNELS, async (channel, input) => {
    if (channel === 'appendEvent') beforeAppend(++appends);
    return structuredClone(await dispatch(f.services, channel, structuredClone(input)));
  });
  // The renderer reads window.mahjmate when lib/api.ts loads.
  (globalThis as { window?: unknown }).window = { mahjmate: api };
  ({ GameStore } = await import('../../src/renderer/lib/state/game.svelte'));
});
beforeEach(() => {
  beforeAppend = () => {};
  appends = 0;
});

const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const stored = (gameId: number): GameEvent[] => f.store.loadEvents(gameId).map((e) => e.event);
const open = async () => {
  const s = await f.value<SessionSummary>('setupSession', { setup: four });
  const g = await f.value<GameInfo>('startGame', { sessionId: s.id });
  const store = new GameStore(g.id, s.id);
  await store.load();
  return { store, gameId: g.id, setup: gameSetupOf(g, {}) };
};
const d = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ type: 'discard', seat, tile: tile as never });

test('a queue of events is stored in order, each once; the saved state is the stored log’s', async () => {
  const { store, gameId, setup } = await open();
  for (const e of [d('E', '1B'), d('S', '2B'), d('W', '3B'), d('N', '4B')]) expect(store.dispatch(e)).toBeNull();
  expect(store.unsaved).toBe(4);
  expect(store.status).toBe('saving');
  await store.settled();
  expect(stored(gameId)).toEqual([d('E', '1B'), d('S', '2B'), d('W', '3B'), d('N', '4B')]);
  expect(store.unsaved).toBe(0);
  expect(store.status).toBe('saved');
  const fold = replayGame(stored(gameId), setup);
  expect(fold.ok && fold.value.live).toEqual(store.state!.live);
});

test('a refusal in the middle of the queue: nothing behind it is written, the screen is re-based on the disk, and typing again records once', async () => {
  const { store, gameId } = await open();
  // Another writer (a second window, a stale page) stores South's discard while the queue waits.
  beforeAppend = (n) => {
    if (n === 2) f.store.appendEvent(gameId, d('S', '9C'), 1);
  };
  for (const e of [d('E', '1B'), d('S', '2B'), d('W', '3B'), d('N', '4B')]) store.dispatch(e);
  await store.settled();
  // East's discard went first; South's 2B was refused (the game moved on); West's and North's were never sent.
  expect(stored(gameId)).toEqual([d('E', '1B'), d('S', '9C')]);
  expect(appends).toBe(2);
  expect(store.status).toBe('failed');
  expect(store.unsaved).toBe(0);
  expect(store.problem).toMatch(/^Not saved: .*moved on.*the 2 entries after it were not sent either/);
  // The screen shows what is stored: South's 9C is the live discard, West is to play.
  expect(store.state!.live).toMatchObject({ tile: '9C', seat: 'S' });
  beforeAppend = () => {};
  expect(store.dispatch(d('W', '3B'))).toBeNull();
  await store.settled();
  expect(stored(gameId)).toEqual([d('E', '1B'), d('S', '9C'), d('W', '3B')]);
  expect(store.status).toBe('saved');
  expect(store.problem).toBeNull();
});

test('reload: a new GameStore on the same game shows exactly the stored log', async () => {
  const { store, gameId } = await open();
  store.dispatch(d('E', '1B'));
  store.dispatch(d('S', '2B'));
  await store.settled();
  const again = new GameStore(gameId, store.sessionId);
  await again.load();
  expect(again.state!.live).toMatchObject({ tile: '2B', seat: 'S' });
  expect(again.unsaved).toBe(0);
  expect(again.status).toBe('saved');
  // It carries on from the stored seq: its next event is stored as the third.
  again.dispatch(d('W', '3B'));
  await again.settled();
  expect(f.store.loadEvents(gameId).map((e) => e.seq)).toEqual([1, 2, 3]);
});

test('undo is stored as a retract after what it takes back, and a reload agrees', async () => {
  const { store, gameId } = await open();
  store.dispatch(d('E', '1B'));
  store.dispatch(d('S', '2B'));
  expect(store.undo()).toBeNull();
  expect(store.undone).toMatch(/^Two Bam by South$/);
  expect(store.state!.live).toMatchObject({ tile: '1B', seat: 'E' });
  await store.settled();
  expect(stored(gameId)).toEqual([d('E', '1B'), d('S', '2B'), { type: 'retract' }]);
  const again = new GameStore(gameId, store.sessionId);
  await again.load();
  expect(again.state!.live).toMatchObject({ tile: '1B', seat: 'E' });
});

/** A bare tile as the command line records it: the player in turn's. */
const bare = (seat: 'E' | 'S' | 'W' | 'N', tile: string): GameEvent => ({ ...d(seat, tile), implied: true }) as GameEvent;

test('u right after a fix takes the fix back, says what it took back, and loses no typed event', async () => {
  const { store, gameId } = await open();
  for (const e of [bare('E', '1B'), bare('S', '2B'), bare('W', '3B')]) store.dispatch(e);
  await store.settled();
  const r = await store.amend([{ at: 2, action: 'replace', event: bare('S', '9D') }]);
  expect(r.kind).toBe('stored');
  expect(stored(gameId)[1]).toEqual(bare('S', '9D'));
  expect(store.undo()).toBeNull();
  await vi.waitFor(() => expect(store.undone).toBe('the fix: event 2 is again Two Bam by South'));
  expect(stored(gameId)).toEqual([bare('E', '1B'), bare('S', '2B'), bare('W', '3B')]);
  // The next u takes back what came before the fix: West's Three Bam (a retract, as ever).
  expect(store.undo()).toBeNull();
  await store.settled();
  expect(stored(gameId)).toEqual([bare('E', '1B'), bare('S', '2B'), bare('W', '3B'), { type: 'retract' }]);
});

test('a fix that reopens a confirmed ending asks first, as u after ok does; the same fix again makes it', async () => {
  const { store, gameId } = await open();
  store.dispatch(bare('E', '1B'));
  expect(store.dispatch({ type: 'mahjong', seat: 'S', value: 30, jokerless: false })).toBeNull();
  expect(await store.confirm()).toBeNull();
  expect(stored(gameId)).toHaveLength(2);
  const drop = [{ at: 2, action: 'delete' as const }];
  expect(await store.amend(drop)).toEqual({ kind: 'asked' });
  expect(store.question).toBe(
    'Game 1’s payouts are confirmed: this fix reopens its ending. Press Enter again to fix it; Escape keeps it as it is.',
  );
  expect(stored(gameId)).toHaveLength(2);
  // Another fix is asked about on its own (a change to the mah jongg: the payouts change).
  expect(await store.amend([{ at: 2, action: 'replace', event: { type: 'mahjong', seat: 'S', value: 35, jokerless: false } }])).toEqual({
    kind: 'asked',
  });
  expect(store.question).toMatch(/this fix changes them/);
  expect(await store.amend(drop)).toEqual({ kind: 'asked' });
  expect((await store.amend(drop)).kind).toBe('stored');
  expect(stored(gameId)).toEqual([bare('E', '1B')]);
  expect(store.state!.status).toBe('in-progress');
  expect(store.committed).toBe(false);
});
