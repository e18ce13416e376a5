import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { TileSets } from '../../src/shared/contract/tile-sets';
import type { Tile } from '../../src/core/tiles';
import { BUILT_IN_NAME, readSavedSet, savedSetOf, type SavedSet } from '../../src/vision/saved-set';
import { storeTileSet, teachSet } from '../../src/vision/tile-set';
import { readJpeg } from '../../tools/vision/decode';
import { useServices } from './fixture';
import { useShippedNetFromDisk } from '../../tools/vision/network-disk';

await useShippedNetFromDisk();

/**
 * Taught tile sets live in the database (migration 7): saved, replaced, chosen, removed, kept
 * across a restart; a damaged set or a bad name is refused with a sentence and changes nothing.
 * Real services on a real SQLite file, sets taught from real photographs.
 */
const f = useServices();

const FIX = 'test/fixtures/vision-real';
const shots = (JSON.parse(readFileSync(join(FIX, 'teach.json'), 'utf8')) as { file: string; tile: Tile }[])
  .slice(0, 6)
  .map((e) => ({ ...e, frame: readJpeg(join(FIX, e.file)) }));
/** A set as the calibration saves it: the shots described by the reading network. */
const taughtSet = async (name: string): Promise<SavedSet> => savedSetOf(name, storeTileSet((await teachSet(name, shots)).set));

test('a taught set is saved, used, replaced by name (any case), removed, and survives a restart', async () => {
  expect(await f.value<TileSets>('tileSets')).toEqual({ sets: [], active: null });
  const grandma = await taughtSet("Grandma's set");
  let now = await f.value<TileSets>('saveTileSet', { name: "Grandma's set", set: grandma });
  expect(now.active).toBe("Grandma's set");
  expect(now.sets.map((s) => s.name)).toEqual(["Grandma's set"]);
  // What comes back is the same set, still readable by the camera's loader.
  expect(readSavedSet(now.sets[0]!.set).ok).toBe(true);
  expect(now.sets[0]!.set.taught!.entries).toEqual(grandma.taught!.entries);

  await f.value('saveTileSet', { name: 'Club set', set: await taughtSet('Club set') });
  now = await f.value<TileSets>('saveTileSet', { name: "GRANDMA'S SET", set: await taughtSet("GRANDMA'S SET") });
  expect(now.sets.map((s) => s.name)).toEqual(["GRANDMA'S SET", 'Club set']);
  expect(now.active).toBe("GRANDMA'S SET");

  now = await f.value<TileSets>('useTileSet', { name: 'club set' });
  expect(now.active).toBe('Club set');
  f.restart();
  now = await f.value<TileSets>('tileSets');
  expect(now.active).toBe('Club set');
  expect(now.sets).toHaveLength(2);

  now = await f.value<TileSets>('removeTileSet', { name: 'Club set' });
  expect(now).toMatchObject({ active: null });
  expect(now.sets.map((s) => s.name)).toEqual(["GRANDMA'S SET"]);
  expect((await f.value<TileSets>('useTileSet', { name: null })).active).toBeNull();
});

test('a damaged set, a missing name, the built-in name and an unknown set are refused in a sentence; nothing changes', async () => {
  await f.value('saveTileSet', { name: 'Mine', set: await taughtSet('Mine') });
  const before = await f.value<TileSets>('tileSets');
  const good = await taughtSet('X');
  const damaged = { ...good, taught: { ...good.taught!, entries: [{ tile: '5B', d: '!!not base64!!' }] } };
  const refusals = [
    await f.refusal('saveTileSet', { name: 'X', set: damaged }),
    await f.refusal('saveTileSet', { name: 'X', set: { version: 1, name: 'X', entries: [{ tile: 'ZZ', f: '' }] } }),
    await f.refusal('saveTileSet', { name: 'X', set: 'a string' }),
    await f.refusal('saveTileSet', { name: '   ', set: good }),
    await f.refusal('saveTileSet', { name: 'x'.repeat(41), set: good }),
    await f.refusal('saveTileSet', { name: ` ${BUILT_IN_NAME.toUpperCase()}`, set: good }),
    await f.refusal('useTileSet', { name: 'Nobody' }),
    await f.refusal('removeTileSet', { name: 'Nobody' }),
  ];
  expect(refusals.slice(0, 3)).toEqual(Array(3).fill('This tile set is damaged or was not made by MahjMate: teach your tiles again.'));
  expect(refusals[3]).toMatch(/Give the set a name/);
  expect(refusals[4]).toMatch(/at most 40 letters/);
  expect(refusals[5]).toMatch(/built-in set/);
  expect(refusals[6]).toMatch(/^Tile set "Nobody" not found\.$/);
  for (const r of refusals) expect(r).not.toMatch(/Invalid|expected|zod|\bpath\b/);
  expect(await f.value<TileSets>('tileSets')).toEqual(before);
});
