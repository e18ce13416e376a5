import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { locateFramed } from '../../src/vision/framed';
import { shippedFinder } from '../../src/vision/finder';
import { turn180, turn90 } from '../../src/vision/image';
import { loadTileSet, readTile, storeTileSet, teachSet, OTHER_MODEL } from '../../src/vision/tile-set';
import { untaughtKinds } from '../../src/vision/weak-kinds';
import { netFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { readJpeg } from '../../tools/vision/decode';
import { FOLD_FILES } from '../../bench/embedding-folds';

await useShippedNetFromDisk();

// Real photographs (tight crops with neighbours' slivers; LICENSE.md in the folder). The app's
// network was trained on them among others, so the first reading test uses, for each photograph,
// a cross-validation network that never saw it (`unseenBy`, bench/embedding-folds) nor the
// teaching shots; the rest check the shipped pipeline end to end.
const FIX = 'test/fixtures/vision-real';
const list = (f: string): { file: string; tile: Tile; unseenBy?: number }[] => JSON.parse(readFileSync(join(FIX, f), 'utf8'));
const load = (f: string) => list(f).map((e) => ({ ...e, frame: readJpeg(join(FIX, e.file)) }));
const teach = load('teach.json');
const read = load('read.json');
const { set } = await teachSet('fixtures', teach);
const folds = [await netFromDisk(FOLD_FILES[0]!)];

describe('real photographs', () => {
  it('finds the face in every tight crop, filling the frame and upright', async () => {
    for (const t of [...teach, ...read]) {
      const r = await locateFramed(t.frame, shippedFinder());
      expect(r.ok, t.file).toBe(true);
      if (!r.ok) continue;
      // one of the boxes the finder gave it (one per scale) is the face: the reader chooses
      const face = r.boxes.find((p) => p.width / t.frame.width > 0.7 && p.height / t.frame.height > 0.7 && p.width < p.height);
      expect(face, t.file).toBeTruthy();
    }
  });

  it('reads photographs its network never saw, taught with other shots of the same kinds', async () => {
    // The photographs the first fold's network never saw (bench/vision-real.ts reads every one
    // with the network of its fold).
    const unseen = (await teachSet('unseen', teach, folds[0]!)).set;
    const some = read.filter((t) => t.unseenBy === 0);
    expect(some.length).toBeGreaterThan(1);
    for (const t of some) {
      const r = await readTile(t.frame, unseen, folds[0]!);
      expect(r.ok && r.tile, t.file).toBe(t.tile);
    }
  });

  it('reads them with the shipped network, and only with the network a set was taught with', async () => {
    for (const t of read) {
      const r = await readTile(t.frame, set);
      expect(r.ok && r.tile, t.file).toBe(t.tile);
    }
    const other = (await teachSet('other', teach, folds[0]!)).set;
    expect(await readTile(read[0]!.frame, other)).toMatchObject({ ok: false, error: 'other-model', message: OTHER_MODEL });
  });

  it('reads a tile shown upside down as the same tile', async () => {
    for (const t of read) {
      const up = await readTile(t.frame, set),
        down = await readTile(turn180(t.frame), set);
      expect(up.ok && down.ok && down.tile, t.file).toBe(up.ok && up.tile);
    }
  });

  it('reads a tile lying sideways, either way round, as the same tile', async () => {
    for (const t of read)
      for (const clockwise of [true, false]) {
        const side = turn90(t.frame, clockwise);
        const at = await locateFramed(side, shippedFinder());
        expect(at.ok && at.boxes.some((p) => Math.abs(Math.abs(p.angle) - Math.PI / 2) < 0.1), t.file).toBe(true);
        const r = await readTile(side, set);
        expect(r.ok && r.tile, `${t.file} turned ${clockwise ? 'clockwise' : 'anticlockwise'}`).toBe(t.tile);
      }
  });

  it('keeps its readings through the stored form of the set', async () => {
    const back = loadTileSet(JSON.parse(JSON.stringify(storeTileSet(set))));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    for (const t of read) {
      const a = await readTile(t.frame, set),
        b = await readTile(t.frame, back.value);
      expect(b.ok && b.tile, t.file).toBe(a.ok && a.tile);
    }
  });

  it('names the kinds not taught yet, and a set with nothing taught reads nothing', async () => {
    expect(untaughtKinds(set)).toContain('1B');
    expect(untaughtKinds(set)).not.toContain('5D');
    expect(untaughtKinds(set)).not.toContain('J');
    const r = await readTile(read[0]!.frame, { name: 'empty', model: set.model, entries: [] });
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining('teach your tiles') });
  });

  it('says what is wrong with a damaged stored set instead of loading half of it', async () => {
    const stored = storeTileSet(set);
    expect(loadTileSet({ ...stored, version: 1 })).toMatchObject({ ok: false, error: expect.stringContaining('not a tile set') });
    // A set from before the network (hand-made descriptors) cannot be compared: teach again.
    expect(loadTileSet({ ...stored, version: 2 })).toEqual({ ok: false, error: OTHER_MODEL });
    const cut = { ...stored, entries: [{ ...stored.entries[0]!, d: stored.entries[0]!.d.slice(0, 20) }] };
    expect(loadTileSet(cut)).toMatchObject({ ok: false, error: expect.stringContaining('damaged') });
    expect(loadTileSet({ ...stored, entries: [{ tile: 'XX', d: '' }] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('Entry 1'),
    });
  });

  it('still says why on frames with no tile (no guess on a bare table)', async () => {
    for (const name of ['empty', 'dark']) {
      const r = await locateFramed(readJpeg(`test/fixtures/vision/bad/${name}.jpg`), shippedFinder());
      expect(r).toMatchObject({ ok: false, error: name });
    }
  });
});
