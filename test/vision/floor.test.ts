import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { crop, makeFrame, turn90, type Frame } from '../../src/vision/image';
import { locateTile } from '../../src/vision/locate-tight';
import { readTile, teachSet, type TileSet } from '../../src/vision/tile-set';
import { readFloor } from '../../src/vision/floor';
import { findFaces } from '../../src/vision/find-faces';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import { readJpeg } from '../../tools/vision/decode';
import { builtInSetFromDisk } from '../../tools/vision/network-disk';
import { benchFaces, makeScene } from '../../tools/vision/scene';
import { frameAround, photoRow } from '../../tools/vision/real-row';
import { floorOn } from './floor-on';

/** A photograph made k times larger (nearest pixel): a tile nearer the camera than its row. */
const grow = (f: Frame, k: number): Frame => {
  const W = Math.round(f.width * k),
    H = Math.round(f.height * k),
    out = makeFrame(W, H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const j = (Math.floor(y / k) * f.width + Math.floor(x / k)) * 4;
      out.data.set(f.data.subarray(j, j + 4), (y * W + x) * 4);
    }
  return out;
};

// Real photographs (LICENSE.md in the folder), laid side by side on felt as tiles in a row.
const FIX = 'test/fixtures/vision-real';
const read = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));
const teach = (JSON.parse(readFileSync(join(FIX, 'teach.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));
const set = builtInSetFromDisk();
/** The set taught on the fixtures' teaching shots, made once (teaching is the slow part). */
let taughtSet: TileSet | undefined;
const fixtureSet = () => (taughtSet ??= teachSet('fixtures', teach).set);
/** The photograph each real-photograph case is built round (bench/ reads them all). */
const PHOTO = 0;

/** Photographs in a row on green felt, a thin shadow between each two (the seam of touching tiles). */
const row = (frames: Frame[], margin = 60, seam = 4): Frame => {
  const H = Math.max(...frames.map((f) => f.height)) + 2 * margin;
  const W = frames.reduce((s, f) => s + f.width + seam, 2 * margin - seam);
  const out = makeFrame(W, H);
  for (let i = 0; i < W * H; i++) out.data.set([40, 110, 60, 255], i * 4);
  let x0 = margin;
  for (const f of frames) {
    const y0 = margin + (H - 2 * margin - f.height) / 2;
    for (let y = 0; y < f.height; y++) out.data.set(f.data.subarray(y * f.width * 4, (y + 1) * f.width * 4), ((y0 + y) * W + x0) * 4);
    x0 += f.width + seam;
  }
  return out;
};

describe('among neighbours', () => {
  it('a face picked out from among touching real tiles is proposed, never recorded by itself', () => {
    const frame = row([read[0]!.frame, read[1]!.frame, read[2]!.frame]);
    const r = readTile(frame, set);
    expect(r.ok).toBe(true);
    expect(r.ok && r.confidence).toBeLessThan(AUTO_RECORD_AT);
  });

  /**
   * Each fixture photograph as the middle of a row of three (its neighbours the ones before and
   * after it, `seam` pixels of felt apart; `middle` may alter it), in the player's frame round it:
   * how many times a box the table locator offers is that photograph (at the frame's centre,
   * upright, as large as it is), and how many times it is read right. None is recorded by itself.
   */
  const middleOfRows = (seam: number, only: readonly number[], middle: (f: Frame) => Frame = (f) => f) => {
    const taught = fixtureSet();
    let boxed = 0,
      right = 0;
    for (const i of only) {
      const mid = read[i]!.frame,
        trio = [read[(i + read.length - 1) % read.length]!.frame, middle(mid), read[(i + 1) % read.length]!.frame];
      const { frame: all, centres } = photoRow(trio, seam);
      const side = Math.max(mid.width, mid.height),
        frame = frameAround(all, centres[1]!, side);
      const at = locateTile(frame);
      const boxes = at.ok ? [at.pose, ...(at.others ?? [])] : [];
      if (
        boxes.some(
          (p) =>
            Math.hypot(p.cx - frame.width / 2, p.cy - frame.height / 2) < 0.1 * side &&
            Math.abs(p.angle) < 0.2 &&
            Math.abs(p.width / mid.width - 1) < 0.15 &&
            Math.abs(p.height / mid.height - 1) < 0.15,
        )
      )
        boxed++;
      const r = readTile(frame, taught);
      if (r.ok && r.tile === read[i]!.tile) right++;
      if (r.ok) expect(r.confidence, read[i]!.file).toBeLessThan(AUTO_RECORD_AT);
    }
    return { boxed, right };
  };

  it("parts touching real tiles (at the faint seam between them, or by a face's shape) and reads the middle one", () => {
    // One row (bench/vision-real-row.ts reads every photograph so); 11 of the 12 boxed and all read
    // right the last time all were tested; before, none boxed: the three made one pale block,
    // boxed as one tile lying sideways.
    // (The first photograph, the one of 12 not boxed, is left to the bench.)
    expect(middleOfRows(0, [1])).toEqual({ boxed: 1, right: 1 });
  });

  it('finds a real tile much darker than the two beside it (in shadow), which the bars judged against the brightest paper miss', () => {
    const dim = (f: Frame): Frame => ({ ...f, data: f.data.map((v, j) => (j % 4 === 3 ? v : v * 0.55)) });
    // 11 and 11 of 12 when all were tested; without the centre's own bar none (two tiles in the
    // region, or a neighbour).
    expect(middleOfRows(6, [PHOTO], dim)).toEqual({ boxed: 1, right: 1 });
  });

  it('boxes a real tile lying alone on the felt without its own lit side, which joins its face', () => {
    const taught = fixtureSet();
    let boxed = 0,
      right = 0;
    for (const t of [read[PHOTO]!]) {
      // The photograph lying sideways on felt, a band of its near side below it: pale, plainer and
      // darker than the paper, a thin darker line (the bevel's edge) where it meets the face.
      const face = turn90(t.frame),
        { frame: f } = photoRow([face], 0, 120),
        y0 = 120 + face.height;
      for (let y = y0; y < y0 + Math.round(0.15 * face.height); y++)
        for (let x = 120; x < 120 + face.width; x++)
          f.data.set(y < y0 + 2 ? [140, 136, 118, 255] : [190, 184, 160, 255], (y * f.width + x) * 4);
      const at = locateTile(f);
      const boxes = at.ok ? [at.pose, ...(at.others ?? [])] : [];
      if (
        boxes.some(
          (p) =>
            Math.hypot(p.cx - (120 + face.width / 2), p.cy - (120 + face.height / 2)) < 0.05 * face.width &&
            Math.abs(p.width / face.height - 1) < 0.08 &&
            Math.abs(p.height / face.width - 1) < 0.08,
        )
      )
        boxed++;
      const r = readTile(f, taught);
      if (r.ok && r.tile === t.tile) right++;
    }
    // 12 and 12 of 12 when all were tested; before, the table locator's box alone, which takes in
    // the side: none boxed.
    expect({ boxed, right }).toEqual({ boxed: 1, right: 1 });
  });

  it("reads the face nearest the frame's centre when the frame holds its neighbours too (synthetic scene)", () => {
    const scene = makeScene(benchFaces(undefined, 40), 3);
    let centred = 0;
    for (const {
      box: [x, y, w, h],
    } of scene.tiles) {
      const size = Math.max(w, h) * 1.8;
      const at = locateTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size));
      if (at.ok && Math.abs(at.pose.cx - size / 2) < w / 2 && Math.abs(at.pose.cy - size / 2) < h / 2) centred++;
    }
    // 19 of its 21 tiles today; the bench measures more scenes (vision.scene_located).
    expect(centred).toBeGreaterThanOrEqual(17);
  });

  it('finds faces of the floor with their boxes, on a synthetic table scene with exact truth', () => {
    const scene = makeScene(benchFaces(undefined, 60), 7);
    const floor = readFloor(scene.frame, set);
    const onFace = floor.filter((f) => {
      const cx = f.box[0] + f.box[2] / 2,
        cy = f.box[1] + f.box[3] / 2;
      return scene.tiles.find((t) => cx > t.box[0] && cx < t.box[0] + t.box[2] && cy > t.box[1] && cy < t.box[1] + t.box[3]);
    });
    // What it does today (bench/vision-scene.ts has the figures): most boxes lie on a real face,
    // 14 of the 21 are read right (8 under one paleness bar, 10 reading each face's boxes under
    // three), none is sure enough to record by itself.
    expect(onFace.length / floor.length).toBeGreaterThan(0.6);
    const right = floor.filter((f) =>
      scene.tiles.some(
        (t) =>
          t.tile === f.tile &&
          f.box[0] + f.box[2] / 2 > t.box[0] &&
          f.box[0] + f.box[2] / 2 < t.box[0] + t.box[2] &&
          f.box[1] + f.box[3] / 2 > t.box[1] &&
          f.box[1] + f.box[3] / 2 < t.box[1] + t.box[3],
      ),
    );
    expect(right.length).toBeGreaterThanOrEqual(9);
    for (const f of floor) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
  });
});

describe('the whole floor', () => {
  it('finds a real tile at half the brightness of the four beside it (in shadow), which bars of 50% and more miss', () => {
    const dim = (f: Frame): Frame => ({ ...f, data: f.data.map((v, j) => (j % 4 === 3 ? v : v * 0.5)) });
    let found = 0,
      right = 0;
    for (const i of [PHOTO]) {
      const five = [0, 1, 2, 3, 4].map((d) => read[(i + d) % read.length]!);
      const { frame, centres } = photoRow(
        five.map((e, d) => (d === 2 ? dim(e.frame) : e.frame)),
        4,
      );
      const mid = five[2]!.frame,
        [cx, cy] = centres[2]!;
      const on = readFloor(frame, set).filter(
        (f) => Math.abs(f.box[0] + f.box[2] / 2 - cx) < mid.width / 2 && Math.abs(f.box[1] + f.box[3] / 2 - cy) < mid.height / 2,
      );
      if (on.length) found++;
      if (on.some((f) => f.tile === five[2]!.tile)) right++;
      for (const f of on) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
    }
    // 12 and 12 of 12 when all were tested (the 40% bar); under the bars of 70, 50 and 80% none
    // was found.
    expect({ found, right }).toEqual({ found: 1, right: 1 });
  });

  it('reads a real face twice the size of those beside it whole, not as the two halves it is cut into', () => {
    let whole = 0,
      right = 0;
    for (const i of [PHOTO]) {
      const five = [0, 1, 2, 3, 4].map((d) => read[(i + d) % read.length]!);
      const frames = five.map((e, d) => (d === 2 ? grow(e.frame, 1.45) : e.frame));
      const { frame, centres } = photoRow(frames, 4);
      const big = frames[2]!,
        [cx, cy] = centres[2]!;
      const on = readFloor(frame, set).filter(
        (f) => Math.abs(f.box[0] + f.box[2] / 2 - cx) < big.width / 2 && Math.abs(f.box[1] + f.box[3] / 2 - cy) < big.height / 2,
      );
      if (on.some((f) => Math.abs(f.box[2] / big.width - 1) < 0.15 && Math.abs(f.box[3] / big.height - 1) < 0.15)) whole++;
      if (on.length === 1 && on[0]!.tile === five[2]!.tile) right++;
      for (const f of on) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
    }
    // 11 and 11 of 12 when all were tested; before, its two halves were read as tiles lying
    // sideways: 2 boxed whole, none reported once and right.
    expect({ whole, right }).toEqual({ whole: 1, right: 1 });
  });

  it("reads more faces right with each box put on its face's own edges first (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([1013], set);
    // 78 of the 84 faces read right (scenes 1002 1010 1012 1013) when the rule came, of 85 readings; 66 of
    // 76 with the face finder's boxes as they came.
    // One scene here (1013: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("reports no reading of a piece of a face: half of one, a neighbour's sliver (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([1013], set);
    // 90 of the 105 faces read right and 12 wrong (scenes 1003 1005 1006 1012 1013) when the rule came; 89
    // and 18 with the pieces' readings (each under 60% of the faces beside it) weighed with the rest.
    // One scene here (1013: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("reads a face's other boxes when its first reads a wrong tile 90-95% sure from a box on part of the face or a quarter onto a neighbour (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([5010], set);
    // 81 of the 84 faces read right and 2 wrong (scenes 5004 5010 5014 5028) when the rule came; 75 and 7
    // keeping a reading 90% sure without the face's other boxes (a 1 Crak, a 3 Bam, a 1 Dot read in part
    // of a face).
    // One scene here (5010: 20 right, 1 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(20);
    expect(wrong).toBeLessThanOrEqual(1);
  });

  it("reads a face through the box whose kind matches its taught shots most closely, and a piece of a face read surely does not put out the face's own boxes (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([5010], set);
    // 82 of the 84 faces read right and 1 wrong (scenes 5002 5008 5010 5019) when the rule came; 78 and 5
    // choosing a face's surest box, with a piece's reading 95-99% sure (a 3 Bam in part of an 8 Bam, a 1
    // Crak in part of a Joker) keeping the face's own boxes unread.
    // One scene here (5010: 20 right, 1 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(20);
    expect(wrong).toBeLessThanOrEqual(1);
  });

  it("looks again round a face whose best box matches its kind unsurely, and reads it through a box of a face's shape there that matches closely (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([5005], set);
    // 81 of the 84 faces read right and 1 wrong (scenes 5003 5005 5006 5026) when the rule came (73 and 7
    // looking again at boxes of any size); 66 and 16 with each face read through the boxes the bars gave
    // alone (boxed a little off or half on a neighbour, a 3 Crak read as a 2 Crak, an 8 Crak as a 1 Crak).
    // One scene here (5005: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("looks again round an unsure face only at boxes of a face's size, not at half a face, whose wrong reading matched more closely (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([5005], set);
    // All 63 faces read right and none wrong (scenes 5005 5026 6019) when the rule came; 59 and 3 looking
    // at every box of a face's shape round it (a 4 Dot read in the upper half of a 7 Dot; a 7 Crak and a 9
    // Dot read as White Dragons).
    // One scene here (5005: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("judges a box's size against the faces at its height across the whole frame, not against its own row alone, whose boxes may be mostly pieces of faces or faces joined to neighbours (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([5017], set);
    // 62 of the 63 faces read right and 1 wrong (scenes 5017 5019 5023) when the rule came (57 and 5
    // before a box judged too large was weighed against the faces read surely too); 49 and 9 against the
    // middle box of the row (a near row parted into halves of faces, a dim one joined in pairs: its faces'
    // own boxes taken for a face with part of a neighbour, or for a piece, and never read).
    // One scene here (5017: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("reads no box much larger than the faces beside it (a face with part of a neighbour), whose sure wrong reading beat the face's own boxes (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([1013], set);
    // 78 of the 84 faces read right and 4 wrong (scenes 1003 1010 1013 1014) when the rule came; 72 and 9
    // with boxes over 1.3 times the faces beside them read too (a box across two faces read 2 Crak surely
    // and put out both).
    // One scene here (1013: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("reads a box judged too large against every box the bars found when it is a face's size against the faces read surely, and parts a box joined to a neighbour from the neighbour read surely (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([5017], set);
    // 60 of the 63 faces read right and 1 wrong (scenes 5000 5017 5024) when the rule came; 54 and 5
    // before: a near row whose boxes were mostly halves of faces made every face's own box there 1.3-1.5
    // times the size fitted, and its halves read a 1 Dot and a 2 Dot 95% sure; a box the bars joined to a
    // neighbour read surely was taken for the neighbour's and its face never read.
    // One scene here (5017: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("joins two halves of one face into the face as a framed tile's are (join-halves.ts), not a face lying sideways and its neighbour (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([1013], set);
    // All 63 faces read right and none wrong (scenes 1010 1013 1014) when the rule came; 62 and 1 with the
    // floor's own laxer joining, which took 4 Dot lying sideways and the face beside it for halves of one
    // face and read the two 1 Crak 86% sure.
    // One scene here (1013: 21 right, 0 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(21);
    expect(wrong).toBeLessThanOrEqual(0);
  });

  it("puts a box the bars set partly on a neighbour on its own face's edges in two moves (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([1009], set);
    // 106 of the 126 faces read right and 11 wrong (scenes 1000 1002 1003 1006 1007 1009) when the rule
    // came; 101 and 19 with each box put on its face's edges once (a side moves at most 16% of the box at
    // a time).
    // One scene here (1009: 18 right, 2 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(18);
    expect(wrong).toBeLessThanOrEqual(2);
  });

  it("reads the whole face's box too where a box holds only part of its face (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([1009], set);
    // 77 of the 84 faces read right and 2 wrong (scenes 1005 1009 1012 1014) when the rule came; 70 and 9
    // with the boxes as refined alone.
    // One scene here (1009: 18 right, 2 wrong); bench/vision-dev.ts reads them all.
    expect(right).toBeGreaterThanOrEqual(18);
    expect(wrong).toBeLessThanOrEqual(2);
  });
});

