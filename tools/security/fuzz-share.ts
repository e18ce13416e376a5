/**
 * Fuzzing the share server's request parsing (issue 15): random, hostile and broken HTTP requests
 * sent as raw bytes to a REAL server on 127.0.0.1. Every request must get an answer (HTTP/1.1 and
 * a status), 200 only for what the page may have (right token, GET, a known name), no file the
 * page does not name, and the server must still serve the page at the end. Used by
 * test/main/fuzz-share.test.ts (10,000 requests, fixed seed).
 */
import { rng } from '../lib/random';
import { rawRequest } from './raw-request';

export interface ShareFuzzFigures {
  cases: number;
  /** A request without an answer, or the server gone. */
  crashes: string[];
  /** An answer that gave too much (a secret, a 200 where none belongs). */
  failures: string[];
  byStatus: Record<string, number>;
}

// One answer is enough: headers and the short bodies this server sends (an event stream never ends).
const send = (port: number, bytes: Buffer): Promise<string> =>
  rawRequest(port, bytes, { wait: 3_000, enough: (got) => (/text\/event-stream/.test(got) ? 0 : /\r\n\r\n/.test(got) ? 5 : null) });

/** Requests built from the pieces attackers use, mixed with the real token and names. */
export const fuzzShare = async (
  port: number,
  token: string,
  assets: readonly string[],
  n: number,
  seed: number,
): Promise<ShareFuzzFigures> => {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const f: ShareFuzzFigures = { cases: 0, crashes: [], failures: [], byStatus: {} };
  const methods = [
    'GET',
    'GET',
    'GET',
    'POST',
    'PUT',
    'DELETE',
    'HEAD',
    'OPTIONS',
    'PATCH',
    'TRACE',
    'CONNECT',
    'get',
    'G\u00e9T',
    '',
    'GET GET',
  ];
  const pieces = [
    't',
    token,
    token.slice(1),
    token + token,
    '..',
    '%2e%2e',
    '%2E%2E',
    '.%2e',
    '%2f',
    '%5c',
    '\\',
    '.',
    '',
    'events',
    'view.json',
    'index.html',
    'view.html',
    ...assets,
    'assets',
    'etc',
    'passwd',
    '%00',
    '\u0000',
    '%',
    '%zz',
    '?',
    '#',
    ';',
    'a'.repeat(200),
    '\u00e9',
    '\u2028',
    '*',
    '~',
    'secret.txt',
  ];
  const good = ['', 'index.html', 'events', 'view.json', ...assets].map((x) => `/t/${token}/${x}`);
  const path = (): string => {
    if (r() < 0.25) return pick(good) + (r() < 0.3 ? '?' + pick(pieces) : '');
    const k = Math.floor(r() * 6);
    const parts = r() < 0.6 ? ['', 't', token] : [''];
    for (let i = 0; i < k; i++) parts.push(pick(pieces));
    let p = parts.join('/');
    if (r() < 0.2) p += '?' + pick(pieces) + '=' + pick(pieces);
    if (r() < 0.05) p = pick(['*', 'http://evil/', '//x', '', 'a'.repeat(3000)]);
    return p;
  };
  const headers = (): string => {
    const out: string[] = [];
    if (r() < 0.9) out.push('Host: 127.0.0.1');
    const extra = Math.floor(r() * 4);
    for (let i = 0; i < extra; i++)
      out.push(
        pick([
          `Content-Length: ${pick(['0', '5', '-1', '1e3', '99999999999999', 'x', ''])}`,
          'Transfer-Encoding: chunked',
          'Transfer-Encoding: gzip, chunked',
          'Connection: upgrade',
          'Upgrade: websocket',
          'Expect: 100-continue',
          `X-Long: ${'z'.repeat(Math.floor(r() * 9_000))}`,
          'Range: bytes=0-5',
          'Accept: text/event-stream',
          ': no name',
          'Bad Header',
          `Cookie: t=${token}`,
        ]),
      );
    return out.map((h) => h + '\r\n').join('');
  };
  const one = (): Buffer => {
    const roll = r();
    if (roll < 0.08)
      return Buffer.from(Array.from({ length: 1 + Math.floor(r() * 300) }, () => Math.floor(r() * 256)).concat([13, 10, 13, 10]));
    const version = r() < 0.9 ? 'HTTP/1.1' : pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', 'HTTTP/1.1', '']);
    const body = r() < 0.1 ? pick(['abc', '{"type":"discard"}', '0\r\n\r\n']) : '';
    return Buffer.from(`${pick(methods)} ${path()} ${version}\r\n${headers()}\r\n${body}`, 'latin1');
  };

  const allowed = new Set(good);
  const batch = 16;
  for (let i = 0; i < n; i += batch) {
    const reqs = Array.from({ length: Math.min(batch, n - i) }, one);
    const answers = await Promise.all(reqs.map((b) => send(port, b)));
    answers.forEach((a, j) => {
      f.cases++;
      const req = reqs[j]!.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(a)?.[1];
      if (!status) {
        // A request line Node's parser cannot even start on may be dropped without a word; a parsable one may not.
        if (/^(GET|POST|PUT|DELETE|HEAD|OPTIONS|PATCH) \/\S* HTTP\/1\.1\r\nHost: 127\.0\.0\.1\r\n\r\n$/.test(req))
          f.crashes.push(`no answer to ${JSON.stringify(req.slice(0, 200))}`);
        f.byStatus['none'] = (f.byStatus['none'] ?? 0) + 1;
        return;
      }
      f.byStatus[status] = (f.byStatus[status] ?? 0) + 1;
      if (/SECRET/.test(a)) f.failures.push(`a secret file for ${JSON.stringify(req.slice(0, 200))}`);
      if (status === '200') {
        const line = /^(\S+) (\S+) HTTP\/\d\.\d\r\n/.exec(req);
        const p = line?.[2]?.split('?')[0];
        if (line?.[1] !== 'GET' || !p || !allowed.has(p)) f.failures.push(`200 for ${JSON.stringify(req.slice(0, 200))}`);
      }
    });
  }
  return f;
};
