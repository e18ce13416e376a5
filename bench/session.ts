/**
 * Quick scoring at the table: the time from Enter to the refreshed ledger, through the real
 * services on a real SQLite file (fsynced appends). A 16-game evening is scored game by game,
 * each followed by the ledger the screen reloads (replaySession over the whole session), then
 * the stats over a season of 20 such evenings. Prints `name: value` lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';

const LINES = [
  { type: 'mahjong', seat: 'E', value: 25, jokerless: false, selfPick: true },
  { type: 'mahjong', seat: 'S', value: 30, jokerless: false, from: 'E' },
  { type: 'wallGame' },
  { type: 'mahjong', seat: 'N', value: 35, jokerless: true, from: 'W' },
];

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-session-'));
const store = openStore(join(dir, 'bench.db'));
const services = createServices(store);
const call = async (ch: string, p?: unknown): Promise<unknown> => {
  const r = await dispatch(services, ch, p);
  if (!r.ok) throw new Error(`${ch}: ${r.error.message}`);
  return r.value;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

try {
  const scoreAndLedger: number[] = [];
  for (let evening = 0; evening < 20; evening++) {
    const s = (await call('setupSession', {
      setup: {
        players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
        seating: ['Ann', 'Bea', 'Cy', 'Dot'],
        bettor: 'Eve',
        stakes: { centsPerPoint: 5 },
        pie: { points: 500 },
      },
    })) as { id: number };
    for (let g = 0; g < 16; g++) {
      const t = performance.now();
      await call('quickScore', { sessionId: s.id, events: [LINES[g % LINES.length]] });
      await call('sessionLedger', { sessionId: s.id });
      scoreAndLedger.push(performance.now() - t);
    }
  }
  const stats: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await call('playerStats');
    stats.push(performance.now() - t);
  }
  console.log(`session.quickScoreAndLedger.p50_ms: ${median(scoreAndLedger).toFixed(2)}`);
  console.log(`session.quickScoreAndLedger.p95_ms: ${p95(scoreAndLedger).toFixed(2)}`);
  console.log(`session.stats20Evenings.median_ms: ${median(stats).toFixed(1)}`);
  console.log(`session.keysPerQuickGame: ${'e30jp'.length + 1}`);
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
