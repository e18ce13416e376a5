import { expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import type { Resumable } from '../../src/shared/contract/flow';
import type { GameInfo } from '../../src/shared/types';
import { useServices } from './fixture';

/** Staged endings that survive a restart, the game to resume, and reopening the previous ending: real services, real SQLite file. */

const f = useServices();

const call = f.call;
const value = f.value;
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const WIN: GameEvent = { type: 'mahjong', seat: 'W', value: 30, jokerless: false, from: 'S' };

const played = async (): Promise<{ sessionId: number; game: GameInfo }> => {
  const s = await value<{ id: number }>('setupSession', { setup: four });
  const game = await value<GameInfo>('startGame', { sessionId: s.id });
  let seq = 0;
  for (const event of [
    { type: 'discard', seat: 'E', tile: '5B' },
    { type: 'pick', seat: 'S' },
    { type: 'discard', seat: 'S', tile: 'N' },
  ] as GameEvent[])
    seq = (await value<{ seq: number }>('appendEvent', { gameId: game.id, event, afterSeq: seq })).seq;
  return { sessionId: s.id, game };
};

test('an ending typed but not confirmed survives a restart; a stale one is dropped', async () => {
  const { sessionId, game } = await played();
  expect(await value('stageEnding', { gameId: game.id, events: [WIN], afterSeq: 3 })).toEqual({ staged: 1 });
  f.restart();
  expect(await value('stagedEnding', { gameId: game.id })).toEqual({ events: [WIN] });
  expect(await value<Resumable>('resumable')).toEqual({
    sessionId,
    gameId: game.id,
    number: 1,
    host: 'Ann',
    players: four.players,
    staged: true,
    events: 3,
  });
  // Nothing is in the log until it is confirmed.
  expect(f.store.lastSeq(game.id)).toBe(3);

  // Refused: a stale page, an ending that does not end the game.
  expect(await call('stageEnding', { gameId: game.id, events: [WIN], afterSeq: 2 })).toMatchObject({
    ok: false,
    error: { code: 'ERR_CONFLICT' },
  });
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
  expect((f.store.db.prepare('SELECT count(*) AS n FROM staged_endings').get() as { n: number }).n).toBe(0);
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
  expect(f.store.getGame(g2.id)).toBeNull();
  expect(f.store.loadEvents(game.id).map((e) => e.event.type)).toEqual(['discard', 'pick', 'discard', 'mahjong', 'retract']);
  expect(await value<Resumable>('resumable')).toMatchObject({ gameId: game.id, staged: false });
  // Game 1 is in progress again: no game to take back behind it.
  expect(await call('reopenPrevious', { gameId: game.id })).toMatchObject({ ok: false });
});
