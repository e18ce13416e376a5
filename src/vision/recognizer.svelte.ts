/**
 * The recognizer as reactive state (STYLE.md §4.5: a class owning a Worker). It keeps the
 * player's saved tile sets (named, in localStorage) and which one is in use, and answers
 * recognize() / features() requests through the worker, one at a time.
 */
import { DEFAULT_REFERENCES } from './default-references';
import { loadReferences, storeReferences, type ReferenceSet, type StoredReferenceSet } from './references';
import type { FromWorker, ToWorker } from './protocol';
import type { Recognition } from './recognize';
import { storeTileSet, type TileSet } from './tile-set';

const STORAGE_KEY = 'mahjmate.vision.sets';
const ACTIVE_KEY = 'mahjmate.vision.activeSet';
export const BUILT_IN = DEFAULT_REFERENCES.name;

type Waiter = (m: FromWorker) => void;

export class Recognizer {
  status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  /** false when tesseract could not start: art matching alone */
  ocr = $state(false);
  message = $state('');
  /** names of saved sets, the built-in one first */
  setNames = $state.raw<string[]>([BUILT_IN]);
  activeSet = $state(BUILT_IN);

  #worker: Worker | null = null;
  #nextId = 1;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- pending requests, never shown: not reactive on purpose
  #waiting = new Map<number, Waiter>();
  #ready: Promise<void> | null = null;

  constructor() {
    this.setNames = [BUILT_IN, ...Object.keys(this.#saved())];
    const active = globalThis.localStorage?.getItem(ACTIVE_KEY);
    if (active && this.setNames.includes(active)) this.activeSet = active;
  }

  /** Start the worker (idempotent). assetBase: where tesseract/ files are served from. */
  start(assetBase = new URL('tesseract/', document.baseURI).href): Promise<void> {
    if (this.#ready) return this.#ready;
    this.status = 'loading';
    this.#ready = new Promise((resolve) => {
      const w = new Worker(new URL('./recognizer.worker.ts', import.meta.url), { type: 'module', name: 'recognizer' });
      this.#worker = w;
      w.onmessage = (ev: MessageEvent<FromWorker>) => {
        const m = ev.data;
        if (m.type === 'ready') {
          this.ocr = m.ocr;
          this.message = m.message ?? '';
          this.status = 'ready';
          resolve();
        } else if (m.type === 'error' && m.id === undefined) {
          this.message = m.message;
        } else {
          // A result, or the error of one request (its id): that caller is answered.
          const id = m.id!;
          this.#waiting.get(id)?.(m);
          this.#waiting.delete(id);
        }
      };
      w.onerror = (e) => {
        this.status = 'error';
        this.message = `The recognizer stopped: ${e.message}`;
        // Nobody waits forever on a worker that died.
        for (const waiter of this.#waiting.values()) waiter({ type: 'error', message: this.message });
        this.#waiting.clear();
        resolve();
      };
      this.#send({ type: 'init', assetBase });
      this.#send({ type: 'references', set: this.#stored(this.activeSet) });
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

  async recognize(frame: ImageData): Promise<{ result: Recognition; ms: number }> {
    const m = await this.#ask({ type: 'recognize', id: 0, width: frame.width, height: frame.height, data: frame.data });
    if (m.type !== 'recognized') return { result: { ok: false, error: 'unreadable', message: m.type === 'error' ? m.message : 'The recognizer is not running.' }, ms: 0 };
    return { result: m.result, ms: m.ms };
  }

  /** Calibration: the features of the one tile face in this frame, or why it could not be found. */
  async features(frame: ImageData): Promise<{ ok: true; features: Float32Array; descriptors: Float32Array[] } | { ok: false; message: string }> {
    const m = await this.#ask({ type: 'features', id: 0, width: frame.width, height: frame.height, data: frame.data });
    if (m.type !== 'features') return { ok: false, message: m.type === 'error' ? m.message : 'The recognizer is not running.' };
    return m.ok ? { ok: true, features: m.features, descriptors: m.descriptors } : { ok: false, message: m.message };
  }

  useSet(name: string): void {
    if (!this.setNames.includes(name)) return;
    this.activeSet = name;
    globalThis.localStorage?.setItem(ACTIVE_KEY, name);
    if (this.#worker) this.#send({ type: 'references', set: this.#stored(name) });
  }

  /** Save (or replace) a named set from calibration and start using it. */
  saveSet(set: ReferenceSet, taught?: TileSet): { ok: true } | { ok: false; error: string } {
    const name = set.name.trim();
    if (!name) return { ok: false, error: 'Give the set a name, e.g. "Grandma\'s set".' };
    if (name === BUILT_IN) return { ok: false, error: 'That name belongs to the built-in set: choose another.' };
    const all = this.#saved();
    all[name] = { ...storeReferences({ ...set, name }), ...(taught?.entries.length ? { taught: storeTileSet({ ...taught, name }) } : {}) };
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(all));
    this.setNames = [BUILT_IN, ...Object.keys(all)];
    this.useSet(name);
    return { ok: true };
  }

  deleteSet(name: string): void {
    const all = this.#saved();
    delete all[name];
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(all));
    this.setNames = [BUILT_IN, ...Object.keys(all)];
    if (this.activeSet === name) this.useSet(BUILT_IN);
  }

  #saved(): Record<string, StoredReferenceSet> {
    try {
      const raw = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
      const out: Record<string, StoredReferenceSet> = {};
      for (const [k, v] of Object.entries(raw)) if (loadReferences(v).ok) out[k] = v as StoredReferenceSet;
      return out;
    } catch {
      return {};
    }
  }

  #stored(name: string): StoredReferenceSet {
    return name === BUILT_IN ? DEFAULT_REFERENCES : (this.#saved()[name] ?? DEFAULT_REFERENCES);
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
