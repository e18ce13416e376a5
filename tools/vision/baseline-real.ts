/**
 * Today's recognizer (border locator, ink-grid features, tesseract index) on real photographs,
 * calibrated the way the app calibrates: one feature vector per located calibration shot.
 * `bordered` adds a dark frame around each photo first, so the border locator can work.
 */
import type { Frame } from '../../src/vision/image';
import { makeFrame } from '../../src/vision/image';
import { locateFace } from '../../src/vision/locate';
import { faceFeatures, straighten, FACE_H, FACE_W } from '../../src/vision/features';
import { recognizeTile } from '../../src/vision/recognize';
import type { TextReader } from '../../src/vision/ocr';
import type { ReferenceSet } from '../../src/vision/references';
import type { Tile } from '../../src/core/tiles';

export const withDarkBorder = (f: Frame, pad = 24): Frame => {
  const out = makeFrame(f.width + 2 * pad, f.height + 2 * pad);
  for (let i = 0; i < out.data.length; i += 4) {
    out.data[i] = 40;
    out.data[i + 1] = 38;
    out.data[i + 2] = 36;
    out.data[i + 3] = 255;
  }
  for (let y = 0; y < f.height; y++)
    out.data.set(f.data.subarray(y * f.width * 4, (y + 1) * f.width * 4), ((y + pad) * out.width + pad) * 4);
  return out;
};

export const baselineReferences = (shots: { frame: Frame; tile: Tile }[]): ReferenceSet => {
  const entries: ReferenceSet['entries'] = [];
  for (const s of shots) {
    const at = locateFace(s.frame);
    if (at.ok) entries.push({ tile: s.tile, features: faceFeatures(straighten(s.frame, at.pose, FACE_W, FACE_H)) });
  }
  return { name: 'baseline', entries };
};

export const baselineAccuracy = async (
  calibrate: { frame: Frame; tile: Tile }[],
  read: { frame: Frame; tile: Tile }[],
  reader: TextReader | null,
  bordered: boolean,
) => {
  const prep = (f: Frame) => (bordered ? withDarkBorder(f) : f);
  const refs = baselineReferences(calibrate.map((s) => ({ ...s, frame: prep(s.frame) })));
  let located = 0,
    ok = 0;
  for (const t of read) {
    const r = await recognizeTile(prep(t.frame), refs, reader);
    if (r.ok || r.error === 'unreadable') located++;
    if (r.ok && r.proposal.tile === t.tile) ok++;
  }
  return { located: located / read.length, accuracy: ok / read.length };
};
