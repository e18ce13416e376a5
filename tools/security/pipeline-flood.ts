/**
 * A link holder's pipelining flood, in a process of its own as the guest's phone would be
 * (bench/share-flood.ts starts it): `conns` connections to 127.0.0.1 ONLY, each writing `burst`
 * requests for `path` at once every 20 ms without waiting for answers, each reopened as soon as
 * the server closes it, for `ms` milliseconds at most. Run as a program it prints `flooding` when it
 * starts, then its figures as one JSON line, and exits. Usage: tsx tools/security/pipeline-flood.ts PORT PATH CONNS MS [BURST]
 */
import { connect, type Socket } from 'node:net';
import { setPriority } from 'node:os';

export interface FloodFigures {
  /** Connections opened (the first ones and every reopening). */
  opened: number;
  /** Answers received (status lines), and bytes. */
  answers: number;
  bytes: number;
}

export const pipelineFlood = (port: number, path: string, conns: number, ms: number, burst = 64): Promise<FloodFigures> => {
  const many = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(burst);
  const f: FloodFigures = { opened: 0, answers: 0, bytes: 0 };
  let stopped = false;
  const live = new Set<Socket>();
  const open = (): void => {
    if (stopped) return;
    const s = connect(port, '127.0.0.1');
    f.opened++;
    live.add(s);
    const pump = setInterval(() => s.writable && s.write(many), 20);
    s.on('connect', () => s.write(many));
    s.on('data', (d) => {
      f.bytes += d.length;
      f.answers += (d.toString('latin1').match(/HTTP\/1\.1 \d{3} /g) ?? []).length;
    });
    s.on('error', () => {});
    s.on('close', () => {
      clearInterval(pump);
      live.delete(s);
      setTimeout(open, 1);
    });
  };
  for (let i = 0; i < conns; i++) open();
  return new Promise((ok) =>
    setTimeout(() => {
      stopped = true;
      for (const s of live) s.destroy();
      ok(f);
    }, ms),
  );
};

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const [port, path, conns, ms, burst] = process.argv.slice(2);
  // The guest's phone has its own processor: here the flood takes only what the computer spares.
  try {
    setPriority(19);
  } catch {
    // keeps its priority
  }
  process.stdout.write('flooding\n');
  // Bounded whatever is asked: at most 64 connections for at most 5 minutes.
  const figures = await pipelineFlood(Number(port), path!, Math.min(64, Number(conns)), Math.min(300_000, Number(ms)), Number(burst ?? 64));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
