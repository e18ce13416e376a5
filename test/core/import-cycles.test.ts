import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { expect, test } from 'vitest';

// The engine's imports stay acyclic (type-only imports included: they tie modules together just
// the same for a reader). Before issue 13 game.ts <-> window.ts and record.ts <-> summary.ts
// were cycles; this finds any cycle under src/core.
const root = join(import.meta.dirname, '..', '..');
const core = join(root, 'src', 'core');
const files = (readdirSync(core, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => normalize(join(core, f)));
const known = new Set(files);
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g;

const depsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)]
    .map((m) => normalize(join(dirname(file), m[1]!)))
    .map((t) => [`${t}.ts`, join(t, 'index.ts')].find((c) => known.has(c)))
    .filter((x): x is string => x !== undefined);

/** Every import cycle, each as the list of files around it. */
const cycles = (): string[][] => {
  const graph = new Map(files.map((f) => [f, depsOf(f)]));
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    path.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === 'open') found.push(path.slice(path.indexOf(d)).map((x) => relative(root, x)));
      else if (!state.has(d)) visit(d);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
};

test('src/core has no import cycle', () => {
  expect(files.length).toBeGreaterThan(20);
  expect(files.some((f) => f.includes(join('core', 'judge')))).toBe(true);
  expect(cycles()).toEqual([]);
});
