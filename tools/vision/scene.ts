/**
 * Synthetic table scenes with exact truth, to measure finding and reading tiles among neighbours:
 * felt, discard rows of touching tiles (some lying sideways, some upside down, each a little
 * askew), the tiles' near sides and their shadows, the camera's perspective and uneven light.
 * The faces are the American renders of the bench's fixed set (test/fixtures/vision/bench, two
 * art styles: jokers, flowers, corner numbers), never the shots the built-in set is made from.
 *
 * A scene is drawn flat on the table (a top view), then seen through a homography (the far edge
 * narrower than the near one), so every face's corners, and so its box in the frame, are known.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tile } from '../../src/core/tiles';
import { crop, makeFrame, sample, type Frame } from '../../src/vision/image';
import { straighten } from '../../src/vision/embedding-input';
import { locateFramed } from '../../src/vision/framed';
import { finderFromDisk } from './network-disk';
import type { FacePose } from '../../src/vision/locate';
import { readJpeg } from './decode';

export interface FaceArt {
  tile: Tile;
  face: Frame;
}
export interface SceneTile {
  tile: Tile;
  /** the face's bounding box in the frame's pixels: [x, y, w, h] */
  box: [number, number, number, number];
  /** the face's corners in the frame (top-left, top-right, bottom-right, bottom-left of the art) */
  corners: [number, number][];
  /** how the art is turned on the table, degrees clockwise (about 0, 90, 180 or 270) */
  angle: number;
  sideways: boolean;
}

/** Is (x, y) inside the face's four corners (a convex quadrilateral)? */
export const inFace = (t: SceneTile, x: number, y: number): boolean => {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const [x0, y0] = t.corners[k]!,
      [x1, y1] = t.corners[(k + 1) % 4]!;
    const s = Math.sign((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0));
    if (s !== 0 && sign !== 0 && s !== sign) return false;
    if (s !== 0) sign = s;
  }
  return true;
};
export interface Scene {
  frame: Frame;
  tiles: SceneTile[];
}

const FACE_W = 60,
  FACE_H = 80;

/** Where each of the bench's fixed renders shows its face (faces.json beside truth.json): pinned,
 *  not found afresh, so that tuning the locator does not change the scenes that measure it
 *  (pinBenchFaces wrote them with the locator of the time). */
export const BENCH_FACES_FILE = 'faces.json';

/** Each render's face as the framed-face finder (framed.ts) finds it now, by file: what pinBenchFaces writes. */
export const locateBenchFaces = async (dir = 'test/fixtures/vision/bench'): Promise<Record<string, FacePose>> => {
  const truth: { file: string }[] = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8'));
  const finder = await finderFromDisk();
  const out: Record<string, FacePose> = {};
  for (const t of truth) {
    const at = await locateFramed(readJpeg(join(dir, t.file)), finder);
    if (at.ok) out[t.file] = at.boxes[0]!;
  }
  return out;
};

/** The faces of the bench's fixed renders, straightened at their pinned poses: the art the scenes are made of. */
export const benchFaces = (dir = 'test/fixtures/vision/bench', limit = Infinity): FaceArt[] => {
  const truth: { file: string; tile: Tile }[] = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8'));
  const poses: Record<string, FacePose> = JSON.parse(readFileSync(join(dir, BENCH_FACES_FILE), 'utf8'));
  const out: FaceArt[] = [];
  for (const t of truth.slice(0, limit)) {
    const pose = poses[t.file];
    if (pose) out.push({ tile: t.tile, face: straighten(readJpeg(join(dir, t.file)), pose, FACE_W, FACE_H) });
  }
  return out;
};

/** A small seeded generator (mulberry32): the same seed, the same scene. */
export const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The homography taking 4 points to 4 points (a 3x3 matrix, row-major, h33 = 1). */
export const homography = (from: [number, number][], to: [number, number][]): number[] => {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!,
      [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8x9 augmented matrix.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const k = A[r]![c]! / A[c]![c]!;
      for (let j = c; j < 9; j++) A[r]![j]! -= k * A[c]![j]!;
    }
  }
  return [...A.map((row, i) => row[8]! / row[i]!), 1];
};
export const project = (H: readonly number[], x: number, y: number): [number, number] => {
  const w = H[6]! * x + H[7]! * y + H[8]!;
  return [(H[0]! * x + H[1]! * y + H[2]!) / w, (H[3]! * x + H[4]! * y + H[5]!) / w];
};
const invert = (m: readonly number[]): number[] => {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h,
    B = -(d * i - f * g),
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((v) => v / det);
};

