/**
 * The camera on real photographs without teaching, and with tiles lying sideways (the folder
 * bench/vision-real.ts reads; skipped without it). Cross-validated as vision-real.ts is: fold K
 * of the photographs read is read by the network trained without it (bench/embedding-folds/).
 *
 * Untaught: each fold is read with a built-in set made as the app's is (tools/vision/
 * built-in-shots.ts: the American renders and real photographs, one view each) but from the
 * photographs of the other folds only, so no photograph scored is in the set that reads it.
 * The photographs come from a few physical sets, so the set's other shots are often of the same
 * physical set: the figure is for sets like the ones the app was made from, not for any set.
 *
 * Sideways: the same photographs turned a quarter turn either way, read with the taught sets of
 * vision-real.ts (the first 3 photographs of each kind, upright).
 *
 *   npx tsx bench/vision-untaught.ts
 */
import { foldOf } from '../tools/vision/real-set';
import { readTile, teachSet, type TileReading } from '../src/vision/tile-set';
import { AUTO_RECORD_AT } from '../src/vision/auto-record';
import { turn90 } from '../src/vision/image';
import { builtInSetOf } from '../tools/vision/built-in-shots';
import { r3, realPhotos } from './lib/real-photos';

const { calibrate, read, folds } = await realPhotos('vision-untaught');

/** Right, recorded by itself at the floor, and wrongly so, over readings with their truth. */
const score = (rs: { r: TileReading; tile: string }[]) => {
  let right = 0,
    auto = 0,
    autoWrong = 0,
    worst = 0;
  for (const { r, tile } of rs) {
    if (!r.ok) continue;
    if (r.tile === tile) right++;
    else worst = Math.max(worst, r.confidence);
    if (r.confidence >= AUTO_RECORD_AT) {
      auto++;
      if (r.tile !== tile) autoWrong++;
    }
  }
  return { accuracy: r3(right / rs.length), autoRate: r3(auto / rs.length), autoWrong, worst: r3(worst) };
};

{
  const readFold = read.map((_, i) => foldOf(i));
  const sets = await Promise.all(
    folds.map(async (net, k) => (await builtInSetOf([...calibrate, ...read.filter((_, i) => readFold[i] !== k)], net)).set),
  );
  const rs = [];
  for (const [i, t] of read.entries()) rs.push({ r: await readTile(t.frame, sets[readFold[i]!]!, folds[readFold[i]!]!), tile: t.tile });
  const s = score(rs);
  console.log(`vision.untaught_real_images: ${read.length}`);
  console.log(`vision.untaught_real_tile_accuracy: ${s.accuracy}`);
  console.log(`vision.untaught_real_auto_record_rate: ${s.autoRate}`);
  console.log(`vision.untaught_real_auto_record_wrong: ${s.autoWrong}`);
  console.log(`vision.untaught_real_wrong_confidence_max: ${s.worst}`);
}

{
  const sets = await Promise.all(folds.map(async (net) => (await teachSet('bench', calibrate, net)).set));
  const rs = [];
  for (const [i, t] of read.entries())
    for (const clockwise of [true, false])
      rs.push({ r: await readTile(turn90(t.frame, clockwise), sets[foldOf(i)]!, folds[foldOf(i)]!), tile: t.tile });
  const s = score(rs);
  console.log(`vision.sideways_real_images: ${rs.length}`);
  console.log(`vision.sideways_real_tile_accuracy: ${s.accuracy}`);
  console.log(`vision.sideways_real_auto_record_wrong: ${s.autoWrong}`);
}
