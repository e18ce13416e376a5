/**
 * Read a card from a photo or scan: `npm run -s read-card -- IMAGE` prints the card in the card
 * format (a group read unsure followed by `?`, to be confirmed before the card is used). Exit 2
 * with one sentence on stderr when the file is no picture or holds no card that can be read.
 */
import { readImage } from './vision/decode';
import { nodeTesseract } from './vision/tesseract-node';
import { readCard } from '../src/vision/card-read/read-card';
import { readingAsCard } from '../src/vision/card-read/card-format';
import { tesseractPageReader, type TesseractPageLike } from '../src/vision/card-read/page-reader';
import { cardFound } from '../src/vision/card-read/card-found';
import { patternReaderFromDisk } from './card/pattern-reader-disk';

const fail = (sentence: string): never => {
  process.stderr.write(`${sentence}\n`);
  process.exit(2);
};

const file = process.argv[2];
if (!file || process.argv.length > 3) fail('Usage: npm run -s read-card -- IMAGE (a JPEG or PNG photo or scan of the card).');
const img = readImage(file!);
if (!img.ok) fail(img.error);
if (img.ok) {
  const worker = await nodeTesseract();
  try {
    const reading = await readCard(img.frame, tesseractPageReader(worker as unknown as TesseractPageLike), await patternReaderFromDisk());
    const found = cardFound(reading);
    if (!found.ok) fail(`${file}: ${found.reason}`);
    process.stdout.write(readingAsCard(reading));
  } finally {
    await worker.terminate();
  }
}
