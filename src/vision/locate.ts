/**
 * Find the tile face in a frame: the bright, nearly white block standing out from the table.
 * Light falls unevenly, so brightness is judged against the table itself (a plane fitted to the
 * log-luminance of the frame border) rather than against a fixed threshold.
 */
import { luminance, type Frame } from './image';

/** Where the face is: centre, tilt of its upright axis (radians, clockwise, within ±90°: a tile
 *  lying sideways is about ±90°) and size in pixels. */
export interface FacePose {
  cx: number;
  cy: number;
  angle: number;
  width: number;
  height: number;
}

export type LocateError = 'dark' | 'empty' | 'two-tiles' | 'unclear';
/** `neighbours`: the face was picked out from among others touching it (find-faces.ts);
 *  `others`: other boxes the face finder gave the same face when judging paleness more or less
 *  strictly (parting neighbours errs both ways), for the reader to choose among. */
export type Located =
  { ok: true; pose: FacePose; neighbours?: boolean; others?: FacePose[] } | { ok: false; error: LocateError; message: string };

export const LOCATE_MESSAGES: Record<LocateError, string> = {
  dark: 'The picture is too dark to read a tile: add light over the table.',
  empty: 'No tile in the region: place one tile face up inside the frame.',
  'two-tiles': 'Two tiles are in the region: show one tile at a time.',
  unclear: 'Something is in the region but it does not look like a tile face: straighten it or move it into view.',
};

const fail = (error: LocateError): Located => ({ ok: false, error, message: LOCATE_MESSAGES[error] });

/** Least-squares plane z = a + b·x + c·y through border samples of log-luminance. */
const fitBorderPlane = (lum: Float32Array, w: number, h: number) => {
  const pts: [number, number, number][] = [];
  const step = Math.max(1, Math.floor(Math.min(w, h) / 40));
  const push = (x: number, y: number) => pts.push([x / w - 0.5, y / h - 0.5, Math.log(lum[y * w + x]! + 4)]);
  for (let x = 0; x < w; x += step) for (const y of [0, 1, h - 2, h - 1]) push(x, y);
  for (let y = 0; y < h; y += step) for (const x of [0, 1, w - 2, w - 1]) push(x, y);
  // Trim the brightest quarter: a tile touching the border must not lift the table estimate.
  pts.sort((p, q) => p[2] - q[2]);
  const keep = pts.slice(0, Math.max(8, Math.floor(pts.length * 0.75)));
  let sx = 0,
    sy = 0,
    sz = 0,
    sxx = 0,
    syy = 0,
    sxy = 0,
    sxz = 0,
    syz = 0;
  for (const [x, y, z] of keep) {
    sx += x;
    sy += y;
    sz += z;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
    sxz += x * z;
    syz += y * z;
  }
  const n = keep.length;
  // Solve the 3x3 normal equations by Cramer's rule.
  const m = [
      [n, sx, sy],
      [sx, sxx, sxy],
      [sy, sxy, syy],
    ],
    r = [sz, sxz, syz];
  const det3 = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det3(m);
  if (Math.abs(d) < 1e-9) return { a: sz / n, b: 0, c: 0 };
  const col = (k: number) => m.map((row, i) => row.map((v, j) => (j === k ? r[i]! : v)));
  return { a: det3(col(0)) / d, b: det3(col(1)) / d, c: det3(col(2)) / d };
};

