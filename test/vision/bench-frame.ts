import { benchFaces, makeScene, playerFrame, seeded, type FaceArt, type Scene } from '../../tools/vision/scene';

const faces = benchFaces();
/** Tiles in every synthetic scene (3 rows of 7), each framed with two draws. */
const TILES = 21;

/** The bench's player's frames of one scene (bench/vision-scene.ts: its framing draws run on
 *  from the first scene of the range, two for each tile), without making the scenes before it. */
export const benchFrames = (
  first: number,
  seed: number,
  art: readonly FaceArt[] = faces,
): { scene: Scene; frames: ReturnType<typeof playerFrame>[] } => {
  const rnd = seeded(99);
  for (let i = 0; i < 2 * TILES * (seed - first); i++) rnd();
  const scene = makeScene(art, seed);
  if (scene.tiles.length !== TILES) throw new Error(`scene ${seed} holds ${scene.tiles.length} tiles, not ${TILES}`);
  return { scene, frames: scene.tiles.map((t) => playerFrame(scene, t, rnd)) };
};
