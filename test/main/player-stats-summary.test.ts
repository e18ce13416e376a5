import { expect, test } from 'vitest';
import type { PlayerStats } from '../../src/shared/contract/session';
import type { SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * Stats read each session's figures from the store's summary (migration 5) once computed; the
 * summary is dropped by the store whenever the session changes, so Stats never shows old figures.
 */
const f = useServices();
const value = f.value;
const rows = (): number => (f.store.db.prepare('SELECT count(*) AS n FROM session_stats').get() as { n: number }).n;
const ann = async (): Promise<PlayerStats> => (await value<PlayerStats[]>('playerStats')).find((p) => p.name === 'Ann')!;

test('figures are kept per session and dropped when the session changes', async () => {
  const setup = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
  const s = await value<SessionSummary>('setupSession', { setup });
  const other = await value<SessionSummary>('setupSession', { setup });
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'E', value: 30, jokerless: true, selfPick: true }] });
  await value('quickScore', { sessionId: other.id, events: [{ type: 'wallGame' }] });
  expect(rows()).toBe(0);
  const first = await ann();
  expect(first).toMatchObject({ sessions: 2, games: 2, wins: 1, selfPicks: 1, jokerlessWins: 1, averageValue: 30, cents: 360 });
  expect(rows()).toBe(2);
  expect(await ann()).toEqual(first); // read back from the summary

  // A new game in one session drops that session's figures only; Stats sees the game.
  await value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'N', value: 50, jokerless: false, from: 'S' }] });
  expect(rows()).toBe(1);
  expect(await ann()).toMatchObject({ games: 3, wins: 2, averageValue: 40 });

  // So does an audited removal of the last game, and a recorded event of a game at the table.
  await value('removeLastGame', { sessionId: s.id, reason: 'wrong winner' });
  expect(rows()).toBe(1);
  expect(await ann()).toEqual(first);
  const game = await value<{ id: number }>('startGame', { sessionId: other.id });
  expect(rows()).toBe(1);
  await ann();
  await value('appendEvent', { gameId: game.id, event: { type: 'discard', seat: 'E', tile: '1B' }, afterSeq: 0 });
  expect(rows()).toBe(1);
  expect((await ann()).games).toBe(3);
});
