/**
 * Store bench: one durable event append (committed, fsynced: WAL + synchronous=FULL) through
 * the store's public function, on a database already holding 5,000 games of 80 events.
 * Prints `name: value` lines.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { GameEvent } from '../src/core/events';
import { TILES as KINDS } from '../src/core/tiles';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';

const GAMES = 5_000;
const EVENTS_PER_GAME = 80;
const SAMPLES = 300;
const SEATS = ['E', 'S', 'W', 'N'] as const;
const TILES = ['1B', '5C', '9D', 'N', 'R', '0', 'F', '3B'] as const;
const ALL_KINDS = KINDS.filter((t) => t !== 'J');

const eventAt = (i: number): GameEvent =>
  i % 2 === 0
    ? { type: 'pick', seat: SEATS[(i >> 1) % 4]! }
    : { type: 'discard', seat: SEATS[(i >> 1) % 4]!, tile: TILES[i % TILES.length]! };

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-'));
try {
  const path = join(dir, 'mahjmate.db');
  const store = openStore(path);
  const seating = ['Ann', 'Bea', 'Cy', 'Dot'];
  const t0 = performance.now();
  const session = store.createSession({ players: seating, seating });
  // Seed in batches of 250 games per transaction (seeding speed is not what we measure).
  for (let b = 0; b < GAMES; b += 250) {
    store.transaction(() => {
      for (let g = b; g < Math.min(GAMES, b + 250); g++) {
        const game = store.addGame(session.id, seating, undefined, false);
        for (let i = 0; i < EVENTS_PER_GAME; i++) store.appendEvent(game.id, eventAt(i));
      }
    });
  }
  const seedMs = performance.now() - t0;

  // The measured appends: a live game, one event per durable transaction, as the table plays.
  const live = store.addGame(session.id, seating, undefined, false);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const e = eventAt(i);
    const t = performance.now();
    store.appendEvent(live.id, e);
    times.push(performance.now() - t);
  }
  // The same append through the app's path: dispatch -> zod -> the rules engine -> store.
  const services = createServices(store);
  const played = store.addGame(session.id, seating, undefined, false);
  const viaApp: number[] = [];
  for (let i = 0; i < 90; i++) {
    // Every kind but the joker in turn: at most 3 of a kind, as a real set allows (a fifth copy is refused).
    const event = { type: 'discard', seat: SEATS[i % 4]!, tile: ALL_KINDS[i % ALL_KINDS.length]! };
    const t = performance.now();
    const r = await dispatch(services, 'appendEvent', { gameId: played.id, event });
    viaApp.push(performance.now() - t);
    if (!r.ok) throw new Error(`appendEvent ${i} refused: ${r.error.message}`);
  }
  store.close();

  console.log(`store.seed_events: ${GAMES * EVENTS_PER_GAME}`);
  console.log(`store.seed_s: ${(seedMs / 1000).toFixed(2)}`);
  console.log(`store.db_mb: ${(statSync(path).size / 1e6).toFixed(1)}`);
  console.log(`store.append_ms_p50: ${quantile(times, 0.5).toFixed(3)}`);
  console.log(`store.append_ms_p95: ${quantile(times, 0.95).toFixed(3)}`);
  console.log(`services.append_ms_p50: ${quantile(viaApp, 0.5).toFixed(3)}`);
  console.log(`services.append_ms_p95: ${quantile(viaApp, 0.95).toFixed(3)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
