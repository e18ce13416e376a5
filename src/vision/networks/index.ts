/**
 * The members of the network the app ships: the same recipe trained from two starting points
 * (train-embedding.py --seed 7 and --seed 8) on all the faces given. Together they read the
 * bench's real photographs about one point better than either alone. The weights are binary
 * files beside this one (network-file.ts); written as `new URL(..., import.meta.url)` so the
 * bundler ships them with the worker and Node finds them on disk.
 */
export const SHIPPED_FILES: readonly URL[] = [new URL('./seed-7.mjnw', import.meta.url), new URL('./seed-8.mjnw', import.meta.url)];

/** The learned face finder (finder.ts; trained by tools/vision/train-finder.py): an ONNX model. */
export const FINDER_FILE: URL = new URL('../../../resources/vision/finder.onnx', import.meta.url);
