import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openStore } from '../../electron/main/store/store';
import { tempDir } from './tmp';

let t: ReturnType<typeof tempDir>;
afterEach(() => t?.cleanup());

/** Run the writer, SIGKILL it after `killAfter` acknowledgements; return every acknowledged (game, seq). */
const writeThenKill = (db: string, killAfter: number): Promise<{ acked: [number, number][]; signal: string | null; why: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'crash-writer.ts'), db], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const acked: [number, number][] = [];
    let buf = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const l of lines) {
        const [, g, s] = l.split(' ');
        acked.push([Number(g), Number(s)]);
      }
      if (acked.length >= killAfter) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      resolve({ acked, signal, why: `exit code ${code}, ${acked.length} acks, stderr: ${stderr.slice(-800)}` }),
    );
  });

test('every acknowledged event survives a SIGKILL in the middle of writes', async () => {
  t = tempDir();
  for (const killAfter of [150, 397]) {
    const { acked, signal, why } = await writeThenKill(t.db, killAfter);
    expect(signal, why).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(killAfter);
    // Reopen as the app would at start: the file must pass the integrity check and hold every ack.
    const store = openStore(t.db);
    try {
      expect(store.startup.setAside).toBeNull();
      for (const [game, seq] of acked) {
        const events = store.loadEvents(game);
        expect(events.length).toBeGreaterThanOrEqual(seq);
        expect(events[seq - 1]!.seq).toBe(seq);
      }
    } finally {
      store.close();
    }
  }
});