/** Photographs laid edge to edge on felt as the camera sees a row at the table's angle: each face
 *  a parallelogram (its sides leaning by `lean` radians, top and bottom along the row), a thin
 *  shadow between each two. Returns the frame and each face's centre. */
const leaningRow = (frames: Frame[], lean: number, faceH = 96, seam = 3) => {
  const faceW = Math.round((faceH * frames[0]!.width) / frames[0]!.height);
  const W = frames.length * (faceW + seam) + 2 * faceH,
    H = faceH * 2;
  const out = makeFrame(W, H);
  for (let i = 0; i < W * H; i++) out.data.set([40, 110, 60, 255], i * 4);
  const t = Math.tan(lean),
    y0 = (H - faceH) / 2,
    centres: [number, number][] = [];
  frames.forEach((f, k) => {
    const x0 = faceH + k * (faceW + seam);
    centres.push([x0 + faceW / 2, y0 + faceH / 2]);
    for (let y = 0; y < faceH; y++)
      for (let x = 0; x < faceW; x++) {
        // Lower rows lie further left: the face's sides lean by `lean` from the vertical.
        const px = Math.round(x0 + x - t * (y - faceH / 2)),
          py = Math.round(y0 + y);
        const sx = Math.floor((x / faceW) * f.width),
          sy = Math.floor((y / faceH) * f.height);
        out.data.set(f.data.subarray((sy * f.width + sx) * 4, (sy * f.width + sx) * 4 + 4), (py * W + px) * 4);
      }
  });
  return { frame: out, centres, faceW, faceH };
};

