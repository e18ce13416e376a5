// The layer boundaries hold in .svelte components too: ESLint parses them (eslint-plugin-svelte)
// with the same rules as .ts files. Each case is linted as if it were a file at that path.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const eslint = new ESLint({ cwd: join(import.meta.dirname, '../..') });
const component = (imports: string) => `<script lang="ts">\n  ${imports}\n  let n = $state(0);\n</script>\n\n<button onclick={() => n++}>{n}</button>\n`;
const errorsOf = async (code: string, filePath: string): Promise<string[]> => {
  const [r] = await eslint.lintText(code, { filePath });
  return r!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
};

test('a component that imports node:fs, electron or ipcRenderer fails lint; a clean one passes', async () => {
  const at = 'src/renderer/components/Probe.svelte';
  expect(await errorsOf(component("import { readFileSync } from 'node:fs'; void readFileSync;"), at)).toEqual([expect.stringMatching(/^no-restricted-imports: .*Node built-ins/)]);
  expect((await errorsOf(component("import { shell } from 'electron'; void shell;"), at)).join('\n')).toMatch(/Only electron\/ may import electron/);
  expect((await errorsOf(component("import { dispatch } from '../../../electron/main/services/dispatch'; void dispatch;"), at)).join('\n')).toMatch(/window\.mahjmate/);
  expect(await errorsOf(component("import Button from './Button.svelte'; void Button;"), at)).toEqual([]);
}, 60_000);

test('a .svelte file under src/vision is held to the same boundary', async () => {
  expect((await errorsOf(component("import { spawn } from 'node:child_process'; void spawn;"), 'src/vision/Probe.svelte')).join('\n')).toMatch(/Node built-ins/);
}, 60_000);
