/**
 * Pin where each of the bench's fixed renders shows its face (test/fixtures/vision/bench/faces.json),
 * as the locator finds it now. The synthetic scenes (scene.ts) are cut from these poses, so the
 * scenes that measure the locator stay the same while it is tuned; run this only when the renders
 * change, and say in the commit that every scene figure moves with it.
 *
 *   npx tsx tools/vision/pin-bench-faces.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_FACES_FILE, locateBenchFaces } from './scene';

const dir = 'test/fixtures/vision/bench';
const poses = await locateBenchFaces(dir);
writeFileSync(
  join(dir, BENCH_FACES_FILE),
  `{\n${Object.entries(poses)
    .map(([file, p]) => `  ${JSON.stringify(file)}: ${JSON.stringify(p)}`)
    .join(',\n')}\n}\n`,
);
console.log(`${Object.keys(poses).length} faces pinned in ${join(dir, BENCH_FACES_FILE)}`);
