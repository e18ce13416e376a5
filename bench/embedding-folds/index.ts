/**
 * The bench's cross-validation networks (bench/vision-real.ts): fold K was trained like the app's
 * network (both members, seeds 7 and 8) but without the bench's calibration shots and without the
 * K-th fold of the photographs it reads (tools/vision/train-embedding.py --hold-out K).
 */
const fold = (k: number) => [7, 8].map((seed) => new URL(`./fold-${k}-seed-${seed}.mjnw`, import.meta.url));
export const FOLD_FILES: readonly (readonly URL[])[] = [0, 1, 2, 3].map(fold);
