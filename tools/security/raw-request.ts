import { connect } from 'node:net';

/**
 * Raw bytes to a port on 127.0.0.1 (requests no HTTP client would send), resolving with whatever
 * came back (latin1) when the server closed, after `wait` ms, or once `enough` says how much
 * longer to wait for the answer just received (0: not at all; null: wait on). Used by the share
 * fuzzer and the share server's tests.
 */
export const rawRequest = (
  port: number,
  bytes: string | Buffer,
  { wait = 2_000, enough = () => null }: { wait?: number; enough?: (got: string) => number | null } = {},
): Promise<string> =>
  new Promise((ok) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    const done = () => {
      clearTimeout(timer);
      s.destroy();
      ok(got);
    };
    const timer = setTimeout(done, wait);
    s.on('data', (d) => {
      got += d.toString('latin1');
      const more = enough(got);
      if (more === 0) done();
      else if (more !== null) setTimeout(done, more);
    });
    s.on('error', done);
    s.on('close', done);
    s.write(bytes);
  });
