/**
 * A sync host for the league bench: one Node process running the sync loops of several laptops
 * (electron/main/sync/loop.ts, the same loop as the app's sync process), so 50 tables need a few
 * processes, not 50. Messages are the app's (protocol.ts), each wrapped with its laptop's index.
 * Killing the host kills every loop in it, as if each laptop's sync process died at that moment.
 */
import { syncLoop } from '../../electron/main/sync/loop';
import type { FromSync, ToSync } from '../../electron/main/sync/protocol';

export interface ToHost {
  to: number;
  m: ToSync;
}
export interface FromHost {
  from: number;
  m: FromSync;
}

if (process.send) {
  const loops = new Map<number, (m: ToSync) => Promise<void>>();
  const send = (from: number) => (m: FromSync) =>
    void (process.connected && process.send!({ from, m } satisfies FromHost, undefined, undefined, () => {}));
  // The bench gone: nothing to sync for.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (raw) => {
    const { to, m } = raw as ToHost;
    if (m.type === 'start')
      loops.set(
        to,
        syncLoop(send(to), () => loops.delete(to)),
      );
    void loops.get(to)?.(m);
  });
}
