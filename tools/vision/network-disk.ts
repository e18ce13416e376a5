/** The reading network's files and the built-in set read from disk (Node: the tools, the bench, the tests). */
import { readFileSync } from 'node:fs';
import { netFromBytes, useShippedNet, type Net } from '../../src/vision/embedding';
import { FINDER_FILE, SHIPPED_FILES } from '../../src/vision/networks';
import { loadFinder, type Finder } from '../../src/vision/finder';
import { BUILT_IN_SET_FILE, readBuiltInSet } from '../../src/vision/built-in-set';
import type { TileSet } from '../../src/vision/tile-set';

export const netFromDisk = (files: readonly URL[]): Net => netFromBytes(files.map((u) => readFileSync(u)));

/** Load the app's network once, so the pipeline's defaults (shippedNet()) work in Node. */
let loaded: Net | null = null;
export const useShippedNetFromDisk = (): Net => (loaded ??= useShippedNet(netFromDisk(SHIPPED_FILES)));

/** The built-in tile set, read from disk for the shipped network. */
export const builtInSetFromDisk = (): TileSet =>
  readBuiltInSet(JSON.parse(readFileSync(BUILT_IN_SET_FILE, 'utf8')), useShippedNetFromDisk());

/** The learned face finder, read from disk. */
export const finderFromDisk = (): Promise<Finder> => loadFinder(readFileSync(FINDER_FILE));
