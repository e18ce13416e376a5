#!/usr/bin/env node
/**
 * The step before `npm start` and `npm run dev`: make sure the Electron runtime is on this machine.
 *
 * Why: since Electron 42 the `electron` package no longer downloads its binary when it is
 * installed; it does so the first time something asks it for its path, and it ships its own
 * installer (`install-electron`, i.e. node_modules/electron/install.js). electron-vite 6 reads
 * node_modules/electron/path.txt directly and fails with "Electron uninstall" when it is missing,
 * which it always is after a fresh `npm install`. So we run Electron's own installer first (never
 * a download of our own), and say in one sentence what to do when it cannot run.
 *
 * Plain JavaScript on purpose: it must run, and explain itself, on a Node too old for the rest of
 * the toolchain.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The oldest Node the toolchain supports: Electron 45's installer (@electron/get) declares >= 22.12. */
export const MIN_NODE = '22.12.0';

/** True when `version` (e.g. "v20.19.1" or "22.12.0") is at least `min`. */
export const nodeIsRecentEnough = (version, min = MIN_NODE) => {
  const parts = (v) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const have = parts(version);
  const need = parts(min);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== (need[i] ?? 0)) return (have[i] ?? 0) > (need[i] ?? 0);
  }
  return true;
};

/** Where the installed `electron` package lives, as seen from this project. */
export const electronDir = () => {
  const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'));
  return dirname(require.resolve('electron/package.json'));
};

/** The binary is there when path.txt names a file that exists under dist/ (what electron-vite reads). */
export const electronInstalled = (dir) => {
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return false;
  const executable = readFileSync(pathFile, 'utf8').trim();
  return executable !== '' && existsSync(join(dir, 'dist', executable));
};

/**
 * Make sure Electron is installed in `dir`, running its own installer if not.
 * Returns `{ ok: true, downloaded }` or `{ ok: false, message }` (a sentence for a person).
 */
export const ensureElectron = (dir, node = process.execPath) => {
  if (electronInstalled(dir)) return { ok: true, downloaded: false };
  const installer = join(dir, 'install.js');
  if (!existsSync(installer)) {
    return {
      ok: false,
      message: 'The Electron package is incomplete (its installer is missing): delete the node_modules folder and run "npm install" again.',
    };
  }
  console.log('MahjMate: downloading the Electron runtime (once, about 100 MB)...');
  const run = spawnSync(node, [installer], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
  if (run.status === 0 && electronInstalled(dir)) return { ok: true, downloaded: true };
  const said = (run.stderr ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0 && !l.startsWith('at '));
  return {
    ok: false,
    message:
      'MahjMate could not download the Electron runtime it runs on' +
      (said ? ` (${said.replace(/\.$/, '')})` : '') +
      '. Check that this computer is online and can reach GitHub (a proxy or firewall may block it), then run "npm start" again.',
  };
};

const main = () => {
  if (!nodeIsRecentEnough(process.versions.node)) {
    console.error(
      `MahjMate needs Node.js ${MIN_NODE} or newer to start the app; this is Node.js ${process.versions.node}. ` +
        'Install a current Node.js LTS, then run "npm install" and "npm start" again.',
    );
    return 1;
  }
  const result = ensureElectron(process.env.MAHJMATE_ELECTRON_DIR ?? electronDir());
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  return 0;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
