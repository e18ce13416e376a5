/**
 * Read tiles from photographs: `npm run -s read-tiles -- [--set SET.json] FILE...` prints one JSON
 * line per file, `{"file","tile","confidence","runnersUp"}` or `{"file","error"}`; without --set
 * it reads with the built-in set, as the app does before a group teaches it. With --all, every
 * face found in each frame, one line each: `{"file","box":[x,y,w,h],"angle","tile","confidence","runnersUp"}`.
 * Exit 2 with a sentence when the set or a file cannot be read at all (missing, not an image).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadTileSet, readTile, OTHER_MODEL, type TileSet } from '../../src/vision/tile-set';
import { builtInSetFromDisk, finderFromDisk, useShippedNetFromDisk } from './network-disk';
import { readImage } from './decode';
import { readFloor } from '../../src/vision/floor';

const fail = (sentence: string): never => {
  process.stderr.write(`${sentence}\n`);
  process.exit(2);
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;

const all = process.argv.includes('--all');
const args = process.argv.slice(2).filter((a) => a !== '--all');
const at = args.indexOf('--set');
const setPath = at >= 0 ? args[at + 1] : undefined;
const files = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
if ((at >= 0 && !setPath) || files.length === 0) fail('Usage: npm run -s read-tiles -- [--all] [--set SET.json] FILE...');

const net = await useShippedNetFromDisk();
const taughtSet = (path: string): TileSet => {
  if (!existsSync(path)) fail(`There is no tile set ${path}: make one with npm run -s teach-tiles.`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    fail(`${path} is not a tile set (not JSON): make one with npm run -s teach-tiles.`);
  }
  const set = loadTileSet(raw);
  if (!set.ok) return fail(`${path}: ${set.error}`);
  if (set.value.model !== net.id) fail(`${path}: ${OTHER_MODEL}`);
  return set.value;
};
const taught = setPath ? taughtSet(setPath) : await builtInSetFromDisk();

const finder = await finderFromDisk();
let bad = false;
for (const file of files) {
  const img = readImage(file);
  if (!img.ok) {
    bad = true;
    process.stdout.write(`${JSON.stringify({ file, error: img.error })}\n`);
    continue;
  }
  if (all) {
    for (const f of await readFloor(img.frame, taught, finder)) {
      const box = f.box.map((v) => Math.round(v));
      process.stdout.write(
        `${JSON.stringify({ file, box, angle: Math.round(f.angle), tile: f.tile, confidence: r3(f.confidence), runnersUp: f.runnersUp.map((c) => ({ tile: c.tile, confidence: r3(c.confidence) })) })}\n`,
      );
    }
    continue;
  }
  const r = await readTile(img.frame, taught);
  process.stdout.write(
    `${JSON.stringify(
      r.ok
        ? {
            file,
            tile: r.tile,
            confidence: r3(r.confidence),
            runnersUp: r.runnersUp.map((c) => ({ tile: c.tile, confidence: r3(c.confidence) })),
          }
        : { file, error: r.message },
    )}\n`,
  );
}
if (bad) fail('Some files could not be read as images (see their lines above).');
