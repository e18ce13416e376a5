import { describe, expect, it } from 'vitest';
import { crop } from '../../src/vision/image';
import { locateTile } from '../../src/vision/locate-tight';
import { joinHalves } from '../../src/vision/join-halves';
import { benchFaces, boxesTile, makeScene, playerFrame, seeded } from '../../tools/vision/scene';
import { benchFrames } from './bench-frame';

describe('the framed tile among its neighbours', () => {
  it('boxes the whole face, not a piece of it (the lit part of a face in shadow, paper inside its art), or proposes nothing (synthetic scenes)', () => {
    const art = benchFaces(undefined, 60);
    let n = 0,
      pieces = 0,
      whole = 0;
    for (const seed of [7]) {
      const scene = makeScene(art, seed);
      for (const {
        box: [x, y, w, h],
        corners: [top, , , bottom],
      } of scene.tiles) {
        n++;
        const size = Math.max(w, h) * 1.6,
          face = Math.hypot(top![0] - bottom![0], top![1] - bottom![1]);
        const at = locateTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size));
        if (!at.ok) continue;
        const big = Math.max(at.pose.width, at.pose.height) / face;
        if (big < 0.6) pieces++;
        else if (Math.abs(at.pose.cx - size / 2) < w / 2 && Math.abs(at.pose.cy - size / 2) < h / 2 && big < 1.3) whole++;
      }
    }
    // Before a face had to be 60% of the largest face in the frame: 7 pieces boxed, 117 whole faces
    // of the 126 of scenes 7-12 (bench/vision-dev.ts dev_framed_pieces, dev_framed_whole).
    // Scene 7 alone: 1 piece and 20 whole faces today.
    expect(n).toBe(21);
    expect(pieces).toBeLessThanOrEqual(1);
    expect(whole).toBeGreaterThanOrEqual(20);
  });

  it("finds a face in shadow of which only pieces pass the bars, by a face's shape across the block as pale as the centre's paper (synthetic scenes)", () => {
    const art = benchFaces(undefined, 60);
    let n = 0,
      none = 0;
    for (const seed of [13]) {
      const scene = makeScene(art, seed);
      for (const {
        box: [x, y, w, h],
      } of scene.tiles) {
        n++;
        const size = Math.max(w, h) * 1.6;
        if (!locateTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size)).ok) none++;
      }
    }
    // Before, 8 of the 588 tiles of scenes 13-40 got "Two tiles are in the region"; 3 when all
    // were tested (bench/vision-dev.ts dev_framed_none).
    // Scene 13 alone: 1 today.
    expect(n).toBe(21);
    expect(none).toBeLessThanOrEqual(1);
  });

  it('boxes the whole face, not the half a stroke of its art parts from the rest (synthetic scenes)', () => {
    const art = benchFaces();
    let n = 0,
      whole = 0;
    for (const seed of [1000]) {
      const scene = makeScene(art, seed);
      for (const {
        box: [x, y, w, h],
        corners: [top, , , bottom],
      } of scene.tiles) {
        n++;
        const size = Math.max(w, h) * 1.6,
          face = Math.hypot(top![0] - bottom![0], top![1] - bottom![1]);
        const at = locateTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size));
        if (
          at.ok &&
          Math.abs(at.pose.cx - size / 2) < w / 2 &&
          Math.abs(at.pose.cy - size / 2) < h / 2 &&
          Math.abs(Math.max(at.pose.width, at.pose.height) / face - 1) < 0.3
        )
          whole++;
      }
    }
    // 327 of the 336 of scenes 1000-1015 with the halves a stroke parts joined (join-halves.ts);
    // 324 before; 323 while a half face, as long as a face is wide, passed for one.
    // Scene 1000 alone: 20 today.
    expect(n).toBe(21);
    expect(whole).toBeGreaterThanOrEqual(20);
  });

  it("boxes the whole face when a stroke of its art parts its paper in two, framed as a player frames it (synthetic scenes, the bench's frames)", () => {
    const art = benchFaces(),
      rnd = seeded(99);
    let n = 0,
      located = 0;
    for (const seed of [1000]) {
      const scene = makeScene(art, seed);
      for (const t of scene.tiles) {
        n++;
        const { frame, ox, oy } = playerFrame(scene, t, rnd);
        const at = locateTile(frame);
        if (at.ok && boxesTile(at.pose, t, ox, oy)) located++;
      }
    }
    // 334 of the 336 of scenes 1000-1015 (bench/vision-dev.ts dev_scene_located); 332 while a part of a face
    // boxed under the strictest bar came before the whole face's box under another (locate-tight.ts
    // wholeFirst), 329 before the halves of a Green Dragon, a 3 or 4 Crak, a South parted at the
    // stroke across the face were joined.
    // Scene 1000 alone: all 21 today.
    expect(n).toBe(21);
    expect(located).toBe(21);
  });

  it('takes a framed tile for one alone on the table only when the face finder boxes the same face there (synthetic scenes, framed as a player frames them)', () => {
    // Scene 18 framed as the bench frames it after scenes 13-17: two of its tiles are taken for a
    // tile alone today, both boxed on the tile.
    const { scene, frames } = benchFrames(13, 18, benchFaces(undefined, 60));
    let alone = 0,
      aloneOff = 0;
    scene.tiles.forEach((t, i) => {
      const { frame, ox, oy } = frames[i]!;
      const at = locateTile(frame);
      if (!at.ok || at.neighbours) return;
      alone++;
      if (!boxesTile(at.pose, t, ox, oy)) aloneOff++;
    });
    // Before, 59 of the 588 tiles of scenes 13-40 were taken for a tile alone and 2 of those boxes
    // were not the tile's (a face and its neighbour joined in one block, or a lit neighbour beside
    // the framed face in shadow); 42 when all were tested, every one the tile's (the rest are read
    // among neighbours; bench/vision-dev.ts dev_framed_alone, dev_framed_alone_off).
    expect(alone).toBe(2);
    expect(aloneOff).toBe(0);
  });

  it('joins two halves of a face parted across its middle, not two faces side by side or a half and a face', () => {
    // Halves of an upright face 40 wide and 54 high: each 40 long, 27 high (a pose lying sideways).
    const half = (cy: number) => ({ cut: false, pose: { cx: 50, cy, angle: Math.PI / 2, width: 27, height: 40 } });
    const [face, ...rest] = joinHalves([half(36), half(64)]);
    expect(rest).toHaveLength(0);
    expect(face!.pose.cx).toBeCloseTo(50);
    expect(face!.pose.cy).toBeCloseTo(50);
    expect(face!.pose.width).toBeCloseTo(40);
    expect(face!.pose.height).toBeCloseTo(55);
    expect(Math.abs(Math.sin(face!.pose.angle))).toBeLessThan(1e-9);
    // Two upright faces side by side, a half beside a whole face lying sideways, halves far apart,
    // a half the frame's edge cuts: kept as found.
    const upright = (cx: number) => ({ cut: false, pose: { cx, cy: 50, angle: 0, width: 40, height: 54 } });
    expect(joinHalves([upright(30), upright(72)])).toHaveLength(2);
    expect(joinHalves([half(36), { cut: false, pose: { cx: 50, cy: 80, angle: Math.PI / 2, width: 40, height: 54 } }])).toHaveLength(2);
    expect(joinHalves([half(20), half(80)])).toHaveLength(2);
    expect(joinHalves([half(36), { ...half(64), cut: true }])).toHaveLength(2);
  });

  it("joins the halves of a face leaning in the frame, whose boxes stand square to the frame and offset along their length (only when asked: the framed tile's locator)", () => {
    // The face finder's halves of a Green Dragon seen at a slant (scene 5005, tile 15, on the
    // locator's copy 164 pixels across): the true face's corners 72,31 134,32 106,133 37,131
    // (middle 87,82, leaning 0.34 rad, 62 wide along its top, 106 along its side).
    const a = { cut: false, pose: { cx: 95, cy: 64, angle: -1.55, width: 56, height: 59 } };
    const b = { cut: false, pose: { cx: 79, cy: 114, angle: -1.55, width: 60, height: 64 } };
    expect(joinHalves([a, b])).toHaveLength(2);
    const [face, ...rest] = joinHalves([a, b], true);
    expect(rest).toHaveLength(0);
    expect(Math.hypot(face!.pose.cx - 87, face!.pose.cy - 82)).toBeLessThan(8);
    expect(face!.pose.angle).toBeGreaterThan(0.25);
    expect(face!.pose.angle).toBeLessThan(0.4);
    expect(face!.pose.width).toBeGreaterThan(55);
    expect(face!.pose.width).toBeLessThan(65);
    expect(face!.pose.height).toBeGreaterThan(100);
    expect(face!.pose.height).toBeLessThan(116);
    // Offset by more than 0.3 of their length, or either half as long and narrow as a half of an
    // upright face (40 long, 27 high): kept as found.
    expect(joinHalves([a, { ...b, pose: { ...b.pose, cx: 70 } }], true)).toHaveLength(2);
    expect(joinHalves([a, { ...b, pose: { ...b.pose, width: 36 } }], true)).toHaveLength(2);
  });
});
