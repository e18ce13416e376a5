import { describe, expect, it } from 'vitest';
import { findNewDiscard } from '../../src/vision/new-discard';
import { benchFaces, makeScene } from '../../tools/vision/scene';

const faces = benchFaces(undefined, 60);
const small = {}; // full 1280x720 frames: faces in a smaller frame are too few pixels to part

describe('the new discard, from the frame before it was laid down', () => {
  it('finds the tile just laid among touching neighbours, upright or sideways', () => {
    const after14 = makeScene(faces, 14, small);
    const firstSideways = after14.tiles.findIndex((t) => t.sideways);
    for (const [seed, k] of [[11, 3], [14, firstSideways]] as const) {
      const after = seed === 14 ? after14 : makeScene(faces, seed, small);
      const before = makeScene(faces, seed, { ...small, leaveOut: k });
      const t = after.tiles[k]!;
      if (seed === 14) expect(t.sideways).toBe(true);
      const found = findNewDiscard(before.frame, after.frame);
      expect(found, `scene ${seed}, tile ${k}`).not.toBeNull();
      const [x, y, w, h] = t.box;
      expect(found!.pose.cx > x && found!.pose.cx < x + w && found!.pose.cy > y && found!.pose.cy < y + h, `scene ${seed}, tile ${k}`).toBe(true);
    }
  });

  it('proposes nothing when nothing new lies there', () => {
    const scene = makeScene(faces, 11, small);
    expect(findNewDiscard(scene.frame, scene.frame)).toBeNull();
  });
});
