/**
 * Find the tile when the frame is cropped tight around it: the face touches the frame edges and
 * slivers of the neighbouring tiles show at the sides, so there is no table border to judge
 * brightness against (locate.ts). The face is the pale, weakly coloured block around the centre:
 * walk out from the centre row and column until the pale share of a line drops. A block wider
 * than tall is a tile lying sideways.
 */
import { luminance, shrink, type Frame } from './image';
import { boxOf, LOCATE_MESSAGES, type FacePose, type LocateError, type Located } from './locate';
import { joinHalves } from './join-halves';
import { findFacesLikeCentre, findFacesUnder, nearestCentre, paleBlocks, PALENESS, PIECE, type FoundFace } from './find-faces';

const PALE_SHARE = 0.15; // a line across the face is at least this pale, even through dense art
// (a line through a column of bam sticks still crosses paper between them); the gap between two
// tiles and the table are nearly nothing but shadow.
const MIN_FRAME_PALE = 0.35; // below this the frame is not a tight crop of a face
// Dense art (nine big dots in three rows) leaves lines across the face with little paper; the
// shadow between two tiles still has almost none, so a second, lower bar finds such a face.
const DENSE_PALE_SHARE = 0.04;

// Parting touching faces needs their rims' few pixels, so faces among neighbours are looked for on
// a finer copy than the rest (a region 1.6 times a tile keeps each rim 2-3 pixels wide); finer
// still, the paper between the strokes of a tight crop's art would part into faces of its own.
const NEIGHBOURS_SIDE = 200;

const paleMask = (f: Frame) => {
  const lum = luminance(f);
  const sorted = Float32Array.from(lum).sort();
  const bright = sorted[Math.floor(sorted.length * 0.9)]!;
  const floor = Math.max(90, bright * 0.72);
  const pale = new Uint8Array(lum.length);
  let n = 0;
  for (let i = 0, j = 0; i < lum.length; i++, j += 4) {
    const r = f.data[j]!,
      g = f.data[j + 1]!,
      b = f.data[j + 2]!;
    const mx = Math.max(r, g, b),
      mn = Math.min(r, g, b);
    if (lum[i]! >= floor && (mx - mn) / (mx || 1) < 0.35) {
      pale[i] = 1;
      n++;
    }
  }
  return { pale, share: n / lum.length };
};

/** The run of lines around the middle whose pale share stays high (three weak lines in a row end it). */
const span = (shares: Float32Array, bar = PALE_SHARE): [number, number] => {
  const mid = Math.floor(shares.length / 2);
  const walk = (step: number) => {
    let at = mid,
      weak = 0;
    for (let i = mid; i >= 0 && i < shares.length; i += step) {
      if (shares[i]! >= bar) {
        at = i;
        weak = 0;
      } else if (++weak >= 3) break;
    }
    return at;
  };
  return [walk(-1), walk(1)];
};

/** Locate a face on a table (locate.ts), or else the face nearest the centre among neighbours
 *  (find-faces.ts), or else as a tight crop of the frame; on a copy at most 160 pixels across
 *  (200 among neighbours), the pose scaled back to the frame. */
