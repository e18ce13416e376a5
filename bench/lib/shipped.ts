/**
 * Load a module the way the app ships it: bundled by esbuild without `keepNames`.
 * tsx (which runs the benches) wraps every inner function in a `__name()` helper that
 * defines a property per call; in a hot loop that alone tripled the replay time, and it is
 * not in the code Vite builds for the app. So benches that time the engine import it through here.
 */
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const importShipped = async <T>(entry: string): Promise<T> => {
  const out = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'es2022', write: false });
  const file = join(mkdtempSync(join(tmpdir(), 'mahjmate-bench-')), 'bundle.mjs');
  writeFileSync(file, out.outputFiles[0]!.text);
  return (await import(pathToFileURL(file).href)) as T;
};
