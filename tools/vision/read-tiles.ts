/**
 * Read tiles from photographs with a taught set: `npm run -s read-tiles -- --set SET.json FILE...`
 * prints one JSON line per file, `{"file","tile","confidence","runnersUp"}` or `{"file","error"}`.
 * Exit 2 with a sentence when the set or a file cannot be read at all (missing, not an image).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadTileSet, readTile, OTHER_MODEL } from '../../src/vision/tile-set';
import { useShippedNetFromDisk } from './network-disk';
import { readImage } from './decode';

const fail = (sentence: string): never => {
  process.stderr.write(`${sentence}\n`);
  process.exit(2);
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;

const args = process.argv.slice(2);
const at = args.indexOf('--set');
const setPath = at >= 0 ? args[at + 1] : undefined;
const files = args.filter((_, i) => i !== at && i !== at + 1);
if (!setPath || files.length === 0) fail('Usage: npm run -s read-tiles -- --set SET.json FILE...');
if (!existsSync(setPath!)) fail(`There is no tile set ${setPath}: make one with npm run -s teach-tiles.`);
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(setPath!, 'utf8'));
} catch {
  fail(`${setPath} is not a tile set (not JSON): make one with npm run -s teach-tiles.`);
}
const set = loadTileSet(raw);
if (!set.ok) fail(`${setPath}: ${set.error}`);
const taught = (set as { value: Parameters<typeof readTile>[1] }).value;
if (taught.model !== useShippedNetFromDisk().id) fail(`${setPath}: ${OTHER_MODEL}`);

let bad = false;
for (const file of files) {
  const img = readImage(file);
  if (!img.ok) {
    bad = true;
    process.stdout.write(`${JSON.stringify({ file, error: img.error })}\n`);
    continue;
  }
  const r = readTile(img.frame, taught);
  process.stdout.write(
    `${JSON.stringify(r.ok
      ? { file, tile: r.tile, confidence: r3(r.confidence), runnersUp: r.runnersUp.map((c) => ({ tile: c.tile, confidence: r3(c.confidence) })) }
      : { file, error: r.message })}\n`,
  );
}
if (bad) fail('Some files could not be read as images (see their lines above).');
