import { afterEach, beforeEach } from 'vitest';
import { createServices, dispatch, type Services } from '../../electron/main/services/dispatch';
import { openStore, type Store } from '../../electron/main/store/store';
import type { Reply } from '../../src/shared/reply';
import { tempDir } from './tmp';

/** What a test of the services works on: a real SQLite file, the services over it, and dispatch helpers. */
export interface ServicesFixture {
  readonly store: Store;
  readonly services: Services;
  /** The database file the store opened. */
  readonly db: string;
  /** Dispatch a channel as the IPC layer does (schema parse, service, reply). */
  call(channel: string, payload?: unknown): Promise<Reply<unknown>>;
  /** The value of an accepted call; throws with the refusal otherwise. */
  value<T>(channel: string, payload?: unknown): Promise<T>;
  /** The message of a refused call; throws if it was accepted. */
  refusal(channel: string, payload: unknown): Promise<string>;
  /** Close the store and open the same file again, as quitting and starting the app does. */
  restart(): void;
}

/**
 * One store + services per test, on a fresh temp folder, closed and removed afterwards.
 * Call at the top of a test file; read the fields inside tests (they change per test).
 */
export const useServices = (app?: { name: string; version: string }): ServicesFixture => {
  let t: ReturnType<typeof tempDir>;
  let store: Store;
  let services: Services;
  const open = () => {
    store = openStore(t.db);
    services = createServices(store, app ? { app } : {});
  };
  beforeEach(() => {
    t = tempDir();
    open();
  });
  afterEach(() => {
    store.close();
    t.cleanup();
  });
  const call = (channel: string, payload?: unknown) => dispatch(services, channel, payload);
  return {
    get store() {
      return store;
    },
    get services() {
      return services;
    },
    get db() {
      return t.db;
    },
    call,
    value: async <T>(channel: string, payload?: unknown): Promise<T> => {
      const r = await call(channel, payload);
      if (!r.ok) throw new Error(`${channel} refused: ${r.error.code} ${r.error.message}`);
      return r.value as T;
    },
    refusal: async (channel: string, payload: unknown): Promise<string> => {
      const r = await call(channel, payload);
      if (r.ok) throw new Error(`${channel} accepted ${JSON.stringify(payload)}`);
      return r.error.message;
    },
    restart: () => {
      store.close();
      open();
    },
  };
};
