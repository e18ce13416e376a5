/** Read a JPEG fixture into the pipeline's Frame shape (Node only; pure-JS decoder). */
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import type { Frame } from '../../src/vision/image';

export const readJpeg = (path: string): Frame => {
  const img = jpeg.decode(readFileSync(path), { useTArray: true, formatAsRGBA: true });
  return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length) };
};
