// The only renderer-side file that touches ipcRenderer. It builds `window.mahjmate` from the
// contract's channel NAMES (a plain array: zod stays out of the sandboxed preload bundle),
// with the same builder the e2e harness uses (src/shared/bridge.ts).
import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from '../../src/shared/bridge';
import { CHANNELS } from '../../src/shared/channels';

contextBridge.exposeInMainWorld(
  'mahjmate',
  buildApi(CHANNELS, (channel, input) => ipcRenderer.invoke(channel, input)),
);
