import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { SyncChild } from '../../electron/main/sync/supervisor';
import type { FromHost, ToHost } from './loop-host';

const HOST_ENTRY = resolve(import.meta.dirname, 'loop-host.ts');

export interface Hosts {
  /** The sync "process" of laptop `i`: its loop in host `i % count`, started again if that host died. */
  spawn(i: number): SyncChild;
  /** The running hosts' process ids. */
  pids(): number[];
  stop(): void;
}

/**
 * `count` sync hosts (loop-host.ts) for the league bench, each a Node child running the loops of every
 * `count`-th laptop. A laptop's SyncChild is its loop in its host: `kill()` kills the whole host
 * (every loop in it dies mid-step, as sync processes do when killed), and each laptop's
 * supervisor then starts its loop again in a new host.
 */
export const syncHosts = (count: number): Hosts => {
  const live: (ChildProcess | undefined)[] = Array.from({ length: count }, () => undefined);
  let stopping = false;
  const host = (k: number): ChildProcess => {
    const have = live[k];
    if (have && have.exitCode === null && have.signalCode === null) return have;
    // GROUP_HOST_PROF=DIR: each host writes a CPU profile there when it leaves (to see where a round's time goes).
    const c = fork(HOST_ENTRY, [], {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env['GROUP_HOST_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', process.env['GROUP_HOST_PROF']] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    c.on('error', () => {});
    c.setMaxListeners(0);
    live[k] = c;
    return c;
  };
  return {
    spawn: (i) => {
      if (stopping) throw new Error('the hosts are stopping');
      const c = host(i % count);
      const exits: ((code: number | null, signal: string | null) => void)[] = [];
      let gone = false;
      const exit = (code: number | null, signal: string | null) => {
        if (gone) return;
        gone = true;
        exits.forEach((cb) => cb(code, signal));
      };
      c.once('exit', (code, signal) => exit(code, signal));
      const messages: ((m: FromHost['m']) => void)[] = [];
      c.on('message', (raw) => {
        const { from, m } = raw as FromHost;
        if (from !== i || gone) return;
        messages.forEach((cb) => cb(m));
        // A loop stopped on request ends as a process would.
        if (m.type === 'stopped') exit(0, null);
      });
      return {
        send: (m) => {
          if (!gone && c.connected) c.send({ to: i, m } satisfies ToHost);
        },
        onMessage: (cb) => void messages.push(cb),
        onExit: (cb) => void exits.push(cb),
        kill: () => void c.kill('SIGKILL'),
        get pid() {
          return c.pid;
        },
      };
    },
    pids: () => live.flatMap((c) => (c?.pid !== undefined && c.exitCode === null && c.signalCode === null ? [c.pid] : [])),
    stop: () => {
      stopping = true;
      // Let each host leave on its own (so a profile is written), and make sure it does.
      for (const c of live) {
        if (!c || c.exitCode !== null || c.signalCode !== null) continue;
        c.disconnect();
        setTimeout(() => c.kill('SIGKILL'), 3000).unref();
      }
    },
  };
};