export interface SceneOptions {
  width?: number;
  height?: number;
  /** discard rows, and tiles in each */
  rows?: number;
  perRow?: number;
  /** share of tiles lying sideways */
  sideways?: number;
  /** how strongly the far edge narrows (0: seen from straight above) */
  perspective?: number;
  /** a tile (by its place in `tiles`) not yet laid down: the same scene the moment before */
  leaveOut?: number;
}

/** Draw a scene: rows of touching tiles on felt, seen at an angle, with its exact truth. */
export const makeScene = (faces: readonly FaceArt[], seed: number, o: SceneOptions = {}): Scene => {
  const rnd = seeded(seed);
  const W = o.width ?? 1280,
    H = o.height ?? 720,
    rows = o.rows ?? 3,
    perRow = o.perRow ?? 7;
  // The top view, in table pixels: a face is FW x FH, its near side SIDE deep.
  const FW = 44,
    FH = 58,
    SIDE = 9;
  const TW = 620,
    TH = 420;
  const felt = [30 + rnd() * 30, 90 + rnd() * 40, 50 + rnd() * 30];
  const table = new Float32Array(TW * TH * 3);
  for (let i = 0; i < TW * TH; i++) {
    const grain = (rnd() - 0.5) * 14;
    for (let c = 0; c < 3; c++) table[i * 3 + c] = felt[c]! + grain;
  }
  const put = (x: number, y: number, rgb: readonly number[], alpha = 1) => {
    if (x < 0 || y < 0 || x >= TW || y >= TH) return;
    const j = (y * TW + x) * 3;
    for (let c = 0; c < 3; c++) table[j + c] = table[j + c]! * (1 - alpha) + rgb[c]! * alpha;
  };
  const placed: { tile: Tile; cornersTop: [number, number][]; angle: number; sideways: boolean }[] = [];
  const rowH = FH + SIDE + 26;
  const y0 = (TH - rows * rowH) / 2 + 8;
  for (let r = 0; r < rows; r++) {
    let x = 24 + rnd() * 30;
    const y = y0 + r * rowH;
    for (let k = 0; k < perRow; k++) {
      const art = faces[Math.floor(rnd() * faces.length)]!;
      const side = rnd() < (o.sideways ?? 0.3);
      const turn = (side ? 90 : 0) + (rnd() < 0.5 ? 180 : 0);
      const tilt = (rnd() - 0.5) * 8;
      const w = side ? FH : FW,
        h = side ? FW : FH;
      if (x + w > TW - 10) break;
      const cx = x + w / 2,
        cy = y + (FH - h) + h / 2;
      const absent = placed.length === o.leaveOut;
      // Shadow on the felt, then the near side, then the face (a darker bevel round its rim).
      const a = ((turn + tilt) * Math.PI) / 180,
        cos = Math.cos(a),
        sin = Math.sin(a);
      const tiltR = (tilt * Math.PI) / 180,
        tc = Math.cos(tiltR),
        ts = Math.sin(tiltR);
      for (let py = Math.floor(cy - h); py < cy + h + SIDE + 8; py++)
        for (let px = Math.floor(cx - w); px < cx + w; px++) {
          // Position in the tile's own (tilted) frame.
          const dx = px - cx,
            dy = py - cy;
          const u = dx * tc + dy * ts,
            v = -dx * ts + dy * tc;
          if (!absent && Math.abs(u) <= w / 2 + 3 && v > -h / 2 && v <= h / 2 + SIDE + 5)
            put(px, py, [0, 0, 0], 0.35 * (v > h / 2 + SIDE ? 0.6 : 1));
        }
      for (let py = Math.floor(cy - h); py < cy + h + SIDE; py++)
        for (let px = Math.floor(cx - w); px < cx + w; px++) {
          const dx = px - cx,
            dy = py - cy;
          const u = dx * tc + dy * ts,
            v = -dx * ts + dy * tc;
          if (absent || Math.abs(u) > w / 2) continue;
          if (v > h / 2 && v <= h / 2 + SIDE) {
            const shade = 150 - 40 * ((v - h / 2) / SIDE);
            put(px, py, [shade + 30, shade + 25, shade]);
          } else if (Math.abs(v) <= h / 2) {
            // Art coordinates: undo the turn (the art's own upright frame).
            const fu = dx * cos + dy * sin,
              fv = -dx * sin + dy * cos;
            const ax = ((fu + FW / 2) / FW) * FACE_W,
              ay = ((fv + FH / 2) / FH) * FACE_H;
            const rim = Math.min(w / 2 - Math.abs(u), h / 2 - Math.abs(v));
            const k2 = rim < 1.5 ? 0.72 : 1;
            put(
              px,
              py,
              [0, 1, 2].map((c) => sample(art.face, ax - 0.5, ay - 0.5, c) * k2),
            );
          }
        }
      const corner = (fu: number, fv: number): [number, number] => [cx + fu * cos - fv * sin, cy + fu * sin + fv * cos];
      placed.push({
        tile: art.tile,
        cornersTop: [corner(-FW / 2, -FH / 2), corner(FW / 2, -FH / 2), corner(FW / 2, FH / 2), corner(-FW / 2, FH / 2)],
        angle: (turn + tilt + 360) % 360,
        sideways: side,
      });
      x += w + (rnd() < 0.7 ? 0 : 2 + rnd() * 4); // mostly touching
    }
  }
  // Seen through the camera: the far edge narrower, the whole table filling most of the frame.
  const p = (o.perspective ?? 0.18) * (0.7 + rnd() * 0.6);
  const m = 0.04 * W;
  const Hm = homography(
    [
      [0, 0],
      [TW, 0],
      [TW, TH],
      [0, TH],
    ],
    [
      [m + p * W, m],
      [W - m - p * W, m],
      [W - m, H - m],
      [m, H - m],
    ],
  );
  const inv = invert(Hm);
  const frame = makeFrame(W, H);
  const lx = (rnd() - 0.5) * 0.5,
    ly = (rnd() - 0.5) * 0.4;
  const tableFrame = { width: TW, height: TH, data: new Uint8ClampedArray(TW * TH * 4) };
  for (let i = 0; i < TW * TH; i++) for (let c = 0; c < 3; c++) tableFrame.data[i * 4 + c] = table[i * 3 + c]!;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [u, v] = project(inv, x + 0.5, y + 0.5);
      const o4 = (y * W + x) * 4;
      const light = 1 + lx * (x / W - 0.5) + ly * (y / H - 0.5);
      const inside = u >= 0 && v >= 0 && u < TW && v < TH;
      for (let c = 0; c < 3; c++) frame.data[o4 + c] = (inside ? sample(tableFrame, u - 0.5, v - 0.5, c) : felt[c]! * 0.8) * light;
      frame.data[o4 + 3] = 255;
    }
  const tiles = placed.map((t) => {
    const corners = t.cornersTop.map(([u, v]) => project(Hm, u, v));
    const xs = corners.map((c) => c[0]),
      ys = corners.map((c) => c[1]);
    const bx = Math.min(...xs),
      by = Math.min(...ys);
    return {
      tile: t.tile,
      corners,
      box: [bx, by, Math.max(...xs) - bx, Math.max(...ys) - by] as [number, number, number, number],
      angle: t.angle,
      sideways: t.sideways,
    };
  });
  return { frame, tiles };
};

