/**
 * Real photographs laid edge to edge on felt, as tiles in a discard row: each photograph is a
 * tight crop of one real tile (its face, a little of its side and background), so the row is what
 * the camera would see of real tiles touching, seen from straight above. Built at bench time from
 * the real photographs' folder (bench/vision-real-row.ts), never stored.
 */
import { crop, makeFrame, type Frame } from '../../src/vision/image';

const FELT = [40, 110, 60] as const;

/** The photographs side by side on felt, `seam` pixels of felt between each two (0: touching), a
 *  margin of felt round them; each one's centre in the row's pixels. */
export const photoRow = (frames: readonly Frame[], seam = 0, margin = 60): { frame: Frame; centres: [number, number][] } => {
  const H = Math.max(...frames.map((f) => f.height)) + 2 * margin;
  const W = frames.reduce((s, f) => s + f.width + seam, 2 * margin - seam);
  const out = makeFrame(W, H);
  for (let i = 0; i < W * H; i++) out.data.set([...FELT, 255], i * 4);
  const centres: [number, number][] = [];
  let x0 = margin;
  for (const f of frames) {
    const y0 = Math.round(margin + (H - 2 * margin - f.height) / 2);
    for (let y = 0; y < f.height; y++) out.data.set(f.data.subarray(y * f.width * 4, (y + 1) * f.width * 4), ((y0 + y) * W + x0) * 4);
    centres.push([x0 + f.width / 2, y0 + f.height / 2]);
    x0 += f.width + seam;
  }
  return { frame: out, centres };
};

/** A player's square frame round the photograph at `centre`, `k` times its longer side. */
export const frameAround = (row: Frame, [cx, cy]: [number, number], side: number, k = 1.4): Frame =>
  crop(row, cx - (side * k) / 2, cy - (side * k) / 2, side * k, side * k);
