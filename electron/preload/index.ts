// The only renderer-side file that touches ipcRenderer. It builds `window.mahjmate` from the
// contract's channel NAMES (a plain array: zod stays out of the sandboxed preload bundle).
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS } from '../../src/shared/channels';
import type { MahjmateApi } from '../../src/shared/ipc-contract';

const api = Object.freeze(
  Object.fromEntries(CHANNELS.map((channel) => [channel, (input?: unknown) => ipcRenderer.invoke(channel, input)])),
) as MahjmateApi;

contextBridge.exposeInMainWorld('mahjmate', api);
