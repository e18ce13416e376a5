/**
 * What both crash proofs share: a writer bundled once (plain `node` starts in a tenth of the time
 * tsx takes), and one run of it on a database file, SIGKILLed when its caller says.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

/** Bundle tools/security/`entry` into the cache as `name`.mjs; returns its path. */
export const bundleWriter = async (entry: string, name: string): Promise<string> => {
  const outfile = join(root, `node_modules/.cache/mahjmate-crash/${name}.mjs`);
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [join(here, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['libsql'],
    outfile,
    logLevel: 'error',
  });
  return outfile;
};

/**
 * Run `writer` on `db`, handing each line it prints to `onLine` with `kill` (SIGKILL, once);
 * `killAfterMs`: kill that long after the start whatever it printed. Resolves when it exits:
 * whether the kill did it, and why it ended otherwise (its exit and the end of its stderr).
 */
export const runWriter = (
  writer: string,
  db: string,
  onLine: (line: string, kill: () => void) => void,
  killAfterMs?: number,
): Promise<{ killed: boolean; why: string }> =>
  new Promise((ok, fail) => {
    const child = spawn(process.execPath, [writer, db], { stdio: ['ignore', 'pipe', 'pipe'] });
    let killed = false;
    let stderr = '';
    let buf = '';
    const kill = () => {
      if (!killed) killed = child.kill('SIGKILL');
    };
    if (killAfterMs !== undefined) setTimeout(kill, killAfterMs);
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const l of lines) onLine(l, kill);
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => ok({ killed: signal === 'SIGKILL', why: `exit ${code ?? signal}: ${stderr.slice(-600)}` }));
  });
