/**
 * Amendment simulator bench (issue 25): SIM_AMEND_GAMES (default 1,000) simulated games, each
 * typed as a host types (bare lines for the player in turn) with random mistakes (a wrong tile or
 * hand value, a forgotten or an extra event, and the `seat` family: a call for the wrong seat or a
 * bare discard forgotten, the bare lines after it given to the wrong players) and some events undone
 * and typed again, then fixed in place one fix at a time (tools/sim/amend.ts). Prints
 * `sim.amend_games_checked`, `sim.amend_fixes`, `sim.amend_mistakes.<family>`, and
 * `sim.amend_mismatches` (games whose fixed table, payments or audit trail differ from the game
 * typed right; goal 0). The first few go to stderr with their seed.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importShipped } from './lib/shipped';

const { checkAmended, simulateGame } = await importShipped<typeof import('./lib/sim-amend-entry')>(
  join(import.meta.dirname, 'lib/sim-amend-entry.ts'),
);

const games = Number(process.env['SIM_AMEND_GAMES'] ?? 1_000);
let mismatches = 0;
let fixes = 0;
const kinds = new Map<string, number>();
const t = performance.now();
for (let i = 0; i < games; i++) {
  const seed = 90_000 + i;
  const r = checkAmended(simulateGame(seed));
  fixes += r.fixes;
  for (const m of r.mistakes) kinds.set(m.split(' ')[0]!, (kinds.get(m.split(' ')[0]!) ?? 0) + 1);
  if (r.mismatch) {
    mismatches++;
    if (mismatches <= 3) console.error(`seed ${seed}, mistakes ${r.mistakes.join(', ')}: ${r.mismatch}`);
  }
}
console.log(`sim.amend_games_checked: ${games}`);
console.log(`sim.amend_fixes: ${fixes}`);
for (const [k, n] of [...kinds].sort()) console.log(`sim.amend_mistakes.${k}: ${n}`);
console.log(`sim.amend_mismatches: ${mismatches}`);
console.log(`sim.amend_ms: ${(performance.now() - t).toFixed(0)}`);
if (mismatches > 0) process.exitCode = 1;
