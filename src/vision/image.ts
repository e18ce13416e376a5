/** The frame type the pipeline works on: ImageData's shape, so it runs in a browser worker and in Node. */
export interface Frame {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray | Uint8Array; // RGBA, row-major
}

export const makeFrame = (width: number, height: number): { width: number; height: number; data: Uint8ClampedArray } => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height * 4),
});

/** Rec. 601 luma of every pixel, 0..255. */
export const luminance = (f: Frame): Float32Array => {
  const n = f.width * f.height;
  const out = new Float32Array(n);
  const d = f.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = 0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!;
  return out;
};

/** Bilinear sample of channel c at (x, y), clamped to the frame. */
export const sample = (f: Frame, x: number, y: number, c: number): number => {
  const w = f.width,
    h = f.height;
  const xc = Math.min(Math.max(x, 0), w - 1.001),
    yc = Math.min(Math.max(y, 0), h - 1.001);
  const x0 = Math.floor(xc),
    y0 = Math.floor(yc),
    fx = xc - x0,
    fy = yc - y0;
  const i = (y0 * w + x0) * 4 + c,
    d = f.data;
  const top = d[i]! * (1 - fx) + d[i + 4]! * fx;
  const bot = d[i + w * 4]! * (1 - fx) + d[i + w * 4 + 4]! * fx;
  return top * (1 - fy) + bot * fy;
};

/** Copy a rectangle out of a frame (the region of interest the player drew). */
export const crop = (f: Frame, x: number, y: number, w: number, h: number) => {
  const x0 = Math.max(0, Math.round(x)),
    y0 = Math.max(0, Math.round(y));
  const cw = Math.max(1, Math.min(f.width - x0, Math.round(w))),
    ch = Math.max(1, Math.min(f.height - y0, Math.round(h)));
  const out = makeFrame(cw, ch);
  for (let r = 0; r < ch; r++) out.data.set(f.data.subarray(((y0 + r) * f.width + x0) * 4, ((y0 + r) * f.width + x0 + cw) * 4), r * cw * 4);
  return out;
};

/** Binary PGM (P5) of a grey image: a format tesseract's Leptonica reads, built without a canvas. */
export const encodePgm = (width: number, height: number, grey: Uint8Array): Uint8Array => {
  const head = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(head.length + grey.length);
  out.set(head);
  out.set(grey, head.length);
  return out;
};

/** The same frame turned upside down (a tile shown the other way round). */
export const turn180 = (f: Frame): Frame => {
  const out = makeFrame(f.width, f.height);
  const n = f.width * f.height;
  for (let i = 0; i < n; i++) out.data.set(f.data.subarray(i * 4, i * 4 + 4), (n - 1 - i) * 4);
  return out;
};

/** The same frame turned a quarter turn (clockwise, or anticlockwise): a tile lying sideways. */
export const turn90 = (f: Frame, clockwise = true): Frame => {
  const { width: w, height: h } = f;
  const out = makeFrame(h, w);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [nx, ny] = clockwise ? [h - 1 - y, x] : [y, w - 1 - x];
      out.data.set(f.data.subarray((y * w + x) * 4, (y * w + x) * 4 + 4), (ny * h + nx) * 4);
    }
  return out;
};

