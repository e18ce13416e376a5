/**
 * The recognizer as reactive state (STYLE.md §4.5: a class owning a Worker). It mirrors the
 * player's taught tile sets (kept by a SetKeeper: the database in the app) and which one is in
 * use, and answers recognize() / teach() / readFloor() requests through the worker, one at a time.
 */
import type { FromWorker, Recognition, ToWorker } from './protocol';
import { deliver, type Waiter } from './jobs';
import type { FloorReading } from './floor';
import { BUILT_IN_NAME, BUILT_IN_TAKEN, isBuiltInName, readOldSavedSet, savedSetOf, type SavedSet } from './saved-set';
import { memoryKeeper, type KeeperReply, type KeptSets, type SetKeeper } from './set-keeper';
import { storeTileSet, OTHER_MODEL, type TileSet } from './tile-set';

/** Where an earlier version kept sets, in the page: moved into the keeper once, then removed. */
const OLD_STORAGE_KEY = 'mahjmate.vision.sets';
const OLD_ACTIVE_KEY = 'mahjmate.vision.activeSet';
export const BUILT_IN = BUILT_IN_NAME;

export class Recognizer {
  status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  message = $state('');
  /** names of saved sets, the built-in one first */
  setNames = $state.raw<string[]>([BUILT_IN]);
  activeSet = $state(BUILT_IN);
  /** resolves once the saved sets are known (and any left in the page moved into the keeper) */
  readonly loaded: Promise<void>;

  #worker: Worker | null = null;
  #nextId = 1;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- pending requests, never shown: not reactive on purpose
  #waiting = new Map<number, Waiter>();
  #ready: Promise<void> | null = null;
  #keeper: SetKeeper;
  #sets: KeptSets['sets'] = [];

  constructor(keeper: SetKeeper = memoryKeeper()) {
    this.#keeper = keeper;
    this.loaded = this.#load();
  }

