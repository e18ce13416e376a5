/**
 * The camera on real photographs (a folder of real tile photos with truth.json; default
 * test/fixtures/vision-real-set, or VISION_REAL_DIR). Teaches a set from the first 3
 * shots of each kind in file order, reads all the others. Skips when the folder is absent.
 *
 * The app's reading network was trained on these photographs too, so reading them with it would
 * flatter it. The figures are cross-validated instead: the photographs read are split in four
 * folds (every fourth in order), and each fold is read, and the set taught, with a network
 * trained without that fold and without the calibration shots (bench/embedding-folds/,
 * made by tools/vision/train-embedding.py --hold-out K). Each photograph scored is new to the
 * network that reads it, as a player's tiles are.
 *
 *   npx tsx bench/vision-real.ts
 */
import { foldOf, splitCalibration } from '../tools/vision/real-set';
import { loadTileSet, readTile, storeTileSet, teachSet } from '../src/vision/tile-set';
import { AUTO_RECORD_AT } from '../src/vision/auto-record';
import { r3, realPhotos } from './lib/real-photos';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const suitOf = (t: string) => (t.length === 2 ? t[1]! : 'honour');
const { truth, all, calibrate, read, folds } = await realPhotos('vision-real');
// Each fold's set goes through its stored form, as the command and the app use it.
const sets = await Promise.all(
  folds.map(async (net, k) => {
    const loaded = loadTileSet(JSON.parse(JSON.stringify(storeTileSet((await teachSet(`bench-${k}`, calibrate, net)).set))));
    if (!loaded.ok) throw new Error(loaded.error);
    return loaded.value;
  }),
);
const readOne = (i: number) => readTile(read[i]!.frame, sets[foldOf(i)]!, folds[foldOf(i)]!);

let located = 0,
  tileOk = 0,
  suitOk = 0,
  auto = 0,
  autoWrong = 0,
  flowers = 0,
  otherOk = 0,
  worstWrong = 0;
const ms: number[] = [],
  cpu: number[] = [];
for (let i = 0; i < 5; i++) await readOne(i); // warm-up (JIT)
for (const [i, t] of read.entries()) {
  const t0 = performance.now(),
    c0 = process.cpuUsage();
  const r = await readOne(i);
  ms.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
  if (t.tile === 'F') flowers++;
  if (!r.ok) continue;
  located++;
  if (r.tile === t.tile) tileOk++;
  else worstWrong = Math.max(worstWrong, r.confidence);
  if (t.tile !== 'F' && r.tile === t.tile) otherOk++;
  if (suitOf(r.tile) === suitOf(t.tile)) suitOk++;
  if (r.confidence >= AUTO_RECORD_AT) {
    auto++;
    if (r.tile !== t.tile) autoWrong++;
  }
}
console.log(`vision.real_images: ${all.length}`);
console.log(`vision.real_calibration_shots: ${calibrate.length}`);
console.log(`vision.real_truth_corrected: ${truth.corrected}`);
console.log(`vision.real_located: ${r3(located / read.length)}`);
console.log(`vision.real_tile_accuracy: ${r3(tileOk / read.length)}`);
console.log(`vision.real_suit_accuracy: ${r3(suitOk / read.length)}`);
console.log(`vision.real_ms_per_tile_p50: ${r3(pct(ms, 0.5))}`);
// CPU time of this process per tile: the wall time above grows when others share the cores.
console.log(`vision.real_cpu_ms_per_tile_p50: ${r3(pct(cpu, 0.5))}`);
// Flowers are eight different pictures under one kind: three taught shots cannot cover them all.
console.log(`vision.real_tile_accuracy_without_flowers: ${r3(otherOk / (read.length - flowers))}`);
// The highest confidence any wrong reading had: auto-record must sit above it.
console.log(`vision.real_wrong_confidence_max: ${r3(worstWrong)}`);
console.log(`vision.real_auto_record_at: ${AUTO_RECORD_AT}`);
console.log(`vision.real_auto_record_rate: ${r3(auto / read.length)}`);
console.log(`vision.real_auto_record_wrong: ${autoWrong}`);

// The calibration asks for every flower picture (a set's eight flowers are eight different
// pictures under one kind): the same, taught with the first 8 flowers instead of 3, each fold's
// photographs read by its own network (the 5 extra flower shots may be in its training).
{
  const eight = splitCalibration(all, (t) => (t === 'F' ? 8 : 3));
  const extra = new Set(eight.calibrate);
  const sets8 = await Promise.all(folds.map(async (net) => (await teachSet('bench-8-flowers', eight.calibrate, net)).set));
  const scored = read.map((t, i) => ({ t, k: foldOf(i) })).filter(({ t }) => !extra.has(t));
  let right = 0;
  for (const { t, k } of scored) {
    const r = await readTile(t.frame, sets8[k]!, folds[k]!);
    if (r.ok && r.tile === t.tile) right++;
  }
  console.log(`vision.real_tile_accuracy_8_flowers_taught: ${r3(right / scored.length)}`);
}
