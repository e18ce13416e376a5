import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { GroupHost } from '../../electron/main/services/group';
import { groupFile } from '../../electron/main/store/group.repo';
import type { Store } from '../../electron/main/store/store';
import { forkNode } from '../../electron/main/sync/node-child';
import { superviseSync, type GroupSync } from '../../electron/main/sync/supervisor';
import { SYNC_ENTRY } from './laptop';

/**
 * The group services' host outside Electron (the e2e bridge, tests): the same sync process as
 * the app's, as a Node child process run through tsx, over the same local file. No OS key store
 * is reachable from here, so the token keeper says so, as the app does on a computer without one:
 * a group with a token is refused with that sentence; one whose server needs none works.
 */
export const nodeGroupHost = (store: () => Store, dir: string, everyMs = 1000): GroupHost & { sync(): GroupSync | undefined } => {
  let sync: GroupSync | undefined;
  const start = (): void => {
    if (sync || !groupFile(store().db).link()) return;
    sync = superviseSync({
      spawn: () => forkNode(SYNC_ENTRY, ['--import', 'tsx']),
      localPath: store().path,
      groupPath: join(dir, 'group.db'),
      everyMs,
      restartMs: 200,
      restartMaxMs: 2000,
    });
  };
  start();
  return {
    sync: () => sync,
    live: () => sync?.status(),
    start,
    stop: async () => {
      const s = sync;
      sync = undefined;
      await s?.stop();
      for (const f of readdirSync(dir)) if (f.startsWith('group.db')) rmSync(join(dir, f), { force: true });
    },
    nudge: () => sync?.nudge(),
    tokens: { canKeep: () => false, save: () => {}, read: () => undefined, forget: () => {} },
  };
};
