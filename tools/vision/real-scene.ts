/**
 * Table frames made of real material, with exact truth: the real tile photographs
 * (test/fixtures/vision-real-set) cut to their faces and laid onto photographed surfaces
 * (test/fixtures/vision-surfaces: felt, cloth, wood, stone, paper; dark, pale, patterned and
 * glossy), as discard rows of touching and overlapping tiles plus loose ones, upright, sideways
 * and tilted, each tile's body (its ivory layer and coloured back) showing on the side nearer the
 * camera, its shadow on the table, seen in perspective under uneven light (a lamp's pool, a
 * player's shadow, glare on a glossy surface), with a webcam's noise and JPEG compression.
 *
 * A scene is laid out flat (a top view, in table units), drawn there, then seen through a
 * homography, so every face's four corners in the frame are known. The layout is drawn from the
 * seed before anything else, so the same seed with a tile left out (`leaveOut`) is the same table
 * the moment before that tile was laid, and `change` disturbs the moment after: the camera bumped,
 * a hand passing over, a neighbour nudged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import type { Tile } from '../../src/core/tiles';
import { makeFrame, sample, type Frame } from '../../src/vision/image';
import { readImage, decodeJpegBuffer } from './decode';
import { homography, project, seeded, type Scene, type SceneTile } from './scene';

export const SURFACES_DIR = 'test/fixtures/vision-surfaces';
/** The real photographs, in the repository (the bench needs them and fetches nothing). */
export const REAL_SET_DIR = 'test/fixtures/vision-real-set';

export interface Surface {
  name: string;
  tone: 'dark' | 'pale' | 'patterned' | 'glossy';
  glossy: boolean;
  texture: Frame;
  tint: [number, number, number];
  repeat: number;
}
export interface RealFace {
  tile: Tile;
  face: Frame;
}

export const loadSurfaces = (dir = SURFACES_DIR): Surface[] => {
  const list: { file: string; name: string; tone: Surface['tone']; glossy?: boolean; tint?: [number, number, number]; repeat: number }[] =
    JSON.parse(readFileSync(join(dir, 'surfaces.json'), 'utf8'));
  return list.map((s) => {
    const img = readImage(join(dir, s.file));
    if (!img.ok) throw new Error(img.error);
    return { name: s.name, tone: s.tone, glossy: s.glossy ?? false, texture: img.frame, tint: s.tint ?? [1, 1, 1], repeat: s.repeat };
  });
};

/** A crop's face: the crops are tight with slivers of the neighbours at their sides, so a margin
 *  is cut off (6% of the width each side, 3% of the height). */
export const faceOfCrop = (tile: Tile, crop: Frame): RealFace => {
  const mx = Math.round(crop.width * 0.06),
    my = Math.round(crop.height * 0.03);
  const w = crop.width - 2 * mx,
    h = crop.height - 2 * my;
  const face = makeFrame(w, h);
  for (let y = 0; y < h; y++)
    face.data.set(crop.data.subarray(((y + my) * crop.width + mx) * 4, ((y + my) * crop.width + mx + w) * 4), y * w * 4);
  return { tile, face };
};

export interface RealSceneOptions {
  width?: number;
  height?: number;
  /** a tile (by its place in `tiles`) not yet laid down, or several: the same table the moment before */
  leaveOut?: number | readonly number[];
  /** the moment after, disturbed: the camera bumped, a hand passing over, the laid tile's neighbour nudged */
  change?: 'bump' | 'hand' | 'nudge';
  /** the tile whose neighbour `nudge` moves, and that the hand keeps clear of */
  laid?: number;
  /** loose tiles (turned any way) number 0 to this less one; the finder's training frames ask for more */
  loose?: number;
}

interface Placed {
  art: RealFace;
  cx: number;
  cy: number;
  angle: number;
  sideways: boolean;
  back: [number, number, number];
  lit: number;
}

/** Tile backs seen at the table: green, blue, yellow, orange, a dark red, a pale one. */
const BACKS: [number, number, number][] = [
  [40, 120, 70],
  [40, 80, 150],
  [210, 170, 50],
  [215, 110, 40],
  [130, 40, 45],
  [215, 210, 195],
];

