import type { MahjmateApi } from '../../shared/ipc-contract';

declare global {
  interface Window {
    /** Built by the preload from the IPC contract (electron/preload/index.ts). */
    mahjmate: MahjmateApi;
  }
}

/** The typed bridge to main. Every call resolves to `{ok: true, value}` or `{ok: false, error}`. */
export const api: MahjmateApi = window.mahjmate;
