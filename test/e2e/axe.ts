import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical findings on the page as it stands. axe goes in with
 * addScriptTag, which the page's CSP (no inline script) blocks: a spec using this sets
 * `test.use({ bypassCSP: true })`.
 */
export const axe = async (page: Page): Promise<string[]> => {
  await page.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8') });
  const result = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
    };
    return w.axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};
