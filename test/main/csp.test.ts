import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CSP } from '../../electron/main/csp';

test('the CSP meta fallback in index.html is the header policy (minus frame-ancestors, which a meta cannot carry)', () => {
  const html = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
  expect(meta).toBeDefined();
  const header = CSP.split('; ').filter((d) => !d.startsWith('frame-ancestors'));
  expect(meta!.split('; ')).toEqual(header);
});

test('the policy allows nothing remote and no inline or eval script', () => {
  for (const d of CSP.split('; ')) {
    expect(d).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'/);
  }
  expect(CSP).toContain("default-src 'self'");
  expect(CSP).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(CSP).toContain("worker-src 'self' blob:");
});