/** Lay out a table in table units (a face FW wide, FH tall): discard rows, some tiles loose. */
const layout = (faces: readonly RealFace[], rnd: () => number, FW: number, FH: number, TW: number, TH: number, looseUpTo = 5): Placed[] => {
  const placed: Placed[] = [];
  const back = BACKS[Math.floor(rnd() * BACKS.length)]!;
  const rows = 2 + Math.floor(rnd() * 3),
    perRow = 5 + Math.floor(rnd() * 5);
  const rowH = FH * (1.35 + rnd() * 0.4);
  const y0 = (TH - rows * rowH) / 2 + FH * 0.6;
  const pick = () => faces[Math.floor(rnd() * faces.length)]!;
  for (let r = 0; r < rows; r++) {
    let x = FW * (0.4 + rnd() * 1.2);
    const y = y0 + r * rowH + (rnd() - 0.5) * FH * 0.2;
    for (let k = 0; k < perRow; k++) {
      const art = pick(),
        sideways = rnd() < 0.25;
      const angle = (sideways ? 90 : 0) + (rnd() < 0.5 ? 180 : 0) + (rnd() - 0.5) * 10;
      const w = sideways ? FH : FW;
      if (x + w > TW - FW * 0.3) break;
      placed.push({ art, cx: x + w / 2, cy: y + (rnd() - 0.5) * FH * 0.08, angle, sideways, back, lit: 0.85 + rnd() * 0.2 });
      // mostly touching; sometimes a gap; sometimes laid a little over the one before
      const g = rnd();
      x += w + (g < 0.6 ? 0 : g < 0.85 ? FW * (0.05 + rnd() * 0.2) : -FW * (0.04 + rnd() * 0.08));
    }
  }
  // Loose tiles, turned any way, kept clear of the rows' faces.
  const loose = Math.floor(rnd() * looseUpTo);
  for (let k = 0, tries = 0; k < loose && tries < 40; tries++) {
    const cx = FW + rnd() * (TW - 2 * FW),
      cy = FH + rnd() * (TH - 2 * FH);
    const art = pick(),
      angle = rnd() * 360,
      sideways = Math.abs(((angle + 45) % 180) - 90) < 45;
    if (placed.some((p) => Math.hypot(p.cx - cx, p.cy - cy) < FH * 1.15)) continue;
    placed.push({ art, cx, cy, angle, sideways, back, lit: 0.85 + rnd() * 0.2 });
    k++;
  }
  return placed;
};

const clamp = (x: number) => (x < 0 ? 0 : x > 255 ? 255 : x);

/** The surface a seed's table is made of: consecutive seeds go round every surface (5 is prime to their count, 16). */
export const surfaceOf = (surfaces: readonly Surface[], seed: number): Surface => surfaces[(seed * 5) % surfaces.length]!;

