// The share process's entry as the app ships it (electron-vite builds out/main/share.js; main starts
// it with utilityProcess.fork). Without the Electron binary it runs here as a Node child process,
// which speaks the same wire.ts messages over Node's IPC channel: it starts the server on 127.0.0.1,
// serves the page with the token, and ends when told to stop and let go.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import type { FromShare, ToShare } from '../../electron/main/share/wire';

const root = resolve(import.meta.dirname, '../..');
const entry = join(root, 'out/main/share.js');

test.runIf(existsSync(entry) && existsSync(join(root, 'out/renderer/view.html')))(
  'the built share entry serves the page in a process of its own',
  async () => {
    const child = fork(entry, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const said: FromShare[] = [];
    child.on('message', (m) => said.push(m as FromShare));
    const send = (m: ToShare) => child.send(m);
    const answer = async (id: number): Promise<FromShare> => {
      for (let i = 0; i < 200; i++) {
        const a = said.find((m) => 're' in m && m.re === id);
        if (a) return a;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no answer to ${id}`);
    };
    try {
      const token = 'A'.repeat(22);
      send({ op: 'start', id: 1, start: { root: join(root, 'out/renderer'), token, host: '127.0.0.1', port: 0 } });
      const started = await answer(1);
      expect(started).toMatchObject({ re: 1, ok: true });
      const port = (started as { port: number }).port;
      send({ op: 'view', json: '{"v":1,"phase":"none"}' });
      const get = (path: string) =>
        new Promise<{ status: number; body: string }>((ok, fail) =>
          request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
          })
            .on('error', fail)
            .end(),
        );
      const page = await get(`/t/${token}/`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<script type="module">');
      expect(await get(`/t/${token}/view.json`)).toEqual({ status: 200, body: '{"v":1,"phase":"none"}' });
      expect((await get(`/t/${'B'.repeat(22)}/`)).status).toBe(404);
      send({ op: 'stop', id: 2 });
      expect(await answer(2)).toMatchObject({ re: 2, ok: true });
      const exited = new Promise((ok) => child.once('exit', ok));
      child.disconnect();
      await exited;
    } finally {
      child.kill();
    }
  },
);
