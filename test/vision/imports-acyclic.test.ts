import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', 'src', 'vision');

/** Every module of src/vision and the modules of src/vision it imports, type-only imports included. */
const graph = (): Map<string, string[]> => {
  const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(ROOT, f));
  const g = new Map<string, string[]>();
  for (const f of files) {
    const deps: string[] = [];
    for (const m of readFileSync(f, 'utf8').matchAll(/(?:import|export)[^;]*?from '(\.[^']+)'/g)) {
      const p = normalize(join(dirname(f), m[1]!));
      const hit = [`${p}.ts`, join(p, 'index.ts')].find((c) => existsSync(c));
      if (hit) deps.push(hit);
    }
    g.set(f, deps);
  }
  return g;
};

/** A cycle as the modules in it (depth-first: a back edge), or null. */
const findCycle = (g: Map<string, string[]>): string[] | null => {
  const done = new Set<string>(),
    path: string[] = [];
  const visit = (u: string): string[] | null => {
    if (path.includes(u)) return [...path.slice(path.indexOf(u)), u];
    if (done.has(u)) return null;
    path.push(u);
    for (const v of g.get(u) ?? []) {
      const c = visit(v);
      if (c) return c;
    }
    path.pop();
    done.add(u);
    return null;
  };
  for (const u of g.keys()) {
    const c = visit(u);
    if (c) return c;
  }
  return null;
};

describe('src/vision imports', () => {
  it('form no cycle, counting type-only imports', () => {
    const g = graph();
    expect(g.size).toBeGreaterThan(20);
    expect(findCycle(g)?.map((f) => relative(ROOT, f)) ?? null).toBeNull();
  });

  it('a cycle is found when there is one (the check can fail)', () => {
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeNull();
  });
});
