/**
 * Writes the located, straightened faces the reading embedding is trained on (train-embedding.py):
 * the real photographs of a truth file and fresh synthetic renders of every kind, each cut out by
 * the app's own framed-face finder (framed.ts), with a margin round the face so training can shift and scale it.
 *
 *   npx tsx tools/vision/export-faces.ts OUT_DIR [TRUTH.json] [--synthetic N]
 *
 * OUT_DIR/faces.bin: uint8 RGB, EXPORT_H x EXPORT_W per face; OUT_DIR/faces.json: one entry per
 * face in the same order: {tile, source: 'real'|'synthetic', role, fold}. For real photographs the
 * role is the bench's ('calibrate' for the first 3 of each kind in file order, else 'read') and
 * the fold (0-3, read photographs only) says which cross-validation model must never see it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TILES } from '../../src/core/tiles';
import type { Frame } from '../../src/vision/image';
import { faceWithMargin, EXPORT_H, EXPORT_W } from '../../src/vision/embedding-input';
import { locateFramed } from '../../src/vision/framed';
import { finderFromDisk } from './network-disk';
import { decodeJpegBuffer, readJpeg } from './decode';
import { correctTruth, foldOf, readTruth, splitCalibration } from './real-set';
import { renderJpeg, startRenderer, tileScene, STYLES } from './generate';

const args = process.argv.slice(2);
const out = args[0];
if (!out) {
  console.error('usage: export-faces OUT_DIR [TRUTH.json] [--synthetic N]');
  process.exit(2);
}
const si = args.indexOf('--synthetic');
const perKind = si >= 0 ? Number(args[si + 1]) : 10;
const truthPath = args.slice(1).find((a, i) => !a.startsWith('--') && args[i] !== '--synthetic');

const faces: Uint8Array[] = [];
const meta: { tile: string; source: string; role: string; fold: number }[] = [];
const finder = await finderFromDisk();
const add = async (frame: Frame, tile: string, source: string, role: string, fold: number) => {
  const at = await locateFramed(frame, finder);
  if (!at.ok) return false;
  const f = faceWithMargin(frame, at.boxes[0]!);
  const rgb = new Uint8Array(EXPORT_W * EXPORT_H * 3);
  for (let i = 0; i < EXPORT_W * EXPORT_H; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = f.data[i * 4 + c]!;
  faces.push(rgb);
  meta.push({ tile, source, role, fold });
  return true;
};

if (truthPath) {
  const { calibrate, read } = splitCalibration(correctTruth(readTruth(truthPath)).entries, 3);
  let lost = 0;
  for (const e of calibrate) if (!(await add(readJpeg(e.file), e.tile, 'real', 'calibrate', -1))) lost++;
  for (const [i, e] of read.entries()) if (!(await add(readJpeg(e.file), e.tile, 'real', 'read', foldOf(i)))) lost++;
  console.log(`real: ${calibrate.length + read.length - lost} faces (${lost} not located)`);
}

if (perKind > 0) {
  const { browser, page } = await startRenderer();
  try {
    let n = 0;
    for (let rep = 0; rep < perKind; rep++)
      for (const [k, kind] of TILES.entries()) {
        const style = STYLES[(rep + k) % 2]!;
        // Seeds far from the fixture set's (generate.ts), so no synthetic bench image is trained on.
        const spec = { ...tileScene(kind, style, 50_000_017 + rep * 104_729 + k * 613, 0.3 + 0.7 * ((rep % 3) / 2)), quality: 0.8 };
        if (await add(decodeJpegBuffer(await renderJpeg(page, spec)), kind, 'synthetic', 'train', -1)) n++;
      }
    console.log(`synthetic: ${n} faces`);
  } finally {
    await browser.close();
  }
}

mkdirSync(out, { recursive: true });
const all = new Uint8Array(faces.length * EXPORT_W * EXPORT_H * 3);
faces.forEach((f, i) => all.set(f, i * f.length));
writeFileSync(join(out, 'faces.bin'), all);
writeFileSync(join(out, 'faces.json'), JSON.stringify({ width: EXPORT_W, height: EXPORT_H, faces: meta }));
console.log(`wrote ${faces.length} faces to ${out}`);
