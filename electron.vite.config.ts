import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import { viewPage } from './tools/build/view-page';
import { tesseractAssets } from './tools/vision/tesseract-assets';

// Sources live in electron/ (main, preload) and src/renderer/; output in out/{main,preload,renderer}.
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true, // libsql (native) and zod load from node_modules at run time
      // share: the share server's own process (electron/main/share/entry.ts); sync: the group sync
      // process (electron/main/sync/process.ts). Both are started with utilityProcess.
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          share: resolve(__dirname, 'electron/main/share/entry.ts'),
          sync: resolve(__dirname, 'electron/main/sync/process.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts'), view: resolve(__dirname, 'electron/preload/view.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    // tesseract.js worker, cores and English data ship inside out/renderer/tesseract/ (no CDN).
    plugins: [svelte(), tesseractAssets(), viewPage()],
    // view.html (the table view: display window and phones) is built on its own by viewPage().
    // Minified (electron-vite leaves the renderer as written): the first screen parses less.
    build: { minify: true, rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } } },
  },
});
