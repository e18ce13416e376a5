import { fork } from 'node:child_process';
import type { FromSync } from './protocol';
import type { SyncChild } from './supervisor';

/**
 * The sync process as a Node child process: the same entry and messages as the app's
 * utilityProcess (utility-child.ts), for the tests and the bench, which run without Electron.
 * `entry`: process.ts (run through tsx) or the built out/main/sync.js.
 */
export const forkNode = (entry: string, execArgv: string[] = []): SyncChild => {
  const c = fork(entry, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // A message sent as the process dies fails on the channel (EPIPE): its death is reported by 'exit'.
  c.on('error', () => {});
  return {
    send: (m) => {
      if (c.connected) c.send(m);
    },
    onMessage: (cb) => void c.on('message', (m) => cb(m as FromSync)),
    onExit: (cb) => void c.once('exit', (code, signal) => cb(code, signal)),
    kill: () => void c.kill('SIGKILL'),
    get pid() {
      return c.pid;
    },
  };
};
