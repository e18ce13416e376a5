/**
 * Deterministic generator for the vision fixture set (seeded PRNG; same seed, same files).
 *
 *   npx tsx tools/vision/generate.ts [outDir=test/fixtures/vision]
 *
 * Writes bench/NNNN.jpg + bench/truth.json (camera-perturbed tiles, both art styles),
 * calibration/<style>/<code>.jpg (one mildly perturbed shot per kind and style, separate seeds:
 * what a player's calibration pass would capture) and bad/*.jpg (empty, dark, two tiles).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { TILES, type Tile } from '../../src/core/tiles';
import { TILE_ART_SOURCE } from './tile-art';
import { rng as prng } from '../lib/random';

export const STYLES = ['classic', 'modern'] as const;
export type ArtStyle = (typeof STYLES)[number];
const BGS = ['felt', 'wood', 'slate', 'navy'] as const;

export interface TileSpec {
  kind: Tile;
  style: ArtStyle;
  x: number;
  y: number;
  rot: number;
  scale: number;
  height: number;
  keystone: number;
}
export interface SceneSpec {
  w: number;
  h: number;
  seed: number;
  bg: (typeof BGS)[number];
  tiles: TileSpec[];
  blur: number;
  noise: number;
  light?: { angle: number; strength: number };
  shadow?: { x0: number; x1: number; side: number; alpha: number };
  dim?: number;
  type?: string;
  quality?: number;
}

/** A camera-like scene with one tile; `strength` 0 = clean studio shot, 1 = full perturbation. */
export const tileScene = (kind: Tile, style: ArtStyle, seed: number, strength: number, w = 176, h = 176): SceneSpec => {
  const r = prng(seed);
  const between = (a: number, b: number) => a + (b - a) * r();
  const s = strength;
  return {
    w,
    h,
    seed,
    bg: BGS[Math.floor(r() * BGS.length)]!,
    tiles: [
      {
        kind,
        style,
        x: w / 2 + between(-10, 10) * s,
        y: h / 2 + between(-8, 8) * s,
        rot: between(-20, 20) * s,
        scale: 1 + between(-0.2, 0.15) * s,
        height: h * 0.63,
        keystone: between(-0.12, 0.12) * s,
      },
    ],
    blur: between(0, 1.4) * s,
    noise: between(2, 14) * s,
    light: r() < 0.7 * s ? { angle: between(0, 6.28), strength: between(0.1, 0.45) } : undefined,
    shadow:
      r() < 0.35 * s ? { x0: between(0.55, 0.8), x1: between(0.6, 0.9), side: r() < 0.5 ? 1 : -1, alpha: between(0.2, 0.45) } : undefined,
  };
};

export interface Truth {
  file: string;
  tile: Tile;
  style: ArtStyle;
  seed: number;
  rot: number;
  keystone: number;
  scale: number;
  blur: number;
}

export const startRenderer = async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body></body>');
  await page.addScriptTag({ content: TILE_ART_SOURCE });
  // Fonts must be ready before the first index numeral is drawn.
  await page.evaluate(async () => {
    const f = (globalThis as unknown as { document: { fonts: { load(font: string): Promise<unknown> } } }).document.fonts;
    await Promise.all(['bold 24px "DejaVu Serif"', 'bold 22px "Liberation Sans"'].map((x) => f.load(x)));
  });
  return { browser, page };
};

export const renderJpeg = async (page: Page, spec: SceneSpec): Promise<Buffer> =>
  Buffer.from(
    await page.evaluate((p) => (globalThis as unknown as { renderScene: (p: unknown) => Promise<string> }).renderScene(p), spec),
    'base64',
  );

const main = async () => {
  const out = process.argv[2] ?? 'test/fixtures/vision';
  const { browser, page } = await startRenderer();
  try {
    // Bench set: 36 kinds x 15 shots, styles alternating, full perturbation.
    mkdirSync(join(out, 'bench'), { recursive: true });
    const truth: Truth[] = [];
    let n = 0;
    for (let rep = 0; rep < 15; rep++)
      for (const [k, kind] of TILES.entries()) {
        const style = STYLES[(rep + k) % 2]!;
        const seed = 1_000_003 * (rep + 1) + k * 7919;
        const spec = { ...tileScene(kind, style, seed, 1), quality: 0.72 };
        const file = `${String(++n).padStart(4, '0')}.jpg`;
        writeFileSync(join(out, 'bench', file), await renderJpeg(page, spec));
        const t = spec.tiles[0]!;
        const r2 = (x: number) => Math.round(x * 100) / 100;
        truth.push({ file, tile: kind, style, seed, rot: r2(t.rot), keystone: r2(t.keystone), scale: r2(t.scale), blur: r2(spec.blur) });
      }
    writeFileSync(join(out, 'bench', 'truth.json'), JSON.stringify(truth, null, 0).replace(/\},\{/g, '},\n{') + '\n');
    // Calibration set: what the guided calibration captures, one per kind and style, other seeds.
    for (const style of STYLES) {
      mkdirSync(join(out, 'calibration', style), { recursive: true });
      for (const [k, kind] of TILES.entries())
        writeFileSync(
          join(out, 'calibration', style, `${kind}.jpg`),
          await renderJpeg(page, { ...tileScene(kind, style, 77_777 + k * 31 + (style === 'modern' ? 5 : 0), 0.35), quality: 0.85 }),
        );
    }
    // Bad input: an empty table, a dark frame, two tiles at once.
    mkdirSync(join(out, 'bad'), { recursive: true });
    const empty = { ...tileScene('5B', 'classic', 4242, 0.5), tiles: [] };
    writeFileSync(join(out, 'bad', 'empty.jpg'), await renderJpeg(page, empty));
    writeFileSync(join(out, 'bad', 'dark.jpg'), await renderJpeg(page, { ...tileScene('5B', 'classic', 4243, 0.5), dim: 0.93 }));
    const a = tileScene('3D', 'classic', 4244, 0.3, 240, 176),
      b = tileScene('N', 'modern', 4245, 0.3, 240, 176);
    const two = {
      ...a,
      tiles: [
        { ...a.tiles[0]!, x: 62, scale: 0.85 },
        { ...b.tiles[0]!, x: 178, scale: 0.85 },
      ],
    };
    writeFileSync(join(out, 'bad', 'two-tiles.jpg'), await renderJpeg(page, two));
    console.log(`wrote ${truth.length} bench images, ${TILES.length * STYLES.length} calibration images, 3 bad frames to ${out}`);
  } finally {
    await browser.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) void main();
