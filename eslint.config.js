// Lint keeps the layers' edges (STYLE.md "Dependency direction"). What each layer may import:
//   src/core          nothing from the app and no package: the pure rules engine
//   src/vision        src/core (and tesseract.js, svelte): no Electron, no Node, no contract
//   src/shared        src/core, and src/vision/saved-set (the contract checks a tile set with the
//                     camera's own reader, as it checks events with the core's); zod
//   src/renderer      src/core, src/shared, src/vision; never electron/ (only window.mahjmate)
//   electron/preload  src/shared (and electron)
//   electron/main     src/core, src/shared (and Node, electron, libsql): not the page's code
//   tools             src/core, src/shared, src/vision, electron/main: not the page, bench or test
//   bench             anything but the page's own code (src/renderer)
// and nothing in src/ or electron/ imports tools/, bench/ or test/. ipcMain/ipcRenderer live in
// two files only. A dynamic import() is held to the same edges (layers/no-restricted-dynamic-imports),
// and in src/ and electron/ it names its module in plain text so they can be checked.
// test/tools/lint-boundaries.test.ts proves each edge fails when crossed.
import { relative } from 'node:path';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';

const NODE = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'worker_threads'];
const electron = { name: 'electron', message: 'Only electron/ may import electron.' };
const nodeBuiltins = { group: NODE, message: 'No Node built-ins here: this code runs in the page (or must stay pure).' };
const noScaffold = (where) => ({
  group: [`${where}tools/**`, `${where}bench/**`, `${where}test/**`],
  message: 'The app imports nothing from tools/, bench/ or test/.',
});

/**
 * no-restricted-imports reads only static imports; this rule runs it, with the same options, on
 * every import() whose module is named in plain text ('./x' or `./x`), so a lazily loaded module
 * crosses no edge the static one may not. A module named by an expression cannot be checked: in
 * the app's own code (src/, electron/) that is refused.
 */
const restrictedImports = builtinRules.get('no-restricted-imports');
const UNNAMED = 'A dynamic import() names its module in plain text, so the layer rules can check it.';
const dynamicImports = {
  meta: {
    ...restrictedImports.meta,
    docs: { description: 'no-restricted-imports, for import() expressions' },
    messages: { ...restrictedImports.meta.messages, unnamed: UNNAMED },
  },
  create(context) {
    const check = restrictedImports.create(context).ImportDeclaration;
    const appCode = /^(src|electron)\//.test(relative(context.cwd, context.filename).replaceAll('\\', '/'));
    return {
      ImportExpression(node) {
        const src = node.source;
        const named =
          src.type === 'Literal' && typeof src.value === 'string'
            ? src.value
            : src.type === 'TemplateLiteral' && src.expressions.length === 0
              ? src.quasis[0].value.cooked
              : null;
        if (named === null) {
          if (appCode) context.report({ node, messageId: 'unnamed' });
          return;
        }
        check({
          type: 'ImportDeclaration',
          source: { ...src, value: named },
          specifiers: [],
          loc: node.loc,
          range: node.range,
          parent: node.parent,
        });
      },
    };
  },
};

/** One entry per layer: its files and the imports it may not make. */
const LAYERS = [
  {
    files: ['src/core/**/*.ts'],
    forbid: {
      patterns: [
        // Any module not named by a relative path is a package (npm's, Node's, Electron, Svelte): refused, as is one reached through node_modules.
        {
          regex: '^(?!\\.{1,2}/)|/node_modules/',
          message: 'The rules engine imports nothing outside itself: no package, no Node built-in, no Electron, no Svelte.',
        },
        {
          group: ['**/renderer/**', '**/vision/**', '**/shared/**', '**/electron/**'],
          message: 'The rules engine imports nothing from the app.',
        },
        noScaffold('**/'),
      ],
    },
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'navigator', 'localStorage'] },
  },
  {
    files: ['src/vision/**/*.ts', 'src/vision/**/*.svelte'],
    forbid: {
      paths: [electron],
      patterns: [
        nodeBuiltins,
        {
          group: ['**/renderer/**', '**/shared/**', '**/electron/**'],
          message: 'Vision reads tiles: it imports only the rules engine (src/core).',
        },
        noScaffold('**/'),
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    forbid: {
      paths: [electron],
      patterns: [
        nodeBuiltins,
        {
          group: ['**/renderer/**', '**/electron/**'],
          message: 'The IPC contract imports only the rules engine (and the tile-set format).',
        },
        {
          group: ['**/vision/**', '!**/vision/saved-set'],
          message: 'The IPC contract may use only vision/saved-set (the tile-set format) from vision.',
        },
        noScaffold('**/'),
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.svelte', 'test/e2e/camera-page/**/*.svelte'],
    forbid: {
      paths: [electron],
      patterns: [
        nodeBuiltins,
        { group: ['**/electron/**'], message: 'The page reaches main only through window.mahjmate (lib/api.ts).' },
        noScaffold('**/'),
      ],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    forbid: {
      patterns: [
        nodeBuiltins,
        {
          group: ['**/src/core/**', '**/src/vision/**', '**/src/renderer/**', '**/main/**'],
          message: 'The preload builds window.mahjmate from the contract (src/shared) only.',
        },
        noScaffold('**/'),
      ],
    },
  },
  {
    files: ['electron/main/**/*.ts'],
    forbid: {
      patterns: [
        {
          group: ['**/src/renderer/**', '**/src/vision/**', '**/preload/**'],
          message: "Main imports the rules engine and the contract (src/core, src/shared), not the page's code.",
        },
        noScaffold('**/'),
      ],
    },
  },
  {
    files: ['tools/**/*.ts', 'tools/**/*.mjs'],
    forbid: {
      patterns: [
        { group: ['**/src/renderer/**', '**/bench/**', '**/test/**'], message: "Tools run in Node: not the page's code, bench/ or test/." },
      ],
    },
  },
  {
    files: ['bench/**/*.ts'],
    forbid: { patterns: [{ group: ['**/src/renderer/**'], message: "The bench measures the app from outside: not the page's own code." }] },
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  // .svelte files are parsed too (their <script lang="ts"> by typescript-eslint), so the layer
  // boundaries below hold in components as in .ts files.
  ...svelte.configs.recommended,
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Every layer edge, once (the README's Layout section says the same in words).
  { plugins: { layers: { rules: { 'no-restricted-dynamic-imports': dynamicImports } } } },
  ...LAYERS.map(({ files, forbid, rules }) => {
    const options = { paths: forbid.paths ?? [], patterns: forbid.patterns };
    return {
      files,
      rules: { 'no-restricted-imports': ['error', options], 'layers/no-restricted-dynamic-imports': ['error', options], ...rules },
    };
  }),
  {
    // ipcMain / ipcRenderer only in the two IPC helper files.
    files: ['**/*.ts', '**/*.svelte'],
    // electron/preload/view.ts: the display window's preload, which only listens (ipcRenderer.on).
    ignores: ['electron/main/ipc.ts', 'electron/preload/index.ts', 'electron/preload/view.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]',
          message: 'ipcMain/ipcRenderer only in electron/main/ipc.ts and electron/preload/index.ts.',
        },
        {
          selector: 'MemberExpression[property.name=/^ipc(Main|Renderer)$/]',
          message: 'ipcMain/ipcRenderer only in electron/main/ipc.ts and electron/preload/index.ts.',
        },
      ],
    },
  },
);