/** Locate the single tile face in the frame, or say clearly why not. */
export const locateFace = (f: Frame): Located => {
  const { width: w, height: h } = f;
  if (w < 24 || h < 24) return fail('empty');
  const lum = luminance(f);
  let mean = 0,
    max = 0;
  for (const v of lum) {
    mean += v;
    if (v > max) max = v;
  }
  mean /= lum.length;
  if (mean < 12 || max < 45) return fail('dark');

  // Ratio of each pixel to the table under the same light; the face is several times brighter.
  const { a, b, c } = fitBorderPlane(lum, w, h);
  const ratio = new Float32Array(w * h);
  const d = f.data;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x,
        j = i * 4;
      const table = Math.exp(a + b * (x / w - 0.5) + c * (y / h - 0.5)) - 4;
      const r = d[j]!,
        g = d[j + 1]!,
        bl = d[j + 2]!;
      const mx = Math.max(r, g, bl),
        mn = Math.min(r, g, bl);
      const chroma = mx > 0 ? (mx - mn) / mx : 0;
      // Ivory faces are pale: strongly coloured pixels count less as face.
      ratio[i] = ((lum[i]! + 4) / (table + 4)) * (chroma > 0.45 ? 0.6 : 1);
    }
  // Threshold halfway (geometrically) between the table (1) and the bright end of the frame,
  // which is the face whenever one is there.
  const sorted = Float32Array.from(ratio).sort();
  const T = Math.max(1.45, Math.sqrt(sorted[Math.floor(sorted.length * 0.9)]!));
  const raw = new Uint8Array(w * h);
  for (let i = 0; i < raw.length; i++) raw[i] = ratio[i]! > T ? 1 : 0;
  // Opening (erode, then dilate, 3x3) cuts thin bridges of noise between face and table.
  const morph = (src: Uint8Array, keepIf: (n: number) => boolean) => {
    const dst = new Uint8Array(w * h);
    for (let y = 1; y < h - 1; y++)
      for (let x = 1; x < w - 1; x++) {
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) n += src[(y + dy) * w + x + dx]!;
        dst[y * w + x] = keepIf(n) ? 1 : 0;
      }
    return dst;
  };
  const mask = morph(
    morph(raw, (n) => n === 9),
    (n) => n > 0,
  );

  // Connected components (4-neighbour) of bright pixels.
  const label = new Int32Array(w * h);
  const comps: { id: number; area: number }[] = [];
  const stack: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || label[i]) continue;
    const id = comps.length + 1;
    let area = 0;
    label[i] = id;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      area++;
      const x = p % w,
        y = (p - x) / w;
      if (x > 0 && mask[p - 1] && !label[p - 1]) {
        label[p - 1] = id;
        stack.push(p - 1);
      }
      if (x < w - 1 && mask[p + 1] && !label[p + 1]) {
        label[p + 1] = id;
        stack.push(p + 1);
      }
      if (y > 0 && mask[p - w] && !label[p - w]) {
        label[p - w] = id;
        stack.push(p - w);
      }
      if (y < h - 1 && mask[p + w] && !label[p + w]) {
        label[p + w] = id;
        stack.push(p + w);
      }
    }
    comps.push({ id, area });
  }
  comps.sort((p, q) => q.area - p.area);
  const frameArea = w * h;
  const big = comps[0];
  if (!big || big.area < frameArea * 0.04) return fail('empty');

  // Fill the art inside the face: every pixel the table cannot reach from the border is face.
  const outside = new Uint8Array(w * h);
  for (let x = 0; x < w; x++)
    for (const y of [0, h - 1])
      if (label[y * w + x] !== big.id && !outside[y * w + x]) {
        outside[y * w + x] = 1;
        stack.push(y * w + x);
      }
  for (let y = 0; y < h; y++)
    for (const x of [0, w - 1])
      if (label[y * w + x] !== big.id && !outside[y * w + x]) {
        outside[y * w + x] = 1;
        stack.push(y * w + x);
      }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w,
      y = (p - x) / w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1])
      if (q >= 0 && !outside[q] && label[q] !== big.id) {
        outside[q] = 1;
        stack.push(q);
      }
  }

  // A second big bright block outside this face is another tile (blocks inside it, like the
  // paper within Soap's frame, are part of this face).
  for (const other of comps.slice(1)) {
    if (other.area < big.area * 0.35 || other.area < frameArea * 0.03) break;
    const at = label.indexOf(other.id);
    if (outside[at]) return fail('two-tiles');
  }

  // Second moments of the filled face give its centre, tilt and size (a filled w×h box has
  // variances w²/12 and h²/12 along its axes).
  let n = 0,
    mx = 0,
    my = 0;
  for (let i = 0; i < outside.length; i++)
    if (!outside[i]) {
      n++;
      mx += i % w;
      my += Math.floor(i / w);
    }
  mx /= n;
  my /= n;
  let sxx = 0,
    syy = 0,
    sxy = 0;
  for (let i = 0; i < outside.length; i++)
    if (!outside[i]) {
      const dx = (i % w) - mx,
        dy = Math.floor(i / w) - my;
      sxx += dx * dx;
      syy += dy * dy;
      sxy += dx * dy;
    }
  sxx /= n;
  syy /= n;
  sxy /= n;
  const tr = sxx + syy,
    disc = Math.sqrt(Math.max(0, ((sxx - syy) / 2) ** 2 + sxy * sxy));
  const l1 = tr / 2 + disc,
    l2 = tr / 2 - disc;
  // Major axis direction; we want the tilt of the tile's vertical axis from the image vertical.
  let theta = 0.5 * Math.atan2(2 * sxy, sxx - syy); // angle of major axis from x-axis
  let angle = theta - Math.PI / 2;
  while (angle < -Math.PI / 2) angle += Math.PI;
  while (angle > Math.PI / 2) angle -= Math.PI;
  const height = Math.sqrt(12 * l1),
    width = Math.sqrt(12 * Math.max(l2, 0));
  const aspect = width / height;
  if (aspect < 0.5 || aspect > 0.95) return fail(aspect > 0.95 && n > frameArea * 0.5 ? 'empty' : 'unclear');
  if (mx - width / 2 < -2 || mx + width / 2 > w + 2 || my - height / 2 < -2 || my + height / 2 > h + 2) return fail('unclear');
  theta = angle;
  return { ok: true, pose: { cx: mx, cy: my, angle: theta, width, height } };
};
