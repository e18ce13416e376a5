/**
 * Real tiles laid edge to edge (tools/vision/real-row.ts): the photographs bench/vision-real.ts
 * reads (its folder; skipped without it), three at a time side by side on felt, touching or a
 * thin seam of felt apart, the player's frame round the middle one (1.4 times the photograph,
 * so the neighbours' edges show). Cross-validated as vision-real.ts is: the middle photograph,
 * of fold K, is read by the set taught with fold K's network on the first 3 shots of each kind.
 *
 * - real_row_tile_accuracy: the middle tile read right, touching; real_row_seam_tile_accuracy:
 *   with 6 pixels of felt between the photographs.
 * - real_row_auto_record_wrong: wrong readings that would be recorded by itself (goal 0).
 *
 *   npx tsx bench/vision-real-row.ts
 */
import { foldOf } from '../tools/vision/real-set';
import { frameAround, photoRow } from '../tools/vision/real-row';
import { readTile, teachSet } from '../src/vision/tile-set';
import { AUTO_RECORD_AT } from '../src/vision/auto-record';
import { r3, realPhotos } from './lib/real-photos';

const { calibrate, read, folds } = await realPhotos('vision-real-row');
const sets = await Promise.all(folds.map(async (net, k) => (await teachSet(`row-${k}`, calibrate, net)).set));

let n = 0,
  autoWrong = 0;
const right = { touching: 0, seam: 0 };
// Every photograph read is the middle of a row once, between the ones before and after it.
for (let i = 0; i < read.length; i++) {
  const mid = read[i]!,
    left = read[(i + read.length - 1) % read.length]!,
    rightOne = read[(i + 1) % read.length]!;
  n++;
  for (const [name, seam] of [
    ['touching', 0],
    ['seam', 6],
  ] as const) {
    const row = photoRow([left.frame, mid.frame, rightOne.frame], seam);
    const frame = frameAround(row.frame, row.centres[1]!, Math.max(mid.frame.width, mid.frame.height));
    const r = await readTile(frame, sets[foldOf(i)]!, folds[foldOf(i)]!);
    if (r.ok && r.tile === mid.tile) right[name]++;
    else if (r.ok && r.confidence >= AUTO_RECORD_AT) autoWrong++;
  }
}
console.log(`vision.real_row_images: ${n}`);
console.log(`vision.real_row_tile_accuracy: ${r3(right.touching / n)}`);
console.log(`vision.real_row_seam_tile_accuracy: ${r3(right.seam / n)}`);
console.log(`vision.real_row_auto_record_wrong: ${autoWrong}`);
