// How much one address may ask of the share server. A link holder can send requests as fast as
// the network carries them; a phone asks for the page once, opens one stream and says it is still
// watching every few seconds. So each address has two buckets that fill at a steady rate: one for
// requests carrying the token, one for the bytes of the answers (the page is the large one; the
// live stream is capped by its seats, not here). An empty bucket gets a short 429 and the
// connection closed. A whole table behind one address (a room's router, or the tests' loopback)
// joining at once stays well inside both.

export interface RateLimits {
  /** Requests an address may make at once, and per second after that. */
  requestsBurst: number;
  requestsPerSecond: number;
  /** Answer bytes an address may get at once, and per second after that. */
  bytesBurst: number;
  bytesPerSecond: number;
}

export const RATE_LIMITS: RateLimits = {
  requestsBurst: 200,
  requestsPerSecond: 50,
  bytesBurst: 4 * 1024 * 1024,
  bytesPerSecond: 512 * 1024,
};

interface Bucket {
  requests: number;
  bytes: number;
  at: number;
}

export interface Rates {
  /** A request from `address`: false when its bucket is empty (the request is refused). */
  request(address: string, now?: number): boolean;
  /** Whether `address` may be sent `n` bytes now; if so they are counted. */
  send(address: string, n: number, now?: number): boolean;
  /** Forget addresses whose buckets are full again (called every few hundred ms). */
  sweep(now?: number): void;
  /** Addresses remembered (tests: the memory stays bounded). */
  size(): number;
}

export const makeRates = (limits: RateLimits = RATE_LIMITS): Rates => {
  const buckets = new Map<string, Bucket>();
  const of = (address: string, now: number): Bucket => {
    let b = buckets.get(address);
    if (!b) {
      b = { requests: limits.requestsBurst, bytes: limits.bytesBurst, at: now };
      buckets.set(address, b);
    }
    const s = Math.max(0, now - b.at) / 1000;
    b.requests = Math.min(limits.requestsBurst, b.requests + s * limits.requestsPerSecond);
    b.bytes = Math.min(limits.bytesBurst, b.bytes + s * limits.bytesPerSecond);
    b.at = now;
    return b;
  };
  return {
    request: (address, now = Date.now()) => {
      const b = of(address, now);
      if (b.requests < 1) return false;
      b.requests -= 1;
      return true;
    },
    send: (address, n, now = Date.now()) => {
      const b = of(address, now);
      if (b.bytes < n) return false;
      b.bytes -= n;
      return true;
    },
    sweep: (now = Date.now()) => {
      for (const [a, b] of buckets) {
        of(a, now);
        if (b.requests >= limits.requestsBurst && b.bytes >= limits.bytesBurst) buckets.delete(a);
      }
    },
    size: () => buckets.size,
  };
};
