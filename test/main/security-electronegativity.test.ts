// The Electronegativity step can fail: on a window that turns the protections off, the tool
// reports findings above INFORMATIONAL that the reviewed allow-list does not explain.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { csvFields, loadAllowList, scan, unexplained } from '../../tools/security/electronegativity';

test('the report reader splits quoted CSV fields', () => {
  expect(csvFields('A,"HIGH","FIRM","main/x.ts","1:2","new X({ a: ""b"", c })","desc",https://u')).toEqual([
    'A',
    'HIGH',
    'FIRM',
    'main/x.ts',
    '1:2',
    'new X({ a: "b", c })',
    'desc',
    'https://u',
  ]);
});

test('an insecure window is reported and not explained by the allow-list', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mahjmate-eneg-fixture-'));
  try {
    writeFileSync(
      join(dir, 'main.js'),
      `const { BrowserWindow } = require('electron');
const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false } });
win.loadURL('http://example.com/');
`,
    );
    const left = unexplained(scan(dir), loadAllowList());
    const checks = new Set(left.map((f) => f.check));
    // The tool does not report nodeIntegration: true in this file; security-window.test.ts asserts it directly.
    for (const c of [
      'CONTEXT_ISOLATION_JS_CHECK',
      'SANDBOX_JS_CHECK',
      'WEB_SECURITY_JS_CHECK',
      'HTTP_RESOURCES_JS_CHECK',
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
    ])
      expect(checks, c).toContain(c);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
