/**
 * The messages between the app (main) and the sync process (process.ts). Plain JSON objects, the
 * same over Electron's utilityProcess port and a Node child process's IPC channel.
 */

/** What main tells the sync process. */
export type ToSync =
  /** Open the files and start syncing every `everyMs`. `token`: the group's token (from safe storage), if any. */
  | { type: 'start'; localPath: string; groupPath: string; token?: string; everyMs: number }
  /** Sync now (a write was just acknowledged). */
  | { type: 'sync' }
  /** Treat the link as down (true) or let it be probed again (false): the client's own switch (`url` returns null). */
  | { type: 'cut'; cut: boolean }
  /** Close the group file and exit. */
  | { type: 'stop' };

export type SyncPhase = 'copy' | 'push' | 'pull' | 'read-back';

/** How the group stands, after each round. */
export interface SyncStatus {
  /** synced: nothing waiting; offline: the server cannot be reached; failed: a round threw (message says why). */
  state: 'synced' | 'offline' | 'waiting' | 'failed';
  /** Outbox rows not yet read back from the group after a push. */
  waiting: number;
  /** ISO time of the last round that pushed and pulled, or null. */
  lastSyncAt: string | null;
  /** Rows pushed but missing from the group afterwards (refused by the server), since the process started. */
  lost: number;
  /** Rows pushed whose id the group holds with another body (another laptop's push won), since the process started. */
  overwritten: number;
  /** The group's rows as this laptop holds them. */
  groupRows: number;
  message?: string;
}

/** What the sync process tells main. */
export type FromSync =
  | { type: 'ready' }
  | { type: 'status'; status: SyncStatus }
  /** The round's step now (so a test can kill the process in the middle of a push). */
  | { type: 'phase'; phase: SyncPhase }
  | { type: 'stopped' };
