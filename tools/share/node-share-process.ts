/**
 * The share process where Electron's utilityProcess cannot run (tests, the e2e harness, the bench):
 * the same entry (electron/main/share/entry.ts), bundled once per run by esbuild, in a Node child
 * process that speaks wire.ts over Node's IPC channel with structured clone, as utilityProcess's
 * parentPort does. Only how the process is started differs from the app (utility.ts).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { FromShare, ShareProcess, SpawnShare } from '../../electron/main/share/wire';

const ENTRY = resolve(import.meta.dirname, '../../electron/main/share/entry.ts');

let bundle: string | null = null;
/** The entry as one ES module in a temporary folder (removed when this process exits). */
const built = (): string => {
  if (bundle) return bundle;
  const dir = mkdtempSync(join(tmpdir(), 'mahjmate-share-'));
  const out = join(dir, 'share.mjs');
  buildSync({ entryPoints: [ENTRY], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error' });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  bundle = out;
  return out;
};

/** Starts the share process as a Node child process. */
export const nodeShareProcess: SpawnShare = (): ShareProcess => {
  const child = fork(built(), [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // The child must not keep a test or the bench alive: a request to it has its own timer.
  child.unref();
  child.channel?.unref();
  child.on('error', () => {});
  return {
    get pid() {
      return child.pid;
    },
    post: (m) => {
      if (child.connected) child.send(m);
    },
    onMessage: (fn) => void child.on('message', (m) => fn(m as FromShare)),
    onExit: (fn) => void child.once('exit', (code) => fn(code)),
    kill: () => void child.kill('SIGKILL'),
  };
};
