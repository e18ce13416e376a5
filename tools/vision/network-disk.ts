/** The reading network's files read from disk (Node: the tools, the bench, the tests). */
import { readFileSync } from 'node:fs';
import { netFromBytes, useShippedNet, type Net } from '../../src/vision/embedding';
import { SHIPPED_FILES } from '../../src/vision/networks';

export const netFromDisk = (files: readonly URL[]): Net => netFromBytes(files.map((u) => readFileSync(u)));

/** Load the app's network once, so the pipeline's defaults (shippedNet()) work in Node. */
let loaded: Net | null = null;
export const useShippedNetFromDisk = (): Net => (loaded ??= useShippedNet(netFromDisk(SHIPPED_FILES)));