/** Draw a scene of real faces on a real surface, with its exact truth. */
export const makeRealScene = (faces: readonly RealFace[], surfaces: readonly Surface[], seed: number, o: RealSceneOptions = {}): Scene => {
  const rnd = seeded(seed);
  const W = o.width ?? 1280,
    H = o.height ?? 720;
  const left = (n: number) => (typeof o.leaveOut === 'number' ? n === o.leaveOut : (o.leaveOut?.includes(n) ?? false));
  const surface = surfaceOf(surfaces, seed);
  // Table units: a face 40 x 54 (a real tile's 3:4 or so), the body's visible depth SIDE.
  const FW = 40,
    FH = 54,
    SIDE = 9 + rnd() * 5;
  const zoom = 0.8 + rnd() * 0.45; // how near the camera is
  // The same table whatever the resolution: a 1920x1080 camera sees its faces 1.5 times larger.
  const TW = Math.round(620 / zoom),
    TH = Math.round(420 / zoom);
  const placed = layout(faces, rnd, FW, FH, TW, TH, o.loose);
  // The camera: far edge narrower, the view turned a little, corners a little off.
  const p = 0.08 + rnd() * 0.17,
    m = 0.02 * W,
    turn = (rnd() - 0.5) * 0.12;
  const jitter = () => (rnd() - 0.5) * 0.03 * W;
  const quad: [number, number][] = [
    [m + p * W + jitter(), m + jitter()],
    [W - m - p * W + jitter(), m + jitter()],
    [W - m + jitter(), H - m + jitter()],
    [m + jitter(), H - m + jitter()],
  ];
  const cT = Math.cos(turn),
    sT = Math.sin(turn);
  const view = quad.map(([x, y]): [number, number] => [
    W / 2 + (x - W / 2) * cT - (y - H / 2) * sT,
    H / 2 + (x - W / 2) * sT + (y - H / 2) * cT,
  ]);
  // The light: a gradient, a lamp's pool, maybe a player's shadow across the table, glare on gloss.
  const gx = (rnd() - 0.5) * 0.6,
    gy = (rnd() - 0.5) * 0.5;
  const lamp = { x: rnd() * W, y: rnd() * H, r: (0.3 + rnd() * 0.5) * W, k: 0.15 + rnd() * 0.35 };
  const shade =
    rnd() < 0.6
      ? { x: rnd() * W, y: rnd() < 0.5 ? 0 : H, rx: (0.15 + rnd() * 0.25) * W, ry: (0.3 + rnd() * 0.4) * H, k: 0.25 + rnd() * 0.3 }
      : null;
  const glare = surface.glossy || rnd() < 0.25 ? { x: rnd() * W, y: rnd() * H, r: (0.05 + rnd() * 0.12) * W, k: 60 + rnd() * 110 } : null;
  const tint = [0.9 + rnd() * 0.2, 1, 0.88 + rnd() * 0.2];
  const quality = 60 + Math.floor(rnd() * 30),
    noise = 3 + rnd() * 5,
    shadowDir = [(rnd() - 0.5) * 0.8, 0.3 + rnd() * 0.5];
  const texScale = surface.texture.width / (surface.repeat * FW);

  // The moment after: its own draws, so the table above is the same whatever changes.
  const crnd = seeded(seed * 31 + 17);
  const tiles = placed.map((t) => ({ ...t }));
  let camera = view;
  if (o.change === 'bump')
    camera = view.map(([x, y]) => [x + (crnd() - 0.5) * 0.02 * W + 0.006 * W, y + (crnd() - 0.5) * 0.02 * H + 0.006 * H]);
  if (o.change === 'nudge' && o.laid !== undefined) {
    const n = tiles[o.laid + 1] ?? tiles[o.laid - 1];
    if (n) {
      n.cx += (crnd() - 0.5) * FW * 0.3;
      n.cy += (crnd() - 0.5) * FH * 0.2;
      n.angle += (crnd() - 0.5) * 10;
    }
  }
  const Hm = homography(
    [
      [0, 0],
      [TW, 0],
      [TW, TH],
      [0, TH],
    ],
    camera,
  );
  const inv = homography(camera, [
    [0, 0],
    [TW, 0],
    [TW, TH],
    [0, TH],
  ]);

  // The top view: tiles and their shadows, drawn over a transparent layer (the surface comes later).
  const S = Math.max(2, Math.ceil(W / TW)); // top-view pixels per table unit, at least the frame's
  const VW = TW * S,
    VH = TH * S;
  const rgb = new Float32Array(VW * VH * 3),
    alpha = new Float32Array(VW * VH),
    dark = new Float32Array(VW * VH).fill(1);
  let cos = 1,
    sin = 0;
  const inRect = (t: Placed, x: number, y: number, dx: number, dy: number, grow: number) => {
    const px = x - (t.cx + dx),
      py = y - (t.cy + dy);
    const u = px * cos + py * sin,
      v = -px * sin + py * cos;
    return Math.abs(u) <= FW / 2 + grow && Math.abs(v) <= FH / 2 + grow ? ([u, v] as const) : null;
  };
  const R = Math.hypot(FW, FH) / 2 + 2;
  const span = (t: Placed) => [
    Math.floor((t.cx - R - SIDE) * S),
    Math.ceil((t.cx + R + SIDE) * S),
    Math.floor((t.cy - R) * S),
    Math.ceil((t.cy + R + SIDE * 2) * S),
  ];
  const paint = (i: number, c: readonly number[], a = 1) => {
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = rgb[i * 3 + k]! * (1 - a) + c[k]! * a;
    alpha[i] = alpha[i]! * (1 - a) + a;
  };
  tiles.forEach((t, n) => {
    if (left(n)) return;
    const [x0, x1, y0, y1] = span(t);
    const art = t.art.face,
      lit = t.lit;
    cos = Math.cos((t.angle * Math.PI) / 180);
    sin = Math.sin((t.angle * Math.PI) / 180);
    const back = t.back.map((c) => c * 0.8),
      face = [0, 0, 0];
    for (let py = Math.max(0, y0); py < Math.min(VH, y1); py++)
      for (let px = Math.max(0, x0); px < Math.min(VW, x1); px++) {
        const x = (px + 0.5) / S,
          y = (py + 0.5) / S,
          i = py * VW + px;
        // shadow cast away from the light, the body's coloured back, its ivory layer, the face
        if (inRect(t, x, y, shadowDir[0]! * SIDE, SIDE + shadowDir[1]! * SIDE, 1.5)) dark[i] = Math.min(dark[i]!, 0.55);
        if (inRect(t, x, y, 0, SIDE, 0)) paint(i, back);
        const ivory = inRect(t, x, y, 0, SIDE * 0.45, 0);
        if (ivory) {
          const k = 0.75 + 0.1 * (ivory[1] / FH);
          face[0] = 200 * k;
          face[1] = 195 * k;
          face[2] = 178 * k;
          paint(i, face);
        }
        const f = inRect(t, x, y, 0, 0, 0);
        if (!f) continue;
        const [u, v] = f,
          rim = Math.min(FW / 2 - Math.abs(u), FH / 2 - Math.abs(v));
        const ax = ((u + FW / 2) / FW) * art.width,
          ay = ((v + FH / 2) / FH) * art.height;
        const bevel = rim < 1.2 ? 0.78 : 1;
        // the photograph shrinks a lot: two samples a unit apart each way, averaged
        const st = art.width / FW / (S * 2);
        for (let c = 0; c < 3; c++)
          face[c] =
            ((sample(art, ax - st, ay - st, c) +
              sample(art, ax + st, ay - st, c) +
              sample(art, ax - st, ay + st, c) +
              sample(art, ax + st, ay + st, c)) /
              4) *
            bevel *
            lit;
        paint(i, face);
      }
  });

  // Seen through the camera: the surface everywhere, the top view over it, then the light.
  const frame = makeFrame(W, H);
  const tex = surface.texture,
    TXW = tex.width,
    TXH = tex.height;
  const mirror = (q: number, n: number) => {
    const r = ((q % (2 * n)) + 2 * n) % (2 * n);
    return r < n ? r : 2 * n - 1 - r;
  };
  const col = [0, 0, 0];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const [u, v] = project(inv, x + 0.5, y + 0.5);
      const tu = mirror(u * texScale, TXW),
        tv = mirror(v * texScale, TXH);
      for (let c = 0; c < 3; c++) col[c] = sample(tex, tu, tv, c) * surface.tint[c]!;
      const vx = Math.floor(u * S),
        vy = Math.floor(v * S);
      if (vx >= 0 && vy >= 0 && vx < VW && vy < VH) {
        const i = vy * VW + vx,
          a = alpha[i]!;
        for (let c = 0; c < 3; c++) col[c] = col[c]! * dark[i]! * (1 - a) + rgb[i * 3 + c]! * a;
      }
      let light =
        (1 + gx * (x / W - 0.5) + gy * (y / H - 0.5)) *
        (1 - lamp.k + lamp.k * 1.6 * Math.exp(-((x - lamp.x) ** 2 + (y - lamp.y) ** 2) / (lamp.r * lamp.r)));
      if (shade) light *= 1 - shade.k * Math.exp(-(((x - shade.x) / shade.rx) ** 4 + ((y - shade.y) / shade.ry) ** 4));
      const shine = glare ? glare.k * Math.exp(-((x - glare.x) ** 2 + (y - glare.y) ** 2) / (glare.r * glare.r)) : 0;
      const o4 = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) frame.data[o4 + c] = clamp(col[c]! * light * tint[c]! + shine + (rnd() - 0.5) * noise * 2);
      frame.data[o4 + 3] = 255;
    }
  const truth: SceneTile[] = tiles.flatMap((t, n) => {
    if (left(n)) return [];
    const a = (t.angle * Math.PI) / 180;
    const corner = (fu: number, fv: number) =>
      project(Hm, t.cx + fu * Math.cos(a) - fv * Math.sin(a), t.cy + fu * Math.sin(a) + fv * Math.cos(a));
    const corners = [corner(-FW / 2, -FH / 2), corner(FW / 2, -FH / 2), corner(FW / 2, FH / 2), corner(-FW / 2, FH / 2)];
    const xs = corners.map((c) => c[0]),
      ys = corners.map((c) => c[1]);
    const bx = Math.min(...xs),
      by = Math.min(...ys);
    return [
      {
        tile: t.art.tile,
        corners,
        box: [bx, by, Math.max(...xs) - bx, Math.max(...ys) - by] as [number, number, number, number],
        angle: ((t.angle % 360) + 360) % 360,
        sideways: t.sideways,
      },
    ];
  });
  if (o.change === 'hand') drawHand(frame, crnd, o.laid === undefined ? null : tiles[o.laid]!, Hm);
  // A webcam's JPEG.
  const jpg = jpeg.encode({ width: W, height: H, data: frame.data }, quality);
  return { frame: decodeJpegBuffer(jpg.data), tiles: truth };
};

