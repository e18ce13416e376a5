import { readFileSync } from 'node:fs';
import { nodeTesseract } from './tools/vision/tesseract-node';
const w = await nodeTesseract();
for (const f of process.argv.slice(2)) for (const psm of ['6', '11', '3']) {
  await w.setParameters({ tessedit_pageseg_mode: psm as never });
  const t0 = performance.now();
  const r = await w.recognize(readFileSync(f), {}, { blocks: true, text: true });
  const ms = performance.now() - t0;
  console.log(`== ${f} psm ${psm} ${ms.toFixed(0)} ms`);
  for (const b of r.data.blocks ?? []) for (const p of b.paragraphs) for (const l of p.lines) console.log(l.words.map((x) => `${x.text}(${x.confidence.toFixed(0)})`).join(' '));
}
await w.terminate();
