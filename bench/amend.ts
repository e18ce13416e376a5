/**
 * Amendment bench (issue 25): fix a discard 500 events back in a long game (a simulated game
 * lengthened to over 600 events by events typed, undone and typed again), through the real
 * services on a real SQLite file: the rules engine replays the whole game, and the amended log
 * and its amendment are written in one durable transaction. Prints `amend.fix_500_back_ms_p50`
 * and `amend.fix_500_back_ms_p95` (goal under 50 ms), and the game's length.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { GameEvent } from '../src/core/events';
import { importShipped } from './lib/shipped';

const { createServices, dispatch, openStore, amendEvents, OFFICIAL_RULES, TILES, simulateGame } = await importShipped<
  typeof import('./lib/amend-entry')
>(join(import.meta.dirname, 'lib/amend-entry.ts'), { externalPackages: true });
const SAMPLES = 60;
const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

// A four-player game, lengthened: before every event, now and then, that event typed, undone and typed again.
const g = simulateGame(4242, { players: 4, bettor: false });
const events: GameEvent[] = [];
let k = 0;
while (events.length < 3 * g.events.length || events.length < 620) {
  events.length = 0;
  for (const e of g.events) {
    for (let j = 0; j < 3 + (k++ % 2); j++) events.push(e, { type: 'retract' });
    events.push(e);
  }
}
const setup = { players: 4 as const, rules: OFFICIAL_RULES, bettor: false, dice: g.dice };
// The discard that stands nearest 500 events back, and a tile it can become.
let at = -1;
let other: GameEvent | null = null;
for (let i = events.length - 500; i > 0 && !other; i--) {
  const e = events[i - 1]!;
  if (e.type !== 'discard' || events[i]?.type === 'retract') continue;
  for (const t of TILES) {
    if (t === e.tile || t === 'J') continue;
    const candidate: GameEvent = { ...e, tile: t };
    if (amendEvents(events, setup, [{ at: i, action: 'replace', event: candidate }], '').ok) {
      at = i;
      other = candidate;
      break;
    }
  }
}
if (!other) throw new Error('no discard 500 events back can be fixed');

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-'));
try {
  const store = openStore(join(dir, 'mahjmate.db'));
  const services = createServices(store);
  const call = async (channel: string, payload: unknown): Promise<unknown> => {
    const r = await dispatch(services, channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value;
  };
  const players = ['Ann', 'Bea', 'Cy', 'Dot'];
  const session = (await call('setupSession', { setup: { players, seating: players } })) as { id: number };
  const game = (await call('startGame', { sessionId: session.id, dice: g.dice })) as { id: number };
  store.transaction(() => events.forEach((e) => store.appendEvent(game.id, e)));
  const original = events[at - 1]!;
  const times: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const t0 = performance.now();
    await call('amendGame', { gameId: game.id, changes: [{ at, action: 'replace', event: s % 2 === 0 ? other : original }] });
    times.push(performance.now() - t0);
  }
  console.log(`amend.game_events: ${events.length}`);
  console.log(`amend.fix_events_back: ${events.length - at + 1}`);
  console.log(`amend.fix_500_back_ms_p50: ${quantile(times, 0.5).toFixed(1)}`);
  console.log(`amend.fix_500_back_ms_p95: ${quantile(times, 0.95).toFixed(1)}`);
  console.log(`amend.fix_500_back_ms_min: ${quantile(times, 0).toFixed(1)}`);
  // How busy the machine was (the figures above are wall-clock times).
  console.log(`amend.load_average_1m: ${loadavg()[0]!.toFixed(1)}`);
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
