// Lint keeps the boundaries of the layout (STYLE.md "Dependency direction"):
// the rules engine imports nothing from Electron, Node, Svelte, the renderer or vision;
// the renderer and vision import no Electron or Node; ipcMain/ipcRenderer live in two files only.
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';

const NODE = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'worker_threads'];
const electron = { name: 'electron', message: 'Only electron/ may import electron.' };
const nodeBuiltins = { group: NODE, message: 'No Node built-ins here: this code runs in the page (or must stay pure).' };

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
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron],
          patterns: [
            nodeBuiltins,
            { group: ['svelte', 'svelte/*'], message: 'The rules engine is pure TypeScript: no Svelte.' },
            { group: ['**/renderer/**', '**/vision/**', '**/shared/**', '**/electron/**'], message: 'The rules engine imports nothing from the app.' },
            { group: ['zod', 'libsql'], message: 'The rules engine has no dependencies.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'navigator', 'localStorage'],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.svelte', 'src/vision/**/*.ts', 'src/vision/**/*.svelte', 'src/shared/**/*.ts', 'test/e2e/camera-page/**/*.svelte'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electron], patterns: [nodeBuiltins, { group: ['**/electron/**'], message: 'The page reaches main only through window.mahjmate (lib/api.ts).' }] }],
    },
  },
  {
    // ipcMain / ipcRenderer only in the two IPC helper files.
    files: ['**/*.ts', '**/*.svelte'],
    // electron/preload/view.ts: the display window's preload, which only listens (ipcRenderer.on).
    ignores: ['electron/main/ipc.ts', 'electron/preload/index.ts', 'electron/preload/view.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]", message: 'ipcMain/ipcRenderer only in electron/main/ipc.ts and electron/preload/index.ts.' },
        { selector: "MemberExpression[property.name=/^ipc(Main|Renderer)$/]", message: 'ipcMain/ipcRenderer only in electron/main/ipc.ts and electron/preload/index.ts.' },
      ],
    },
  },
);
