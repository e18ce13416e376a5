import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import type { GroupHost } from '../services/group';
import { groupFile } from '../store/group.repo';
import type { Store } from '../store/store';
import { superviseSync, type GroupSync } from './supervisor';
import { forkUtility } from './utility-child';

const TOKEN_FILE = 'group-token.bin';

/** Keep the group's token encrypted by the OS (Keychain, DPAPI, the Secret Service) beside the data. */
export const saveGroupToken = (dataDir: string, token: string): void => {
  if (!safeStorage.isEncryptionAvailable()) throw new Error('this computer cannot keep the group token safely (no OS key store)');
  writeFileSync(join(dataDir, TOKEN_FILE), safeStorage.encryptString(token), { mode: 0o600 });
};

const readGroupToken = (dataDir: string): string | undefined => {
  const p = join(dataDir, TOKEN_FILE);
  return existsSync(p) ? safeStorage.decryptString(readFileSync(p)) : undefined;
};

/**
 * Start the group sync when this laptop has joined a group; with none, nothing starts and
 * nothing reaches the network. `mainDir`: the folder of the built main (out/main/).
 */
export const startGroupSync = (store: Store, dataDir: string, mainDir: string): GroupSync | undefined => {
  if (!groupFile(store.db).link()) return undefined;
  const token = readGroupToken(dataDir);
  return superviseSync({
    spawn: () => forkUtility(join(mainDir, 'sync.js')),
    localPath: store.path,
    groupPath: join(dataDir, 'group.db'),
    ...(token ? { token } : {}),
  });
};

/**
 * The group services' host in the app: the token in the OS's safe storage, the sync process
 * started when a group is joined (or at launch, already joined) and stopped when it is left.
 */
export const appGroupHost = (store: Store, dataDir: string, mainDir: string): GroupHost & { sync(): GroupSync | undefined } => {
  let sync = startGroupSync(store, dataDir, mainDir);
  const tokenFile = join(dataDir, TOKEN_FILE);
  return {
    sync: () => sync,
    live: () => sync?.status(),
    start: () => {
      sync ??= startGroupSync(store, dataDir, mainDir);
    },
    stop: async () => {
      const s = sync;
      sync = undefined;
      await s?.stop();
      // The group's copy here: the rows are on the server and in every other laptop.
      for (const f of readdirSync(dataDir)) if (f.startsWith('group.db')) rmSync(join(dataDir, f), { force: true });
    },
    nudge: () => sync?.nudge(),
    tokens: {
      canKeep: () => safeStorage.isEncryptionAvailable(),
      save: (t) => saveGroupToken(dataDir, t),
      read: () => readGroupToken(dataDir),
      forget: () => rmSync(tokenFile, { force: true }),
    },
  };
};
