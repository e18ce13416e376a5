/** Build a reference set from calibration shots on disk (<dir>/<style>/<code>.jpg), as the guided calibration would. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseTile } from '../../src/core/tiles';
import { locateFace } from '../../src/vision/locate';
import { faceFeatures, straighten, FACE_H, FACE_W } from '../../src/vision/features';
import type { ReferenceSet } from '../../src/vision/references';
import { readJpeg } from './decode';

export const referencesFromFiles = (dir: string, styles: readonly string[], name = styles.join('+')): ReferenceSet => {
  const entries: ReferenceSet['entries'] = [];
  for (const style of styles)
    for (const file of readdirSync(join(dir, style)).filter((f) => f.endsWith('.jpg'))) {
      const tile = parseTile(file.replace(/\.jpg$/, ''));
      if (!tile) continue;
      const frame = readJpeg(join(dir, style, file));
      const at = locateFace(frame);
      if (!at.ok) throw new Error(`calibration shot ${style}/${file}: ${at.message}`);
      entries.push({ tile, features: faceFeatures(straighten(frame, at.pose, FACE_W, FACE_H)) });
    }
  return { name, entries };
};
