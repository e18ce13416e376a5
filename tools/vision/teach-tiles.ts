/**
 * Teach a tile set from photographs: `npm run -s teach-tiles -- --out SET.json TRUTH.json`.
 * TRUTH.json lists `[{"file": "...", "tile": "5B"}]`, paths relative to the truth file. Several
 * shots per kind make a stronger set. Exit 2 with a sentence on bad input; nothing is written then.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { isTile, tileName, type Tile } from '../../src/core/tiles';
import { storeTileSet, teachSet } from '../../src/vision/tile-set';
import { untaughtKinds, weakKinds } from '../../src/vision/weak-kinds';
import { readImage } from './decode';
import { useShippedNetFromDisk } from './network-disk';

await useShippedNetFromDisk();

const fail = (sentence: string): never => {
  process.stderr.write(`${sentence}\n`);
  process.exit(2);
};

const args = process.argv.slice(2);
const at = args.indexOf('--out');
const out = at >= 0 ? args[at + 1] : undefined;
const rest = args.filter((_, i) => i !== at && i !== at + 1);
if (!out || rest.length !== 1) fail('Usage: npm run -s teach-tiles -- --out SET.json TRUTH.json');
const truthPath = resolve(rest[0]!);
if (!existsSync(truthPath)) fail(`There is no truth file ${rest[0]}.`);
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(truthPath, 'utf8'));
} catch {
  fail(`${rest[0]} is not JSON: expected [{"file": "...", "tile": "5B"}].`);
}
if (!Array.isArray(raw) || raw.length === 0) fail(`${rest[0]} should list photographs: [{"file": "...", "tile": "5B"}].`);
const shots: { frame: Parameters<typeof teachSet>[1][number]['frame']; tile: Tile; label: string }[] = [];
for (const [i, e] of (raw as { file?: unknown; tile?: unknown }[]).entries()) {
  if (!e || typeof e.file !== 'string') fail(`Entry ${i + 1} of ${rest[0]} has no "file".`);
  if (!isTile(e.tile)) fail(`Entry ${i + 1} of ${rest[0]} has no tile such as "5B", "N", "R", "F" (got ${JSON.stringify(e.tile)}).`);
  const img = readImage(resolve(dirname(truthPath), e.file as string));
  if (!img.ok) fail(`Entry ${i + 1}: ${img.error}`);
  shots.push({ frame: (img as { frame: (typeof shots)[number]['frame'] }).frame, tile: e.tile as Tile, label: e.file as string });
}
const { set, skipped } = await teachSet(basename(out!).replace(/\.json$/, ''), shots);
if (skipped.length === shots.length)
  fail(`No tile could be found in any of the photographs (${skipped[0]!.label}: ${skipped[0]!.message})`);
writeFileSync(out!, `${JSON.stringify(storeTileSet(set))}\n`);
for (const s of skipped) process.stderr.write(`Skipped ${s.label}: ${s.message}\n`);
const kinds = new Set(set.entries.map((e) => e.tile)).size;
const untaught = untaughtKinds(set);
process.stderr.write(`Taught ${shots.length - skipped.length} shots of ${kinds} kinds into ${out}.\n`);
if (untaught.length) process.stderr.write(`Not taught yet: ${untaught.map(tileName).join(', ')}.\n`);
// One photograph per kind is a fair set here: only a kind whose shot reads as another is named.
for (const w of weakKinds(set, 1))
  process.stderr.write(`Weak: a ${tileName(w.tile)} reads as ${tileName(w.readAs!)}; add more photographs of it.\n`);
