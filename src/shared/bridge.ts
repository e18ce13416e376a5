import type { MahjmateApi } from './ipc-contract';

/** How one channel reaches main: ipcRenderer.invoke in the app, the test bridge in the e2e harness. */
export type Invoke = (channel: string, input: unknown) => Promise<unknown>;

/**
 * `window.mahjmate`: one function per channel, frozen. The preload and the e2e harness both
 * build it with this function (the harness injects its source into the page), so the page
 * under test talks to exactly the API the app exposes. Self-contained on purpose: it must
 * still work once serialised with Function.prototype.toString.
 */
export const buildApi = (channels: readonly string[], invoke: Invoke): MahjmateApi =>
  Object.freeze(Object.fromEntries(channels.map((channel) => [channel, (input?: unknown) => invoke(channel, input)]))) as MahjmateApi;
