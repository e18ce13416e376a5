/**
 * Draw a card file as a picture: `npx tsx tools/card/render-card.ts CARD OUT [--seed N] [--look scan|photo]`.
 * OUT gets .png for a scan, .jpg for a photo (the extension given is replaced). Seeds choose the
 * font, inks, size, paper and, for a photo, the table, tilt, shadow, blur, noise and JPEG quality.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readCardText } from './card-text';
import { openShooter } from './shoot';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const seed = Number(opt('--seed') ?? 1);
const look = opt('--look') ?? 'photo';
const [cardPath, out] = args;
if (!cardPath || !out || (look !== 'scan' && look !== 'photo') || !Number.isInteger(seed)) {
  process.stderr.write('Usage: npx tsx tools/card/render-card.ts CARD OUT [--seed N] [--look scan|photo]\n');
  process.exit(2);
}
const shooter = await openShooter();
try {
  const { bytes, type } = await shooter.shoot(readCardText(readFileSync(cardPath, 'utf8')), seed, look);
  const path = out.replace(/\.(png|jpe?g)$/i, '') + (type === 'png' ? '.png' : '.jpg');
  writeFileSync(path, bytes);
  process.stdout.write(`${path}\n`);
} finally {
  await shooter.close();
}
