/**
 * The bench's cross-validation networks (bench/vision-real.ts): fold K was trained like the app's
 * network (both members, seeds 7 and 8) but without the bench's calibration shots and without the
 * K-th fold of the photographs it reads (tools/vision/train-embedding.py --hold-out K).
 */
import type { Weights } from '../../src/vision/embedding';
import { EMBEDDING_WEIGHTS as f0s7 } from './fold-0-seed-7';
import { EMBEDDING_WEIGHTS as f0s8 } from './fold-0-seed-8';
import { EMBEDDING_WEIGHTS as f1s7 } from './fold-1-seed-7';
import { EMBEDDING_WEIGHTS as f1s8 } from './fold-1-seed-8';
import { EMBEDDING_WEIGHTS as f2s7 } from './fold-2-seed-7';
import { EMBEDDING_WEIGHTS as f2s8 } from './fold-2-seed-8';
import { EMBEDDING_WEIGHTS as f3s7 } from './fold-3-seed-7';
import { EMBEDDING_WEIGHTS as f3s8 } from './fold-3-seed-8';

export const FOLD_WEIGHTS: readonly (readonly Weights[])[] = [[f0s7, f0s8], [f1s7, f1s8], [f2s7, f2s8], [f3s7, f3s8]];
