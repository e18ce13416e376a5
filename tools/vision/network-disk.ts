/** The reading network's files and the built-in set read from disk (Node: the tools, the bench, the tests). */
import { readFileSync } from 'node:fs';
import { loadNet, useShippedNet, type Net } from '../../src/vision/embedding';
import { FINDER_FILE, READER_FILE, READER_META_FILE, REFINER_FILE, TABLE_FINDER_FILE } from '../../src/vision/networks';
import { loadFinder, useShippedFinder, type Finder } from '../../src/vision/finder';
import { BUILT_IN_SET_FILE, readBuiltInSet } from '../../src/vision/built-in-set';
import type { TileSet } from '../../src/vision/tile-set';

/** A network from its model and its description (reader.json) on disk. */
export const netFromDisk = ([model, meta]: readonly [URL, URL]): Promise<Net> =>
  loadNet(readFileSync(model), JSON.parse(readFileSync(meta, 'utf8')));

/** Load the app's network and face finder once, so the pipeline's defaults (shippedNet(),
 *  shippedFinder()) work in Node. */
let loaded: Promise<Net> | null = null;
export const useShippedNetFromDisk = (): Promise<Net> =>
  (loaded ??= Promise.all([netFromDisk([READER_FILE, READER_META_FILE]), finderFromDisk()]).then(([net, finder]) => {
    useShippedFinder(finder);
    return useShippedNet(net);
  }));

/** The built-in tile set, read from disk for the shipped network. */
export const builtInSetFromDisk = async (): Promise<TileSet> =>
  readBuiltInSet(JSON.parse(readFileSync(BUILT_IN_SET_FILE, 'utf8')), await useShippedNetFromDisk());

/** The learned face finder, read from disk. */
export const finderFromDisk = (): Promise<Finder> =>
  loadFinder(readFileSync(FINDER_FILE), readFileSync(REFINER_FILE), readFileSync(TABLE_FINDER_FILE));
