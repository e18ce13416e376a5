import type { FromSync, SyncPhase, SyncStatus, ToSync } from './protocol';

/** A started sync process, as Electron's utilityProcess or Node's child_process gives it. */
export interface SyncChild {
  send(m: ToSync): void;
  onMessage(cb: (m: FromSync) => void): void;
  /** Called once when the process has gone, whatever the cause (exit, kill, native abort). */
  onExit(cb: (code: number | null, signal: string | null) => void): void;
  kill(): void;
  readonly pid: number | undefined;
}

export interface SupervisorOptions {
  /** Start the process (utilityProcess.fork in the app; child_process.fork in tests). */
  spawn: () => SyncChild;
  localPath: string;
  groupPath: string;
  token?: string;
  everyMs?: number;
  /** Wait before starting it again after it died (doubles on each death before a round's status, up to `restartMaxMs`). */
  restartMs?: number;
  restartMaxMs?: number;
}

export interface GroupSync {
  /** The latest status, with what happened to the process. */
  status(): SyncStatus & { restarts: number; notice?: string };
  onStatus(cb: (s: ReturnType<GroupSync['status']>) => void): void;
  /** Each step of each round (copy, push, pull, read-back), as the process starts it. */
  onPhase(cb: (p: SyncPhase) => void): void;
  /** Ask for a round now (after a write). */
  nudge(): void;
  /** The client's own switch: treat the link as down, or probe it again. */
  cut(cut: boolean): void;
  /** The running process (tests kill it). */
  child(): SyncChild | undefined;
  stop(): Promise<void>;
}

/**
 * Keeps the sync process running: starts it, passes its status on, and when it dies (killed,
 * crashed, aborted in native code) starts it again and says so. The table's writes never wait for
 * it: they are in the outbox already.
 */
export const superviseSync = (o: SupervisorOptions): GroupSync => {
  let child: SyncChild | undefined;
  let stopping = false;
  let restarts = 0;
  let delay = o.restartMs ?? 500;
  let cutNow = false;
  let last: SyncStatus = { state: 'waiting', waiting: 0, lastSyncAt: null, lost: 0, overwritten: 0, groupRows: 0 };
  let notice: string | undefined;
  const listeners: ((s: ReturnType<GroupSync['status']>) => void)[] = [];
  const phases: ((p: SyncPhase) => void)[] = [];
  const current = () => ({ ...last, restarts, ...(notice ? { notice } : {}) });
  const emit = () => listeners.forEach((cb) => cb(current()));

  const start = (): void => {
    const c = o.spawn();
    child = c;
    c.onMessage((m) => {
      if (m.type === 'status') {
        last = m.status;
        if (m.status.state !== 'failed') delay = o.restartMs ?? 500;
        emit();
      } else if (m.type === 'phase') phases.forEach((cb) => cb(m.phase));
    });
    c.onExit((code, signal) => {
      if (child !== c) return;
      child = undefined;
      if (stopping) return;
      restarts++;
      notice = `The group sync stopped (${signal ?? `exit ${code}`}) and was started again. Nothing recorded at the table was affected.`;
      emit();
      setTimeout(() => !stopping && start(), delay);
      delay = Math.min(delay * 2, o.restartMaxMs ?? 30_000);
    });
    c.send({
      type: 'start',
      localPath: o.localPath,
      groupPath: o.groupPath,
      everyMs: o.everyMs ?? 3000,
      ...(o.token ? { token: o.token } : {}),
    });
    if (cutNow) c.send({ type: 'cut', cut: true });
  };
  start();

  return {
    status: current,
    onStatus: (cb) => void listeners.push(cb),
    onPhase: (cb) => void phases.push(cb),
    nudge: () => child?.send({ type: 'sync' }),
    cut: (cut) => {
      cutNow = cut;
      child?.send({ type: 'cut', cut });
    },
    child: () => child,
    stop: async () => {
      stopping = true;
      const c = child;
      if (!c) return;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          c.kill();
          resolve();
        }, 5000);
        c.onExit(() => {
          clearTimeout(t);
          resolve();
        });
        c.send({ type: 'stop' });
      });
    },
  };
};
