/// <reference lib="webworker" />
/**
 * The recognizer worker: finding, straightening and reading faces run here, so the UI thread
 * only grabs frames. The reading network, the face finder and the built-in set are the app's own
 * files beside this worker: nothing is fetched from outside the app.
 */
import { describeTile, loadTileSet, readTile, OTHER_MODEL, type TileSet } from './tile-set';
import type { FromWorker, Recognition, RecognizeError, ToWorker } from './protocol';
import { runJob } from './jobs';
import { loadNet, shippedNet, useShippedNet } from './embedding';
import { FINDER_FILE, READER_FILE, READER_META_FILE, REFINER_FILE, TABLE_FINDER_FILE } from './networks';
import { BUILT_IN_SET_FILE, readBuiltInSet } from './built-in-set';
import { readFloor } from './floor';
import { readNewDiscard } from './new-discard';
import { loadFinder, useShippedFinder, type Finder } from './finder';

const post = (m: FromWorker) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);
/** the set read with: the player's taught set, or the built-in one (built-in-set.ts), once loaded */
let taught: TileSet | null = null;
/** the built-in set, once loaded */
let builtIn: TileSet | null = null;
/** the learned face finder (finder.ts), once loaded */
let finder: Finder | null = null;
/** why the camera cannot read, when its files could not be loaded */
let broken = '';

/** The shared pipeline (tile-set.ts, new-discard.ts) in the shape the panel expects. */
const readTaught = async (
  frame: { width: number; height: number; data: Uint8ClampedArray; before?: Uint8ClampedArray },
  set: TileSet,
  found: Finder,
): Promise<Recognition> => {
  const before = frame.before?.length === frame.data.length ? { width: frame.width, height: frame.height, data: frame.before } : undefined;
  const r = before ? await readNewDiscard(frame, before, set, found, shippedNet()) : await readTile(frame, set, shippedNet(), found);
  if (!r.ok) return { ok: false, error: r.error as RecognizeError, message: r.message };
  return { ok: true, proposal: { tile: r.tile, confidence: r.confidence, runnersUp: r.runnersUp } };
};
let queue = Promise.resolve();

/** One of the app's own files shipped beside this worker (never anything from outside). */
const own = async (u: URL): Promise<Response> => {
  const r = await fetch(u);
  if (!r.ok) throw new Error(`One of the camera's files could not be read (${r.status}): install the app again.`);
  return r;
};

/** The reading network, the face finder and the built-in set ship in the app's bundle next to this worker. */
const init = async (): Promise<void> => {
  try {
    const bytes = async (u: URL) => new Uint8Array(await (await own(u)).arrayBuffer());
    const net = useShippedNet(await loadNet(await bytes(READER_FILE), await (await own(READER_META_FILE)).json()));
    builtIn = readBuiltInSet(await (await own(BUILT_IN_SET_FILE)).json(), net);
    taught ??= builtIn;
    finder = useShippedFinder(
      await loadFinder(await bytes(FINDER_FILE), await bytes(REFINER_FILE), await bytes(TABLE_FINDER_FILE)).catch(() => {
        throw new Error("The camera's face finder is damaged: install the app again.");
      }),
    );
  } catch (e) {
    broken = e instanceof Error ? e.message : String(e);
    post({ type: 'error', message: broken });
  }
  post({ type: 'ready' });
};

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  // One job at a time, in order: the networks run one batch at a time anyway.
  queue = queue.then(() => runJob(m, () => work(m), post));
};

/** The answer to a request when the camera's files could not be loaded. */
const cannot = (id: number) => post({ type: 'error', id, message: broken || "The camera's reader is not loaded." });

const work = async (m: ToWorker): Promise<void> => {
  if (m.type === 'init') await init();
  else if (m.type === 'set') {
    // A set with nothing this network can compare (taught with an earlier one, or before there
    // was one) reads with the built-in set until it is taught again, and the player is told.
    const t = m.set?.taught ? loadTileSet(m.set.taught) : null;
    const mine = t?.ok && builtIn && t.value.model === builtIn.model ? t.value : null;
    taught = mine ?? builtIn;
    if (m.set && !mine && builtIn) post({ type: 'error', message: t && !t.ok ? t.error : OTHER_MODEL });
  } else if (m.type === 'recognize') {
    if (!taught || !finder) return cannot(m.id);
    const t0 = performance.now();
    const result = await readTaught(m, taught, finder);
    post({ type: 'recognized', id: m.id, result, ms: performance.now() - t0 });
  } else if (m.type === 'teach') {
    if (!finder) return cannot(m.id);
    const d = await describeTile(m, 'teach', finder);
    post(
      d.ok
        ? { type: 'taught', id: m.id, ok: true, descriptors: d.d[0]!, model: shippedNet().id }
        : { type: 'taught', id: m.id, ok: false, message: d.message },
    );
  } else if (m.type === 'floor') {
    if (!taught || !finder) return cannot(m.id);
    post({ type: 'floor', id: m.id, readings: await readFloor(m, taught, finder) });
  }
};