export const locateTile = (full: Frame): Located => {
  const { frame, scale } = shrink(full, 160);
  const up = (r: Located): Located => {
    if (!r.ok || scale === 1) return r;
    const p = r.pose;
    return { ...r, pose: { ...p, cx: p.cx * scale, cy: p.cy * scale, width: p.width * scale, height: p.height * scale } };
  };
  const onTable = locateFace(frame);
  if (!onTable.ok && onTable.error === 'dark') return onTable;
  const { frame: fine, scale: k } = shrink(full, NEIGHBOURS_SIDE);
  // One tile alone: the table locator's face, unless it reaches across the frame or other pale
  // blocks lie beside it (then it may hold the tile's own side, or a neighbour).
  const blocks = paleBlocks(fine),
    spans = onTable.ok && spansFrame(onTable.pose, frame);
  let apart = false;
  if (onTable.ok && !spans && blocks <= 1) {
    // Its box comes from the block's moments, which a face joined to its own lit side turns half
    // way; the face finder's box (along the block's edges, the side cut off at its seam) too, for
    // the reader to choose.
    const alone = up(onTable) as Located & { ok: true };
    const p = nearestCentre(
      findFacesUnder(fine, [PALENESS[0]!])[0]!.filter((x) => !x.cut),
      fine,
    )?.pose;
    const q = p && { ...p, cx: p.cx * k, cy: p.cy * k, width: p.width * k, height: p.height * k };
    // Unless the face finder boxed no face there, or another: the table locator's block then held
    // a neighbour too (faces joined where no dark rim parts them), or was a neighbour brighter than
    // the framed face in shadow, which only the faces' own rims tell apart.
    if (q && sameFace(alone.pose, q)) return { ...alone, others: [q] };
    apart = true;
  }
  // Among neighbours: the whole face nearest the frame's centre (a face the frame's edge cuts is a
  // neighbour's, or a tight crop's, which the walk below handles).
  const poses: FacePose[] = [];
  // The bars are judged against the brightest paper nearby, which a face in shadow beside lit ones
  // falls under: the faces as pale as the paper at the centre are one more set (the last).
  const crowded = apart || spans || blocks > 1 || (!onTable.ok && onTable.error === 'two-tiles');
  const sets = withoutPieces([...findFacesUnder(fine, PALENESS), crowded ? findFacesLikeCentre(fine) : []].map((f) => joinHalves(f, true)));
  const found = sets.slice(0, PALENESS.length),
    dimFaces = sets[PALENESS.length]!;
  // A box in the frame's pixels, unless one about the same is there already.
  const add = (p: FacePose) => {
    const q = { ...p, cx: p.cx * k, cy: p.cy * k, width: p.width * k, height: p.height * k };
    if (
      !poses.some(
        (o) =>
          Math.hypot(o.cx - q.cx, o.cy - q.cy) < 0.05 * q.height &&
          Math.abs(o.height / q.height - 1) < 0.05 &&
          Math.abs(o.width / q.width - 1) < 0.05,
      )
    )
      poses.push(q);
  };
  for (const [i, faces] of found.entries()) {
    const pale = PALENESS[i];
    const p = nearestCentre(
      faces.filter((x) => !x.cut),
      fine,
    )?.pose;
    // Under another bar, a small block is paper between the strokes of a tight crop's art, not
    // the face the player framed.
    if (!p || (pale !== PALENESS[0] && Math.max(p.width, p.height) < 0.4 * Math.min(fine.width, fine.height))) continue;
    add(p);
  }
  const dim = nearestCentre(
    dimFaces.filter((x) => !x.cut),
    fine,
  )?.pose;
  if (dim) add(dim);
  // No whole face near the centre, though the frame shows more than one tile: the face framed
  // is joined to a neighbour the frame's edge cuts, with no seam found between them, or lies in
  // shadow, so that only the block as pale as the centre's paper holds it (joined to its own side).
  if (!poses.length && crowded) for (const p of facesOfShape([...found.flat(), ...dimFaces], fine)) add(p);
  // The table locator's box too, for the reader to weigh against the others.
  const table = up(onTable);
  if (table.ok && poses.length) poses.push(table.pose);
  const [pose, ...others] = wholeFirst(poses, Math.min(full.width, full.height));
  if (pose) return { ok: true, pose, neighbours: true, ...(others.length ? { others } : {}) };
  if (table.ok) return { ...table, neighbours: true };
  // A tight crop holds one face; when the table locator saw two tiles, or the frame shows the
  // blocks of more than one, the walk below may box several tiles as one wide face, so what it
  // reads is proposed, never recorded by itself.
  const r = up(tight(frame, onTable));
  return r.ok && ((!onTable.ok && onTable.error === 'two-tiles') || blocks > 1) ? { ...r, neighbours: true } : r;
};

