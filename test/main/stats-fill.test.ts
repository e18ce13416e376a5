import { expect, test, vi } from 'vitest';
import { createServices, dispatch } from '../../electron/main/services/dispatch';
import type { PlayerStats } from '../../src/shared/contract/session';
import type { SessionSummary } from '../../src/shared/types';
import { QUIET_MS } from '../../electron/main/services/statsFill';
import { useServices } from './fixture';

/**
 * The one-time work behind Stats (each session's figures, replayed once and kept) is done a slice
 * at a time, out of the player's way: `statsProgress` works out at least one more session per
 * call and says how far it is; the app also does it in the background from its start. The
 * figures it stores are the ones Stats shows. Real services on a real SQLite file.
 */
const f = useServices();
const rows = (): number => (f.store.db.prepare('SELECT count(*) AS n FROM session_stats').get() as { n: number }).n;
const setup = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };

/** Three sessions; Ann (East) wins the first game of each by self-pick for 30. */
const three = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) {
    const s = await f.value<SessionSummary>('setupSession', { setup });
    await f.value('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'E', value: 30, jokerless: false, selfPick: true }] });
    await f.value('quickScore', { sessionId: s.id, events: [{ type: 'wallGame' }] });
  }
};

test('each call works out more sessions and says how far it is, until Stats has them all', async () => {
  await three();
  expect(rows()).toBe(0);
  // The screen's first call only asks: it shows at once, and nothing is worked out.
  expect(await f.value('statsProgress', { peek: true })).toEqual({ done: 0, total: 3 });
  expect(rows()).toBe(0);
  const seen: { done: number }[] = [];
  for (let p: { done: number; total: number; players?: PlayerStats[] } = { done: 0, total: 1 }; p.done < p.total;) {
    p = await f.value<{ done: number; total: number; players?: PlayerStats[] }>('statsProgress');
    seen.push(p);
    expect(p.players === undefined).toBe(p.done < p.total);
    expect(p.total).toBe(3);
    expect(rows()).toBe(p.done);
  }
  // Every call moved on (never the same figure twice), and at most three calls were needed.
  expect(seen.length).toBeLessThanOrEqual(3);
  expect(new Set(seen.map((p) => p.done)).size).toBe(seen.length);
  const done = await f.value<{ done: number; total: number; players?: PlayerStats[] }>('statsProgress');
  expect(done).toMatchObject({ done: 3, total: 3 });
  // Once done, the reply is the figures themselves, as playerStats gives them (to a first call too).
  expect(done.players).toEqual(await f.value<PlayerStats[]>('playerStats'));
  expect(await f.value('statsProgress', { peek: true })).toEqual(done);
  const ann = done.players!.find((p) => p.name === 'Ann')!;
  expect(ann).toMatchObject({ sessions: 3, games: 6, wins: 3, selfPicks: 3, averageValue: 30, cents: 540 });
  // A change to one session drops its figures: one more to work out.
  await f.value('quickScore', { sessionId: 1, events: [{ type: 'wallGame' }] });
  expect(await f.value('statsProgress')).toMatchObject({ done: 3, total: 3 });
  expect(rows()).toBe(3);
});

test('the background work waits while the page asks for screens, and goes on once it is quiet', async () => {
  await three();
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
  try {
    const services = createServices(f.store, { background: true });
    // The app's start counts as a call: the first screen is served before any figure is worked out.
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    expect(rows()).toBe(0);
    // A player going from screen to screen: a call every half second holds the work back.
    for (let i = 0; i < 6; i++) {
      expect((await dispatch(services, 'listSessions', { limit: 12 })).ok).toBe(true);
      await vi.advanceTimersByTimeAsync(QUIET_MS / 2);
      expect(rows()).toBe(0);
    }
    // Reading a screen: once the page has been quiet long enough, the work is done.
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(rows()).toBe(3);
  } finally {
    vi.useRealTimers();
  }
});

test('the app works the figures out in the background from its start', async () => {
  await three();
  const services = createServices(f.store, { background: true });
  await vi.waitFor(() => expect(rows()).toBe(3), { timeout: 20_000, interval: 20 });
  const r = await dispatch(services, 'playerStats', undefined);
  expect(r.ok && (r.value as PlayerStats[]).find((p) => p.name === 'Ann')).toMatchObject({ sessions: 3, wins: 3 });
});
