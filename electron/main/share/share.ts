// The table view for other screens: which table is current, its view, the display window's
// subscription and the share process's life (host.ts). Node only (no Electron): main, tests and the bench share it.
import QRCode from 'qrcode';
import { EMPTY_TABLE_VIEW, tableView, type TableView } from '../../../src/core/tableView';
import { SHARE_OFF, type ShareStatus } from '../../../src/shared/contract/share';
import type { Handler, Services } from '../services/context';
import type { Output } from '../../../src/shared/ipc-contract';
import { GameCache } from '../services/gameCache';
import { ServiceError } from '../services/errors';
import { recordOfSession } from '../services/sessionRecord';
import { flowRepo } from '../store/flow.repo';
import { sessionsRepo } from '../store/sessions.repo';
import type { Store } from '../store/store';
import { lanAddresses, type LanAddress } from './address';
import type { ConnectionLimits } from './connections';
import type { SeatLimits } from './seats';
import { startShareHost, type ShareHost } from './host';
import type { RateLimits } from './rates';
import type { SpawnShare } from './wire';

export interface ShareOptions {
  /** The built renderer folder (out/renderer). */
  root: string;
  /** Starts the share process: utilityProcess in the app (utility.ts), a Node child process elsewhere. */
  spawn: SpawnShare;
  /** Listen here only, whatever the networks (tests: 127.0.0.1); else on the address chosen from the computer's networks. */
  host?: string;
  port?: number;
  maxViewers?: number;
  /** The computer's addresses, best first (by default read from its networks; tests give loopback ones). */
  addresses?: () => LanAddress[];
  /** The server's limits, for tests and the bench (the app uses the defaults). */
  seats?: Partial<SeatLimits>;
  connections?: Partial<ConnectionLimits>;
  rates?: Partial<RateLimits>;
}

export interface Share {
  /** The display window's view: the table the host has open. */
  view(): TableView;
  /** The phones' view: the session sharing was started for (the display's view when not sharing). */
  sharedView(): TableView;
  /**
   * The host opened (or started) a table of this session: the display window shows it, and so do
   * the phones when sharing started before any table was open.
   */
  follow(sessionId: number): void;
  /** A display window's subscription: called now and after every change; returns the unsubscribe. */
  subscribe(fn: (v: TableView) => void): () => void;
  /** Share the table the host has open (the phones stay on it until sharing stops); `address`: one of the status's addresses. */
  start(address?: string): Promise<ShareStatus>;
  stop(): Promise<ShareStatus>;
  status(): Promise<ShareStatus>;
  /** The running server, as main holds it (tests and the bench), or null. */
  server(): ShareHost | null;
}

/** What the Share panel says when the share process stopped on its own. */
export const SHARE_RESTARTED =
  'Sharing had a problem and started again by itself. Phones reconnect on their own; recording was not affected.';
export const SHARE_FAILED = 'Sharing stopped: it failed twice. Recording was not affected. Share the table again for a new link.';

