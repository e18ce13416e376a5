import type { GroupStatus } from '../../../src/shared/contract/group';
import { groupFile } from '../store/group.repo';
import type { Handlers, ServiceContext } from './context';

/** What the sync process last said (the app's supervisor), when one runs. */
export type LiveSync = () => { state: 'synced' | 'offline' | 'waiting' | 'failed'; notice?: string; message?: string } | undefined;

/**
 * The Home screen's group line. Waiting rows and the last sync come from the local file (the
 * outbox), so they hold whether or not the sync process runs; the state comes from the process.
 */
export const groupServices = (ctx: ServiceContext, live: LiveSync = () => undefined): Handlers<'groupStatus'> => ({
  groupStatus: (): GroupStatus => {
    const file = groupFile(ctx.store.db);
    const link = file.link();
    if (!link) return { joined: false };
    const waiting = file.waiting();
    const lastSyncAt = (ctx.store.db.prepare('SELECT max(sent_at) AS at FROM outbox').get() as { at: string | null }).at;
    const now = live();
    // No sync process (it has not started, or runs nowhere here): what waits cannot leave.
    const state = now?.state ?? (waiting === 0 ? 'synced' : 'offline');
    const notice = now?.notice ?? (now?.state === 'failed' ? now.message : undefined);
    return {
      joined: true,
      name: link.name,
      state: state === 'waiting' && waiting === 0 ? 'synced' : state,
      waiting,
      lastSyncAt,
      ...(notice ? { notice } : {}),
    };
  },
});
