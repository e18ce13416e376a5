import type { MahjmateApi, Reply } from '../../shared/ipc-contract';

declare global {
  interface Window {
    /** Built by the preload from the IPC contract (electron/preload/index.ts). */
    mahjmate: MahjmateApi;
  }
}

/** The typed bridge to main. Every call resolves to `{ok: true, value}` or `{ok: false, error}`. */
export const api: MahjmateApi = window.mahjmate;

/** For screens that show a failure as text: the value, or throw the reply's message. */
export const unwrap = async <T>(reply: Promise<Reply<T>>): Promise<T> => {
  const r = await reply;
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
