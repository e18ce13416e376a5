/** A tesseract.js worker for Node (worker_threads), loading the bundled English data from node_modules. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM } from 'tesseract.js';

const require = createRequire(import.meta.url);
export const ENG_DIR = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** Our reader's worker: LSTM only, the small "best_int" English model, no cache, no network. */
export const nodeTesseract = () => createWorker('eng', OEM.LSTM_ONLY, { langPath: ENG_DIR, gzip: true, cacheMethod: 'none' });