/** A tile face's width to its height. */
const FACE_RATIO = 0.75;

/** Two boxes of one face: centres within a fifth of its size, areas within a third of each other
 *  (a face and its own side, or a face and its neighbour, are a half again as large or more; the
 *  table locator's box may lean, turned half way by a side joined to the face). */
const sameFace = (a: FacePose, b: FacePose): boolean =>
  Math.hypot(a.cx - b.cx, a.cy - b.cy) < 0.2 * Math.max(a.width, a.height, b.width, b.height) &&
  Math.abs(Math.log((a.width * a.height) / (b.width * b.height))) < Math.log(4 / 3);

/**
 * Drop the pieces from each set of faces found: a block much smaller than the largest face in the
 * frame (under any bar), or than the middle face found, is part of a face, not a face (the lit
 * part of a face in shadow, paper between strokes of art, a corner of a tile's side), and one
 * nearest the centre would be read as the tile. A face the frame's edge cuts tells the size by its width (a face is three wide to four
 * high), since its length may be two faces the edge kept from being parted.
 */
const withoutPieces = (sets: readonly FoundFace[][]): FoundFace[][] => {
  const size = ({ pose: p, cut }: FoundFace) =>
    cut ? Math.min(Math.max(p.width, p.height), Math.min(p.width, p.height) / FACE_RATIO) : Math.max(p.width, p.height);
  const largest = Math.max(0, ...sets.flat().map(size));
  // Half a face (its art's stroke parting its paper) is as long as a face is wide, so its length
  // passes; its area, against the faces round it (mostly whole), does not.
  const areas = sets
    .flat()
    .filter((f) => !f.cut)
    .map(({ pose: p }) => p.width * p.height)
    .sort((a, b) => a - b);
  const middle = areas.length ? areas[Math.floor(areas.length / 2)]! : 0;
  return sets.map((faces) =>
    faces.filter(({ pose: p }) => Math.max(p.width, p.height) >= PIECE * largest && p.width * p.height >= PIECE * middle),
  );
};

/** Boxes of a tile face's shape across the block under the frame's centre, where the player framed
 *  the tile: upright (the block's width across its row is the face's height) and lying sideways. */
const facesOfShape = (faces: readonly FoundFace[], f: Frame): FacePose[] => {
  const fx = f.width / 2,
    fy = f.height / 2;
  const under = faces.filter(({ pose }) => {
    const [x, y, w, h] = boxOf(pose);
    return fx > x && fx < x + w && fy > y && fy < y + h;
  });
  const block = under.sort((a, b) => b.pose.width * b.pose.height - a.pose.width * a.pose.height)[0]?.pose;
  if (!block) return [];
  // The block's long side runs along the row (its pose's upright axis).
  const ux = Math.sin(block.angle),
    uy = -Math.cos(block.angle),
    across = block.width;
  const along = (fx - block.cx) * ux + (fy - block.cy) * uy;
  const turn = (a: number) => (a > Math.PI / 2 ? a - Math.PI : a < -Math.PI / 2 ? a + Math.PI : a);
  const cx = block.cx + along * ux,
    cy = block.cy + along * uy;
  return [
    { cx, cy, angle: turn(block.angle - Math.PI / 2), width: FACE_RATIO * across, height: across },
    { cx, cy, angle: block.angle, width: across, height: across / FACE_RATIO },
  ];
};

/** A box of a face's shape (width to height) that may hold a part of a face boxed first. */
const WHOLE_SHAPE = [0.65, 0.85] as const;
/** A part of a face spans the whole face's width (within this share) and this share of its height. */
const PART_ACROSS = 0.15,
  PART_DOWN = [0.4, 0.8] as const;
