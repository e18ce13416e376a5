/**
 * The camera's models, shipped in the app's bundle: written as `new URL(..., import.meta.url)` so
 * the bundler ships them with the worker and Node finds them on disk.
 */

/** The reading network (embedding.ts; trained by tools/vision/train-embedding.py): an ONNX model
 *  of both members (seeds 7 and 8, which together read the bench's real photographs about one
 *  point better than either alone), and its name and check. */
export const READER_FILE: URL = new URL('../../../resources/vision/reader.onnx', import.meta.url);
export const READER_META_FILE: URL = new URL('../../../resources/vision/reader.json', import.meta.url);

/** The learned face finder (finder.ts; trained by tools/vision/train-finder.py): an ONNX model. */
export const FINDER_FILE: URL = new URL('../../../resources/vision/finder.onnx', import.meta.url);

/** The whole table's face finder: the same network trained longer on whole tables with more loose
 *  tiles (resources/vision/table-finder.md); it misses a face that fills a close framed region, which
 *  the finder above finds. */
export const TABLE_FINDER_FILE: URL = new URL('../../../resources/vision/table-finder.onnx', import.meta.url);

/** The learned box refiner (box-refiner.ts; trained by tools/vision/train-box-refiner.py): an ONNX model. */
export const REFINER_FILE: URL = new URL('../../../resources/vision/box-refiner.onnx', import.meta.url);

/** The card's pattern-line reader (card-read/pattern-reader.ts; trained by
 *  tools/card/train-pattern-reader.py): an ONNX model. */
export const PATTERN_READER_FILE: URL = new URL('../../../resources/vision/pattern-reader.onnx', import.meta.url);
