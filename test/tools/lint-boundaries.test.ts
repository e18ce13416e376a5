// The layer boundaries hold in .svelte components too: ESLint parses them (eslint-plugin-svelte)
// with the same rules as .ts files. Each case is linted as if it were a file at that path.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

const eslint = new ESLint({ cwd: join(import.meta.dirname, '../..') });
const component = (imports: string) =>
  `<script lang="ts">\n  ${imports}\n  let n = $state(0);\n</script>\n\n<button onclick={() => n++}>{n}</button>\n`;
const errorsOf = async (code: string, filePath: string): Promise<string[]> => {
  const [r] = await eslint.lintText(code, { filePath });
  return r!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
};
const importOf = (spec: string) => `import * as probe from '${spec}';\nexport default probe;\n`;

test('a component that imports node:fs, electron or ipcRenderer fails lint; a clean one passes', async () => {
  const at = 'src/renderer/components/Probe.svelte';
  expect(await errorsOf(component("import { readFileSync } from 'node:fs'; void readFileSync;"), at)).toEqual([
    expect.stringMatching(/^no-restricted-imports: .*Node built-ins/),
  ]);
  expect((await errorsOf(component("import { shell } from 'electron'; void shell;"), at)).join('\n')).toMatch(
    /Only electron\/ may import electron/,
  );
  expect(
    (await errorsOf(component("import { dispatch } from '../../../electron/main/services/dispatch'; void dispatch;"), at)).join('\n'),
  ).toMatch(/window\.mahjmate/);
  expect(await errorsOf(component("import Button from './Button.svelte'; void Button;"), at)).toEqual([]);
}, 60_000);

test('a .svelte file under src/vision is held to the same boundary', async () => {
  expect(
    (await errorsOf(component("import { spawn } from 'node:child_process'; void spawn;"), 'src/vision/Probe.svelte')).join('\n'),
  ).toMatch(/Node built-ins/);
}, 60_000);

// Every edge in eslint.config.js (and the README's Layout): [the probe file, the import, allowed?].
// Each forbidden one must fail with no-restricted-imports; each allowed one must pass.
const EDGES: [string, string, boolean][] = [
  // the rules engine: nothing from the app, no package
  ['src/core/probe.ts', './tiles', true],
  ['src/core/probe.ts', '../shared/channels', false],
  ['src/core/probe.ts', '../vision/motion', false],
  ['src/core/probe.ts', '../renderer/lib/api', false],
  ['src/core/probe.ts', '../../electron/main/ipc', false],
  ['src/core/probe.ts', 'zod', false],
  ['src/core/probe.ts', 'svelte', false],
  ['src/core/probe.ts', 'node:fs', false],
  ['src/core/probe.ts', '../../tools/replay', false],
  ['src/core/probe.ts', 'electron', false],
  ['src/core/probe.ts', 'fs', false],
  ['src/core/probe.ts', 'lodash-es', false],
  ['src/core/probe.ts', '@scope/any-package/sub', false],
  ['src/core/probe.ts', '../../node_modules/lodash-es/lodash.js', false],
  ['src/core/parse/probe.ts', '../tiles', true],
  // vision: the core only
  ['src/vision/probe.ts', '../core/tiles', true],
  ['src/vision/probe.ts', '../shared/channels', false],
  ['src/vision/probe.ts', '../renderer/lib/api', false],
  ['src/vision/probe.ts', '../../electron/main/ipc', false],
  ['src/vision/probe.ts', 'electron', false],
  ['src/vision/probe.ts', 'node:path', false],
  // the contract: the core, and vision's tile-set format only
  ['src/shared/probe.ts', '../core/tiles', true],
  ['src/shared/probe.ts', '../vision/saved-set', true],
  ['src/shared/probe.ts', '../vision/recognizer.svelte', false],
  ['src/shared/probe.ts', '../renderer/lib/api', false],
  ['src/shared/probe.ts', '../../electron/main/store/store', false],
  ['src/shared/probe.ts', 'node:fs', false],
  ['src/shared/probe.ts', '../../test/main/fixture', false],
  // the page: core, contract, vision; never main, Node or electron
  ['src/renderer/probe.ts', '../core/tiles', true],
  ['src/renderer/probe.ts', '../shared/channels', true],
  ['src/renderer/probe.ts', '../vision/motion', true],
  ['src/renderer/probe.ts', '../../electron/main/ipc', false],
  ['src/renderer/probe.ts', '../../electron/preload/index', false],
  ['src/renderer/probe.ts', 'electron', false],
  ['src/renderer/probe.ts', '../../bench/run', false],
  // the preload: the contract only
  ['electron/preload/probe.ts', '../../src/shared/bridge', true],
  ['electron/preload/probe.ts', '../../src/core/tiles', false],
  ['electron/preload/probe.ts', '../../src/vision/motion', false],
  ['electron/preload/probe.ts', '../main/ipc', false],
  ['electron/preload/probe.ts', 'node:fs', false],
  // main: core and contract, Node and electron; not the page's code
  ['electron/main/probe.ts', '../../src/core/tiles', true],
  ['electron/main/probe.ts', '../../src/shared/channels', true],
  ['electron/main/probe.ts', 'node:fs', true],
  ['electron/main/probe.ts', '../../src/vision/saved-set', false],
  ['electron/main/probe.ts', '../../src/renderer/lib/api', false],
  ['electron/main/probe.ts', '../preload/index', false],
  ['electron/main/probe.ts', '../../tools/replay', false],
  ['electron/main/probe.ts', '../../test/main/fixture', false],
  // tools: the app's Node side and vision; not the page, bench or test
  ['tools/probe.ts', '../electron/main/store/store', true],
  ['tools/probe.ts', '../src/vision/motion', true],
  ['tools/probe.ts', '../src/renderer/lib/api', false],
  ['tools/probe.ts', '../bench/run', false],
  ['tools/probe.ts', '../test/main/fixture', false],
  // bench: anything but the page's own code
  ['bench/probe.ts', '../tools/replay', true],
  ['bench/probe.ts', '../src/renderer/lib/api', false],
];

