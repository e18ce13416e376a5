// The main process keeps the latest state of each game in memory; the log on disk is the truth.
// A removed game must never come back through that memory, even when SQLite gives its id again.
import { expect, test } from 'vitest';
import type { GameInfo, SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

const f = useServices();
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };

interface View {
  game: GameInfo;
  state: { setup: { dice?: number }; wallRemaining: number };
  events: unknown[];
}

test('a removed game never comes back: a new game on the same id is folded from its own setup', async () => {
  const s = await f.value<SessionSummary>('setupSession', { setup: four });
  const first = await f.value<GameInfo>('startGame', { sessionId: s.id, dice: 2 });
  const seen = await f.value<View>('loadGame', { gameId: first.id });
  expect(seen.state.setup.dice).toBe(2);
  await f.value('removeLastGame', { sessionId: s.id, reason: 'started by mistake' });
  const second = await f.value<GameInfo>('startGame', { sessionId: s.id, dice: 12 });
  const view = await f.value<View>('loadGame', { gameId: second.id });
  expect(view.game.dice).toBe(12);
  expect(view.state.setup.dice).toBe(12);
});

test('a removed game with events: a new game on the same id, scored to the same length, shows its own ending', async () => {
  const s = await f.value<SessionSummary>('setupSession', { setup: four });
  const first = await f.value<GameInfo>('startGame', { sessionId: s.id });
  await f.value('appendEvent', { gameId: first.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
  await f.value('appendEvent', { gameId: first.id, event: { type: 'discard', seat: 'S', tile: '6B' } });
  await f.value('removeLastGame', { sessionId: s.id, reason: 'wrong table' });
  // Two events again, written by the quick score (not through appendEvent).
  const second = await f.value<GameInfo>('quickScore', {
    sessionId: s.id,
    events: [
      { type: 'wrongWall', seat: 'E' },
      { type: 'mahjong', seat: 'S', value: 30, jokerless: false, selfPick: true },
    ],
  });
  const view = await f.value<View & { state: { status: string } }>('loadGame', { gameId: second.id });
  expect(view.events.length).toBe(2);
  expect(view.state.status).not.toBe('in-progress');
});
