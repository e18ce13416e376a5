/**
 * The real photographs the vision benches read (bench/vision-real.ts, vision-untaught.ts,
 * vision-real-row.ts): the folder found as tools/vision/real-set.ts finds it, the truth with its
 * corrections, every photograph decoded, the first 3 shots of each kind set apart for teaching,
 * and the cross-validation folds' networks. Without the folder the bench says it skipped and ends.
 */
import { join } from 'node:path';
import { netFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { readJpeg } from '../../tools/vision/decode';
import { correctTruth, readTruth, realPhotosCandidates, realPhotosDir, splitCalibration } from '../../tools/vision/real-set';
import type { Net } from '../../src/vision/embedding';
import { FOLD_FILES } from '../embedding-folds';

export const realPhotos = async (bench: string) => {
  const dir = realPhotosDir();
  if (!dir) {
    console.log(`${bench}: skipped, no real photographs at ${realPhotosCandidates()[0]} (set VISION_REAL_DIR)`);
    process.exit(0);
  }
  // A label the photograph contradicts (real-set.ts TRUTH_CORRECTIONS) is scored as the photograph shows.
  const truth = correctTruth(readTruth(join(dir, 'truth.json')));
  const all = truth.entries.map((e) => ({ ...e, frame: readJpeg(e.file) }));
  const folds: Net[] = await Promise.all(FOLD_FILES.map(netFromDisk));
  await useShippedNetFromDisk(); // the shipped face finder finds the framed faces (framed.ts)
  return { truth, all, ...splitCalibration(all, 3), folds };
};

/** Three decimals, as the vision figures are printed. */
export const r3 = (x: number): number => Math.round(x * 1000) / 1000;