test.each(EDGES)(
  '%s importing %s: allowed %s',
  async (file, spec, allowed) => {
    const errors = (await errorsOf(importOf(spec), file)).filter((e) => e.startsWith('no-restricted-imports'));
    if (allowed) expect(errors).toEqual([]);
    else expect(errors).toHaveLength(1);
  },
  60_000,
);

// A dynamic import() crosses no edge a static one may not: [the probe file, the import() line, allowed?].
const dynamic = (call: string) => `export const load = async () => ${call};\n`;
const DYNAMIC: [string, string, boolean][] = [
  ['src/renderer/screens/probe.ts', "import('./Table/Table.svelte')", true],
  ['src/renderer/screens/probe.ts', "import('../../../electron/main/services/dispatch')", false],
  ['src/renderer/screens/probe.ts', 'import(`../../../electron/main/ipc`)', false],
  ['src/renderer/probe.ts', "import('node:fs')", false],
  ['src/core/probe.ts', "import('./tiles')", true],
  ['src/core/probe.ts', "import('zod')", false],
  ['src/core/probe.ts', "import('../shared/channels')", false],
  ['src/vision/probe.ts', "import('../renderer/lib/api')", false],
  ['electron/main/probe.ts', "import('../../src/renderer/lib/api')", false],
  ['electron/main/probe.ts', "import('node:fs')", true],
  ['tools/probe.ts', "import('../test/main/fixture')", false],
  ['bench/probe.ts', "import('../src/renderer/lib/api')", false],
];

test.each(DYNAMIC)(
  '%s calling %s: allowed %s',
  async (file, call, allowed) => {
    const errors = (await errorsOf(dynamic(call), file)).filter((e) => e.startsWith('layers/no-restricted-dynamic-imports'));
    if (allowed) expect(errors).toEqual([]);
    else expect(errors).toHaveLength(1);
  },
  60_000,
);

test('in the app, an import() of a module named by an expression is refused: the edges could not be checked', async () => {
  const code = "const name = './tiles';\nexport const load = async () => import(name);\n";
  expect(await errorsOf(code, 'src/core/probe.ts')).toEqual([
    expect.stringMatching(/^layers\/no-restricted-dynamic-imports: .*plain text/),
  ]);
  expect(await errorsOf(code, 'src/renderer/probe.ts')).toEqual([expect.stringMatching(/plain text/)]);
  // the bench loads a built file by its path, outside the app's layers
  expect(await errorsOf(code, 'bench/probe.ts')).toEqual([]);
}, 60_000);
