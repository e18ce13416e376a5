// The preload exposes nothing but the typed API: bundled from electron/preload/index.ts as
// electron-vite does (CommonJS, electron external) and, when built, the shipped
// out/preload/index.cjs too; each is run in a vm with a fake contextBridge/ipcRenderer that
// records what is exposed and what is sent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { expect, test } from 'vitest';
import { CHANNELS } from '../../src/shared/channels';

const root = join(import.meta.dirname, '../..');

const bundled = async (): Promise<string> => {
  const r = await build({
    entryPoints: [join(root, 'electron/preload/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
    write: false,
    logLevel: 'error',
  });
  return r.outputFiles[0]!.text;
};

/** Run a preload bundle with fake Electron parts; what it exposed and what it required. */
const runPreload = (code: string) => {
  const exposed: [string, unknown][] = [];
  const invoked: [string, unknown][] = [];
  const required: string[] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) },
    ipcRenderer: {
      invoke: (channel: string, input: unknown) => {
        invoked.push([channel, input]);
        return Promise.resolve({ ok: true, value: null });
      },
      // Present so a preload that leaked them would be caught by the checks below.
      send: () => invoked.push(['send!', null]),
      on: () => invoked.push(['on!', null]),
    },
  };
  const module = { exports: {} };
  runInNewContext(code, {
    require: (name: string) => {
      required.push(name);
      if (name === 'electron') return electron;
      throw new Error(`the preload required ${name}`);
    },
    module,
    exports: module.exports,
  });
  return { exposed, invoked, required };
};

const check = async (code: string) => {
  const { exposed, invoked, required } = runPreload(code);
  expect(required).toEqual(['electron']);
  expect(exposed.map(([k]) => k)).toEqual(['mahjmate']);
  const api = exposed[0]![1] as Record<string, unknown>;
  expect(Object.isFrozen(api)).toBe(true);
  expect(Object.keys(api).sort()).toEqual([...CHANNELS].sort());
  // No hidden extras: no non-enumerable names, no symbols, a plain object (vm realm's Object).
  expect(Object.getOwnPropertyNames(api).sort()).toEqual([...CHANNELS].sort());
  expect(Object.getOwnPropertySymbols(api)).toEqual([]);
  expect(Object.getPrototypeOf(Object.getPrototypeOf(api))).toBeNull();
  for (const c of CHANNELS) expect(typeof api[c], c).toBe('function');
  // Each function invokes its own channel with the input, and nothing else (no send, no on).
  for (const c of CHANNELS) await (api[c] as (x: unknown) => Promise<unknown>)({ probe: c });
  expect(invoked).toEqual(CHANNELS.map((c) => [c, { probe: c }]));
};

test('the preload source exposes exactly one function per contract channel under window.mahjmate', async () => {
  await check(await bundled());
});

test.skipIf(!existsSync(join(root, 'out/preload/index.cjs')))('the built out/preload/index.cjs exposes the same', async () => {
  await check(readFileSync(join(root, 'out/preload/index.cjs'), 'utf8'));
});
