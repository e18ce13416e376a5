/// <reference lib="webworker" />
/**
 * The card-photo worker: the picture is decoded, read (card-read/read-card.ts) and judged
 * (card-found.ts) here, off the UI thread, with tesseract.js in its own nested worker loaded
 * from the app's own files (assetBase). Nothing is fetched from outside the app. One reading per
 * worker: the page ends the worker when it has its answer (or the player cancels).
 */
import { createWorker, OEM, type LoggerMessage } from 'tesseract.js';
import { readCard } from '../card-read/read-card';
import { cardFound } from '../card-read/card-found';
import { tesseractPageReader, type PageReader, type TesseractPageLike } from '../card-read/page-reader';
import type { FromCardWorker, ToCardWorker } from './protocol';
import { loadPatternReader, type PatternReader } from '../card-read/pattern-reader';
import { PATTERN_READER_FILE } from '../networks';

const post = (m: FromCardWorker) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

// A phone's 12-megapixel photo is read at this long side: the reader straightens the card to
// 2,000 pixels anyway, and a smaller frame finds the paper sooner.
const LONG_SIDE = 3200;

/** The picture's pixels, or a sentence why it would not open. */
const decode = async (picture: Blob): Promise<ImageData | string> => {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(picture);
  } catch {
    return 'This file is not a picture that can be opened: choose a JPEG or PNG photo or scan of the card.';
  }
  const k = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * k)),
    h = Math.max(1, Math.round(bitmap.height * k));
  const ctx = new OffscreenCanvas(w, h).getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return ctx.getImageData(0, 0, w, h);
};

/** Tesseract from the app's files; its page reading reports how far it has got. */
const startReader = async (assetBase: string, onPage: (share: number) => void) => {
  const base = assetBase.replace(/\/?$/, '/');
  // tesseract.js never settles createWorker when its data fails to load: look first.
  const probe = await fetch(`${base}eng.traineddata.gz`, { method: 'HEAD' }).catch(() => ({ ok: false }));
  if (!probe.ok) throw new Error('data');
  return createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    corePath: base,
    langPath: base.replace(/\/$/, ''),
    gzip: true,
    workerBlobURL: false,
    cacheMethod: 'none',
    errorHandler: () => {},
    logger: (m: LoggerMessage) => {
      if (m.status === 'recognizing text') onPage(m.progress);
    },
  });
};

const read = async (m: ToCardWorker): Promise<FromCardWorker> => {
  post({ type: 'progress', sentence: 'Opening the picture…' });
  const frame = await decode(m.picture);
  if (typeof frame === 'string') return { type: 'failed', sentence: frame };
  post({ type: 'progress', sentence: 'Starting the text reader…' });
  let pattern: PatternReader;
  try {
    const r = await fetch(PATTERN_READER_FILE);
    if (!r.ok) throw new Error(String(r.status));
    pattern = await loadPatternReader(new Uint8Array(await r.arrayBuffer()));
  } catch {
    return { type: 'failed', sentence: 'The pattern reader could not start (its file is missing or damaged): install the app again.' };
  }
  let stage: 'page' | 'again' = 'page',
    again = 0;
  let tess: Awaited<ReturnType<typeof startReader>>;
  try {
    tess = await startReader(m.assetBase, (share) => {
      if (stage === 'page') post({ type: 'progress', sentence: `Reading the card’s rows: ${Math.round(share * 100)}%` });
    });
  } catch {
    return { type: 'failed', sentence: 'The text reader could not start (its files are missing): install the app again.' };
  }
  try {
    const inner = tesseractPageReader(tess as unknown as TesseractPageLike);
    // Every look after the first page is a group or value read again: count them for the player.
    const reader: PageReader = {
      readPage: (pgm, mode) => {
        if (mode !== 'page') {
          stage = 'again';
          again++;
          post({ type: 'progress', sentence: `Looking again at unclear groups and values (${again})…` });
        }
        return inner.readPage(pgm, mode);
      },
    };
    post({ type: 'progress', sentence: 'Finding the card in the picture…' });
    const reading = await readCard(frame, reader, pattern);
    const found = cardFound(reading);
    if (!found.ok)
      return {
        type: 'failed',
        sentence: `No card could be read in this picture: ${found.reason.replace(/^no card could be read in this picture: /, '')}`,
      };
    return { type: 'read', reading, width: frame.width, height: frame.height };
  } finally {
    await tess.terminate();
  }
};

self.onmessage = (ev: MessageEvent<ToCardWorker>) => {
  void read(ev.data)
    .catch(
      (e: unknown) => ({ type: 'failed', sentence: `The card could not be read: ${e instanceof Error ? e.message : String(e)}.` }) as const,
    )
    .then(post);
};