/** A part nearly square or wider than high across the face: a face standing the face's way inside
 *  a box of two faces side by side (also of a face's shape, turned) is three wide to four high. */
const PART_SQUARE = 0.94;
/** A whole face's long side under this share of the frame's: the player frames a tile with room
 *  round it (1.6 times), and a box of a face's shape over 70% of the frame holds two faces. */
const WHOLE_IN_FRAME = 0.7;

/** The boxes, a whole face first when the first is part of it: a face whose paper a stroke of its
 *  art parts (Green Dragon, White Dragon's frame, a Bam's sticks) is boxed under the strictest bar
 *  as the part nearest the centre, nearly square or lying the other way, and under another bar
 *  whole: a box of a face's shape, as wide as the part, reaching on past it. The located box is
 *  the face's; the reader reads every box either way. */
const wholeFirst = (poses: readonly FacePose[], side: number): FacePose[] => {
  const [p, ...rest] = poses;
  if (!p) return [];
  const whole = rest.find((q) => {
    const c = Math.cos(q.angle),
      s = Math.sin(q.angle),
      dx = p.cx - q.cx,
      dy = p.cy - q.cy;
    if (Math.abs(dx * c + dy * s) > q.width / 2 || Math.abs(-dx * s + dy * c) > q.height / 2) return false;
    // The part's sides along the whole face's axes.
    const turned = Math.abs(Math.cos(p.angle - q.angle)) < Math.SQRT1_2;
    const across = turned ? p.height : p.width,
      down = turned ? p.width : p.height,
      shape = q.width / q.height;
    return (
      q.height < WHOLE_IN_FRAME * side &&
      shape > WHOLE_SHAPE[0] &&
      shape < WHOLE_SHAPE[1] &&
      Math.abs(across / q.width - 1) < PART_ACROSS &&
      down / q.height > PART_DOWN[0] &&
      down / q.height < PART_DOWN[1] &&
      across / down > PART_SQUARE
    );
  });
  return whole ? [whole, ...poses.filter((o) => o !== whole)] : poses.slice();
};

/** A face reaching two opposite edges of the frame is not one tile alone on the table: touching
 *  tiles with no dark rim between them make one pale block across the frame, which the table
 *  locator takes for a single wide tile. */
const spansFrame = (p: FacePose, f: Frame): boolean => {
  const [x, y, w, h] = boxOf(p),
    m = 0.08 * Math.min(f.width, f.height);
  return (x < m && x + w > f.width - m) || (y < m && y + h > f.height - m);
};

const tight = (f: Frame, onTable: Located): Located => {
  const { width: w, height: h } = f;
  const { pale, share } = paleMask(f);
  if (share < MIN_FRAME_PALE) return onTable;
  const cols = new Float32Array(w),
    rows = new Float32Array(h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (pale[y * w + x]) {
        cols[x] += 1 / h;
        rows[y] += 1 / w;
      }
  let [x0, x1] = span(cols),
    [y0, y1] = span(rows);
  if (x1 - x0 + 1 < w * 0.4 || y1 - y0 + 1 < h * 0.4) [[x0, x1], [y0, y1]] = [span(cols, DENSE_PALE_SHARE), span(rows, DENSE_PALE_SHARE)];
  const width = x1 - x0 + 1,
    height = y1 - y0 + 1;
  if (width < w * 0.4 || height < h * 0.4) return onTable;
  const cx = (x0 + x1 + 1) / 2,
    cy = (y0 + y1 + 1) / 2;
  // A face wider than tall lies sideways: its upright axis runs across the frame.
  if (width > height) return { ok: true, pose: { cx, cy, angle: Math.PI / 2, width: height, height: width } };
  return { ok: true, pose: { cx, cy, angle: 0, width, height } };
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

/** The single tile face on a table (a bright block judged against a plane fitted to the
 *  log-luminance of the frame's border), or say clearly why not. */
const locateFace = (f: Frame): Located => {
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
