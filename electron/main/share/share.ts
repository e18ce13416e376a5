// The table view for other screens: which table is current, its view, the display window's
// subscription and the share server's life. Node only (no Electron): main, tests and the bench share it.
import QRCode from 'qrcode';
import { EMPTY_TABLE_VIEW, tableView, type TableView } from '../../../src/core/tableView';
import { SHARE_OFF, type ShareStatus } from '../../../src/shared/contract/share';
import type { Handler, Services } from '../services/context';
import type { Channel, Output, ParsedInput } from '../../../src/shared/ipc-contract';
import { GameCache } from '../services/gameCache';
import { ServiceError } from '../services/errors';
import { recordOfSession } from '../services/sessionRecord';
import { flowRepo } from '../store/flow.repo';
import { sessionsRepo } from '../store/sessions.repo';
import type { Store } from '../store/store';
import { lanAddresses, type LanAddress } from './address';
import type { ConnectionLimits } from './connections';
import type { SeatLimits } from './seats';
import { startShareServer, type ShareServer } from './server';

export interface ShareOptions {
  /** The built renderer folder (out/renderer). */
  root: string;
  /** Listen here only, whatever the networks (tests: 127.0.0.1); else on the address chosen from the computer's networks. */
  host?: string;
  port?: number;
  maxViewers?: number;
  /** The computer's addresses, best first (by default read from its networks; tests give loopback ones). */
  addresses?: () => LanAddress[];
  /** The server's limits, for tests and the bench (the app uses the defaults). */
  seats?: Partial<SeatLimits>;
  connections?: Partial<ConnectionLimits>;
}

export interface Share {
  /** The display window's view: the table the host has open. */
  view(): TableView;
  /** The phones' view: the session sharing was started for (the display's view when not sharing). */
  sharedView(): TableView;
  /** The host opened (or started) a table of this session: the display window shows it. */
  follow(sessionId: number): void;
  /** Something was written to this session: whoever shows it gets the new view; nobody moves to it. */
  touch(sessionId: number): void;
  /** Something was written to this game (its session's view changes). */
  touchGame(gameId: number): void;
  /** A display window's subscription: called now and after every change; returns the unsubscribe. */
  subscribe(fn: (v: TableView) => void): () => void;
  /** Share the table the host has open (the phones stay on it until sharing stops); `address`: one of the status's addresses. */
  start(address?: string): Promise<ShareStatus>;
  stop(): Promise<ShareStatus>;
  status(): Promise<ShareStatus>;
  /** The running server (tests and the bench), or null. */
  server(): ShareServer | null;
}

export const createShare = (store: Store, o: ShareOptions): Share => {
  const ctx = { store, games: new GameCache(), app: { name: 'MahjMate', version: '' } };
  /** The session the display shows, and the one the phones show (null: not sharing, or nothing open yet). */
  let followed: number | null = null;
  let pinned: number | null = null;
  let server: ShareServer | null = null;
  let address: string | null = null;
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

  // Views by session, built only when someone shows them and only after a write changed them.
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
  let sentDisplay: TableView | null = null;
  let sentShared: TableView | null = null;
  let pending: ReturnType<typeof setImmediate> | null = null;
  const publish = (): void => {
    pending = null;
    if (listeners.size > 0) {
      const v = viewOf(followed);
      if (v !== sentDisplay) for (const fn of listeners) fn(v);
      sentDisplay = v;
    }
    if (server) {
      const v = viewOf(pinned);
      if (v !== sentShared) server.publish(v);
      sentShared = v;
    }
  };
  const schedule = (): void => {
    if (listeners.size > 0 || server) pending ??= setImmediate(publish);
  };

  const status = async (): Promise<ShareStatus> => {
    if (!server || address === null) return SHARE_OFF;
    const url = `http://${address}:${server.port}${server.base}`;
    const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { on: true, url, qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`, viewers: server.viewers(), address, addresses: addressesNow() };
  };
  const addressesNow = (): LanAddress[] => (o.host ? [{ address: o.host, iface: 'fixed' }] : (o.addresses ?? lanAddresses)());

  const touch = (id: number): void => {
    const v = views.get(id);
    if (v) v.dirty = true;
    // Nothing open yet (the app just started and the page resumed a table): the display shows it.
    if (followed === null) followed = id;
    if (pinned === null && server) pinned = followed;
    if (id === followed || id === pinned) schedule();
  };

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
      if (pinned === null && server) pinned = id;
      forget();
      schedule();
    },
    touch,
    touchGame: (gameId) => {
      const g = store.getGame(gameId);
      if (g) touch(g.sessionId);
    },
    subscribe: (fn) => {
      listeners.add(fn);
      const v = viewOf(followed);
      sentDisplay = v;
      fn(v);
      return () => listeners.delete(fn);
    },
    start: (wanted) =>
      serial(async () => {
        const list = addressesNow();
        if (wanted !== undefined && !list.some((a) => a.address === wanted))
          throw new ServiceError('ERR_BAD_INPUT', `${wanted} is not one of this computer's network addresses now. Pick one from the list.`);
        const chosen = wanted ?? address ?? list[0]?.address;
        if (chosen === undefined) throw new ServiceError('ERR_UNAVAILABLE', 'This computer is on no network. Join the Wi-Fi the phones are on, then share the table.');
        if (server && chosen === address) return status();
        await close();
        try {
          server = await startShareServer({ root: o.root, view: () => viewOf(pinned), host: chosen, port: o.port ?? 0, ...(o.maxViewers ? { maxViewers: o.maxViewers } : {}), ...(o.seats ? { seats: o.seats } : {}), ...(o.connections ? { connections: o.connections } : {}) });
        } catch (e) {
          throw new ServiceError('ERR_UNAVAILABLE', e instanceof Error && e.message.startsWith('The table page') ? e.message : `Sharing could not start: the computer refused to open a port on ${chosen}.`);
        }
        address = chosen;
        // The phones show the table open now, until sharing stops.
        pinned = followed;
        sentShared = viewOf(pinned);
        return status();
      }),
    stop: () =>
      serial(async () => {
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
  // Each write the view follows is wrapped: the service runs, then the view moves.
  const after = <K extends Channel>(k: K, move: (input: ParsedInput<K>, out: Output<K>) => void) => {
    const inner: Handler<K> = services[k];
    const wrapped: Handler<K> = async (input) => {
      const out = await inner(input);
      move(input, out);
      return out;
    };
    // (TypeScript cannot assign to a generic key of a mapped type; Object.assign can.)
    Object.assign(services, { [k]: wrapped });
  };
  // Opening or starting a table moves the display to it; the other writes only refresh the view
  // of the session they wrote to (a quick score into last week's session moves nothing).
  after('loadGame', (_i, out: { game: { sessionId: number } }) => share.follow(out.game.sessionId));
  after('startGame', (_i, out: { sessionId: number }) => share.follow(out.sessionId));
  after('appendEvent', (i: { gameId: number }) => share.touchGame(i.gameId));
  after('stageEnding', (i: { gameId: number }) => share.touchGame(i.gameId));
  after('amendGame', (i: { gameId: number }) => share.touchGame(i.gameId));
  after('correctGame', (i: { sessionId: number }) => share.touch(i.sessionId));
  after('quickScore', (i: { sessionId: number }) => share.touch(i.sessionId));
  after('removeLastGame', (i: { sessionId: number }) => share.touch(i.sessionId));
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
