/**
 * The bench's cross-validation networks (bench/vision-real.ts): fold K was trained like the app's
 * network (both members, seeds 7 and 8) but without the bench's calibration shots and without the
 * K-th fold of the photographs it reads (tools/vision/train-embedding.py --hold-out K).
 */
export const FOLD_FILES: readonly (readonly [URL, URL])[] = [0, 1, 2, 3].map(
  (k) => [new URL(`./fold-${k}.onnx`, import.meta.url), new URL(`./fold-${k}.json`, import.meta.url)] as const,
);
