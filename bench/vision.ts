/**
 * The camera on the committed fixed set of synthetic renders (test/fixtures/vision/bench, 540
 * shots with truth), each a tile framed alone: read by the reading network with a set taught
 * from the separate calibration shots (test/fixtures/vision/calibration), never from the bench
 * images. The network's synthetic training renders use other seeds (export-faces.ts), so none of
 * these images was trained on. Prints `name: value` lines.
 *
 *   npx tsx bench/vision.ts [--limit N]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TILES, type Tile } from '../src/core/tiles';
import { readTile, teachSet } from '../src/vision/tile-set';
import { AUTO_RECORD_AT } from '../src/vision/auto-record';
import { readJpeg } from '../tools/vision/decode';
import { useShippedNetFromDisk } from '../tools/vision/network-disk';

await useShippedNetFromDisk();

const FIX = 'test/fixtures/vision';
const limitArg = process.argv.indexOf('--limit');
const truth: { file: string; tile: Tile; style: string }[] = JSON.parse(readFileSync(join(FIX, 'bench', 'truth.json'), 'utf8'));
const set = limitArg > 0 ? truth.slice(0, Number(process.argv[limitArg + 1])) : truth;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const frames = set.map((t) => ({ ...t, frame: readJpeg(join(FIX, 'bench', t.file)) }));

const shots = (['classic', 'modern'] as const).flatMap((style) =>
  TILES.map((tile) => ({ tile, frame: readJpeg(join(FIX, 'calibration', style, `${tile}.jpg`)) })),
);
const taught = (await teachSet('synthetic', shots)).set;
let ok = 0,
  autoN = 0,
  wrongN = 0;
const tms: number[] = [];
for (const t of frames) {
  const t0 = performance.now();
  const r = await readTile(t.frame, taught);
  tms.push(performance.now() - t0);
  if (r.ok && r.tile === t.tile) ok++;
  if (r.ok && r.confidence >= AUTO_RECORD_AT) {
    autoN++;
    if (r.tile !== t.tile) wrongN++;
  }
}
console.log(`vision.images: ${frames.length}`);
console.log(`vision.network_tile_accuracy: ${r3(ok / frames.length)}`);
console.log(`vision.network_auto_record_rate: ${r3(autoN / frames.length)}`);
console.log(`vision.network_auto_record_wrong: ${wrongN}`);
console.log(`vision.network_ms_per_tile_p50: ${r3(pct(tms, 0.5))}`);
