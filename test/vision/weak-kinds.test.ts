import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { teachSet } from '../../src/vision/tile-set';
import { netFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { FOLD_FILES } from '../../bench/embedding-folds';
import { untaughtKinds, weakKinds } from '../../src/vision/weak-kinds';
import { readJpeg } from '../../tools/vision/decode';

await useShippedNetFromDisk();

// Real photographs (LICENSE.md in the folder): 3 shots each of six kinds, each shot from another
// physical set, and 12 other shots.
const FIX = 'test/fixtures/vision-real';
const load = (f: string) =>
  (JSON.parse(readFileSync(join(FIX, f), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
    ...e,
    frame: readJpeg(join(FIX, e.file)),
  }));
const teach = load('teach.json');
const read = load('read.json');

describe('weak kinds before a set is saved', () => {
  it('a kind shown in several frames of the same tile is known; one frame is too few', async () => {
    // The calibration's quick capture takes a few frames of the one tile the player holds.
    const twice = teach.flatMap((t) => [t, t]);
    expect(weakKinds((await teachSet('twice', twice)).set)).toEqual([]);
    const oneGreen = [...twice.filter((t) => t.tile !== 'G'), teach.find((t) => t.tile === 'G')!];
    const { set } = await teachSet('one green', oneGreen);
    expect(weakKinds(set)).toEqual([{ tile: 'G', shots: 1 }]);
    expect(weakKinds(set, 1)).toEqual([]);
  });

  it('names first a kind whose shot reads as another: a Five Dot shown where the Three Crak was asked for', async () => {
    const five = read.find((t) => t.tile === '5D')!;
    const shots = [...teach.flatMap((t) => [t, t]), { ...five, tile: '3C' as Tile }];
    expect(weakKinds((await teachSet('slip', shots)).set)[0]).toEqual({ tile: '3C', shots: 7, readAs: '5D' });
  });

  it('tells apart kinds that look alike across sets when it knows them: Three and Seven Crak', async () => {
    // A network that never saw these photographs (bench/embedding-folds): nothing of the six kinds
    // is weak, though the Three and Seven Craks differ by one stroke and every shot is another set.
    const unseen = await netFromDisk(FOLD_FILES[0]!);
    expect(weakKinds((await teachSet('six sets', teach, unseen)).set)).toEqual([]);
    // Two of the three Three Craks taken away: one shot is too few to be sure of it.
    const lone = teach.filter((t, i) => t.tile !== '3C' || i === teach.findIndex((x) => x.tile === '3C'));
    expect(weakKinds((await teachSet('lone', lone, unseen)).set)).toEqual([{ tile: '3C', shots: 1 }]);
  });

  it('lists the kinds never shown, never the joker', async () => {
    const un = untaughtKinds((await teachSet('six', teach)).set);
    expect(un).toHaveLength(35 - 6);
    expect(un).not.toContain('J');
    expect(un).not.toContain('N');
  });
});
