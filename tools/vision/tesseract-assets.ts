/**
 * Vite plugin: ship tesseract.js's worker, its WebAssembly core (the relaxed-SIMD LSTM build) and the
 * English data inside the renderer, under `tesseract/`, so recognition never fetches anything
 * from outside the app. In dev the same files are served from node_modules.
 *
 *   import { tesseractAssets } from './tools/vision/tesseract-assets';
 *   renderer: { plugins: [svelte(), tesseractAssets()] }
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Output name under tesseract/ -> file on disk. */
export const TESSERACT_FILES = (): Record<string, string> => {
  const core = pkgDir('tesseract.js-core');
  return {
    'worker.min.js': join(pkgDir('tesseract.js'), 'dist', 'worker.min.js'),
    // The one core tesseract.js picks in the app: it loads the relaxed-SIMD build wherever the
    // engine has relaxed SIMD, as Electron's Chromium has since 114 (the plain and SIMD-only
    // builds, 3.9 MB each, would never load).
    'tesseract-core-relaxedsimd-lstm.wasm.js': join(core, 'tesseract-core-relaxedsimd-lstm.wasm.js'),
    'eng.traineddata.gz': join(pkgDir('@tesseract.js-data/eng'), '4.0.0_best_int', 'eng.traineddata.gz'),
  };
};

export const tesseractAssets = (): Plugin => ({
  name: 'mahjmate:tesseract-assets',
  configureServer(server) {
    const files = TESSERACT_FILES();
    server.middlewares.use((req, res, next) => {
      const m = /^\/tesseract\/([^?]+)/.exec(req.url ?? '');
      const file = m && files[m[1]!];
      if (!file) return next();
      res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'application/gzip');
      createReadStream(file).pipe(res);
    });
  },
  generateBundle() {
    for (const [name, file] of Object.entries(TESSERACT_FILES()))
      this.emitFile({ type: 'asset', fileName: `tesseract/${name}`, source: readFileSync(file) });
  },
});