/** Box-filter the frame down so its longer side is at most `max` pixels (locating needs no more). */
export const shrink = (f: Frame, max: number): { frame: Frame; scale: number } => {
  const k = Math.ceil(Math.max(f.width, f.height) / max);
  if (k <= 1) return { frame: f, scale: 1 };
  const w = Math.floor(f.width / k),
    h = Math.floor(f.height / k);
  const out = makeFrame(w, h),
    d = f.data,
    sums = new Float64Array(w * 4),
    kk = k * k,
    used = w * k * 4;
  if (k === 2 && d.byteOffset % 4 === 0) return { frame: halve(f, out), scale: k };
  if (k === 2) {
    // the usual case (1280x720 to 640x360): each output channel from its four straight away
    // The mean of four rounded half to even, as the clamped array rounds sum / 4 (s = 4q + r: q,
    // q, q or q + 1 as q is even or odd, q + 1), in whole numbers.
    const o = out.data,
      W = f.width * 4;
    for (let y = 0; y < h; y++)
      for (let j = y * w * 4, a = 2 * y * W, end = j + w * 4; j < end; j += 4, a += 8)
        for (let c = 0; c < 4; c++) {
          const s = d[a + c]! + d[a + 4 + c]! + d[a + W + c]! + d[a + W + 4 + c]!;
          o[j + c] = (s + 1 + ((s >> 2) & 1)) >> 2;
        }
    return { frame: out, scale: k };
  }
  const into = new Int32Array(used); // each source channel's output sum
  for (let j = 0; j < used; j++) into[j] = (((j >> 2) / k) | 0) * 4 + (j & 3);
  // Each output row's sums gathered source row by source row (each read once, in order).
  for (let y = 0; y < h; y++) {
    sums.fill(0);
    for (let dy = 0; dy < k; dy++) {
      const row = (y * k + dy) * f.width * 4;
      for (let j = 0; j < used; j++) sums[into[j]!] += d[row + j]!;
    }
    for (let j = 0; j < w * 4; j++) out.data[y * w * 4 + j] = sums[j]! / kk;
  }
  return { frame: out, scale: k };
};

/** The most a whole frame is read at: a full-HD webcam's 1920x1080. A larger frame or photograph
 *  (a phone's 2000 pixels a side took 10 s a frame) is scaled down to it first; a webcam's own
 *  frame, or a row of close-up faces, is read as it is (scaled to 1280x720 they lost faces). */
export const READ_SIDE = 1920,
  READ_PIXELS = 1920 * 1080;

/** The frame scaled down, if it is larger, to hold at most `pixels` pixels with its longer side at
 *  most `side` (whole steps box-filtered, the rest bilinear); `scale` takes the frame's
 *  coordinates to the result's. */
export const fitFrame = (f: Frame, side = READ_SIDE, pixels = READ_PIXELS): { frame: Frame; scale: number } => {
  const s = Math.min(1, side / Math.max(f.width, f.height), Math.sqrt(pixels / (f.width * f.height)));
  if (s >= 1) return { frame: f, scale: 1 };
  const k = Math.floor(1 / s);
  const boxed = k >= 2 ? shrink(f, Math.ceil(Math.max(f.width, f.height) / k)).frame : f;
  const w = Math.max(1, Math.round(f.width * s)),
    h = Math.max(1, Math.round(f.height * s));
  if (boxed.width === w && boxed.height === h) return { frame: boxed, scale: w / f.width };
  const out = makeFrame(w, h),
    kx = boxed.width / w,
    ky = boxed.height / h;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) out.data[o + c] = sample(boxed, (x + 0.5) * kx - 0.5, (y + 0.5) * ky - 0.5, c);
      out.data[o + 3] = 255;
    }
  return { frame: out, scale: w / f.width };
};

/** Half the frame's size each way into `out`, each channel the mean of its four rounded as
 *  shrink's usual case rounds it, two channels at a time: a pixel's four bytes read as one word,
 *  its first and third channel (and its second and fourth) summed in the word's two 16-bit halves
 *  (four bytes sum to at most 1020: no half spills into the other). The same bytes as channel by
 *  channel in a third of the time, whichever end of a word a machine puts first. */
const halve = (f: Frame, out: { width: number; height: number; data: Uint8ClampedArray }) => {
  const { width: w, height: h } = out,
    W = f.width,
    M = 0x00ff00ff,
    ONE = 0x00010001;
  const src = new Uint32Array(f.data.buffer, f.data.byteOffset, f.width * f.height),
    dst = new Uint32Array(out.data.buffer, 0, w * h);
  const mean = (s: number) => ((s + ONE + ((s >>> 2) & ONE)) >>> 2) & M;
  for (let y = 0; y < h; y++)
    for (let x = 0, a = 2 * y * W, o = y * w; x < w; x++, a += 2, o++) {
      const p = src[a]!,
        q = src[a + 1]!,
        r = src[a + W]!,
        t = src[a + W + 1]!;
      const even = (p & M) + (q & M) + (r & M) + (t & M),
        odd = ((p >>> 8) & M) + ((q >>> 8) & M) + ((r >>> 8) & M) + ((t >>> 8) & M);
      dst[o] = mean(even) | (mean(odd) << 8);
    }
  return out;
};
