import type { TableView } from '../../core/tableView';
import type { SeatFrame, ViewFrame } from '../../shared/contract/share';

/**
 * Where the view comes from: the display window's preload, or the share server's stream.
 * 'full': the table has all its viewers, the page keeps asking; 'ended': the host stopped sharing.
 */
export type Link = 'connecting' | 'live' | 'lost' | 'full' | 'ended';

interface Bridge {
  onView(fn: (f: ViewFrame) => void): void;
}

const isFrame = (x: unknown): x is ViewFrame =>
  typeof x === 'object' && x !== null && typeof (x as ViewFrame).sentAt === 'number' && (x as ViewFrame).view?.v === 1;
const isSeat = (x: unknown): x is SeatFrame =>
  typeof x === 'object' && x !== null && typeof (x as SeatFrame).seat === 'string' && typeof (x as SeatFrame).ping === 'number';

/** A stream that has sent nothing (not even the server's heartbeat, every 10 s) for this long is dead. */
const SILENT_MS = 25_000;
const MAX_BACKOFF_MS = 8_000;
/** Spread the retries of phones that lost the table together. */
const jitter = (ms: number): number => ms * (0.7 + Math.random() * 0.6);

/** One server-sent-events block: its event name and its data. */
const parseBlock = (block: string): { event: string; data: string } | null => {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
};

/**
 * Calls `onView` with each new view and the host's clock offset (ms to add to the host's times
 * to get this device's), and `onLink` when the link changes. Read-only: the page only ever asks
 * (for the stream, and to say it is still watching). On a phone it retries by itself: when the
 * stream fails or the network drops (backing off up to 8 s), and every few seconds while the
 * table is full; it stops only when the host stops sharing.
 */
export const follow = (onView: (v: TableView, offset: number) => void, onLink: (l: Link) => void): void => {
  const take = (f: unknown) => {
    if (!isFrame(f)) return;
    onView(f.view, Date.now() - f.sentAt);
    onLink('live');
  };
  const bridge = (globalThis as { mahjmateView?: Bridge }).mahjmateView;
  if (bridge) {
    bridge.onView(take);
    return;
  }

  let seat: string | null = null;
  let ended = false;
  let backoff = 1_000;
  let current: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  const stopPing = () => {
    if (pingTimer !== null) clearInterval(pingTimer);
    pingTimer = null;
  };
  const end = () => {
    ended = true;
    stopPing();
    current?.abort();
    onLink('ended');
  };
  const retry = (why: 'lost' | 'full', ms: number) => {
    if (ended) return;
    stopPing();
    onLink(why);
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, jitter(ms));
  };
  const lost = () => {
    retry('lost', backoff);
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
  };
  const ping = (every: number) => {
    stopPing();
    pingTimer = setInterval(() => {
      if (seat === null) return;
      // 404: the server freed this seat (it did not hear from the page in time): ask for a new one.
      fetch(`alive?seat=${seat}`, { cache: 'no-store' })
        .then((r) => {
          if (r.status === 404) current?.abort();
        })
        .catch(() => {
          /* the stream's own watchdog decides */
        });
    }, every);
  };

  const read = async (body: ReadableStream<Uint8Array>, ctl: AbortController): Promise<void> => {
    const reader = body.getReader();
    const text = new TextDecoder();
    let buf = '';
    let watchdog = setTimeout(() => ctl.abort(), SILENT_MS);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        clearTimeout(watchdog);
        watchdog = setTimeout(() => ctl.abort(), SILENT_MS);
        buf += text.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let i: number;
        while ((i = buf.indexOf('\n\n')) !== -1) {
          const block = parseBlock(buf.slice(0, i));
          buf = buf.slice(i + 2);
          if (!block) continue;
          if (block.event === 'end') return end();
          let data: unknown;
          try {
            data = JSON.parse(block.data);
          } catch {
            continue; // a broken frame is skipped; the next one replaces it
          }
          if (block.event === 'seat' && isSeat(data)) {
            seat = data.seat;
            backoff = 1_000;
            ping(data.ping);
          } else take(data);
        }
      }
    } finally {
      clearTimeout(watchdog);
    }
  };

  async function connect(): Promise<void> {
    retryTimer = null;
    if (ended) return;
    current?.abort();
    const ctl = new AbortController();
    current = ctl;
    try {
      // Relative: the page is at /t/<token>/, its stream at /t/<token>/events.
      const res = await fetch(seat === null ? 'events' : `events?was=${seat}`, {
        cache: 'no-store',
        signal: ctl.signal,
        headers: { accept: 'text/event-stream' },
      });
      if (res.status === 503) return retry('full', Number(res.headers.get('retry-after') ?? 3) * 1000 || 3_000);
      // The link no longer opens anything: the host stopped sharing (or shared again with a new link).
      if (res.status === 404) return end();
      if (!res.ok || !res.body) return lost();
      await read(res.body, ctl);
    } catch {
      /* the network dropped, or the watchdog or a lost seat aborted the stream */
    }
    if (!ended && current === ctl) lost();
  }

  // A phone woken up (screen unlocked, tab shown) tries at once instead of waiting out its back-off.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !ended && retryTimer !== null) {
      clearTimeout(retryTimer);
      void connect();
    }
  });
  void connect();
};
