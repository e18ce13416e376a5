import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createServices, dispatch, type Services } from '../../electron/main/services/dispatch';
import { attachShare, createShare, type Share, type ShareOptions } from '../../electron/main/share/share';
import { nodeShareProcess } from '../../tools/share/node-share-process';
import { openStore, type Store } from '../../electron/main/store/store';
import type { TableView } from '../../src/core/tableView';
import type { ShareStatus } from '../../src/shared/contract/share';
import type { GameInfo, SessionSummary } from '../../src/shared/types';
import { rawRequest } from '../../tools/security/raw-request';
import { onBlocks } from '../../tools/share/event-stream';
import { tempDir } from './tmp';

/**
 * A real share server on 127.0.0.1 over a real store, with a small built page: view.html naming
 * two files, plus files the server must never send (one beside the page, one above its folder).
 */
export const shareFixture = async (opts: number | Omit<ShareOptions, 'root' | 'spawn'> = {}) => {
  const t = tempDir();
  const root = join(t.dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(
    join(root, 'view.html'),
    '<!doctype html><script type="module" crossorigin src="./assets/view-1.js"></script><link rel="stylesheet" href="./assets/view-1.css"><div id="view"></div>',
  );
  writeFileSync(join(root, 'assets/view-1.js'), 'console.log("view")');
  writeFileSync(join(root, 'assets/view-1.css'), 'body{}');
  writeFileSync(join(root, 'assets/index-secret.js'), 'SECRET_APP_BUNDLE');
  writeFileSync(join(t.dir, 'secret.txt'), 'SECRET_OUTSIDE');
  const store: Store = openStore(t.db);
  const share: Share = createShare(store, {
    root,
    host: '127.0.0.1',
    spawn: nodeShareProcess,
    ...(typeof opts === 'number' ? { maxViewers: opts } : opts),
  });
  const services: Services = attachShare(createServices(store), share);
  const call = async <T>(ch: string, p?: unknown): Promise<T> => {
    const r = await dispatch(services, ch, p);
    if (!r.ok) throw new Error(`${ch}: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
  const session = await call<SessionSummary>('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] },
  });
  const game = await call<GameInfo>('startGame', { sessionId: session.id });
  const on = (): Promise<ShareStatus> => call<ShareStatus>('shareTable', { on: true });
  const off = (): Promise<ShareStatus> => call<ShareStatus>('shareTable', { on: false });
  /** What the store holds: compared before and after an attack ("nothing written"). */
  const written = () => JSON.stringify({ s: store.listSessions(), e: store.loadEvents(game.id), p: store.listPlayers() });
  const cleanup = async () => {
    await share.stop();
    store.close();
    t.cleanup();
  };
  return { t, root, store, share, services, call, session, game, on, off, written, cleanup };
};

export interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over node:http; `body` sends a body with it. */
export const get = (url: string, method = 'GET', body?: string): Promise<Got> =>
  new Promise((ok, fail) => {
    const headers = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request(url, { method, agent: false, headers }, (res) => {
      let b = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (b += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: b }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });

/** Raw bytes to the port; resolves with whatever came back before the server closed (or 2 s). */
export const raw = (port: number, bytes: string | Buffer, wait = 2_000): Promise<string> => rawRequest(port, bytes, { wait });

/** An event-stream viewer: its status, its seat, and the views it receives (it never says it is still watching). */
export const viewer = (url: string) =>
  new Promise<{
    status: number;
    views: TableView[];
    seat: () => string | null;
    ends: () => number;
    ended: Promise<void>;
    close: () => void;
    next: () => Promise<TableView>;
  }>((ok, fail) => {
    const req = request(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      const views: TableView[] = [];
      let ends = 0;
      let seat: string | null = null;
      const waiting: ((v: TableView) => void)[] = [];
      onBlocks(res, (event, data) => {
        if (event === 'end') ends++;
        else if (event === 'seat') seat = (JSON.parse(data!) as { seat: string }).seat;
        else if (data !== null) {
          const v = (JSON.parse(data) as { view: TableView }).view;
          views.push(v);
          waiting.shift()?.(v);
        }
      });
      const ended = new Promise<void>((e) => {
        res.on('end', () => e());
        res.on('close', () => e());
      });
      ok({
        status: res.statusCode ?? 0,
        views,
        seat: () => seat,
        ends: () => ends,
        ended,
        close: () => req.destroy(),
        next: () => new Promise<TableView>((n) => waiting.push(n)),
      });
    });
    req.on('error', fail);
    req.end();
  });

/** Wait (up to about 3 s) until `ok()` holds; throws naming what never happened. */
export const waitFor = async (ok: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 300 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!ok()) throw new Error(`never happened: ${what}`);
};

/** Every frame of an event stream, whatever its event type, each data line parsed as JSON. */
export const rawFrames = (url: string) =>
  new Promise<{ frames: () => unknown[]; ended: Promise<void> }>((ok, fail) => {
    const frames: unknown[] = [];
    const req = request(url, { agent: false }, (res) => {
      onBlocks(res, (_, data) => {
        if (data !== null) frames.push(JSON.parse(data));
      });
      const ended = new Promise<void>((e) => res.on('close', () => e()));
      ok({ frames: () => frames, ended });
    });
    req.on('error', fail);
    req.end();
  });
