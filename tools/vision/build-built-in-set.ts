/**
 * Make the built-in tile set (src/vision/networks/built-in-set.json) with the shipped network,
 * from the American renders and the real photographs of a truth file (default: the shared
 * folder the bench reads). Run it again whenever the network is trained again.
 *
 *   npx tsx tools/vision/build-built-in-set.ts [TRUTH.json]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { storeTileSet } from '../../src/vision/tile-set';
import { BUILT_IN_SET_FILE } from '../../src/vision/built-in-set';
import { readJpeg } from './decode';
import { correctTruth, readTruth } from './real-set';
import { builtInSetOf } from './built-in-shots';
import { useShippedNetFromDisk } from './network-disk';

const truthPath = process.argv[2] ?? '../shared/vision-real/truth.json';
const real = correctTruth(readTruth(truthPath)).entries.map((e) => ({ tile: e.tile, frame: readJpeg(e.file) }));
const { set, skipped } = await builtInSetOf(real, await useShippedNetFromDisk());
writeFileSync(fileURLToPath(BUILT_IN_SET_FILE), `${JSON.stringify(storeTileSet(set))}\n`);
console.log(`built-in set: ${set.entries.length} shots (${skipped} not located), network ${set.model}`);
