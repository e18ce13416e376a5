/**
 * Reading a photo of the card from the page: one worker per reading (card-photo.worker.ts), so
 * the screen stays responsive and the reader's memory is given back when it is done. `progress`
 * hears a sentence at each step; `cancel` ends the reading at once.
 */
import type { CardReading } from '../card-read/reading';
import type { FromCardWorker, ToCardWorker } from './protocol';

export type PhotoReading = { ok: true; reading: CardReading; width: number; height: number } | { ok: false; sentence: string };

export interface PhotoRead {
  done: Promise<PhotoReading>;
  cancel(): void;
}

export const readCardPhoto = (
  picture: Blob,
  progress: (sentence: string) => void,
  assetBase = new URL('tesseract/', document.baseURI).href,
): PhotoRead => {
  const w = new Worker(new URL('./card-photo.worker.ts', import.meta.url), { type: 'module', name: 'card-photo' });
  let settle: (r: PhotoReading) => void = () => {};
  const done = new Promise<PhotoReading>((ok) => {
    settle = (r) => {
      w.terminate();
      ok(r);
    };
  });
  w.onmessage = (ev: MessageEvent<FromCardWorker>) => {
    const m = ev.data;
    if (m.type === 'progress') progress(m.sentence);
    else if (m.type === 'read') settle({ ok: true, reading: m.reading, width: m.width, height: m.height });
    else settle({ ok: false, sentence: m.sentence });
  };
  w.onerror = (e) => settle({ ok: false, sentence: `The card reader stopped: ${e.message || 'an error in its worker'}.` });
  w.postMessage({ type: 'read', picture, assetBase } satisfies ToCardWorker);
  return { done, cancel: () => settle({ ok: false, sentence: 'Reading cancelled.' }) };
};
