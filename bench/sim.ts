/**
 * Simulator bench (issues 13, 25): 10,000 simulated whole games (SIM_GAMES), each played event by
 * event through the engine and compared with the simulator's truth after every event, the
 * picks recorded all, none or some in turn; the games include the table's mistakes and rival
 * claims (tools/sim/game.ts). Prints `sim.games_checked`, `sim.events_checked`, `sim.mismatches`
 * (events the engine refused or judged differently; goal 0), `sim.games_with_mistakes` (games that
 * played at least one of those families), `sim.three_dead_games` and `sim.ms`.
 * The first few mismatches go to stderr with their seed, so they can be replayed.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PickMode } from '../tools/sim/session';
import { importShipped } from './lib/shipped';

const { checkGame } = await importShipped<typeof import('./lib/sim-entry')>(join(import.meta.dirname, 'lib/sim-entry.ts'));

const games = Number(process.env['SIM_GAMES'] ?? 10_000);
const MODES: PickMode[] = ['all', 'none', 'some'];
let events = 0;
let mismatches = 0;
let withMistakes = 0;
let threeDead = 0;
const t = performance.now();
for (let i = 0; i < games; i++) {
  const seed = 20_000 + i;
  const mode = MODES[i % MODES.length]!;
  const { game, events: recorded, mismatch } = checkGame(seed, mode);
  events += recorded.length;
  if (game.families.length > 0) withMistakes++;
  if (game.families.includes('three-dead')) threeDead++;
  if (mismatch) {
    mismatches++;
    if (mismatches <= 3)
      console.error(
        `seed ${seed}, picks ${mode}, event ${mismatch.index} ${JSON.stringify(mismatch.event)}: ${mismatch.problems.join('; ')}`,
      );
  }
}
console.log(`sim.games_checked: ${games}`);
console.log(`sim.events_checked: ${events}`);
console.log(`sim.mismatches: ${mismatches}`);
console.log(`sim.games_with_mistakes: ${withMistakes}`);
console.log(`sim.three_dead_games: ${threeDead}`);
console.log(`sim.ms: ${(performance.now() - t).toFixed(0)}`);
if (mismatches > 0) process.exitCode = 1;