export const createShare = (store: Store, o: ShareOptions): Share => {
  const ctx = { store, games: new GameCache(), app: { name: 'MahjMate', version: '' } };
  /** The session the display shows, and the one the phones show (null: not sharing, or nothing open yet). */
  let followed: number | null = null;
  let pinned: number | null = null;
  let server: ShareHost | null = null;
  let address: string | null = null;
  /** Why sharing went off or started again by itself, for the Share panel (null: nothing to say). */
  let problem: string | null = null;
  const listeners = new Set<(v: TableView) => void>();

  const build = (id: number, last: TableView): TableView => {
    const { record, gameIds } = recordOfSession(ctx, id);
    const lastId = gameIds.at(-1);
    const storedAt = lastId === undefined ? [] : store.loadEvents(lastId).map((e) => Date.parse(e.recordedAt));
    // An ending typed but not confirmed is shown as proposed, while it still follows the stored log.
    const kept = lastId === undefined ? null : flowRepo(store).staged(lastId);
    const staged = kept && kept.afterSeq === store.lastSeq(lastId!) ? kept.events : [];
    const r = tableView({ record, storedAt, staged, chips: sessionsRepo(store).chips(id) });
    return r.ok ? r.view : last;
  };

  // Views by session, built only when someone shows them and only after a write.
  const views = new Map<number, { view: TableView; dirty: boolean }>();
  const viewOf = (id: number | null): TableView => {
    if (id === null) return EMPTY_TABLE_VIEW;
    const v = views.get(id) ?? { view: EMPTY_TABLE_VIEW, dirty: true };
    views.set(id, v);
    if (v.dirty) {
      v.dirty = false;
      try {
        v.view = build(id, v.view);
      } catch {
        // a session that vanished keeps its last view
      }
    }
    return v.view;
  };
  const forget = (): void => {
    for (const id of views.keys()) if (id !== followed && id !== pinned) views.delete(id);
  };

  // After the write's reply each watcher gets its view once (several quick writes make one update),
  // and only when it changed: a write to another session sends nothing to anyone.
  let sentDisplay: string | null = null;
  let sentShared: string | null = null;
  let pending: ReturnType<typeof setImmediate> | null = null;
  const publish = (): void => {
    pending = null;
    if (listeners.size > 0) {
      const v = viewOf(followed);
      const json = JSON.stringify(v);
      if (json !== sentDisplay) for (const fn of listeners) fn(v);
      sentDisplay = json;
    }
    if (server) {
      const json = JSON.stringify(viewOf(pinned));
      // Posted to the share process, never waited on.
      if (json !== sentShared) server.publish(json);
      sentShared = json;
    }
  };
  const schedule = (): void => {
    if (listeners.size > 0 || server) pending ??= setImmediate(publish);
  };

  // The one signal: every committed write to the store, whichever channel or job made it (a
  // rename, a reopened game, a fix, a new kind of write), may change what is shown.
  store.onWrite(() => {
    for (const v of views.values()) v.dirty = true;
    schedule();
  });

  const status = async (): Promise<ShareStatus> => {
    if (!server || address === null) return { ...SHARE_OFF, problem };
    const url = `http://${address}:${server.port}${server.base}`;
    const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      on: true,
      url,
      qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`,
      viewers: server.viewers(),
      address,
      addresses: addressesNow(),
      problem,
    };
  };
  const addressesNow = (): LanAddress[] => (o.host ? [{ address: o.host, iface: 'fixed' }] : (o.addresses ?? lanAddresses)());

  const close = async (): Promise<void> => {
    const s = server;
    server = null;
    address = null;
    pinned = null;
    sentShared = null;
    forget();
    await s?.close();
  };

  // Start and stop run one after the other, in the order asked: "off" while starting ends off.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = chain.then(fn, fn);
    chain = p.catch(() => {});
    return p;
  };

  return {
    view: () => viewOf(followed),
    sharedView: () => viewOf(server ? pinned : followed),
    follow: (id) => {
      followed = id;
      const v = views.get(id);
      if (v) v.dirty = true;
      // Sharing started before any table was open: the phones follow the first one the host opens.
      if (pinned === null && server) pinned = id;
      forget();
      schedule();
    },
    subscribe: (fn) => {
      listeners.add(fn);
      const v = viewOf(followed);
      sentDisplay = JSON.stringify(v);
      fn(v);
      return () => listeners.delete(fn);
    },
    start: (wanted) =>
      serial(async () => {
        const list = addressesNow();
        if (wanted !== undefined && !list.some((a) => a.address === wanted))
          throw new ServiceError('ERR_BAD_INPUT', `${wanted} is not one of this computer's network addresses now. Pick one from the list.`);
        const chosen = wanted ?? address ?? list[0]?.address;
        if (chosen === undefined)
          throw new ServiceError(
            'ERR_UNAVAILABLE',
            'This computer is on no network. Join the Wi-Fi the phones are on, then share the table.',
          );
        if (server && chosen === address) return status();
        await close();
        problem = null;
        let host: ShareHost;
        try {
          host = await startShareHost(
            o.spawn,
            {
              root: o.root,
              host: chosen,
              port: o.port ?? 0,
              ...(o.maxViewers || o.seats ? { seats: { ...(o.maxViewers ? { maxViewers: o.maxViewers } : {}), ...o.seats } } : {}),
              ...(o.connections ? { connections: o.connections } : {}),
              ...(o.rates ? { rates: o.rates } : {}),
            },
            {
              restarted: () => {
                if (server === host) problem = SHARE_RESTARTED;
              },
              failed: () => {
                if (server !== host) return;
                problem = SHARE_FAILED;
                void serial(close);
              },
            },
          );
        } catch (e) {
          throw new ServiceError(
            'ERR_UNAVAILABLE',
            e instanceof Error && e.message.startsWith('The table page')
              ? e.message
              : `Sharing could not start: the computer refused to open a port on ${chosen}.`,
          );
        }
        server = host;
        address = chosen;
        // The phones show the table open now, until sharing stops (or the next one opened, when none is).
        pinned = followed;
        sentShared = JSON.stringify(viewOf(pinned));
        host.publish(sentShared);
        return status();
      }),
    stop: () =>
      serial(async () => {
        problem = null;
        await close();
        return status();
      }),
    status,
    server: () => server,
  };
};

/**
 * Put the share on the services: every write (and the table a page opens) moves the view, and
 * the share channels drive `share`. Changes `services` in place (the IPC layer and the test
 * bridge hold that object) and returns it.
 */
export const attachShare = (services: Services, share: Share, openDisplay?: () => void): Services => {
  // Opening or starting a table moves the display to it (reads, not writes: every write reaches
  // the view through the store's one signal, store.onWrite, whatever its channel).
  const opened = <K extends 'loadGame' | 'startGame'>(k: K, sessionOf: (out: Output<K>) => number) => {
    const inner = services[k] as Handler<K>;
    const wrapped: Handler<K> = async (input) => {
      const out = await inner(input);
      share.follow(sessionOf(out));
      return out;
    };
    // (TypeScript cannot assign to a generic key of a mapped type; Object.assign can.)
    Object.assign(services, { [k]: wrapped });
  };
  opened('loadGame', (out) => out.game.sessionId);
  opened('startGame', (out) => out.sessionId);
  const h = services;
  h.shareTable = async ({ on, address }) => (on ? share.start(address) : share.stop());
  h.shareStatus = () => share.status();
  h.openTableDisplay = () => {
    if (!openDisplay) throw new ServiceError('ERR_UNAVAILABLE', 'The table display opens only in the MahjMate app, not here.');
    openDisplay();
    return { opened: true };
  };
  return services;
};
