// The share process in the app: Electron's utilityProcess running out/main/share.js (entry.ts).
import { utilityProcess } from 'electron';
import type { FromShare, ShareProcess, SpawnShare } from './wire';

/** Starts the share process (after the app is ready) from the built entry at `entry`. */
export const utilityShareProcess =
  (entry: string): SpawnShare =>
  (): ShareProcess => {
    const child = utilityProcess.fork(entry, [], { serviceName: 'MahjMate share', stdio: 'inherit' });
    return {
      get pid() {
        return child.pid;
      },
      post: (m) => child.postMessage(m),
      onMessage: (fn) => void child.on('message', (m: unknown) => fn(m as FromShare)),
      onExit: (fn) => void child.once('exit', (code) => fn(code)),
      kill: () => void child.kill(),
    };
  };
