/**
 * Fuzz bench (issue 7.2): 10,000 cases each (FUZZ_RUNS) of the rules engine, every IPC channel
 * (dispatch on a real store) and mutated records (parse + replay + import), with
 * tools/security/fuzz.ts. Prints `fuzz.cases: N` and `fuzz.crashes: N` (throws, unhandled
 * rejections and uncaught exceptions), and per-fuzzer figures; exits 1 on any crash or failure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServices } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';
import { fuzzEngine, fuzzIpc, fuzzRecords, seedStore, type FuzzFigures } from '../tools/security/fuzz';

const runs = Number(process.env['FUZZ_RUNS'] ?? 10_000);
const seed = Number(process.env['FUZZ_SEED'] ?? 2026);
let escaped = 0;
process.on('unhandledRejection', () => escaped++);
process.on('uncaughtException', () => escaped++);

const root = join(import.meta.dirname, '..');
const seeds = ['five-bettor', 'quick-four', 'three-players', 'live-window'].map((n) =>
  readFileSync(join(root, 'test/records', `${n}.json`), 'utf8'),
);
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-fuzz-'));
const all: [string, FuzzFigures][] = [];
try {
  const store = openStore(join(dir, 'mahjmate.db'));
  await seedStore(store);
  const timed = async (name: string, run: () => FuzzFigures | Promise<FuzzFigures>) => {
    const t = performance.now();
    const f = await run();
    all.push([name, f]);
    console.log(`fuzz.${name}.cases: ${f.cases}`);
    console.log(`fuzz.${name}.refused: ${f.refused}`);
    console.log(`fuzz.${name}.accepted: ${f.accepted}`);
    console.log(`fuzz.${name}.crashes: ${f.crashes.length}`);
    console.log(`fuzz.${name}.failures: ${f.failures.length}`);
    console.log(`fuzz.${name}.seconds: ${((performance.now() - t) / 1000).toFixed(1)}`);
  };
  await timed('engine', () => fuzzEngine(runs, seed));
  await timed('ipc', () => fuzzIpc(store, runs, seed));
  const importStore = openStore(join(dir, 'import.db'));
  await timed('records', () => fuzzRecords(seeds, runs, seed, { store: importStore, services: createServices(importStore) }));
  importStore.close();
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
await new Promise((r) => setTimeout(r, 50)); // let any stray rejection surface
const crashes = all.reduce((n, [, f]) => n + f.crashes.length, 0) + escaped;
const failures = all.reduce((n, [, f]) => n + f.failures.length, 0);
console.log(`fuzz.cases: ${all.reduce((n, [, f]) => n + f.cases, 0)}`);
console.log(`fuzz.crashes: ${crashes}`);
console.log(`fuzz.failures: ${failures}`);
for (const [name, f] of all) for (const x of [...f.crashes, ...f.failures].slice(0, 5)) console.error(`${name}: ${x}`);
if (crashes + failures > 0) process.exitCode = 1;
