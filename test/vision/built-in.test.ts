import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TILES, type Tile } from '../../src/core/tiles';
import { readTile } from '../../src/vision/tile-set';
import { mayRecordItself } from '../../src/vision/auto-record';
import { readBuiltInSet, BUILT_IN_NAME } from '../../src/vision/built-in-set';
import { readJpeg } from '../../tools/vision/decode';
import { builtInSetFromDisk, netFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { builtInSetOf } from '../../tools/vision/built-in-shots';
import { FOLD_FILES } from '../../bench/embedding-folds';

// Real photographs (LICENSE.md in the folder); `unseenBy`: a cross-validation network that never saw it.
const FIX = 'test/fixtures/vision-real';
const load = (f: string) =>
  (JSON.parse(readFileSync(join(FIX, f), 'utf8')) as { file: string; tile: Tile; unseenBy?: number }[]).map((e) => ({
    ...e,
    frame: readJpeg(join(FIX, e.file)),
  }));
const teach = load('teach.json');
const read = load('read.json');
const builtIn = await builtInSetFromDisk();
const net = await useShippedNetFromDisk();

describe('the built-in set', () => {
  it('holds every kind, jokers and flowers included, for the shipped network', async () => {
    expect(builtIn.name).toBe(BUILT_IN_NAME);
    expect(builtIn.model).toBe(net.id);
    expect(new Set(builtIn.entries.map((e) => e.tile))).toEqual(new Set(TILES));
    expect(() => readBuiltInSet({ version: 3, name: BUILT_IN_NAME, model: '0badc0de', entries: [] }, net)).toThrow(/another version/);
    expect(() => readBuiltInSet({ version: 9 }, net)).toThrow(/damaged/);
  });

  it('reads real photographs untaught: a set made as the built-in one without them, read by a network that never saw them', async () => {
    // One of the four folds' networks (each set costs a few seconds to make; bench/vision-untaught.ts
    // reads every photograph so).
    const folds = [await netFromDisk(FOLD_FILES[0]!)];
    const sets = [(await builtInSetOf(teach, folds[0]!)).set];
    const some = read.filter((t) => t.unseenBy! < 1);
    expect(some.length).toBeGreaterThan(1);
    for (const t of some) {
      const r = await readTile(t.frame, sets[t.unseenBy!]!, folds[t.unseenBy!]!);
      expect(r.ok && r.tile, t.file).toBe(t.tile);
    }
  });

  it('never records by itself below 95%, even with the box at 80: real photographs it reads less surely', async () => {
    const readings = [];
    for (const t of read) readings.push({ t, r: await readTile(t.frame, builtIn) });
    const unsure = readings.filter(({ r }) => r.ok && r.confidence < 0.95);
    expect(unsure.length).toBeGreaterThan(0);
    for (const { t, r } of readings) if (r.ok) expect(mayRecordItself(r.confidence, 80), t.file).toBe(r.confidence >= 0.95);
  });
});
