import { describe, expect, it } from 'vitest';
import { faceShapes } from '../../src/vision/face-shapes';

describe('an unsure face of the floor is looked at again (floor.ts)', () => {
  it("lays a face's shape along a box holding half the face, the face with its side, or the face turned a quarter", async () => {
    const near = (p: { cx: number; cy: number; width: number; height: number; angle: number }, q: typeof p) =>
      Math.hypot(p.cx - q.cx, p.cy - q.cy) < 1 &&
      Math.abs(p.width - q.width) < 1 &&
      Math.abs(p.height - q.height) < 1 &&
      Math.abs(Math.cos(p.angle - q.angle) - 1) < 1e-6;
    const face = { cx: 50, cy: 60, angle: 0, width: 60, height: 80 };
    // The upper half of the face (a stroke of its art parted its paper).
    expect(faceShapes({ cx: 50, cy: 40, angle: 0, width: 60, height: 40 }).some((p) => near(p, face))).toBe(true);
    // The face with its own near side below it.
    expect(faceShapes({ cx: 50, cy: 70, angle: 0, width: 60, height: 100 }).some((p) => near(p, face))).toBe(true);
    // The same face lying sideways, boxed as a square: read turned a quarter.
    const side = faceShapes({ cx: 60, cy: 50, angle: 0, width: 80, height: 80 });
    expect(side.some((p) => near(p, { cx: 60, cy: 50, angle: Math.PI / 2, width: 60, height: 80 }))).toBe(true);
    // Every box is of a face's shape, and none is read twice.
    for (const p of side) expect(p.width / p.height).toBeCloseTo(0.75);
    expect(new Set(side.map((p) => `${p.cx.toFixed(1)} ${p.cy.toFixed(1)} ${p.width.toFixed(1)} ${p.angle.toFixed(2)}`)).size).toBe(
      side.length,
    );
  });
});
