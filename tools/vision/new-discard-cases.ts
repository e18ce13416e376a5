/**
 * The new-discard cases of bench/vision-real-scene.ts written to a folder (development seeds only):
 * each table's frame before a tile was laid and after (bumped, a hand, a neighbour nudged), the
 * finder's floor readings of both and the truth, so the choice of the new face can be tried again
 * quickly (tools/vision/new-discard-check.ts) without running the finder again.
 *
 *   npx tsx tools/vision/new-discard-cases.ts OUTDIR [--seed 20000] [--scenes 24]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { foldOf } from './real-set';
import { builtInSetOf } from './built-in-shots';
import { faceOfCrop, loadSurfaces, makeRealScene } from './real-scene';
import { finderFromDisk } from './network-disk';
import { readFloor } from '../../src/vision/floor';
import { realPhotos } from '../../bench/lib/real-photos';
import { laidTileOf, NEW_DISCARD_CHANGES } from '../../bench/lib/new-discard-cases';

const arg = (name: string, d: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : d;
};
const OUT = process.argv[2]!;
const N = arg('--scenes', 24),
  FIRST = arg('--seed', 20000);
if (FIRST >= 29000 && FIRST < 29024) throw new Error('held-out seeds are for the final figure only');
mkdirSync(OUT, { recursive: true });
const { calibrate, read, folds } = await realPhotos('new-discard-cases');
const finder = await finderFromDisk();
const surfaces = loadSurfaces();
const foldFaces = folds.map((_, k) => read.filter((_, i) => foldOf(i) === k).map((t) => faceOfCrop(t.tile, t.frame)));
const sets = await Promise.all(folds.map(async (net, k) => (await builtInSetOf([...calibrate, ...read.filter((_, i) => foldOf(i) !== k)], net)).set));
for (let s = 0; s < N; s++) {
  const seed = FIRST + s,
    k = seed % 4,
    big = s % 3 === 2,
    width = big ? 1920 : 1280,
    height = big ? 1080 : 720;
  const scene = makeRealScene(foldFaces[k]!, surfaces, seed, { width, height });
  for (const [c, change] of NEW_DISCARD_CHANGES.entries()) {
    const laid = laidTileOf(seed, c, scene.tiles.length);
    const before = makeRealScene(foldFaces[k]!, surfaces, seed, { width, height, leaveOut: laid });
    const after = makeRealScene(foldFaces[k]!, surfaces, seed, { width, height, change, laid });
    const was = await readFloor(before.frame, sets[k]!, finder, folds[k]!);
    const now = await readFloor(after.frame, sets[k]!, finder, folds[k]!);
    const name = `${seed}-${change}`;
    writeFileSync(join(OUT, `${name}.before.gz`), gzipSync(before.frame.data));
    writeFileSync(join(OUT, `${name}.after.gz`), gzipSync(after.frame.data));
    writeFileSync(join(OUT, `${name}.json`), JSON.stringify({ seed, fold: k, change, width, height, truth: after.tiles[laid], tiles: after.tiles, was, now }));
    console.error(`${name}: was ${was.length} now ${now.length}`);
  }
}
