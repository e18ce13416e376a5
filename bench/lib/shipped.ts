/**
 * Load a module the way the app ships it: bundled by esbuild without `keepNames`.
 * tsx (which runs the benches) wraps every inner function in a `__name()` helper that
 * defines a property per call; in a hot loop that alone tripled the replay time, and it is
 * not in the code Vite builds for the app. So benches that time the engine import it through here.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const importShipped = async <T>(entry: string, options: { externalPackages?: boolean } = {}): Promise<T> => {
  // externalPackages: leave node_modules (native drivers such as libsql) to Node, bundle only our code.
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    write: false,
    ...(options.externalPackages ? { packages: 'external' as const } : {}),
  });
  // With packages external, the bundle must sit where Node finds node_modules.
  const base = options.externalPackages ? join(import.meta.dirname, '../../node_modules/.cache') : tmpdir();
  mkdirSync(base, { recursive: true });
  const file = join(mkdtempSync(join(base, 'mahjmate-bench-')), 'bundle.mjs');
  writeFileSync(file, out.outputFiles[0]!.text);
  return (await import(pathToFileURL(file).href)) as T;
};