/** A hand and forearm reaching in from the frame's edge, clear of the tile just laid. */
const drawHand = (
  frame: { width: number; height: number; data: Uint8ClampedArray },
  rnd: () => number,
  laid: Placed | null,
  Hm: readonly number[],
) => {
  const W = frame.width,
    H = frame.height;
  const skin = [
    [225, 180, 150],
    [190, 140, 105],
    [140, 95, 70],
    [95, 65, 50],
  ][Math.floor(rnd() * 4)]!;
  const [lx, ly] = laid ? project(Hm, laid.cx, laid.cy) : [-1e9, -1e9];
  // the laid tile's reach from its centre in the frame: a little past its corners (a face is 40 by 54
  // table units), so its side and edge stay clear too
  const [rx0, ry0] = laid ? project(Hm, laid.cx + 30, laid.cy + 30) : [lx, ly];
  const reach = Math.hypot(rx0 - lx, ry0 - ly);
  const r = 0.06 * W;
  let blobs: [number, number, number, number][] = [];
  // the palm far from the laid tile, and the forearm back to the frame's edge clear of it too
  for (let arm = 0; arm < 30; arm++) {
    let hx = 0,
      hy = 0;
    for (let tries = 0; tries < 30; tries++) {
      hx = (0.15 + rnd() * 0.7) * W;
      hy = (0.2 + rnd() * 0.6) * H;
      if (Math.hypot(hx - lx, hy - ly) > 0.22 * W) break;
    }
    const fromBottom = rnd() < 0.7;
    // palm, four fingers ahead of it, the forearm back to the edge
    blobs = [[hx, hy, r, r * 0.8]];
    for (let f = 0; f < 4; f++) blobs.push([hx + (f - 1.5) * r * 0.45, hy - r * (fromBottom ? 1.3 : -1.3), r * 0.16, r * 0.55]);
    const ex = fromBottom ? hx + (rnd() - 0.5) * 0.2 * W : rnd() < 0.5 ? 0 : W,
      ey = fromBottom ? H : hy;
    for (let s = 0; s <= 10; s++) blobs.push([hx + ((ex - hx) * s) / 10, hy + ((ey - hy) * s) / 10, r * 0.75, r * 0.75]);
    if (blobs.every(([bx, by, rx, ry]) => ((lx - bx) / (rx + reach)) ** 2 + ((ly - by) / (ry + reach)) ** 2 > 1)) break;
  }
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let inside = 0,
        near = 0;
      for (const [bx, by, rx, ry] of blobs) {
        const d = ((x - bx) / rx) ** 2 + ((y - by) / ry) ** 2;
        if (d <= 1) inside = Math.max(inside, 1 - d);
        const ds = ((x - bx - r * 0.5) / (rx * 1.3)) ** 2 + ((y - by - r * 0.6) / (ry * 1.3)) ** 2;
        if (ds <= 1) near = 1;
      }
      const o4 = (y * W + x) * 4;
      if (inside > 0) for (let c = 0; c < 3; c++) frame.data[o4 + c] = skin[c]! * (0.75 + 0.35 * Math.sqrt(inside));
      else if (near) for (let c = 0; c < 3; c++) frame.data[o4 + c] = frame.data[o4 + c]! * 0.6;
    }
};

/** The new-discard cases of a table (bench/vision-real-scene.ts): each change in turn, each with its own tile laid. */
export const NEW_DISCARD_CHANGES = ['bump', 'hand', 'nudge'] as const;

/** The tile (its place in the table's tiles) laid for the c-th change of a seed's table. */
export const laidTileOf = (seed: number, c: number, tiles: number): number => (seed * 7 + c * Math.ceil(tiles / 3)) % tiles;
