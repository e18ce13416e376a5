import { afterEach } from 'vitest';
import { createServices, dispatch, type Services } from '../../electron/main/services/dispatch';
import type { GroupHost } from '../../electron/main/services/group';
import { groupFile } from '../../electron/main/store/group.repo';
import { openStore, type Store } from '../../electron/main/store/store';
import { tempDir } from './tmp';

/**
 * Laptops of one group for the group tests: each a real store (a real SQLite file) and its
 * services, called through dispatch as the page calls them. Call `groupLaptops()` once at a test
 * file's top: every laptop opened is closed and removed after each test.
 */
export const groupLaptops = () => {
  const open: { store: Store; cleanup(): void }[] = [];
  afterEach(() => open.splice(0).forEach((o) => (o.store.close(), o.cleanup())));
  return (group?: GroupHost) => {
    const t = tempDir();
    const store = openStore(t.db);
    open.push({ store, cleanup: t.cleanup });
    const services = createServices(store, group ? { group } : undefined);
    const call = async (channel: string, input?: unknown) => dispatch(services as Services, channel, input);
    const ok = async <T>(channel: string, input?: unknown): Promise<T> => {
      const r = await call(channel, input);
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.value as T;
    };
    const refusal = async (channel: string, input?: unknown): Promise<string> => {
      const r = await call(channel, input);
      if (r.ok) throw new Error(`${channel} was accepted`);
      return r.error.message;
    };
    return { store, call, ok, refusal };
  };
};

/** A sync round without the sync process: each laptop's unsent rows reach the group (every
 *  laptop's mirror, `group_rows`), stamped sent. */
export const exchange = (...ls: { store: Store }[]) => {
  const rows = ls.flatMap((l) => {
    const f = groupFile(l.store.db);
    const device = f.link()!.device;
    const unsent = f.unsent(100_000);
    f.markSent(
      unsent.map((r) => r.id),
      new Date().toISOString(),
    );
    return unsent.map((r) => ({ ...r, device }));
  });
  for (const l of ls) groupFile(l.store.db).mirror(rows);
};