  async #load(): Promise<void> {
    const r = await this.#keeper.list();
    if (!r.ok) {
      this.message = r.message;
      return;
    }
    this.#apply(r.value);
    await this.#moveOldSets();
  }

  /** Sets an earlier version kept in the page's localStorage go into the keeper, once. */
  async #moveOldSets(): Promise<void> {
    const store = globalThis.localStorage;
    const raw = store?.getItem(OLD_STORAGE_KEY);
    if (!store || raw === null || raw === undefined) return;
    let old: Record<string, unknown> = {};
    try {
      old = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // Unreadable: nothing to move, and nothing a player could get back from it.
    }
    const wasActive = store.getItem(OLD_ACTIVE_KEY);
    let stale = false;
    for (const [name, set] of Object.entries(old)) {
      const ok = readOldSavedSet(set);
      if (!ok.ok || this.setNames.some((n) => n.toLowerCase() === name.toLowerCase())) continue;
      const r = await this.#keeper.save(name, ok.value);
      // Kept in the page until it is safely in the keeper: nothing taught is lost.
      if (!r.ok) return void (this.message = r.message);
      this.#apply(r.value);
      stale ||= ok.stale;
    }
    // It reads with the built-in set until what it taught for real photographs is taught again.
    if (stale) this.message = OTHER_MODEL;
    if (Object.keys(old).length)
      this.#apply(await this.#answer(this.#keeper.use(wasActive && this.setNames.includes(wasActive) ? wasActive : null)));
    store.removeItem(OLD_STORAGE_KEY);
    store.removeItem(OLD_ACTIVE_KEY);
  }

  #apply(kept: KeptSets | null): void {
    if (!kept) return;
    this.#sets = kept.sets;
    this.setNames = [BUILT_IN, ...kept.sets.map((s) => s.name)];
    this.activeSet = kept.active ?? BUILT_IN;
    // The set in use may have been replaced under the same name: the worker always gets it again.
    if (this.#worker) this.#send({ type: 'set', set: this.#stored(this.activeSet) });
  }

  async #answer(r: Promise<KeeperReply>): Promise<KeptSets | null> {
    const v = await r;
    if (v.ok) return v.value;
    this.message = v.message;
    return null;
  }

  /** Start the worker (idempotent). */
  start(): Promise<void> {
    if (this.#ready) return this.#ready;
    this.status = 'loading';
    this.#ready = new Promise((resolve) => {
      const w = new Worker(new URL('./recognizer.worker.ts', import.meta.url), { type: 'module', name: 'recognizer' });
      this.#worker = w;
      w.onmessage = (ev: MessageEvent<FromWorker>) => {
        const m = ev.data;
        if (m.type === 'ready') {
          this.status = 'ready';
          resolve();
        } else deliver(m, this.#waiting, (message) => (this.message = message));
      };
      w.onerror = (e) => {
        this.status = 'error';
        this.message = `The recognizer stopped: ${e.message}`;
        // Nobody waits forever on a worker that died.
        for (const waiter of this.#waiting.values()) waiter({ type: 'error', message: this.message });
        this.#waiting.clear();
        resolve();
      };
      this.#send({ type: 'init' });
      void this.loaded.then(() => this.#send({ type: 'set', set: this.#stored(this.activeSet) }));
    });
    return this.#ready;
  }

  stop(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = null;
    this.status = 'idle';
    for (const w of this.#waiting.values()) w({ type: 'error', message: 'The recognizer is not running.' });
    this.#waiting.clear();
  }

  /** `before`: the same region before the tile was laid down (same size), to find the new discard among neighbours. */
  async recognize(frame: ImageData, before?: ImageData | null): Promise<{ result: Recognition; ms: number }> {
    const same = before && before.width === frame.width && before.height === frame.height;
    const m = await this.#ask({
      type: 'recognize',
      id: 0,
      width: frame.width,
      height: frame.height,
      data: frame.data,
      ...(same ? { before: before.data } : {}),
    });
    if (m.type !== 'recognized')
      return {
        result: { ok: false, error: 'unreadable', message: m.type === 'error' ? m.message : 'The recognizer is not running.' },
        ms: 0,
      };
    return { result: m.result, ms: m.ms };
  }

  /** Teaching: the one tile face in this frame described for the set, or why it could not be found. */
  async teach(frame: ImageData): Promise<{ ok: true; descriptors: Float32Array[]; model: string } | { ok: false; message: string }> {
    const m = await this.#ask({ type: 'teach', id: 0, width: frame.width, height: frame.height, data: frame.data });
    if (m.type !== 'taught') return { ok: false, message: m.type === 'error' ? m.message : 'The recognizer is not running.' };
    return m.ok ? { ok: true, descriptors: m.descriptors, model: m.model } : { ok: false, message: m.message };
  }

  /** Every tile face in a whole frame of the table (floor.ts), or why not. */
  async readFloor(frame: ImageData): Promise<{ ok: true; readings: FloorReading[] } | { ok: false; message: string }> {
    const m = await this.#ask({ type: 'floor', id: 0, width: frame.width, height: frame.height, data: frame.data });
    if (m.type !== 'floor') return { ok: false, message: m.type === 'error' ? m.message : 'The recognizer is not running.' };
    return { ok: true, readings: m.readings };
  }

  /** Read with another saved set (or the built-in one); a sentence if it is gone. */
  async useSet(name: string): Promise<void> {
    if (!this.setNames.includes(name)) return;
    this.#apply(await this.#answer(this.#keeper.use(name === BUILT_IN ? null : name)));
  }

  /** Save (or replace) a named set the player taught and start using it. */
  async saveSet(taught: TileSet): Promise<{ ok: true } | { ok: false; error: string }> {
    const name = taught.name.trim();
    if (!name) return { ok: false, error: 'Give the set a name, e.g. "Grandma\'s set".' };
    if (isBuiltInName(name)) return { ok: false, error: BUILT_IN_TAKEN };
    if (!taught.entries.length) return { ok: false, error: 'No tile was taught: show each kind in the frame and capture it.' };
    const r = await this.#keeper.save(name, savedSetOf(name, storeTileSet({ ...taught, name })));
    if (!r.ok) return { ok: false, error: r.message };
    this.#apply(r.value);
    return { ok: true };
  }

  async deleteSet(name: string): Promise<void> {
    this.#apply(await this.#answer(this.#keeper.remove(name)));
  }

  /** The saved set of that name, or null: the built-in set. */
  #stored(name: string): SavedSet | null {
    return this.#sets.find((s) => s.name === name)?.set ?? null;
  }

  #send(m: ToWorker, transfer: Transferable[] = []) {
    this.#worker?.postMessage(m, transfer);
  }

  async #ask(m: Extract<ToWorker, { id: number }>): Promise<FromWorker> {
    await this.start();
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.#send({ ...m, id });
    });
  }
}
