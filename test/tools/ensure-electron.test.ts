/**
 * The step before `npm start` / `npm run dev` (tools/start/ensure-electron.mjs), against fake
 * `electron` package folders whose install.js is a real script run as a real child process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
// @ts-expect-error: plain JavaScript (it must run on a Node too old for the toolchain), no types
import { ensureElectron, electronInstalled, MIN_NODE, nodeIsRecentEnough } from '../../tools/start/ensure-electron.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'tools/start/ensure-electron.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fake electron package: its install.js records each call, then succeeds or fails. */
const fakeElectron = (installer: 'succeeds' | 'fails' | 'writes nothing'): string => {
  const dir = mkdtempSync(join(tmpdir(), 'fake-electron-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  const body = {
    succeeds: `fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), 'binary');
      fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');`,
    fails: `console.error('RequestError: getaddrinfo ENOTFOUND github.com');
      console.error('    at ClientRequest.<anonymous> (/x/got/dist/source/core/index.js:970:111)');
      process.exit(1);`,
    'writes nothing': '',
  }[installer];
  writeFileSync(
    join(dir, 'install.js'),
    `const fs = require('fs'); const path = require('path');
     fs.appendFileSync(path.join(__dirname, 'calls.log'), 'called\\n');
     ${body}`,
  );
  return dir;
};
const calls = (dir: string): number =>
  existsSync(join(dir, 'calls.log')) ? readFileSync(join(dir, 'calls.log'), 'utf8').split('\n').filter(Boolean).length : 0;

describe('ensureElectron', () => {
  test('no path.txt: Electron’s own installer is run, once; the second start does not run it again', () => {
    const dir = fakeElectron('succeeds');
    expect(electronInstalled(dir)).toBe(false);
    expect(ensureElectron(dir)).toEqual({ ok: true, downloaded: true });
    expect(calls(dir)).toBe(1);
    expect(ensureElectron(dir)).toEqual({ ok: true, downloaded: false });
    expect(calls(dir)).toBe(1);
  });

  test('path.txt and the binary present: the installer is not called', () => {
    const dir = fakeElectron('fails');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), 'binary');
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(ensureElectron(dir)).toEqual({ ok: true, downloaded: false });
    expect(calls(dir)).toBe(0);
  });

  test('path.txt present but the binary gone: the installer runs', () => {
    const dir = fakeElectron('succeeds');
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(ensureElectron(dir)).toEqual({ ok: true, downloaded: true });
    expect(calls(dir)).toBe(1);
  });

  test('the installer fails (offline): one sentence that says what failed and what to do, no stack trace', () => {
    const dir = fakeElectron('fails');
    const result = ensureElectron(dir);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(
      /^MahjMate could not download the Electron runtime it runs on \(RequestError: getaddrinfo ENOTFOUND github\.com\)\. Check that this computer is online/,
    );
    expect(result.message).toContain('run "npm start" again');
    expect(result.message).not.toMatch(/\bat \S+ \(/);
  });

  test('an installer that exits 0 but leaves no binary is a failure, not a success', () => {
    const result = ensureElectron(fakeElectron('writes nothing'));
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/could not download the Electron runtime/);
  });
});

describe('the command', () => {
  const run = (env: Record<string, string>) => spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8', env: { ...process.env, ...env } });

  test('exits non-zero with the sentence when the installer fails, or names the Node version needed', () => {
    const dir = fakeElectron('fails');
    const out = run({ MAHJMATE_ELECTRON_DIR: dir });
    expect(out.status).toBe(1);
    if (nodeIsRecentEnough(process.versions.node)) {
      expect(out.stderr).toMatch(/could not download the Electron runtime/);
      expect(calls(dir)).toBe(1);
    } else {
      // This Node is too old for Electron's installer: the command says so before trying anything.
      expect(out.stderr).toContain(
        `MahjMate needs Node.js ${MIN_NODE} or newer to start the app; this is Node.js ${process.versions.node}.`,
      );
      expect(calls(dir)).toBe(0);
    }
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  test('Node versions are compared as numbers', () => {
    expect(nodeIsRecentEnough('v22.12.0')).toBe(true);
    expect(nodeIsRecentEnough('22.9.9')).toBe(false);
    expect(nodeIsRecentEnough('v20.19.5')).toBe(false);
    expect(nodeIsRecentEnough('v24.0.0')).toBe(true);
    expect(nodeIsRecentEnough('v22.13.1')).toBe(true);
  });
});

test('npm start and npm run dev run the step before electron-vite', () => {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  for (const name of ['start', 'dev']) {
    const steps = scripts[name]!.split('&&').map((s) => s.trim());
    expect(steps[0]).toBe('node tools/start/ensure-electron.mjs');
    expect(steps[1]).toMatch(/^electron-vite (preview|dev)\b/);
  }
  expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node).toBe(`>=${MIN_NODE}`);
});
