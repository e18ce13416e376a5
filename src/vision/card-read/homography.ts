/**
 * A plane-to-plane map (a 3x3 homography) from four point pairs: how a straight card rectangle
 * lies in a photo taken at a slight angle. Points are [x, y].
 */
export type Point = [number, number];
export type Homography = number[]; // 9 numbers, row-major, h[8] = 1

/** The homography taking each `from[i]` to `to[i]` (Gaussian elimination on the 8x8 system). */
export const homography = (from: readonly Point[], to: readonly Point[]): Homography => {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!,
      [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    const d = a[c]![c]!;
    if (Math.abs(d) < 1e-12) throw new Error('degenerate quadrilateral');
    for (let k = c; k < 9; k++) a[c]![k]! /= d;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f) for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return [...a.map((row) => row[8]!), 1];
};

export const apply = (h: Homography, x: number, y: number): Point => {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
};
