// What the table's main process and the share process say to each other. The share server runs
// in a process of its own (Electron's utilityProcess in the app; a Node child process in the tests,
// the harness and the bench), so nothing on the network can hold up recording: main posts each
// new view and never waits on a socket. Both ends speak only these messages, structured-cloned.
import type { ConnectionLimits } from './connections';
import type { RateLimits } from './rates';
import type { SeatLimits } from './seats';

/** What the server needs to start; main chooses the token, so a restarted server keeps the link. */
export interface ShareStart {
  /** The built renderer folder (out/renderer). */
  root: string;
  token: string;
  host: string;
  port: number;
  seats?: Partial<SeatLimits>;
  connections?: Partial<ConnectionLimits>;
  rates?: Partial<RateLimits>;
}

export type ToShare =
  | { op: 'start'; id: number; start: ShareStart }
  /** The table view as JSON, made once in main: sent to every viewer and kept for view.json and new viewers. */
  | { op: 'view'; json: string }
  | { op: 'stop'; id: number };

export interface ShareCounts {
  viewers: number;
  connections: { all: number; untrusted: number; trusted: number };
}

export type FromShare =
  | { re: number; ok: true; port: number; csp: string }
  | { re: number; ok: false; message: string }
  /** Sent when the counts change (at most every 100 ms) and once a second: main reads the last ones, never asks. `rss`: the process's memory, bytes. */
  | { counts: ShareCounts; rss: number };

/** The share process as main holds it: one implementation over utilityProcess, one over node:child_process. */
export interface ShareProcess {
  readonly pid: number | undefined;
  post(message: ToShare): void;
  onMessage(fn: (message: FromShare) => void): void;
  /** Called once when the process ends, however it ends. */
  onExit(fn: (code: number | null) => void): void;
  kill(): void;
}

/** Starts a share process (main: utilityProcess.fork of out/main/share.js). */
export type SpawnShare = () => ShareProcess;

/** The parent as the share process sees it: Electron's process.parentPort, or Node's IPC channel. */
export interface ParentPort {
  post(message: FromShare): void;
  onMessage(fn: (message: ToShare) => void): void;
  /** The parent went away: the process ends. */
  onGone(fn: () => void): void;
}
