import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TESSERACT_FILES, tesseractAssets } from '../../tools/vision/tesseract-assets';

describe('tesseract assets shipped with the renderer', () => {
  it('names the worker, the one core the app loads (relaxed-SIMD LSTM) and the English data, all present in node_modules', () => {
    const files = TESSERACT_FILES();
    expect(Object.keys(files).sort()).toEqual(['eng.traineddata.gz', 'tesseract-core-relaxedsimd-lstm.wasm.js', 'worker.min.js']);
    for (const [name, path] of Object.entries(files)) expect(statSync(path).size, name).toBeGreaterThan(50_000);
  });

  it('emits every file under tesseract/ in the bundle', () => {
    const emitted: string[] = [];
    const plugin = tesseractAssets();
    const hook = plugin.generateBundle as unknown as (this: { emitFile: (f: { fileName: string }) => void }) => void;
    hook.call({ emitFile: (f) => void emitted.push(f.fileName) });
    expect(emitted.sort()).toEqual(
      Object.keys(TESSERACT_FILES())
        .map((n) => `tesseract/${n}`)
        .sort(),
    );
  });
});
