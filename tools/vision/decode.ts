/** Read image files into the pipeline's Frame shape (Node only; pure-JS decoders: jpeg-js, pngjs). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Frame } from '../../src/vision/image';

export const decodeJpegBuffer = (bytes: Uint8Array): Frame => {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 256 });
  return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length) };
};
export const readJpeg = (path: string): Frame => decodeJpegBuffer(readFileSync(path));

/** A JPEG or PNG file as a Frame, or a sentence saying why not (missing, not an image, damaged). */
export const readImage = (path: string): { ok: true; frame: Frame } | { ok: false; error: string } => {
  if (!existsSync(path) || !statSync(path).isFile()) return { ok: false, error: `There is no file ${path}.` };
  const bytes = readFileSync(path);
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (!isJpeg && !isPng) return { ok: false, error: `${path} is not a JPEG or PNG image.` };
  try {
    if (isJpeg) return { ok: true, frame: decodeJpegBuffer(bytes) };
    const png = PNG.sync.read(bytes);
    return {
      ok: true,
      frame: { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) },
    };
  } catch {
    return { ok: false, error: `${path} looks like an image but could not be decoded (damaged or cut short).` };
  }
};
