import { describe, expect, it } from 'vitest';
import { deliver, runJob, type Waiter } from '../../src/vision/jobs';
import type { FromWorker, ToWorker } from '../../src/vision/protocol';

/** The worker and the page joined as the recognizer joins them (postMessage is the only step left out). */
const link = () => {
  const waiting = new Map<number, Waiter>();
  const notices: string[] = [];
  const ask = (m: Extract<ToWorker, { id: number }>, work: () => void) =>
    new Promise<FromWorker>((resolve) => {
      waiting.set(m.id, resolve);
      void runJob(m, work, (answer) => deliver(answer, waiting, (n) => notices.push(n)));
    });
  return { waiting, notices, ask };
};
const frame = { width: 2, height: 2, data: new Uint8ClampedArray(16) };

describe('a request to the recognizer worker', () => {
  it('that fails is answered with its error, so the camera panel is not left busy', async () => {
    const { waiting, notices, ask } = link();
    const answer = await Promise.race([
      ask({ type: 'recognize', id: 7, ...frame }, () => {
        throw new Error('out of memory');
      }),
      new Promise<'never answered'>((r) => setTimeout(() => r('never answered'), 1_000)),
    ]);
    expect(answer).toEqual({ type: 'error', id: 7, message: 'Recognizer failed: Error: out of memory' });
    expect(waiting.size).toBe(0);
    expect(notices).toEqual([]);
  });

  it('answers only its own caller; a failure of no request becomes the panel notice', async () => {
    const { waiting, notices, ask } = link();
    const other = new Promise<FromWorker>((resolve) => waiting.set(3, resolve));
    const failed = ask({ type: 'teach', id: 4, ...frame }, () => {
      throw new Error('bad frame');
    });
    expect(await failed).toMatchObject({ type: 'error', id: 4 });
    expect([...waiting.keys()]).toEqual([3]);
    await runJob(
      { type: 'init' },
      () => {
        throw new Error('no data');
      },
      (a) => deliver(a, waiting, (n) => notices.push(n)),
    );
    expect(notices).toEqual(['Recognizer failed: Error: no data']);
    deliver({ type: 'recognized', id: 3, result: { ok: false, error: 'empty', message: 'empty' }, ms: 1 }, waiting, () => {});
    expect(await other).toMatchObject({ type: 'recognized', id: 3 });
  });
});
