/** Messages between the Cards screen and the card-photo worker (card-photo.worker.ts). */
import type { CardReading } from '../card-read/reading';

export type ToCardWorker = {
  type: 'read';
  /** the picture file as the player chose it (JPEG, PNG, WebP) */
  picture: Blob;
  /** where the app's tesseract/ files are served from */
  assetBase: string;
};

export type FromCardWorker =
  | { type: 'progress'; sentence: string }
  /** width, height: the picture as read (its boxes are in these pixels; a large photo is read smaller) */
  | { type: 'read'; reading: CardReading; width: number; height: number }
  /** a sentence a player understands: the picture would not open, holds no card, or the reader failed */
  | { type: 'failed'; sentence: string };
