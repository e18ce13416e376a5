/**
 * A card drawn as a web page, one look per seed: fonts, ink colours, sizes, paper, and for a
 * photo a table under it, a slight rotation and perspective, a shadow, blur, sensor noise and
 * JPEG. Printed cards colour each group by suit (same colour, same suit, a new colour choice
 * per hand); winds, Flowers and R, G, 0 alone are black. tools/card/render-card.ts shoots it.
 */
import { splitGroup, type DrawnCard } from './card-text';

export type Look = 'scan' | 'photo';
export interface PageStyle {
  look: Look;
  font: string;
  bold: boolean;
  size: number;
  palette: [string, string, string];
  paper: string;
  table: string;
  rotate: number;
  tiltX: number;
  tiltY: number;
  blur: number;
  shadow: number;
  noise: number;
  jpegQuality: number;
  seed: number;
}

/** mulberry32: a small seeded generator, so a seed is always the same picture. */
export const rng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const FONTS = [
  'DejaVu Sans',
  'DejaVu Serif',
  'Liberation Sans',
  'Liberation Serif',
  'DejaVu Sans Condensed',
  'Liberation Sans Narrow',
  'Liberation Mono',
];
// Suit inks as printed cards use them: a green, a red, a blue, in several printings.
const PALETTES: [string, string, string][] = [
  ['#1a8f2e', '#d0202a', '#1f4fbf'],
  ['#0b6e3a', '#b3122e', '#17307a'],
  ['#2a9d3f', '#e03a1e', '#2d6fd6'],
  ['#177245', '#c2185b', '#0d47a1'],
  ['#3c8d2f', '#cc3300', '#3949ab'],
];
const PAPERS = ['#ffffff', '#fbf8ef', '#f4f1e6', '#f7f7f7'];
const TABLES = ['#2f5d3a', '#6b4a2e', '#555b61', '#8a7355', '#22364f'];

export const styleFor = (seed: number, look: Look): PageStyle => {
  const r = rng(seed * 7919 + (look === 'photo' ? 1 : 0));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + (hi - lo) * r();
  const photo = look === 'photo';
  return {
    look,
    font: pick(FONTS),
    bold: r() < 0.5,
    size: Math.round(between(19, 27)),
    palette: pick(PALETTES),
    paper: pick(PAPERS),
    table: pick(TABLES),
    rotate: photo ? between(-2.5, 2.5) : between(-1, 1),
    tiltX: photo ? between(-5, 5) : 0,
    tiltY: photo ? between(-4, 4) : 0,
    blur: photo ? between(0.2, 1.1) : between(0, 0.4),
    shadow: photo ? between(0.1, 0.4) : 0,
    noise: photo ? between(0.05, 0.16) : 0,
    jpegQuality: photo ? Math.round(between(40, 80)) : 92,
    seed,
  };
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A permutation of the palette for one hand (printed cards vary which suit gets which colour). */
const inksFor = (r: () => number, palette: readonly string[]) => {
  const p = [...palette];
  for (let i = p.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return { a: p[0]!, b: p[1]!, c: p[2]! } as Record<string, string>;
};

export const cardPage = (card: DrawnCard, s: PageStyle): string => {
  const r = rng(s.seed * 31 + 5);
  const rows: string[] = [];
  for (const sec of card.sections) {
    rows.push(`<tr><td colspan="4" class="sec">${esc(sec.name)}</td></tr>`);
    for (const h of sec.hands) {
      const inks = inksFor(r, s.palette);
      const pats = h.patterns.map((p) =>
        p
          .map((g) => {
            const { tiles, letter } = splitGroup(g);
            return `<span style="color:${letter ? inks[letter] : '#111'}">${esc(tiles)}</span>`;
          })
          .join(' '),
      );
      rows.push(
        `<tr><td class="pat">${pats.join(' <span class="or">or</span> ')}</td><td class="note">${h.note ? `(${esc(h.note)})` : ''}</td><td class="xc">${h.concealed ? 'C' : 'X'}</td><td class="val">${h.value}</td></tr>`,
      );
    }
  }
  const photo = s.look === 'photo';
  const noise = `<svg xmlns='http://www.w3.org/2000/svg' width='400' height='400'><filter id='n'><feTurbulence type='fractalNoise' baseFrequency='0.9' numOctaves='2' seed='${s.seed % 1000}'/><feColorMatrix type='saturate' values='0.3'/></filter><rect width='100%' height='100%' filter='url(#n)'/></svg>`;
  const sx = 30 + r() * 40,
    sy = 30 + r() * 40;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html, body { margin: 0; background: ${photo ? s.table : s.paper}; }
  body { width: 100vw; height: 100vh; display: flex; align-items: center; justify-content: center; overflow: hidden; ${photo ? 'perspective: 1400px;' : ''} }
  #card { position: relative; background: ${s.paper}; padding: 28px 40px 34px; font-family: '${s.font}'; color: #111;
    transform: rotateX(${s.tiltX}deg) rotateY(${s.tiltY}deg) rotate(${s.rotate}deg) scale(var(--fit, 1));
    filter: blur(${s.blur}px); ${photo ? 'box-shadow: 0 14px 40px rgba(0,0,0,.45);' : ''} }
  h1 { font-size: ${Math.round(s.size * 1.25)}px; margin: 0 0 10px; text-align: center; letter-spacing: .04em; }
  table { border-collapse: collapse; }
  td { padding: ${Math.round(s.size * 0.22)}px 14px; vertical-align: baseline; }
  .sec { font-weight: bold; font-size: ${Math.round(s.size * 0.95)}px; padding-top: ${Math.round(s.size * 0.6)}px; border-bottom: 2px solid #333; }
  .pat { font-size: ${s.size}px; font-weight: ${s.bold ? 700 : 400}; word-spacing: ${(0.7 + r() * 0.5).toFixed(2)}em; white-space: nowrap; }
  .or { color: #111; font-size: ${Math.round(s.size * 0.75)}px; font-weight: 400; }
  .note { font-size: ${Math.round(s.size * 0.7)}px; font-style: italic; white-space: nowrap; }
  .xc, .val { font-size: ${s.size}px; font-weight: 700; text-align: right; }
  #shade { position: absolute; inset: 0; pointer-events: none;
    background: radial-gradient(ellipse at ${sx}% ${sy}%, rgba(0,0,0,${s.shadow}) 0%, rgba(0,0,0,${(s.shadow * 0.5).toFixed(3)}) 35%, rgba(0,0,0,0) 70%); }
  #noise { position: fixed; inset: 0; pointer-events: none; opacity: ${s.noise}; mix-blend-mode: multiply;
    background: url("data:image/svg+xml;utf8,${encodeURIComponent(noise)}"); }
  #vignette { position: fixed; inset: 0; pointer-events: none; ${photo ? 'background: radial-gradient(ellipse at 50% 45%, rgba(0,0,0,0) 55%, rgba(0,0,0,.35) 100%);' : ''} }
  </style></head><body><div id="card"><h1>${esc(card.name)}</h1><table>${rows.join('')}</table>${photo ? '<div id="shade"></div>' : ''}</div>${photo ? '<div id="noise"></div><div id="vignette"></div>' : ''}</body></html>`;
};
