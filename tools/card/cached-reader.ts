/**
 * A page reader that keeps what tesseract read for each image on disk (keyed by the image's
 * bytes and the mode), so the bench can be run again after a change that does not touch what
 * tesseract sees (the inks, the rows) without reading every picture again. Development only.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OcrLine, PageReader } from '../../src/vision/card-read/page-reader';

export const cachedReader = (reader: PageReader, dir: string): PageReader => {
  mkdirSync(dir, { recursive: true });
  return {
    async readPage(pgm, mode) {
      const file = join(dir, `${createHash('sha1').update(pgm).update(mode).digest('hex')}.json`);
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OcrLine[];
      const lines = await reader.readPage(pgm, mode);
      writeFileSync(file, JSON.stringify(lines));
      return lines;
    },
  };
};
