import { utilityProcess } from 'electron';
import type { FromSync } from './protocol';
import type { SyncChild } from './supervisor';

/**
 * The sync process in the app: an Electron utilityProcess (a Node process of its own, outside the
 * main process), so a native abort in Turso Sync's client leaves the table's window and store
 * running. `entry`: out/main/sync.js, built from process.ts.
 */
export const forkUtility = (entry: string): SyncChild => {
  const c = utilityProcess.fork(entry, [], { serviceName: 'MahjMate group sync', stdio: 'ignore' });
  let alive = true;
  c.once('exit', () => (alive = false));
  return {
    send: (m) => {
      if (alive) c.postMessage(m);
    },
    onMessage: (cb) => void c.on('message', (m) => cb(m as FromSync)),
    onExit: (cb) => void c.once('exit', (code) => cb(code, null)),
    kill: () => void c.kill(),
    get pid() {
      return c.pid;
    },
  };
};
