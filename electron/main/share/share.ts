// The table view for other screens: which table is current, its view, the display window's
// subscription and the share server's life. Node only (no Electron): main, tests and the bench share it.
import { networkInterfaces } from 'node:os';
import QRCode from 'qrcode';
import { EMPTY_TABLE_VIEW, tableView, type TableView } from '../../../src/core/tableView';
import type { ShareStatus } from '../../../src/shared/contract/share';
import type { Handler, Services } from '../services/context';
import type { Channel, Output, ParsedInput } from '../../../src/shared/ipc-contract';
import { GameCache } from '../services/gameCache';
import { ServiceError } from '../services/errors';
import { recordOfSession } from '../services/sessionRecord';
import type { Store } from '../store/store';
import { startShareServer, type ShareServer } from './server';

export interface ShareOptions {
  /** The built renderer folder (out/renderer). */
  root: string;
  /** Where the server listens: 0.0.0.0 (the table's network) unless a test says 127.0.0.1. */
  host?: string;
  port?: number;
  maxViewers?: number;
}

export interface Share {
  view(): TableView;
  /** Show this session's table (its last game). */
  follow(sessionId: number): void;
  /** Show the table of this game's session. */
  followGame(gameId: number): void;
  /** A display window's subscription: called now and after every change; returns the unsubscribe. */
  subscribe(fn: (v: TableView) => void): () => void;
  start(): Promise<ShareStatus>;
  stop(): Promise<ShareStatus>;
  status(): Promise<ShareStatus>;
  /** The running server (tests and the bench), or null. */
  server(): ShareServer | null;
}

/** The address a phone on the same network reaches this computer at. */
export const lanAddress = (): string => {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
};

export const createShare = (store: Store, o: ShareOptions): Share => {
  const ctx = { store, games: new GameCache(), app: { name: 'MahjMate', version: '' } };
  let sessionId: number | null = null;
  let current: TableView = EMPTY_TABLE_VIEW;
  let server: ShareServer | null = null;
  let starting: Promise<ShareServer> | null = null;
  const listeners = new Set<(v: TableView) => void>();

  const build = (id: number): TableView => {
    const { record, gameIds } = recordOfSession(ctx, id);
    const lastId = gameIds.at(-1);
    const storedAt = lastId === undefined ? [] : store.loadEvents(lastId).map((e) => Date.parse(e.recordedAt));
    const r = tableView({ record, storedAt });
    return r.ok ? r.view : current;
  };

  // Nobody watching (no display window, not shared): nothing is built. Else the view is rebuilt
  // once after the write's reply (several quick writes make one update), or at once when read.
  let dirty = false;
  let pending: ReturnType<typeof setImmediate> | null = null;
  const watched = (): boolean => listeners.size > 0 || server !== null;
  const fresh = (): TableView => {
    if (dirty && sessionId !== null) {
      dirty = false;
      try {
        current = build(sessionId);
      } catch {
        // a session that vanished keeps the last view
      }
    }
    return current;
  };
  const publish = (): void => {
    pending = null;
    if (!watched()) return;
    const v = fresh();
    for (const fn of listeners) fn(v);
    server?.publish(v);
  };

  const status = async (): Promise<ShareStatus> => {
    if (!server) return { on: false, url: null, qr: null, viewers: 0 };
    const host = o.host && o.host !== '0.0.0.0' ? o.host : lanAddress();
    const url = `http://${host}:${server.port}${server.base}`;
    const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { on: true, url, qr: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`, viewers: server.viewers() };
  };

  const follow = (id: number): void => {
    sessionId = id;
    dirty = true;
    if (watched()) pending ??= setImmediate(publish);
  };

  return {
    view: fresh,
    follow,
    followGame: (gameId) => {
      const g = store.getGame(gameId);
      if (g) follow(g.sessionId);
    },
    subscribe: (fn) => {
      listeners.add(fn);
      fn(fresh());
      return () => listeners.delete(fn);
    },
    start: async () => {
      if (!server) {
        starting ??= startShareServer({ root: o.root, view: fresh, host: o.host ?? '0.0.0.0', port: o.port ?? 0, maxViewers: o.maxViewers });
        try {
          server = await starting;
        } catch (e) {
          throw new ServiceError('ERR_UNAVAILABLE', e instanceof Error && e.message.startsWith('The table page') ? e.message : 'Sharing could not start: the computer refused to open a port for it.');
        } finally {
          starting = null;
        }
        dirty = sessionId !== null;
      }
      return status();
    },
    stop: async () => {
      const s = server;
      server = null;
      await s?.close();
      return status();
    },
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
  after('loadGame', (_i, out: { game: { sessionId: number } }) => share.follow(out.game.sessionId));
  after('startGame', (_i, out: { sessionId: number }) => share.follow(out.sessionId));
  after('appendEvent', (i: { gameId: number }) => share.followGame(i.gameId));
  after('amendGame', (i: { gameId: number }) => share.followGame(i.gameId));
  after('quickScore', (i: { sessionId: number }) => share.follow(i.sessionId));
  after('removeLastGame', (i: { sessionId: number }) => share.follow(i.sessionId));
  const h = services;
  h.shareTable = async ({ on }) => (on ? share.start() : share.stop());
  h.shareStatus = () => share.status();
  h.openTableDisplay = () => {
    if (!openDisplay) throw new ServiceError('ERR_UNAVAILABLE', 'The table display opens only in the MahjMate app, not here.');
    openDisplay();
    return { opened: true };
  };
  return services;
};
