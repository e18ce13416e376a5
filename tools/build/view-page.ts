/**
 * Vite plugin: build the table view page (view.html: the display window and the phone page of
 * "Share the table") on its own, after the app's renderer, as ONE script and ONE stylesheet.
 * Built beside the app's page it would share chunks with it (the Svelte runtime, the tiles, the
 * theme): nine files to fetch, and phones that join together ran out of connections and stayed
 * blank. One script and one stylesheet also let the share server put both inside the page it
 * sends (electron/main/share/page.ts), so a phone loads the whole page in one request.
 *
 *   renderer: { plugins: [svelte(), viewPage()] }   (build only; in dev view.html is served as is)
 */
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build, type Plugin } from 'vite';

export const viewPage = (): Plugin => {
  let root = '';
  let outDir = '';
  return {
    name: 'mahjmate:view-page',
    apply: 'build',
    configResolved(c) {
      root = c.root;
      outDir = c.build.outDir;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        base: './',
        logLevel: 'warn',
        plugins: [svelte()],
        build: {
          outDir,
          emptyOutDir: false,
          cssCodeSplit: false,
          modulePreload: false,
          rollupOptions: {
            input: { view: resolve(root, 'view.html') },
            output: { entryFileNames: 'assets/table-view-[hash].js', assetFileNames: 'assets/table-view-[hash][extname]' },
          },
        },
      });
    },
  };
};
