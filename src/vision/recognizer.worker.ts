/// <reference lib="webworker" />
/**
 * The recognizer worker: locating, straightening and matching run here, and tesseract.js runs in
 * its own nested worker loaded from the app's files (assetBase/tesseract/), so the UI thread only
 * grabs frames. Nothing is fetched from outside the app: no CDN, no cache, no blob URLs.
 */
import { createWorker, OEM } from 'tesseract.js';
import { recognizeTile } from './recognize';
import { tesseractReader, type TextReader } from './ocr';
import { loadReferences, type ReferenceSet } from './references';
import { locateTile } from './locate-tight';
import { describeTile, loadTileSet, readTile, OTHER_MODEL, type TileSet } from './tile-set';
import type { Recognition, RecognizeError } from './recognize';
import { faceFeatures, straighten, FACE_H, FACE_W } from './features';
import type { FromWorker, ToWorker } from './protocol';
import { runJob } from './jobs';
import { loadNet, shippedNet, useShippedNet } from './embedding';
import { FINDER_FILE, READER_FILE, READER_META_FILE } from './networks';
import { BUILT_IN_SET_FILE, readBuiltInSet } from './built-in-set';
import { readFloor } from './floor';
import { readNewDiscard } from './new-discard';
import { loadFinder, type Finder } from './finder';

const post = (m: FromWorker) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);
let reader: TextReader | null = null;
let refs: ReferenceSet = { name: '', entries: [] };
/** the player's taught set described for real photographs (tile-set.ts), when the set has one */
let taught: TileSet | null = null;
/** the built-in set for the same pipeline (built-in-set.ts), once loaded */
let builtIn: TileSet | null = null;
/** the learned face finder for the whole floor (finder.ts), once loaded */
let finder: Finder | null = null;

/** The shared pipeline (tile-set.ts) in the shape the panel expects. */
const readTaught = async (
  frame: { width: number; height: number; data: Uint8ClampedArray; before?: Uint8ClampedArray },
  set: TileSet,
): Promise<Recognition> => {
  const before = frame.before?.length === frame.data.length ? { width: frame.width, height: frame.height, data: frame.before } : undefined;
  // The new discard among neighbours is found by the learned finder (new-discard.ts); without it
  // (its file damaged, said at start) the region is read as a framed tile.
  const r = before && finder ? await readNewDiscard(frame, before, set, finder, shippedNet()) : await readTile(frame, set, shippedNet());
  if (!r.ok) return { ok: false, error: r.error as RecognizeError, message: r.message };
  return { ok: true, proposal: { tile: r.tile, confidence: r.confidence, index: '', runnersUp: r.runnersUp } };
};
let queue = Promise.resolve();

/** One of the app's own files shipped beside this worker (never anything from outside). */
const own = async (u: URL): Promise<Response> => {
  const r = await fetch(u);
  if (!r.ok) throw new Error(`One of the camera's files could not be read (${r.status}): install the app again.`);
  return r;
};

/** The reading network, the face finder and the built-in set ship in the app's bundle next to this worker. */
const loadNetwork = async (): Promise<string> => {
  try {
    const bytes = async (u: URL) => new Uint8Array(await (await own(u)).arrayBuffer());
    const net = useShippedNet(await loadNet(await bytes(READER_FILE), await (await own(READER_META_FILE)).json()));
    builtIn = readBuiltInSet(await (await own(BUILT_IN_SET_FILE)).json(), net);
    finder = await loadFinder(await bytes(FINDER_FILE)).catch(() => {
      throw new Error("The camera's face finder is damaged: install the app again.");
    });
    return '';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
};

const init = async (assetBase: string) => {
  const base = assetBase.replace(/\/?$/, '/');
  const netProblem = await loadNetwork();
  if (netProblem) post({ type: 'error', message: netProblem });
  try {
    // Every path points at the app's own files. (Handing the data over as {code, data} would
    // avoid tesseract's fetch, but tesseract.js 7 then initialises with the data as the
    // language name: worker-script/index.js `initialize`.)
    // tesseract.js 7 never settles createWorker when the language data fails to load, so look
    // first: the same fetch from a worker that tesseract will make.
    const probe = await fetch(`${base}eng.traineddata.gz`, { method: 'HEAD' }).catch((e: unknown) => ({ ok: false, status: String(e) }));
    if (!probe.ok) throw new Error(`the English data could not be read (${probe.status})`);
    const starting = createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: `${base}worker.min.js`,
      corePath: base,
      langPath: base.replace(/\/$/, ''),
      gzip: true,
      workerBlobURL: false,
      cacheMethod: 'none',
      errorHandler: () => {},
    });
    // A reader that never starts (files missing, a scheme workers cannot fetch) must not hold
    // up recognition: after a while, go on with the art alone.
    const w = await Promise.race([starting, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), 30_000))]);
    reader = tesseractReader(w);
    post({ type: 'ready', ocr: true });
  } catch (e) {
    // Art matching still works without the text reader; say so rather than fail.
    post({ type: 'ready', ocr: false, message: `Text reading unavailable (${String(e)}); matching tile art only.` });
  }
};

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  // One job at a time, in order: tesseract is single-threaded anyway.
  queue = queue.then(() => runJob(m, () => work(m), post));
};

const work = async (m: ToWorker): Promise<void> => {
  if (m.type === 'init') await init(m.assetBase);
  else if (m.type === 'references') {
    const r = loadReferences(m.set);
    if (r.ok) refs = r.value;
    else post({ type: 'error', message: r.error });
    const t = m.set.taught ? loadTileSet(m.set.taught) : null;
    const own = t?.ok && t.value.model === shippedNet().id ? t.value : null;
    // A set with nothing this network can compare (taught with an earlier one, or before there
    // was one) reads with the built-in set, which reads real tiles far better than the set's art
    // references; those are the fallback only when the network itself could not be loaded.
    taught = own ?? builtIn;
    if (t && !own) post({ type: 'error', message: t.ok ? OTHER_MODEL : t.error });
  } else if (m.type === 'recognize') {
    const t0 = performance.now();
    const result = taught ? await readTaught(m, taught) : await recognizeTile(m, refs, reader);
    post({ type: 'recognized', id: m.id, result, ms: performance.now() - t0 });
  } else if (m.type === 'features') {
    // Located as the shared pipeline locates (a table around the tile, or a tight crop).
    const at = locateTile(m);
    const d = await describeTile(m, 'teach', at);
    if (!at.ok) post({ type: 'features', id: m.id, ok: false, message: at.message });
    else
      post({
        type: 'features',
        id: m.id,
        ok: true,
        features: faceFeatures(straighten(m, at.pose, FACE_W, FACE_H)),
        descriptors: d.ok ? d.d : [],
        model: shippedNet().id,
      });
  } else if (m.type === 'floor') {
    // The whole floor reads only through the finder and the network (a taught set or the built-in one).
    if (!taught || !finder)
      post({
        type: 'error',
        id: m.id,
        message: "The floor check needs the camera's face finder and reading network, which could not be loaded: install the app again.",
      });
    else post({ type: 'floor', id: m.id, readings: await readFloor(m, taught, finder) });
  }
};
