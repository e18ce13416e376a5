/**
 * The bench's cross-validation networks (bench/vision-real.ts): fold K was trained like the app's
 * network but without the bench's calibration shots and without the K-th fold of the photographs
 * it reads (tools/vision/train-embedding.py --hold-out K).
 */
import { EMBEDDING_WEIGHTS as fold0 } from './fold-0';
import { EMBEDDING_WEIGHTS as fold1 } from './fold-1';
import { EMBEDDING_WEIGHTS as fold2 } from './fold-2';
import { EMBEDDING_WEIGHTS as fold3 } from './fold-3';
import type { Weights } from '../../src/vision/embedding';

export const FOLD_WEIGHTS: Weights[] = [fold0, fold1, fold2, fold3];