describe("faces at the table's angle", () => {
  it('boxes a leaning face by its edges: its upright axis along its sides, its height from top to bottom', () => {
    const lean = 0.3; // about 17 degrees, as the far corners of a table seen from a chair
    const { frame, centres, faceH } = leaningRow([read[3]!.frame, read[4]!.frame, read[5]!.frame], lean);
    const faces = findFaces(frame).filter((f) => !f.cut);
    for (const [cx, cy] of centres) {
      const f = faces.find((x) => Math.hypot(x.pose.cx - cx, x.pose.cy - cy) < faceH * 0.15);
      expect(f, `a face at ${cx},${cy}`).toBeTruthy();
      // The face's true height runs along its sides: faceH / cos(lean).
      expect(Math.abs(f!.pose.height / (faceH / Math.cos(lean)) - 1)).toBeLessThan(0.12);
      expect(Math.abs(Math.abs(f!.pose.angle) - lean)).toBeLessThan(0.1);
    }
  });
});

describe('choosing among boxes', () => {
  it('finds faces the usual paleness bar misses or leaves joined, and reads each through the box it reads most surely (synthetic scenes)', () => {
    const art = benchFaces(undefined, 60);
    let found = 0,
      others = 0,
      right = 0,
      n = 0;
    for (const seed of [14]) {
      const scene = makeScene(art, seed);
      for (const {
        box: [x, y, w, h],
        tile,
      } of scene.tiles) {
        n++;
        const size = Math.max(w, h) * 1.6;
        const frame = crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size);
        const at = locateTile(frame);
        if (at.ok && Math.abs(at.pose.cx - size / 2) < w / 2 && Math.abs(at.pose.cy - size / 2) < h / 2) found++;
        if (at.ok && at.others) others++;
        const r = readTile(frame, set);
        if (r.ok && r.tile === tile) right++;
        if (r.ok && at.ok && at.neighbours) expect(r.confidence).toBeLessThan(AUTO_RECORD_AT);
      }
    }
    // With the usual bar alone it found 55 of the 63 tiles of scenes 14, 17 and 18 and read 41
    // right; with three bars 62 and 46.
    // Scene 14 alone: 21 found and 21 read right today.
    expect(n).toBe(21);
    expect(others).toBeGreaterThan(0);
    expect(found).toBe(21);
    expect(right).toBe(21);
  });
});
