/** The card's pattern-line reader read from disk (Node: the bench, the `read-card` command, the tests). */
import { readFileSync } from 'node:fs';
import { PATTERN_READER_FILE } from '../../src/vision/networks';
import { loadPatternReader, type PatternReader } from '../../src/vision/card-read/pattern-reader';

export const patternReaderFromDisk = (): Promise<PatternReader> => loadPatternReader(readFileSync(PATTERN_READER_FILE));
