import { afterEach, beforeEach, expect, test } from 'vitest';
import { createServices, dispatch, type Services } from '../../electron/main/services/dispatch';
import { openStore, type Store } from '../../electron/main/store/store';
import type { GameEvent } from '../../src/core/events';
import type { Resumable } from '../../src/shared/contract/flow';
import type { GameInfo } from '../../src/shared/types';
import { tempDir } from './tmp';

/** Staged endings that survive a restart, the game to resume, and reopening the previous ending: real services, real SQLite file. */

let t: ReturnType<typeof tempDir>;
let store: Store;
let services: Services;
const open = () => {
  store = openStore(t.db);
  services = createServices(store);
};
const restart = () => {
  store.close();
  open();
};
beforeEach(() => {
  t = tempDir();
  open();
});
afterEach(() => {
  store.close();
  t.cleanup();
});

const call = (ch: string, p?: unknown) => dispatch(services, ch, p);
const value = async <T>(ch: string, p?: unknown): Promise<T> => {
  const r = await call(ch, p);
  if (!r.ok) throw new Error(`${ch} refused: ${r.error.code} ${r.error.message}`);
  return r.value as T;
};
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const WIN: GameEvent = { type: 'mahjong', seat: 'W', value: 30, jokerless: false, from: 'S' };

const played = async (): Promise<{ sessionId: number; game: GameInfo }> => {
  const s = await value<{ id: number }>('setupSession', { setup: four });
  const game = await value<GameInfo>('startGame', { sessionId: s.id });
  let seq = 0;
  for (const event of [{ type: 'discard', seat: 'E', tile: '5B' }, { type: 'pick', seat: 'S' }, { type: 'discard', seat: 'S', tile: 'N' }] as GameEvent[])
    seq = (await value<{ seq: number }>('appendEvent', { gameId: game.id, event, afterSeq: seq })).seq;
  return { sessionId: s.id, game };
};

test('an ending typed but not confirmed survives a restart; a stale one is dropped', async () => {
  const { sessionId, game } = await played();
  expect(await value('stageEnding', { gameId: game.id, events: [WIN], afterSeq: 3 })).toEqual({ staged: 1 });
  restart();
  expect(await value('stagedEnding', { gameId: game.id })).toEqual({ events: [WIN] });
  expect(await value<Resumable>('resumable')).toEqual({ sessionId, gameId: game.id, number: 1, host: 'Ann', players: four.players, staged: true, events: 3 });
  // Nothing is in the log until it is confirmed.
  expect(store.lastSeq(game.id)).toBe(3);

  // Refused: a stale page, an ending that does not end the game.
  expect(await call('stageEnding', { gameId: game.id, events: [WIN], afterSeq: 2 })).toMatchObject({ ok: false, error: { code: 'ERR_CONFLICT' } });
  expect(await call('stageEnding', { gameId: game.id, events: [{ type: 'pick', seat: 'W' }], afterSeq: 3 })).toMatchObject({
    ok: false,
    error: { message: 'That does not end the game.' },
  });
  expect(await value('stagedEnding', { gameId: game.id })).toEqual({ events: [WIN] });

  // Confirmed: the ending goes to the log; the staged copy no longer follows it and is dropped.
  await value('appendEvent', { gameId: game.id, event: WIN, afterSeq: 3 });
  expect(await value('stagedEnding', { gameId: game.id })).toEqual({ events: [] });
  expect(await value('resumable')).toBeNull();
  // Clearing by hand.
  await value('stageEnding', { gameId: game.id, events: [], afterSeq: 4 });
  expect((store.db.prepare('SELECT count(*) AS n FROM staged_endings').get() as { n: number }).n).toBe(0);
});

test('the game in progress is offered for resume; none when every game has its ending', async () => {
  expect(await value('resumable')).toBeNull();
  const { game } = await played();
  expect(await value<Resumable>('resumable')).toMatchObject({ gameId: game.id, staged: false, events: 3, host: 'Ann' });
  await value('appendEvent', { gameId: game.id, event: WIN, afterSeq: 3 });
  expect(await value('resumable')).toBeNull();
});

test('u after next: the empty new game goes, the previous ending is reopened', async () => {
  const { sessionId, game } = await played();
  await value('appendEvent', { gameId: game.id, event: WIN, afterSeq: 3 });
  const g2 = await value<GameInfo>('startGame', { sessionId });
  expect(g2.number).toBe(2);
  // The first game is refused (nothing before it); a started game is refused.
  expect(await call('reopenPrevious', { gameId: game.id })).toMatchObject({ ok: false });
  const back = await value<GameInfo>('reopenPrevious', { gameId: g2.id });
  expect(back.id).toBe(game.id);
  expect(store.getGame(g2.id)).toBeNull();
  expect(store.loadEvents(game.id).map((e) => e.event.type)).toEqual(['discard', 'pick', 'discard', 'mahjong', 'retract']);
  expect(await value<Resumable>('resumable')).toMatchObject({ gameId: game.id, staged: false });
  // Game 1 is in progress again: no game to take back behind it.
  expect(await call('reopenPrevious', { gameId: game.id })).toMatchObject({ ok: false });
});
