/**
 * In-page drawing code for synthetic American Mah Jongg tiles (runs inside Chromium via
 * playwright-core; kept as plain browser JS in a string so no bundler helper leaks into it).
 * Two art styles ("classic", "modern"), index numerals/letters in the top-left corner the way
 * American sets print them, then a camera-like scene: keystone perspective, rotation, scale,
 * partial shadow, uneven light, blur and sensor noise.
 */
export const TILE_ART_SOURCE = String.raw`
(() => {
  const TW = 90, TH = 120;          // tile face in tile units
  const STYLES = {
    classic: { face: '#f3eddc', rim: '#d9c48f', ink: '#1d1d1d', bam: '#1d7a3a', bam2: '#b3262c',
      crak: '#b3262c', crakNum: '#1f4fa0', dot: '#1f4fa0', dot2: '#b3262c', dot3: '#1d7a3a',
      idxFont: 'bold 24px "DejaVu Serif"', wordFont: 'bold 21px "DejaVu Serif"', idx: '#1d1d1d' },
    modern: { face: '#fbfbf6', rim: '#8fb3c9', ink: '#222222', bam: '#0f6e6a', bam2: '#d0562a',
      crak: '#222222', crakNum: '#c8202a', dot: '#1b8a4a', dot2: '#c8202a', dot3: '#2356b8',
      idxFont: 'bold 22px "Liberation Sans"', wordFont: 'bold 20px "Liberation Sans"', idx: '#c8202a' },
  };
  // Stroke glyphs standing in for the Chinese characters (no CJK font here); each kind differs.
  const NUM_GLYPH = {
    1: [[0,.5,1,.5]], 2: [[.1,.3,.9,.3],[0,.75,1,.75]], 3: [[.1,.2,.9,.2],[.2,.5,.8,.5],[0,.85,1,.85]],
    4: [[0,.1,1,.1],[0,.1,0,.9],[1,.1,1,.9],[0,.9,1,.9],[.35,.1,.3,.6],[.65,.1,.7,.6]],
    5: [[.1,.1,.9,.1],[.45,.1,.3,.9],[.2,.5,.8,.5],[.8,.5,.8,.9],[0,.9,1,.9]],
    6: [[.5,0,.5,.2],[0,.3,1,.3],[.3,.5,0,.95],[.7,.5,1,.95]],
    7: [[0,.45,1,.3],[.4,0,.4,.8],[.4,.8,.9,.9]], 8: [[.4,.1,.1,.9],[.6,.1,.9,.9]],
    9: [[.35,0,.35,.7],[.35,.7,.05,.95],[0,.35,.7,.35],[.7,.35,.75,.9],[.75,.9,1,.85]],
  };
  const WAN = [[0,.15,1,.15],[.3,0,.3,.3],[.7,0,.7,.3],[.15,.35,.85,.35],[.15,.35,.15,.6],[.85,.35,.85,.6],
    [.15,.6,.85,.6],[.5,.35,.5,.6],[.1,.7,.1,1],[.1,.7,.9,.7],[.9,.7,.9,1],[.5,.6,.5,1],[.25,.95,.75,.8]];
  const WIND_GLYPH = {
    N: [[.3,0,.3,1],[.7,0,.7,1],[0,.4,.3,.3],[1,.4,.7,.3],[0,1,.3,.8],[.7,.8,1,1]],
    E: [[0,.15,1,.15],[.5,0,.5,1],[.2,.3,.8,.3],[.2,.3,.2,.65],[.8,.3,.8,.65],[.2,.65,.8,.65],[.2,.47,.8,.47],[.5,.7,0,1],[.5,.7,1,1]],
    W: [[0,.05,1,.05],[.1,.25,.9,.25],[.1,.25,.1,1],[.9,.25,.9,1],[.1,1,.9,1],[.4,.25,.4,.55],[.6,.25,.6,.55],[.4,.55,.15,.8],[.6,.55,.85,.8]],
    S: [[0,.15,1,.15],[.5,0,.5,.3],[.1,.3,.1,1],[.9,.3,.9,1],[.1,.3,.9,.3],[.3,.45,.7,.45],[.5,.45,.5,.95],[.3,.7,.7,.7],[.2,.55,.8,.55]],
  };
  const GREEN_GLYPH = [[0,.1,.4,.1],[.2,.1,.2,.45],[.6,.05,1,.2],[.8,.05,.8,.45],[0,.5,1,.5],[.2,.6,.2,1],
    [.2,.6,.5,.6],[.5,.6,.5,.9],[.6,.6,1,.6],[.8,.6,.8,1],[.6,.8,1,.8],[0,1,.4,.9]];
  const RED_GLYPH = [[.15,.25,.85,.25],[.15,.25,.15,.7],[.85,.25,.85,.7],[.15,.7,.85,.7],[.5,0,.5,1]];

  function strokes(ctx, list, x, y, w, h, color, lw) {
    ctx.strokeStyle = color; ctx.lineWidth = lw; ctx.lineCap = 'round';
    for (const [a, b, c, d] of list) { ctx.beginPath(); ctx.moveTo(x + a * w, y + b * h); ctx.lineTo(x + c * w, y + d * h); ctx.stroke(); }
  }
  function bamStick(ctx, x, y, w, h, st, i) {
    ctx.fillStyle = (i % 3 === 2 && st === STYLES.modern) ? st.bam2 : st.bam;
    const r = w / 2;
    ctx.beginPath(); ctx.roundRect(x, y, w, h, r); ctx.fill();
    ctx.fillStyle = st.face;
    ctx.fillRect(x + w * 0.2, y + h * 0.33, w * 0.6, Math.max(1, h * 0.05));
    ctx.fillRect(x + w * 0.2, y + h * 0.62, w * 0.6, Math.max(1, h * 0.05));
  }
  // Grid positions (cols x rows) of sticks / dots per rank, in the art box.
  const LAYOUT = { 1: [[.5,.5]], 2: [[.5,.25],[.5,.75]], 3: [[.5,.2],[.5,.5],[.5,.8]],
    4: [[.28,.27],[.72,.27],[.28,.73],[.72,.73]], 5: [[.25,.22],[.75,.22],[.5,.5],[.25,.78],[.75,.78]],
    6: [[.28,.2],[.72,.2],[.28,.5],[.72,.5],[.28,.8],[.72,.8]],
    7: [[.2,.15],[.5,.25],[.8,.35],[.28,.6],[.72,.6],[.28,.87],[.72,.87]],
    8: [[.28,.13],[.72,.13],[.28,.38],[.72,.38],[.28,.62],[.72,.62],[.28,.87],[.72,.87]],
    9: [[.2,.2],[.5,.2],[.8,.2],[.2,.5],[.5,.5],[.8,.5],[.2,.8],[.5,.8],[.8,.8]] };
  const ART = { x: 22, y: 30, w: 60, h: 82 };

  function drawFace(ctx, kind, styleName) {
    const st = STYLES[styleName];
    ctx.fillStyle = st.face; ctx.beginPath(); ctx.roundRect(0, 0, TW, TH, 8); ctx.fill();
    const rank = kind.length === 2 ? Number(kind[0]) : 0, suit = kind.length === 2 ? kind[1] : '';
    let index = rank ? String(rank) : ('NEWS'.includes(kind) ? kind : '');
    if (index) {
      ctx.fillStyle = st.idx; ctx.font = st.idxFont; ctx.textBaseline = 'top'; ctx.textAlign = 'left';
      ctx.fillText(index, 6, 5);
    }
    const A = ART;
    if (suit === 'B') {
      if (rank === 1) { // the 1 Bam bird
        ctx.fillStyle = st.bam; ctx.beginPath(); ctx.ellipse(A.x + 30, A.y + 45, 20, 28, 0.3, 0, 7); ctx.fill();
        ctx.fillStyle = st.bam2; ctx.beginPath(); ctx.arc(A.x + 40, A.y + 18, 9, 0, 7); ctx.fill();
        ctx.fillStyle = st.face; ctx.beginPath(); ctx.arc(A.x + 42, A.y + 16, 3, 0, 7); ctx.fill();
        strokes(ctx, [[.3,.8,.1,1],[.5,.8,.6,1]], A.x, A.y, A.w, A.h, st.bam2, 3);
      } else {
        const sw = rank > 6 ? 9 : 11, sh = rank > 6 ? 20 : rank > 3 ? 24 : 30;
        LAYOUT[rank].forEach(([u, v], i) => bamStick(ctx, A.x + u * A.w - sw / 2, A.y + v * A.h - sh / 2, sw, sh, st, i));
      }
    } else if (suit === 'D') {
      const r = rank === 1 ? 24 : rank <= 3 ? 12 : rank <= 6 ? 11 : 9;
      LAYOUT[rank].forEach(([u, v], i) => {
        const cx = A.x + u * A.w, cy = A.y + v * A.h;
        ctx.fillStyle = i % 2 && styleName === 'modern' ? st.dot3 : st.dot; ctx.beginPath(); ctx.arc(cx, cy, r, 0, 7); ctx.fill();
        ctx.fillStyle = st.face; ctx.beginPath(); ctx.arc(cx, cy, r * 0.62, 0, 7); ctx.fill();
        ctx.fillStyle = st.dot2; ctx.beginPath(); ctx.arc(cx, cy, r * 0.34, 0, 7); ctx.fill();
      });
    } else if (suit === 'C') {
      strokes(ctx, NUM_GLYPH[rank], A.x + 8, A.y + 2, 44, 30, st.crakNum, 4.5);
      strokes(ctx, WAN, A.x + 6, A.y + 40, 48, 40, st.crak, 4);
    } else if ('NEWS'.includes(kind)) {
      strokes(ctx, WIND_GLYPH[kind], A.x + 4, A.y + 10, 52, 64, st.ink, 5);
    } else if (kind === 'R') {
      strokes(ctx, RED_GLYPH, A.x + 4, A.y + 6, 52, 72, '#c8202a', 7);
    } else if (kind === 'G') {
      strokes(ctx, GREEN_GLYPH, A.x + 2, A.y + 8, 56, 68, '#18804a', 5);
    } else if (kind === '0') { // Soap: a framed blue rectangle
      ctx.strokeStyle = styleName === 'classic' ? '#1f4fa0' : '#2b2b8f'; ctx.lineWidth = 5;
      ctx.strokeRect(A.x + 4, A.y + 4, 52, 74); ctx.lineWidth = 2; ctx.strokeRect(A.x + 12, A.y + 12, 36, 58);
    } else if (kind === 'F') {
      ctx.strokeStyle = '#2f7d32'; ctx.lineWidth = 4; ctx.beginPath(); ctx.moveTo(A.x + 30, A.y + 40); ctx.lineTo(A.x + 26, A.y + 80); ctx.stroke();
      ctx.fillStyle = styleName === 'classic' ? '#c2185b' : '#7b3fa0';
      for (let k = 0; k < 6; k++) { const a = k * Math.PI / 3; ctx.beginPath(); ctx.arc(A.x + 30 + 12 * Math.cos(a), A.y + 28 + 12 * Math.sin(a), 8, 0, 7); ctx.fill(); }
      ctx.fillStyle = '#e6b800'; ctx.beginPath(); ctx.arc(A.x + 30, A.y + 28, 6, 0, 7); ctx.fill();
      ctx.fillStyle = '#2f7d32'; ctx.beginPath(); ctx.ellipse(A.x + 40, A.y + 64, 10, 5, -0.5, 0, 7); ctx.fill();
    } else if (kind === 'J') {
      ctx.fillStyle = styleName === 'classic' ? '#b3262c' : '#2356b8'; ctx.font = st.wordFont;
      ctx.textAlign = 'center'; ctx.textBaseline = 'middle'; ctx.fillText('JOKER', TW / 2, 22);
      ctx.fillStyle = styleName === 'classic' ? '#1f4fa0' : '#c8202a';
      ctx.beginPath(); ctx.arc(TW / 2, 74, 24, 0, 7); ctx.fill();
      ctx.fillStyle = st.face; ctx.beginPath(); ctx.arc(TW / 2 - 8, 68, 4, 0, 7); ctx.arc(TW / 2 + 8, 68, 4, 0, 7); ctx.fill();
      ctx.strokeStyle = st.face; ctx.lineWidth = 3; ctx.beginPath(); ctx.arc(TW / 2, 78, 11, 0.2, Math.PI - 0.2); ctx.stroke();
    }
  }

  function rng(seed) { let s = seed >>> 0; return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }

  const BG = { felt: ['#2f6b3f', '#24553a'], wood: ['#7a5230', '#5e3d22'], slate: ['#3a3f47', '#2b2f35'], navy: ['#23304a', '#1a2438'] };

  /** One tile (with its edge) drawn into ctx at the current transform, with keystone. */
  function tileBitmap(kind, style, keystone) {
    const S = 3, face = new OffscreenCanvas(TW * S, TH * S), f = face.getContext('2d');
    f.scale(S, S); drawFace(f, kind, style);
    // Keystone: rows get narrower towards the far edge, like a camera looking down at an angle.
    const out = new OffscreenCanvas(TW * S * 1.3 | 0, TH * S), o = out.getContext('2d');
    const cx = out.width / 2;
    for (let y = 0; y < TH * S; y += 1) {
      const t = y / (TH * S), w = TW * S * (1 + keystone * (t - 0.5) * 2);
      o.drawImage(face, 0, y, TW * S, 1, cx - w / 2, y, w, 1);
    }
    return out;
  }

  /** Draw tiles into a scene; returns the canvas. p = perturbation spec. */
  function scene(p) {
    const c = new OffscreenCanvas(p.w, p.h), ctx = c.getContext('2d');
    const rand = rng(p.seed);
    const [b1, b2] = BG[p.bg];
    const g = ctx.createLinearGradient(0, 0, p.w, p.h); g.addColorStop(0, b1); g.addColorStop(1, b2);
    ctx.fillStyle = g; ctx.fillRect(0, 0, p.w, p.h);
    for (const t of p.tiles) {
      const bmp = tileBitmap(t.kind, t.style, t.keystone);
      const k = t.scale * t.height / (TH * 3);
      ctx.save(); ctx.translate(t.x, t.y); ctx.rotate(t.rot * Math.PI / 180); ctx.scale(k, k);
      // the tile's body shows below and to one side, as real tiles are thick
      ctx.fillStyle = STYLES[t.style].rim;
      ctx.beginPath(); ctx.roundRect(-TW * 1.5 + 6, -TH * 1.5 + 14, TW * 3, TH * 3, 24); ctx.fill();
      ctx.drawImage(bmp, -bmp.width / 2, -bmp.height / 2);
      ctx.restore();
    }
    if (p.shadow) { // a hand or a rack casting a soft partial shadow
      ctx.save(); ctx.filter = 'blur(6px)'; ctx.fillStyle = 'rgba(0,0,0,' + p.shadow.alpha + ')';
      ctx.beginPath(); const s = p.shadow;
      ctx.moveTo(s.x0 * p.w, 0); ctx.lineTo(s.x1 * p.w, p.h); ctx.lineTo(s.side > 0 ? p.w * 1.2 : -p.w * 0.2, p.h); ctx.lineTo(s.side > 0 ? p.w * 1.2 : -p.w * 0.2, 0);
      ctx.fill(); ctx.restore();
    }
    if (p.light) { // uneven light: darker on one side
      const a = p.light.angle, lg = ctx.createLinearGradient(p.w / 2 - Math.cos(a) * p.w / 2, p.h / 2 - Math.sin(a) * p.h / 2, p.w / 2 + Math.cos(a) * p.w / 2, p.h / 2 + Math.sin(a) * p.h / 2);
      lg.addColorStop(0, 'rgba(0,0,0,0)'); lg.addColorStop(1, 'rgba(0,0,0,' + p.light.strength + ')');
      ctx.fillStyle = lg; ctx.fillRect(0, 0, p.w, p.h);
    }
    if (p.dim) { ctx.fillStyle = 'rgba(0,0,0,' + p.dim + ')'; ctx.fillRect(0, 0, p.w, p.h); }
    const out = new OffscreenCanvas(p.w, p.h), octx = out.getContext('2d');
    octx.filter = p.blur > 0 ? 'blur(' + p.blur + 'px)' : 'none';
    octx.drawImage(c, 0, 0);
    if (p.noise > 0) {
      const im = octx.getImageData(0, 0, p.w, p.h), d = im.data;
      for (let i = 0; i < d.length; i += 4) {
        const n = (rand() + rand() + rand() - 1.5) * p.noise * 2;
        d[i] += n; d[i + 1] += n + (rand() - 0.5) * p.noise; d[i + 2] += n;
      }
      octx.putImageData(im, 0, 0);
    }
    return out;
  }

  async function toDataURL(canvas, type, quality) {
    const blob = await canvas.convertToBlob({ type, quality });
    const buf = new Uint8Array(await blob.arrayBuffer());
    let s = ''; for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode.apply(null, buf.subarray(i, i + 0x8000));
    return btoa(s);
  }

  window.renderScene = async (p) => toDataURL(scene(p), p.type || 'image/jpeg', p.quality || 0.85);
  window.renderSceneRGBA = (p) => { const c = scene(p); return Array.from(c.getContext('2d').getImageData(0, 0, p.w, p.h).data); };
})();
`;
