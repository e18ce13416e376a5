import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILES, type Tile } from '../../src/core/tiles';
import { recognizeTile, describeProposal } from '../../src/vision/recognize';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import { tesseractReader, type TextReader } from '../../src/vision/ocr';
import { loadReferences } from '../../src/vision/references';
import { DEFAULT_REFERENCES } from '../../src/vision/default-references';
import { readJpeg } from '../../tools/vision/decode';
import { nodeTesseract } from '../../tools/vision/tesseract-node';
import { referencesFromFiles } from '../../tools/vision/references-from-files';

const FIX = 'test/fixtures/vision';
const truth: { file: string; tile: Tile }[] = JSON.parse(readFileSync(`${FIX}/bench/truth.json`, 'utf8'));
// One shot of every kind from the last rounds of the bench set (both styles appear).
const oneOfEach = TILES.map((t, i) => truth.filter((x) => x.tile === t)[(i % 5) + 10]!);

let worker: Awaited<ReturnType<typeof nodeTesseract>>;
let reader: TextReader;
beforeAll(async () => {
  worker = await nodeTesseract(); // real tesseract.js, local English data
  reader = tesseractReader(worker);
});
afterAll(() => worker?.terminate());

describe('recognizeTile with real tesseract.js', () => {
  const calibrated = referencesFromFiles(`${FIX}/calibration`, ['classic', 'modern']);

  it('names at least 35 of 36 kinds from perturbed shots, with runners-up, none sure enough to record by itself', async () => {
    let right = 0,
      surest = 0;
    for (const t of oneOfEach) {
      const r = await recognizeTile(readJpeg(`${FIX}/bench/${t.file}`), calibrated, reader);
      expect(r.ok, t.file).toBe(true);
      if (!r.ok) continue;
      if (r.proposal.tile === t.tile) right++;
      expect(r.proposal.runnersUp).toHaveLength(3);
      expect(r.proposal.confidence).toBeGreaterThanOrEqual(r.proposal.runnersUp[0]!.confidence);
      // Proposed, never recorded by itself, however sure (one floor for every pipeline).
      expect(r.proposal.confidence, t.file).toBeLessThan(AUTO_RECORD_AT);
      surest = Math.max(surest, r.proposal.confidence);
    }
    expect(right).toBeGreaterThanOrEqual(35);
    expect(surest).toBeGreaterThan(0.8);
  });

  it('reads the corner index of suit tiles and winds', async () => {
    const five = truth.find((x) => x.tile === '5C')!;
    const r = await recognizeTile(readJpeg(`${FIX}/bench/${five.file}`), calibrated, reader);
    expect(r.ok && r.proposal.index).toBe('5');
    expect(r.ok && describeProposal(r.proposal)).toMatch(/^Five Crak \d+%/);
  });

  it('corner index beats art alone on craks', async () => {
    const craks = truth.filter((x) => x.tile.endsWith('C')).slice(0, 36);
    let withText = 0,
      artOnly = 0;
    for (const t of craks) {
      const f = readJpeg(`${FIX}/bench/${t.file}`);
      const a = await recognizeTile(f, calibrated, reader);
      const b = await recognizeTile(f, calibrated, reader, { readText: false });
      if (a.ok && a.proposal.tile === t.tile) withText++;
      if (b.ok && b.proposal.tile === t.tile) artOnly++;
    }
    expect(withText).toBeGreaterThan(artOnly);
    expect(withText).toBeGreaterThanOrEqual(34);
  });

  it('works uncalibrated with the built-in common set', async () => {
    const d = loadReferences(DEFAULT_REFERENCES);
    if (!d.ok) throw new Error(d.error);
    let right = 0;
    for (const t of oneOfEach) {
      const r = await recognizeTile(readJpeg(`${FIX}/bench/${t.file}`), d.value, reader);
      if (r.ok && r.proposal.tile === t.tile) right++;
    }
    expect(right).toBeGreaterThanOrEqual(32);
  });

  it('on art it was never shown, matching mostly by shape beats matching by colour', async () => {
    const classicOnly = referencesFromFiles(`${FIX}/calibration`, ['classic']);
    const modern = truth.filter((t) => (t as { style?: string }).style === 'modern').slice(0, 72);
    let byShape = 0,
      byColour = 0;
    for (const t of modern) {
      const f = readJpeg(`${FIX}/bench/${t.file}`);
      const a = await recognizeTile(f, { ...classicOnly, colourWeight: 0.25 }, reader);
      const b = await recognizeTile(f, classicOnly, reader);
      if (a.ok && a.proposal.tile === t.tile) byShape++;
      if (b.ok && b.proposal.tile === t.tile) byColour++;
    }
    expect(byShape).toBeGreaterThan(byColour);
    expect(byShape / modern.length).toBeGreaterThan(0.75);
  });

  it.each(['empty', 'dark', 'two-tiles'])('proposes nothing for a %s frame, with a message', async (name) => {
    const r = await recognizeTile(readJpeg(`${FIX}/bad/${name}.jpg`), calibrated, reader);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(20);
  });

  it('refuses to guess without any reference set', async () => {
    const r = await recognizeTile(readJpeg(`${FIX}/bench/0001.jpg`), { name: 'none', entries: [] }, reader);
    expect(r).toMatchObject({ ok: false, error: 'no-references' });
  });

  it('calls a face that matches nothing unreadable', async () => {
    // A blank ivory card on the table: a face, but no tile art on it.
    const w = 160,
      h = 160,
      data = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const j = (y * w + x) * 4,
          face = x > 45 && x < 115 && y > 35 && y < 128;
        data[j] = face ? 240 : 40;
        data[j + 1] = face ? 236 : 90;
        data[j + 2] = face ? 220 : 50;
        data[j + 3] = 255;
      }
    const r = await recognizeTile({ width: w, height: h, data }, calibrated, reader);
    expect(r).toMatchObject({ ok: false, error: 'unreadable' });
  });
});
