/**
 * The boxes the face finder and the box refiner give on synthetic scenes, as one digest: run it
 * before and after a change meant to make them faster, and the two digests match when every box is
 * the same to the last bit (numbers printed as JSON are their shortest exact form). Each whole
 * frame under the floor's bars and the framed tile's, every found face's box put on its edges
 * (refineBoxes, refineBox) and each scene's tiles framed as a player frames them (locateTile).
 *   npx tsx tools/vision/boxes-digest.ts [--seed 5000] [--scenes 16] [--verbose]
 */
import { createHash } from 'node:crypto';
import { findFacesLikeCentre, findFacesUnder, paleBlocks } from '../../src/vision/find-faces';
import { refineBox, refineBoxes } from '../../src/vision/refine-box';
import { locateTile } from '../../src/vision/locate-tight';
import { benchFaces, makeScene, playerFrame, seeded } from './scene';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const FIRST = arg('--seed', 5000),
  N = arg('--scenes', 16),
  VERBOSE = process.argv.includes('--verbose');
/** The floor's bars (floor.ts FLOOR_PALENESS) and the framed tile's (find-faces.ts PALENESS). */
const BARS = [
  [0.7, 0.6, 0.5, 0.4],
  [0.7, 0.6, 0.8],
];

const art = benchFaces(),
  all = createHash('sha256'),
  rnd = seeded(99);
let faces = 0,
  refined = 0,
  framed = 0;
for (let s = 0; s < N; s++) {
  const scene = makeScene(art, FIRST + s),
    frame = scene.frame,
    one = createHash('sha256');
  const put = (x: unknown) => {
    const t = JSON.stringify(x);
    one.update(t);
    all.update(t);
  };
  for (const bars of BARS) {
    const found = findFacesUnder(frame, bars);
    put(found);
    for (const f of found.flat()) {
      faces++;
      if (f.cut) continue;
      put(refineBoxes(frame, f.pose));
      put(refineBox(frame, f.pose));
      refined++;
    }
  }
  for (const t of scene.tiles) {
    const { frame: tile } = playerFrame(scene, t, rnd);
    put([locateTile(tile), findFacesLikeCentre(tile), paleBlocks(tile)]);
    framed++;
  }
  if (VERBOSE) console.log(`scene ${FIRST + s}: ${one.digest('hex').slice(0, 16)}`);
}
console.log(`faces ${faces}, refined ${refined}, framed tiles ${framed}: ${all.digest('hex')}`);
