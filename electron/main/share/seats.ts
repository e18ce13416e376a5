// The viewers' seats: at most 16 live streams, and a seat is freed within seconds when its phone
// is gone. A phone that walks out of the Wi-Fi, locks its screen or freezes does not close its
// connection; only its silence shows. So each page says "still watching" every few seconds (the
// `alive` call) and a seat silent for longer is freed; a phone that stops reading is noticed by
// its output piling up (a cap on what waits for it, and a limit on how long it may not move).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export interface SeatLimits {
  maxViewers: number;
  /** How often a page says it is still watching. */
  pingMs: number;
  /** A seat whose page has said nothing for this long is freed. */
  silentMs: number;
  /** Bytes waiting for one viewer beyond which it is dropped. */
  maxBuffered: number;
  /** Output waiting for a viewer that has not moved for this long: dropped. */
  stuckMs: number;
}

export const SEAT_LIMITS: SeatLimits = { maxViewers: 16, pingMs: 4_000, silentMs: 12_000, maxBuffered: 256 * 1024, stuckMs: 10_000 };

interface Seat {
  id: string;
  res: ServerResponse;
  heard: number;
  /** What was waiting at the last look, what was written since, and when some of it last went out. */
  waiting: number;
  added: number;
  moved: number;
}

export interface Seats {
  /** A seat for this stream (the page's previous seat `was` freed first), or null when all are taken. */
  take(res: ServerResponse, was: string | null): string | null;
  /** The page holding `id` is still watching; false when that seat is gone. */
  heard(id: string): boolean;
  /** Write to every seat; a viewer whose output piles up past the cap is dropped. */
  send(data: string): void;
  /** Free the seats whose page went silent or whose output stopped moving. */
  sweep(now?: number): void;
  size(): number;
  /** End every stream with `last` (sharing stopped). */
  endAll(last: string): void;
}

/** `changed`: called whenever a seat is taken or freed. */
export const makeSeats = (limits: SeatLimits = SEAT_LIMITS, changed: () => void = () => {}): Seats => {
  const seats = new Map<string, Seat>();
  const free = (s: Seat): void => {
    if (seats.delete(s.id)) changed();
    s.res.destroy();
  };
  const overfull = (s: Seat): boolean => s.res.writableLength > limits.maxBuffered;
  return {
    take: (res, was) => {
      const old = was === null ? undefined : seats.get(was);
      if (old) free(old);
      if (seats.size >= limits.maxViewers) return null;
      const id = randomBytes(12).toString('base64url');
      const now = Date.now();
      seats.set(id, { id, res, heard: now, waiting: 0, added: 0, moved: now });
      changed();
      res.on('close', () => {
        if (seats.get(id)?.res === res && seats.delete(id)) changed();
      });
      return id;
    },
    heard: (id) => {
      const s = seats.get(id);
      if (s) s.heard = Date.now();
      return s !== undefined;
    },
    send: (data) => {
      for (const s of [...seats.values()]) {
        s.res.write(data);
        s.added += Buffer.byteLength(data);
        if (overfull(s)) free(s);
      }
    },
    sweep: (now = Date.now()) => {
      for (const s of [...seats.values()]) {
        const waiting = s.res.writableLength;
        if (waiting === 0 || waiting < s.waiting + s.added) s.moved = now;
        s.waiting = waiting;
        s.added = 0;
        if (now - s.heard > limits.silentMs || now - s.moved > limits.stuckMs || overfull(s)) free(s);
      }
    },
    size: () => seats.size,
    endAll: (last) => {
      for (const s of seats.values()) s.res.end(last);
      seats.clear();
      changed();
    },
  };
};
