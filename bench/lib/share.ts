/**
 * The phone benches' table (bench/view.ts, bench/view-join.ts): a real SQLite file in a temporary
 * folder, the real services with "Share the table" attached, the real share server on 127.0.0.1
 * serving the BUILT view page (out/renderer; `npm run bench` builds it first), and Debian's Chromium.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { createServices } from '../../electron/main/services/dispatch';
import { attachShare, createShare, type Share } from '../../electron/main/share/share';
import { nodeShareProcess } from '../../tools/share/node-share-process';
import { openStore } from '../../electron/main/store/store';
import type { ShareStatus } from '../../src/shared/contract/share';
import { caller } from './call';
import { launchChromium } from './page';

const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
/** A phone in portrait. */
export const PHONE = { viewport: { width: 390, height: 844 } } as const;

/** The q-quantile of `xs` (nearest rank; NaN when empty). */
export const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

export interface ShareBench {
  share: Share;
  browser: Browser;
  /** A channel called as the IPC layer calls it; a refusal stops the bench. */
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** A new session of four and its first game, shared: the phones' URL. */
  table(): Promise<{ gameId: number; url: string }>;
  close(): Promise<void>;
}

export const shareBench = async (name: string, chromiumArgs: readonly string[] = []): Promise<ShareBench> => {
  if (!existsSync(join(ROOT, 'view.html'))) throw new Error('out/renderer/view.html is missing: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), `mahjmate-bench-${name}-`));
  const store = openStore(join(dir, 'mahjmate.db'));
  const share = createShare(store, { root: ROOT, host: '127.0.0.1', spawn: nodeShareProcess });
  const dispatch = caller(attachShare(createServices(store), share));
  const call = async <T>(channel: string, input?: unknown): Promise<T> => (await dispatch(channel, input)) as T;
  const browser = await launchChromium(chromiumArgs);
  return {
    share,
    browser,
    call,
    table: async () => {
      const session = await call<{ id: number }>('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
      const game = await call<{ id: number }>('startGame', { sessionId: session.id });
      const { url } = await call<ShareStatus>('shareTable', { on: true });
      return { gameId: game.id, url: url! };
    },
    close: async () => {
      await browser.close();
      await share.stop();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