/** A tile framed as a player frames a discard in its row (what the scene bench reads): a square
 *  1.6 times the tile's size, its centre off the tile's by up to a tenth each way (two draws of
 *  `rnd`), and where the frame's corner lies in the scene. */
export const playerFrame = (scene: Scene, t: SceneTile, rnd: () => number) => {
  const [x, y, w, h] = t.box;
  const size = Math.max(w, h) * 1.6;
  const cx = x + w / 2 + (rnd() - 0.5) * 0.2 * w,
    cy = y + h / 2 + (rnd() - 0.5) * 0.2 * h;
  return {
    frame: crop(scene.frame, cx - size / 2, cy - size / 2, size, size),
    ox: Math.max(0, Math.round(cx - size / 2)),
    oy: Math.max(0, Math.round(cy - size / 2)),
  };
};

/** A box found in a player's frame (its corner at ox, oy in the scene) is the tile's: its centre
 *  inside the tile's box and its size within 30% of the face's. */
export const boxesTile = (pose: FacePose, t: SceneTile, ox: number, oy: number) => {
  const [x, y, w, h] = t.box,
    px = pose.cx + ox,
    py = pose.cy + oy;
  const big = Math.max(pose.width, pose.height),
    trueBig = Math.hypot(t.corners[0]![0] - t.corners[3]![0], t.corners[0]![1] - t.corners[3]![1]);
  return px > x && px < x + w && py > y && py < y + h && Math.abs(big / trueBig - 1) < 0.3;
};
