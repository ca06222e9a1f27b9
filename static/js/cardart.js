// Settebello card art: the Italian 40-card deck, the 52-card deck (numerals 1 to 10 and three
// courts) and the 80-card double deck, each also with French suits, drawn as SVG.
// No dependencies, no network, no external fonts. Every SVG has only a viewBox (200 x 320,
// the tall 5:8 ratio of Italian cards), so CSS decides its size, and uses no ids at all, so
// any number of cards can share one page.
//
//   cardSVG('7D')                       -> '<svg ...>...</svg>'  (deck 40: 8, 9, 10 are figures)
//   cardSVG('10S', {french: true})      -> French suits (Quadri, Cuori, Fiori, Picche); 9 is a queen
//   cardSVG('3B', {highContrast: true}) -> white card, black outlines, stronger colours
//   cardSVG('8D', {deck: 52})           -> an eight of pips; 11, 12, 13 are the courts (F C R / J Q K)
//   cardSVG("7D'", {deck: 80})          -> the second deck's copy: the same card with a II mark
//   backSVG(), backSVG({second: true})  -> card back (red), the second deck's back (blue)
//   cardDataURL('1C', opts)             -> 'data:image/svg+xml,...' for <img src> / CSS

const W = 200, H = 320;
const NS = 'http://www.w3.org/2000/svg';
const FONT = "'Times New Roman', Times, 'Liberation Serif', 'Nimbus Roman', 'DejaVu Serif', Georgia, serif";

const PAL = {
  card: '#f8efd8', edge: '#8a6a40', ink: '#2e1f12', sw: 1.6,
  gold: '#eab935', goldD: '#a8741a', red: '#c8352b', redD: '#7e1c16', blue: '#2f62b0',
  green: '#3c8a3a', yellow: '#f0c53c', wood: '#8d8a34', woodD: '#5f5a1c', cut: '#f0d9a0',
  steel: '#bccbd9', steelD: '#5b6f84', grip: '#8b4a2b', skin: '#f6d3ad', white: '#fffaf0',
  horse: ['#fbf6ea', '#d49a5e', '#ece4d2', '#b8a48a'], hair: ['#6d3f1d', '#d9a83a', '#3a2a1c', '#8c8478'],
  idx: { D: '#77500a', C: '#94211a', B: '#2b5a1b', S: '#1f4379' },
  fr: { D: '#d0232f', C: '#d0232f', B: '#1d1d1d', S: '#1d1d1d' },
  back: '#7d1b24', back2: '#1f3f7a', backL: '#e2b65a', ground: '#d9c79b', throne: '#6e2a1c', cheek: '#e9967a',
};
const HC = {
  ...PAL, card: '#ffffff', edge: '#000000', ink: '#000000', sw: 2.6,
  gold: '#ffc700', goldD: '#9a6400', red: '#e0000f', redD: '#7a0000', blue: '#0046d8',
  green: '#00862c', yellow: '#ffd500', wood: '#6f8a00', woodD: '#3f4c00', cut: '#ffe38f',
  steel: '#b3d0ff', steelD: '#0d2f73', grip: '#7a2e00', horse: ['#ffffff', '#e2a060', '#f2f2f2', '#c8b090'],
  idx: { D: '#000', C: '#000', B: '#000', S: '#000' },
  fr: { D: '#e0000f', C: '#e0000f', B: '#000', S: '#000' }, ground: '#e4e4e4', throne: '#7a1500',
};

const r2 = (v) => Math.round(v * 100) / 100;

// ---------------------------------------------------------------- suit symbols
// Each symbol is drawn in a unit box (about -50..50, upright) by f(p, u) where u is one
// outline width in those units; `g` is where a hand holds it (distance below the centre).
const petals = (n, cy, rx, ry, fill, u) => Array.from({ length: n }, (_, i) =>
  `<ellipse cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" stroke-width="${r2(u * 0.6)}" transform="rotate(${r2(i * 360 / n)})"/>`).join('');

const SYM = {
  D: { g: 40, f: (p, u) => `<circle r="47" fill="${p.gold}"/>` +
    Array.from({ length: 14 }, (_, i) => { const a = i * Math.PI / 7;
      return `<circle cx="${r2(42.5 * Math.cos(a))}" cy="${r2(42.5 * Math.sin(a))}" r="2.4" fill="${p.goldD}" stroke="none"/>`; }).join('') +
    `<circle r="37" fill="${p.red}" stroke-width="${r2(u * 0.8)}"/>` + petals(8, -18, 7.5, 15, p.gold, u) +
    `<circle r="8.5" fill="${p.green}" stroke-width="${r2(u * 0.7)}"/>` },
  C: { g: 33, f: (p, u) =>
    `<path d="M-25 47C-23 36-9 33-5 27L5 27C9 33 23 36 25 47Z" fill="${p.gold}"/>` +
    `<path d="M-5 28L-4 4L4 4L5 28Z" fill="${p.gold}"/>` +
    `<ellipse cy="16" rx="9.5" ry="5.5" fill="${p.gold}"/>` +
    `<path d="M-34 -37C-34 -11-18 6 0 6C18 6 34 -11 34 -37Z" fill="${p.red}"/>` +
    `<path d="M-32.5 -25C-12 -17 12 -17 32.5 -25L31 -18C11 -10-11 -10-31 -18Z" fill="${p.gold}" stroke-width="${r2(u * 0.6)}"/>` +
    `<ellipse cy="-37" rx="34" ry="8" fill="${p.gold}"/><ellipse cy="-37" rx="27" ry="4.5" fill="${p.redD}" stroke="none"/>` },
  B: { g: 40, f: (p, u) => {
    const stub = (x, y, a) => `<g transform="translate(${x} ${y}) rotate(${a})"><path d="M-4 2L-3.5 -11L3.5 -11L4 2Z" fill="${p.wood}"/>` +
      `<ellipse cy="-11" rx="3.6" ry="2" fill="${p.cut}" stroke-width="${r2(u * 0.6)}"/></g>`;
    const knobs = [[-11.5, -30], [11, -20], [-8.5, 4], [8, 22], [-6, 36], [12, -38]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3.6" fill="${p.wood}"/>`).join('');
    return stub(-9, -14, -58) + stub(8, 6, 58) + stub(-6.5, 24, -58) + knobs +
      `<path d="M-5 48C-7 30-8 12-9.5 -6C-11 -18-13 -28-12.5 -38C-12 -49 12 -49 12.5 -38C13 -28 11 -18 9.5 -6C8 12 7 30 5 48Z" fill="${p.wood}"/>` +
      `<path d="M3.5 46C5 30 6 12 7.5 -6C9 -18 11 -28 10 -40L12.5 -38C13 -28 11 -18 9.5 -6C8 12 7 30 5 48Z" fill="${p.woodD}" stroke="none"/>` +
      `<path d="M-6 -28q3 3 6 0M-3 -4q3 3 6 0M-4 16q3 3 6 0M-2 34q2 2 4 0" fill="none" stroke="${p.woodD}" stroke-width="${r2(u * 0.9)}"/>` +
      `<ellipse cy="-41" rx="9" ry="3.4" fill="${p.cut}" stroke-width="${r2(u * 0.6)}"/>` +
      `<ellipse cy="48" rx="5" ry="2" fill="${p.cut}" stroke-width="${r2(u * 0.6)}"/>`; } },
  S: { g: 36, f: (p, u) =>
    `<path d="M0 -51L7 -38L5.5 22L-5.5 22L-7 -38Z" fill="${p.steel}"/>` +
    `<path d="M0 -40L0 18" stroke="${p.steelD}" stroke-width="${r2(u * 0.8)}"/>` +
    `<path d="M-5 28L-4 41L4 41L5 28Z" fill="${p.grip}"/>` +
    `<path d="M-21 19C-17 24-10 23 0 23C10 23 17 24 21 19C23 26 16 30 0 29.5C-16 30-23 26-21 19Z" fill="${p.gold}"/>` +
    `<circle cy="45.5" r="5" fill="${p.gold}"/>` },
};

/** The suits this art draws, in the deck's order (its symbol table's). The game's deck is Python's
 *  (describe); these are what the preview page and the art's own test draw. */
export const SUITS = Object.keys(SYM);

// French suit symbols, same unit box.
const FR = {
  D: { g: 44, f: (p) => `<path d="M0 -50L37 0L0 50L-37 0Z" fill="${p.fr.D}"/>` },
  C: { g: 40, f: (p) => `<path d="M0 44C-12 30-47 10-47 -16C-47 -36-30 -46-16 -44C-7 -43-2 -37 0 -30C2 -37 7 -43 16 -44C30 -46 47 -36 47 -16C47 10 12 30 0 44Z" fill="${p.fr.C}"/>` },
  B: { g: 42, f: (p) => `<path d="M-3 4C-6 28-10 38-18 46L18 46C10 38 6 28 3 4Z" fill="${p.fr.B}"/>` +
    `<circle cy="-24" r="19" fill="${p.fr.B}"/><circle cx="-21" cy="6" r="19" fill="${p.fr.B}"/><circle cx="21" cy="6" r="19" fill="${p.fr.B}"/>` +
    `<circle r="10" fill="${p.fr.B}" stroke="none"/>` },
  S: { g: 42, f: (p) => `<path d="M0 -48C10 -30 46 -12 46 12C46 30 30 38 16 34C9 32 5 27 3 23C5 33 10 41 18 46L-18 46C-10 41-5 33-3 23C-5 27-9 32-16 34C-30 38-46 30-46 12C-46 -12-10 -30 0 -48Z" fill="${p.fr.S}"/>` },
};

// Place a suit symbol with its centre at (x, y), height about s, rotated by rot degrees.
const symsOf = (ctx) => (ctx.french ? FR : ctx.st?.SYM || SYM);
function sym(ctx, suit, x, y, s, rot = 0) {
  const def = symsOf(ctx)[suit];
  const k = s / 100, u = ctx.p.sw / k;
  return `<g transform="translate(${r2(x)} ${r2(y)})${rot ? ` rotate(${rot})` : ''} scale(${r2(k * 1000) / 1000})" ` +
    `stroke="${ctx.p.ink}" stroke-width="${r2(u)}" stroke-linejoin="round" stroke-linecap="round">${def.f(ctx.p, u)}</g>`;
}
// A symbol held in a hand at (hx, hy), tilted by rot degrees.
function held(ctx, suit, hx, hy, s, rot = 0) {
  const g = symsOf(ctx)[suit].g * s / 100, a = rot * Math.PI / 180;
  return sym(ctx, suit, hx + g * Math.sin(a), hy - g * Math.cos(a), s, rot);
}

// ---------------------------------------------------------------- pips
// [x, y, size, rotation]; D and C are round-ish, B and S long.
const ROUND = {
  1: [[100, 160, 140]],
  2: [[100, 96, 72], [100, 224, 72]],
  3: [[80, 88, 60], [100, 160, 60], [120, 232, 60]],
  4: [[72, 108, 60], [128, 108, 60], [72, 212, 60], [128, 212, 60]],
  5: [[72, 100, 54], [128, 100, 54], [100, 160, 54], [72, 220, 54], [128, 220, 54]],
  6: [[76, 86, 50], [126, 86, 50], [76, 160, 50], [126, 160, 50], [76, 234, 50], [126, 234, 50]],
  7: [[74, 80, 48], [126, 80, 48], [52, 160, 48], [100, 160, 48], [148, 160, 48], [74, 240, 48], [126, 240, 48]],
  // The 52-card deck's 8, 9, 10. Their first pip keeps clear of the corner index (the number
  // above it, the suit below it), the last one of the turned index at the bottom right.
  8: [[70, 80, 40], [130, 80, 40], [100, 120, 40], [70, 160, 40], [130, 160, 40], [100, 200, 40], [70, 240, 40], [130, 240, 40]],
  9: [[76, 70, 40], [124, 70, 40], [60, 118, 40], [140, 118, 40], [100, 160, 40], [60, 202, 40], [140, 202, 40], [76, 250, 40], [124, 250, 40]],
  10: [[76, 78, 42], [124, 78, 42], [52, 137, 42], [100, 137, 42], [148, 137, 42],
    [52, 195, 42], [100, 195, 42], [148, 195, 42], [76, 254, 42], [124, 254, 42]],
};
const COL6 = [[66, 84, 70], [134, 84, 70], [66, 160, 70], [134, 160, 70], [66, 236, 70], [134, 236, 70]];
const COL4 = [[66, 106, 100], [134, 106, 100], [66, 214, 100], [134, 214, 100]];
const COL8 = [68, 132].flatMap((x) => [74, 132, 190, 248].map((y) => [x, y, 54]));
const LONG = {
  1: [[100, 160, 250]],
  2: [[100, 160, 215, -28], [100, 160, 215, 28]],
  3: [[100, 160, 215, -30], [100, 160, 215, 30], [100, 160, 215, 0]],
  4: COL4, 5: [...COL4, [100, 160, 100]], 6: COL6, 7: [...COL6, [100, 122, 70]],
  8: COL8, 9: [...COL8, [100, 160, 54]], 10: [...COL8, [100, 103, 54], [100, 219, 54]],
};

function pips(ctx, suit, rank) {
  if (ctx.st?.pips && !ctx.french) return ctx.st.pips(ctx, suit, rank);
  return pipsPlain(ctx, suit, rank);
}
function pipsPlain(ctx, suit, rank) {
  const round = ctx.french || suit === 'D' || suit === 'C';
  let list = (round ? ROUND : LONG)[rank];
  if (ctx.french && rank === 1) list = [[100, 160, 110]];
  let out = '';
  if (rank === 1 && !ctx.french) out += aceDecor(ctx, suit);
  if (suit === 'D' && rank === 7 && !ctx.french) out += rays(ctx, 100, 160, 46, 20);
  // French pips are drawn smaller than their layout's size; the 8 to 10's less so, as large as the 7's.
  const k = ctx.french ? (rank === 1 ? 1 : rank > 7 ? 0.92 : 0.82) : suit === 'C' ? 1.08 : 1;
  for (const [x, y, s, rot] of list) {
    const rr = suit === 'B' && rank === 1 ? 14 : rot || 0;
    out += sym(ctx, suit, x, y, s * k, rr);
  }
  if (suit === 'C' && rank === 1 && !ctx.french) {   // jewels on the band of the Asso di coppe
    const K = list[0][2] * k / 100;
    out += [[-22, -20.5, 4], [-11, -18.3, 4.5], [0, -17.6, 5], [11, -18.3, 4.5], [22, -20.5, 4]].map(([x, y, r], i) =>
      dot(ctx, r2(100 + K * x), r2(160 + K * y), r, i % 2 ? ctx.p.green : ctx.p.blue)).join('');
  }
  return out;
}

function rays(ctx, cx, cy, r, n) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI, b = a + Math.PI / n, c = a - Math.PI / n;
    d += `M${r2(cx + r * 0.5 * Math.cos(c))} ${r2(cy + r * 0.5 * Math.sin(c))}L${r2(cx + r * Math.cos(a))} ${r2(cy + r * Math.sin(a))}L${r2(cx + r * 0.5 * Math.cos(b))} ${r2(cy + r * 0.5 * Math.sin(b))}Z`;
  }
  return `<path d="${d}" fill="${ctx.p.red}" stroke="${ctx.p.ink}" stroke-width="${ctx.p.sw * 0.6}" stroke-linejoin="round"/>`;
}

// A laurel wreath: two branches of leaves rising round (cx, cy) from a ribbon at the bottom.
function wreath(ctx, cx, cy, r) {
  const p = ctx.p;
  let o = `<path d="M${r2(cx - r * 0.8)} ${r2(cy - r * 0.6)}A${r} ${r} 0 1 0 ${r2(cx + r * 0.8)} ${r2(cy - r * 0.6)}" fill="none" stroke="${p.woodD}" stroke-width="2.5"/>`;
  for (const side of [-1, 1]) for (let i = 0; i < 8; i++) {
    const a = Math.PI / 2 - side * (0.25 + i * 0.27), x = cx + r * Math.cos(a), y = cy + r * Math.sin(a);
    const t = Math.atan2(-side * Math.cos(a), side * Math.sin(a)) * 180 / Math.PI;
    for (const k of [-34, 34]) {
      const th = (t + k) * Math.PI / 180;
      o += `<ellipse rx="8" ry="3.4" fill="${p.green}" stroke="${p.ink}" stroke-width="${p.sw * 0.5}" ` +
        `transform="translate(${r2(x + 7 * Math.cos(th))} ${r2(y + 7 * Math.sin(th))}) rotate(${r2(t + k)})"/>`;
    }
  }
  return o + `<path d="M${cx - 12} ${cy + r - 4}l12 6l12 -6l-2 12l-10 -3l-10 3Z" fill="${p.red}" stroke="${p.ink}" stroke-width="${p.sw * 0.7}" stroke-linejoin="round"/>`;
}

function aceDecor(ctx, suit) {
  const p = ctx.p;
  if (suit === 'D') return rays(ctx, 100, 160, 86, 24) + `<circle cx="100" cy="160" r="74" fill="${p.gold}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
  if (suit === 'C') return `<ellipse cx="100" cy="232" rx="52" ry="8" fill="${p.ground}"/>`;
  return wreath(ctx, 100, 172, 62);
}

// An eagle with spread wings holding a coin on its breast (the ace of coins of the Napoletane, two
// heads, uncrowned; of the Piacentine, one crowned head, "la Polla"; of the Siciliane, one head).
// Drawn left half then mirrored, so both wings match; `heads` 1 or 2.
export function eagle(ctx, { heads = 2, crown = false, body = '#3d2c22', light = '#6e5440', y = 0 } = {}) {
  const p = ctx.p, sw = p.sw, mir = (o) => `${o}<g transform="matrix(-1 0 0 1 200 0)">${o}</g>`;
  const t = (o) => `<g transform="translate(0 ${y})">${o}</g>`;
  let wing = shape(ctx, 'M92 128C74 112 52 92 26 78C24 96 28 112 34 124C26 126 22 134 24 146C30 146 34 148 38 150C30 156 30 166 34 176C44 172 52 170 60 172C58 180 62 188 68 192C76 184 84 178 92 174Z', body);
  wing += `<path d="M40 104C56 114 72 126 90 140M36 134C54 142 72 148 90 156M46 164C60 164 74 164 90 166" fill="none" stroke="${light}" stroke-width="${r2(sw * 1.4)}" stroke-linecap="round"/>`;
  let o = mir(wing);
  o += mir(shape(ctx, 'M90 206L72 250L86 246L92 258L100 246L100 206Z', body));           // the tail's fan
  o += mir(`<path d="M86 230L80 246M94 228L92 252" stroke="${light}" stroke-width="${r2(sw * 1.2)}" fill="none"/>`);
  o += mir(shape(ctx, 'M86 202L80 218L72 220M80 218L78 226M80 218L86 224', 'none', sw * 2.2));  // talons
  o += shape(ctx, ell(100, 166, 26, 46), body);
  if (heads === 2) {
    o += mir(shape(ctx, 'M92 132C88 118 84 106 78 98C72 92 64 92 60 96L52 100L60 102C62 108 70 112 80 116C84 124 86 130 88 134Z', body));
    o += mir(`<circle cx="67" cy="98" r="2.2" fill="${p.gold}"/>` + shape(ctx, 'M60 96L48 100L58 104Z', p.gold, sw * 0.7));
  } else {
    o += shape(ctx, 'M92 132C90 118 90 104 94 96C98 88 108 86 112 92L122 96L112 100C110 108 110 120 108 134Z', body);
    o += `<circle cx="104" cy="95" r="2.4" fill="${p.gold}"/>` + shape(ctx, 'M112 92L126 96L112 101Z', p.gold, sw * 0.7);
    if (crown) o += shape(ctx, 'M92 88L90 70L97 78L103 66L109 78L116 70L114 88Q103 84 92 88Z', p.gold);
  }
  o += sym(ctx, 'D', 100, 168, 56);
  return t(o);
}

// ---------------------------------------------------------------- figures
// Limbs and bodies are drawn as "blobs": every part's outline first, then every part's
// fill, so overlapping parts merge into one outlined silhouette. A part is [d, width]
// (a thick round-capped stroke) or [d] (a filled path).
function blob(ctx, parts, fill) {
  const p = ctx.p, o = p.sw * 2;
  let a = '', b = '';
  for (const [d, w] of parts) {
    if (w) {
      a += `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="${r2(w + o)}"/>`;
      b += `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${w}"/>`;
    } else {
      a += `<path d="${d}" fill="${p.ink}" stroke="${p.ink}" stroke-width="${o}"/>`;
      b += `<path d="${d}" fill="${fill}"/>`;
    }
  }
  return `<g stroke-linecap="round" stroke-linejoin="round">${a}${b}</g>`;
}
const shape = (ctx, d, fill, w) => `<path d="${d}" fill="${fill}" stroke="${ctx.p.ink}" stroke-width="${w ?? ctx.p.sw}" stroke-linejoin="round"/>`;
const dot = (ctx, x, y, r, fill) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${ctx.p.ink}" stroke-width="${ctx.p.sw}"/>`;
const ell = (cx, cy, rx, ry) => `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0Z`;

function face(ctx, x, y, r, hair, beard) {
  const p = ctx.p;
  let out = shape(ctx, `M${x - r - 2} ${y + 2}C${x - r - 3} ${y - r - 8} ${x + r + 3} ${y - r - 8} ${x + r + 2} ${y + 2}L${x + r + 2} ${y + r - 2}L${x + r - 4} ${y + r - 2}L${x + r - 4} ${y - 2}L${x - r + 4} ${y - 2}L${x - r + 4} ${y + r - 2}L${x - r - 2} ${y + r - 2}Z`, hair);
  out += dot(ctx, x, y, r, p.skin);
  if (beard) out += shape(ctx, `M${x - r + 1} ${y + 1}C${x - r} ${y + r + 14} ${x + r} ${y + r + 14} ${x + r - 1} ${y + 1}C${x + 6} ${y + 8} ${x - 6} ${y + 8} ${x - r + 1} ${y + 1}Z`, hair);
  out += `<path d="M${x - r + 2} ${y - 3}C${x - 4} ${y - r + 4} ${x + 4} ${y - r + 4} ${x + r - 2} ${y - 3}L${x + r - 2} ${y - r + 4}C${x + 4} ${y - r - 3} ${x - 4} ${y - r - 3} ${x - r + 2} ${y - r + 4}Z" fill="${hair}"/>`;
  out += `<circle cx="${x - r * 0.36}" cy="${y + 1}" r="${r * 0.1}" fill="${p.ink}"/><circle cx="${x + r * 0.36}" cy="${y + 1}" r="${r * 0.1}" fill="${p.ink}"/>`;
  out += `<path d="M${x - 3} ${y + r * 0.5}Q${x} ${y + r * 0.62} ${x + 3} ${y + r * 0.5}" fill="none" stroke="${p.redD}" stroke-width="1.2" stroke-linecap="round"/>`;
  return out;
}

// Suit colours of the figures: [garment, second garment, third].
const DRESS = { D: ['red', 'blue', 'yellow'], C: ['blue', 'red', 'yellow'], B: ['green', 'red', 'yellow'], S: ['red', 'green', 'blue'] };
const HOLD = {
  D: (ctx, hx, hy) => held(ctx, 'D', hx, hy, 54),
  C: (ctx, hx, hy) => held(ctx, 'C', hx, hy, 56),
  B: (ctx, hx, hy) => held(ctx, 'B', hx, hy, 104, 8),
  S: (ctx, hx, hy) => held(ctx, 'S', hx, hy, 112, 6),
};
const FHOLD = (ctx, suit, hx, hy) => held(ctx, suit, hx, hy, 54);

function fante(ctx, suit) {
  const p = ctx.p, [a, b, c] = DRESS[suit].map((k) => p[k]), si = SUITS.indexOf(suit);
  let o = `<ellipse cx="100" cy="283" rx="54" ry="7" fill="${p.ground}"/>`;
  o += blob(ctx, [['M92 196L90 274', 13]], b) + blob(ctx, [['M108 196L110 274', 13]], c);
  o += shape(ctx, 'M79 283C79 274 86 272 95 274L96 284Z', p.ink) + shape(ctx, 'M121 283C121 274 114 272 105 274L104 284Z', p.ink);
  o += blob(ctx, [['M80 112C72 128 66 150 68 170', 14]], b);
  o += shape(ctx, 'M77 104C70 130 68 160 62 204Q100 214 138 204C132 160 130 130 123 104Q100 96 77 104Z', a);
  o += shape(ctx, 'M68 152Q100 160 132 152L133 162Q100 170 67 162Z', p.gold);
  o += shape(ctx, 'M66 190Q100 200 134 190L136 204Q100 214 64 204Z', b);
  o += dot(ctx, 69, 174, 6.5, p.skin);
  o += `<rect x="95" y="90" width="10" height="14" fill="${p.skin}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
  o += shape(ctx, 'M84 100Q100 114 116 100L118 106Q100 122 82 106Z', p.white);
  o += face(ctx, 100, 80, 15, p.hair[si % 2]);
  o += shape(ctx, 'M80 70C80 52 120 50 121 68C110 64 90 64 80 70Z', b);
  o += shape(ctx, 'M114 60C124 42 138 36 146 38C140 46 128 56 118 66Z', p.white);
  o += blob(ctx, [['M121 112C132 118 142 126 148 136', 14]], b);
  o += (ctx.french ? FHOLD(ctx, suit, 150, 140) : HOLD[suit](ctx, 150, 140)) + dot(ctx, 150, 140, 6.5, p.skin);
  return o;
}

// A mane of scalloped tufts along the back of the neck, from (x0,y0) to (x1,y1).
function mane(x0, y0, x1, y1, n) {
  const dx = (x1 - x0) / n, dy = (y1 - y0) / n, L = Math.hypot(dx, dy), px = -dy / L, py = dx / L;
  let d = `M${r2(x0 + 4 * px)} ${r2(y0 + 4 * py)}L${x0} ${y0}`;
  for (let i = 0; i < n; i++) {
    const x = x0 + dx * (i + 0.8), y = y0 + dy * (i + 0.8);
    d += `Q${r2(x - 11 * px)} ${r2(y - 11 * py)} ${r2(x0 + dx * (i + 1))} ${r2(y0 + dy * (i + 1))}`;
  }
  return d + `L${r2(x1 + 6 * px)} ${r2(y1 + 6 * py)}Z`;
}

function cavallo(ctx, suit) {
  const p = ctx.p, [a, b, c] = DRESS[suit].map((k) => p[k]), si = SUITS.indexOf(suit), hc = p.horse[si];
  let o = `<ellipse cx="96" cy="271" rx="56" ry="7" fill="${p.ground}"/>`;
  o += blob(ctx, [['M146 188C160 196 160 220 152 238', 9]], p.hair[(si + 1) % 4]);
  o += blob(ctx, [[ell(106, 196, 44, 23)], ['M78 190L64 140', 28], ['M62 132L42 156', 18], ['M64 118L68 108L72 122Z'],
    ['M84 208L80 236L82 266', 10], ['M96 212L78 232L66 226', 10], ['M132 210L142 238L138 266', 11], ['M142 204L152 238L150 266', 11]], hc);
  o += `<path d="M77 270h10M133 270h10M145 270h10M62 230l6 -6" stroke="${p.ink}" stroke-width="7" stroke-linecap="round"/>`;
  o += shape(ctx, mane(66, 116, 94, 178, 6), p.hair[(si + 1) % 4]);
  o += `<circle cx="56" cy="134" r="2" fill="${p.ink}"/><path d="M46 152L100 162" stroke="${p.ink}" stroke-width="1.2"/>`;
  o += shape(ctx, 'M88 178L132 176L140 218Q112 226 84 216Z', a) + shape(ctx, 'M86 206Q112 216 138 208L140 218Q112 226 84 216Z', p.gold);
  o += blob(ctx, [['M110 176L100 204L108 232', 12]], b) + shape(ctx, 'M101 228L116 230L118 240L99 238Z', p.ink);
  o += blob(ctx, [['M100 138C96 148 96 158 102 162', 12]], c);
  o += shape(ctx, 'M100 130C96 150 96 168 98 184L130 184C132 166 130 148 126 130Q113 122 100 130Z', c);
  o += shape(ctx, 'M97 168L131 168L131 176L97 176Z', p.gold);
  o += dot(ctx, 102, 163, 6, p.skin);
  o += face(ctx, 113, 112, 13, p.hair[(si + 2) % 4]);
  o += shape(ctx, 'M94 104Q113 92 132 104Q113 98 94 104ZM102 101C102 86 124 86 124 101Z', a);
  o += blob(ctx, [['M126 136C136 134 142 128 146 120', 12]], c);
  o += (ctx.french ? FHOLD(ctx, suit, 148, 118) : HOLD[suit](ctx, 148, 118)) + dot(ctx, 148, 118, 6, p.skin);
  return o;
}

function re(ctx, suit) {
  const p = ctx.p, [a, b, c] = DRESS[suit].map((k) => p[k]), si = SUITS.indexOf(suit);
  let o = `<ellipse cx="100" cy="290" rx="44" ry="6" fill="${p.ground}"/>`;
  o += shape(ctx, 'M60 232L60 92Q60 78 74 78L126 78Q140 78 140 92L140 232Z', p.throne);
  o += dot(ctx, 62, 80, 7, p.gold) + dot(ctx, 138, 80, 7, p.gold);
  o += shape(ctx, 'M76 104C66 150 62 220 60 286L140 286C138 220 134 150 124 104Q100 96 76 104Z', a);
  o += shape(ctx, 'M91 108L86 286L114 286L109 108Z', b);
  const erm = (d) => shape(ctx, d, p.white) ;
  o += erm('M84 108L88 108L82 286L76 286Z') + erm('M112 108L116 108L124 286L118 286Z') + erm('M61 276Q100 285 139 276L140 289Q100 297 60 289Z');
  let sp = '';
  for (const [x, y] of [[82, 140], [81, 180], [80, 220], [79, 260], [118, 140], [119, 180], [120, 220], [121, 260], [70, 285], [88, 288], [112, 288], [130, 285]]) sp += `M${x} ${y - 2}l1.6 3h-3.2Z`;
  o += `<path d="${sp}" fill="${p.ink}"/>`;
  o += blob(ctx, [['M80 114C70 130 70 150 84 160', 14]], a) + dot(ctx, 88, 160, 6.5, p.skin);
  o += shape(ctx, 'M74 100Q100 118 126 100L128 110Q100 128 72 110Z', p.white);
  o += face(ctx, 100, 80, 15, p.hair[(si + 3) % 4], true);
  o += shape(ctx, 'M83 70L81 48L91 58L100 42L109 58L119 48L117 70Z', p.gold);
  o += `<circle cx="100" cy="62" r="3" fill="${p.red}"/><circle cx="89" cy="64" r="2.2" fill="${p.green}"/><circle cx="111" cy="64" r="2.2" fill="${p.blue}"/>`;
  o += blob(ctx, [['M121 114C134 124 140 136 144 146', 14]], a);
  o += (ctx.french ? FHOLD(ctx, suit, 146, 150) : HOLD[suit](ctx, 146, 150)) + dot(ctx, 146, 150, 6.5, p.skin);
  return o;
}

// The French queen (Dame, Donna): the French suits' 9 of the 40-card deck and 12 of the 52-card one.
// A woman standing in a long gown, long hair on her shoulders, a pearled coronet, a rose in
// her left hand and the suit in her right.
function donna(ctx, suit) {
  const p = ctx.p, [a, b, c] = DRESS[suit].map((k) => p[k]), hair = p.hair[[1, 2, 0, 2][SUITS.indexOf(suit)]];
  let o = `<ellipse cx="100" cy="290" rx="47" ry="6" fill="${p.ground}"/>`;
  o += shape(ctx, 'M82 76C74 100 72 126 76 142L124 142C128 126 126 100 118 76Z', hair);
  o += `<rect x="94" y="88" width="12" height="18" fill="${p.skin}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
  o += shape(ctx, 'M84 148C71 190 61 240 56 286L144 286C139 240 129 190 116 148Z', a);
  o += shape(ctx, 'M94 150L82 286L118 286L106 150Z', b);
  o += shape(ctx, 'M57 274Q100 284 143 274L144 288Q100 297 56 288Z', p.gold);
  let dots = '';
  for (const [x, y] of [[100, 180], [100, 212], [100, 244]]) dots += `M${x} ${y - 4}l4 4l-4 4l-4 -4Z`;
  o += `<path d="${dots}" fill="${c}" stroke="${p.ink}" stroke-width="${p.sw * 0.6}"/>`;
  o += shape(ctx, 'M80 106C78 124 82 140 84 152L116 152C118 140 122 124 120 106Q100 98 80 106Z', a);
  o += shape(ctx, 'M86 105Q100 128 114 105Q100 100 86 105Z', p.skin);
  o += shape(ctx, 'M82 144Q100 151 118 144L118 154Q100 161 82 154Z', p.gold);
  o += blob(ctx, [['M82 112C72 128 72 146 88 150', 12]], c);
  o += `<path d="M93 150L107 128" stroke="${p.ink}" stroke-width="${r2(2.4 + p.sw * 2)}" stroke-linecap="round"/>` +
    `<path d="M93 150L107 128" stroke="${p.green}" stroke-width="2.4" stroke-linecap="round"/>`;
  o += shape(ctx, 'M101 138q9 -1 10 -8q-7 0 -10 8Z', p.green, p.sw * 0.6);
  o += dot(ctx, 108, 126, 6.5, p.red) + `<path d="M105 126a3 3 0 1 1 3 3" fill="none" stroke="${p.redD}" stroke-width="1.4"/>`;
  o += dot(ctx, 92, 150, 6, p.skin);
  o += face(ctx, 100, 80, 14, hair);
  o += shape(ctx, 'M86 74C82 90 82 104 88 112C84 100 86 88 90 78Z', hair, p.sw * 0.7);
  o += shape(ctx, 'M114 74C118 90 118 104 112 112C116 100 114 88 110 78Z', hair, p.sw * 0.7);
  o += `<circle cx="92" cy="87" r="2.6" fill="${p.cheek}" opacity="0.6"/><circle cx="108" cy="87" r="2.6" fill="${p.cheek}" opacity="0.6"/>`;
  o += shape(ctx, 'M87 68L86 56L93 62L100 52L107 62L114 56L113 68Q100 64 87 68Z', p.gold);
  o += [[86, 55], [100, 51], [114, 55]].map(([x, y]) => dot(ctx, x, y, 2.4, p.white)).join('');
  o += `<circle cx="100" cy="63" r="2.4" fill="${p.blue}"/>`;
  o += blob(ctx, [['M118 112C130 122 138 134 144 146', 12]], c);
  o += (ctx.french ? FHOLD(ctx, suit, 146, 150) : HOLD[suit](ctx, 146, 150)) + dot(ctx, 146, 150, 6, p.skin);
  return o;
}

// ---------------------------------------------------------------- card frame
// The corner index, top left and turned at the bottom right: `label` (a number, or a court's
// letter) over the suit.
function index(ctx, suit, label) {
  const p = ctx.p, col = ctx.french ? p.fr[suit] : p.idx[suit];
  const long = !ctx.french && (suit === 'B' || suit === 'S');
  const t = `<text x="29" y="54" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="58" fill="${col}"` +
    `${label.length > 1 ? ' textLength="52" lengthAdjust="spacingAndGlyphs"' : ''}>${label}</text>`;
  const s = sym(ctx, suit, 29, long ? 90 : 82, long ? 48 : 32);
  // a 6 and a 9 underlined, as printed cards have them: the turned index must not read as the other
  const u = label === '6' || label === '9' ? `<rect data-underline="" x="12" y="58" width="34" height="4.5" rx="2" fill="${col}"/>` : '';
  return `<g>${t}${u}${s}</g><g transform="rotate(180 100 160)">${t}${u}${s}</g>`;
}

// The second deck's mark, beside the index's number at both corners: a small dark tablet with a
// Roman II, in the strip above the pips and the figures' heads (and, turned, below their feet). Its own group (data-mark), after everything else, so
// the second copy is its first copy's drawing plus this.
function mark(ctx) {
  const p = ctx.p;
  const m = `<rect x="58" y="7" width="19" height="24" rx="3.5" fill="${p.ink}"/>` +
    `<path d="M61.5 11.5h12M61.5 26.5h12M64.5 11.5v15M70.5 11.5v15" stroke="${p.card}" stroke-width="3.2" fill="none"/>`;
  return `<g data-mark="second">${m}<g transform="rotate(180 100 160)">${m}</g></g>`;
}

/** The figures, after the pip cards, in rank order: Fante (Jack), Cavallo (the French Queen), Re (King). */
const FIGURES = [fante, cavallo, re];
const figure = (ctx, i) => (ctx.french ? (FIGURES[i] === cavallo ? donna : FIGURES[i]) : ctx.st?.figures?.[i] || FIGURES[i]);

// The decks this art draws: how many pip ranks come before the three figures, the courts'
// corner letters (Italian, French) when a deck shows letters and not numbers, and how many
// copies of each card (the second written with an apostrophe after its code).
const DECKS = {
  40: { pips: 7, letters: null, copies: 1 },
  52: { pips: 10, letters: ['FCR', 'JQK'], copies: 1 },
  80: { pips: 7, letters: null, copies: 2 },
};
const SECOND = "'";
const ranksOf = (d) => Array.from({ length: d.pips + FIGURES.length }, (_, i) => i + 1);

/** The ranks of the 40-card deck, pip cards then figures (the preview's and the test's list). */
export const RANKS = ranksOf(DECKS[40]);
/** Each deck's ranks, by deck size. */
export const DECK_RANKS = Object.fromEntries(Object.entries(DECKS).map(([n, d]) => [n, ranksOf(d)]));

/** Every code this art draws for a deck: suit by suit, rank by rank, then the second copies.
 *  The game's deck is Python's (describe); this is what the preview page and the art's test draw. */
export function deckCodes(deck = 40) {
  const d = deckOf(deck), one = SUITS.flatMap((s) => ranksOf(d).map((r) => `${r}${s}`));
  return d.copies > 1 ? [...one, ...one.map((c) => c + SECOND)] : one;
}

function deckOf(deck) {
  const d = DECKS[deck];
  if (!d) throw new Error(`cardart: unknown deck ${JSON.stringify(deck)} (the art draws ${Object.keys(DECKS).join(', ')})`);
  return d;
}

function parse(code, deck) {
  const d = deckOf(deck), m = /^([1-9]\d*)(\w)('?)$/.exec(String(code));
  if (!m || !SUITS.includes(m[2]) || +m[1] > d.pips + FIGURES.length || (m[3] && d.copies < 2)) {
    const two = Object.keys(DECKS).filter((n) => DECKS[n].copies > 1).join(', ');
    throw new Error(`cardart: bad card code ${JSON.stringify(code)} for the ${deck}-card deck ` +
      `(ranks 1 to ${d.pips + FIGURES.length}, suits ${SUITS.join(' ')}; a second copy, ending in ${SECOND}, only in the ${two}-card deck)`);
  }
  return [+m[1], m[2], !!m[3], d];
}

function frame(p, inner, label, style) {
  return `<svg xmlns="${NS}" viewBox="0 0 ${W} ${H}" data-card="${label}"${style ? ` data-style="${style}"` : ''}>` +
    `<rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="12" fill="${p.card}" stroke="${p.edge}" stroke-width="2"/>` +
    `${inner}</svg>`;
}

const cache = new Map();

/** One card's SVG. deck: 40 (default), 52 or 80; a code the deck does not hold throws.
 *  style: a deck style (static/js/decks/*.js, NAPOLETANE below), or none for the plain art
 *  (the Napoletane drawing with corner indices, what the tests of the art check). */
export function cardSVG(code, { french = false, highContrast = false, deck = 40, style = null, indices = false } = {}) {
  const key = `${code}|${+!!french}${+!!highContrast}${+!!indices}|${deck}|${style?.id || ''}`;
  if (!cache.has(key)) cache.set(key, draw(code, !!french, !!highContrast, deck, style, !!indices));
  return cache.get(key);
}

function draw(code, french, highContrast, deck, st, indices) {
  const [rank, suit, second, d] = parse(code, deck);
  const base = highContrast ? HC : PAL;
  // A style may change the paper and the colours (never in high contrast, whose colours are the point),
  // and gives each suit the colour of the platform its figures stand on (ground).
  const p = { ...base, ...(highContrast || french ? {} : st?.pal), ground: (!french && st?.grounds?.[suit]) || base.ground };
  const ctx = { p, french, st: french ? null : st, suit, rank, deck, highContrast };
  // a French-suited Ace reads "A" in its corner, as French cards have it (issue 45); an Italian one "1"
  let inner = st?.under && !french ? st.under(ctx) : '', label = french && rank === 1 ? 'A' : String(rank);
  if (rank <= d.pips) {
    const gold = !french && (st?.settebello ?? true);
    if (suit === 'D' && rank === 7 && gold) inner += `<rect x="8" y="8" width="184" height="304" rx="8" fill="none" stroke="${ctx.p.gold}" stroke-width="3"/>`;
    inner += pips(ctx, suit, rank);
  } else {
    inner += figure(ctx, rank - d.pips - 1)(ctx, suit);
    if (d.letters) label = d.letters[+french][rank - d.pips - 1];
  }
  // The corner index: every deck but a style's that has none (the regional Italian decks show no
  // number: the pips and the figures tell). The 52 cards keep it (ten numerals and three courts
  // are not told apart at a glance without), and so does high contrast (it is there to be read);
  // `indices` asks for it in every style (a phone's hand in rows shows only the cards' corners: issue 45).
  if (indices || french || !st || st.indices !== false || d.letters || highContrast) inner += index(ctx, suit, label);
  if (second) inner += mark(ctx);
  if (st?.over && !french) inner += st.over(ctx);
  return frame(ctx.p, inner, `${rank}${suit}${second ? SECOND : ''}`, st?.id);
}

// Diagonal lattice clipped by hand to a rectangle, so no clipPath id is needed.
function lattice(x0, y0, x1, y1, step) {
  let d = '';
  for (let c = y0 - x1; c <= y1 - x0; c += step) {   // y = x + c
    const a = Math.max(x0, y0 - c), b = Math.min(x1, y1 - c);
    if (b > a) d += `M${r2(a)} ${r2(a + c)}L${r2(b)} ${r2(b + c)}`;
  }
  for (let c = x0 + y0; c <= x1 + y1; c += step) {   // y = -x + c
    const a = Math.max(x0, c - y1), b = Math.min(x1, c - y0);
    if (b > a) d += `M${r2(a)} ${r2(c - a)}L${r2(b)} ${r2(c - b)}`;
  }
  return d;
}

/** The back; second: the second deck's (of the 80 cards), blue where the first is red; style: a
 *  deck style whose `back` ({back, backL, step}) gives it its own colours and lattice (issue 45). */
export function backSVG({ highContrast = false, second = false, style = null } = {}) {
  const own = highContrast ? {} : style?.back || {};
  const base = { ...(highContrast ? HC : PAL), ...own }, p = second ? { ...base, back: (highContrast ? HC : PAL).back2 } : base, L = p.backL;
  let o = `<rect x="10" y="10" width="180" height="300" rx="7" fill="${p.back}" stroke="${L}" stroke-width="2.5"/>`;
  o += `<path d="${lattice(16, 16, 184, 304, own.step || 16)}" stroke="${L}" stroke-width="1" opacity="0.55"/>`;
  o += `<rect x="16" y="16" width="168" height="288" rx="4" fill="none" stroke="${L}" stroke-width="1.2"/>`;
  o += `<circle cx="100" cy="160" r="50" fill="${p.back}" stroke="${L}" stroke-width="3"/><circle cx="100" cy="160" r="42" fill="none" stroke="${L}" stroke-width="1.2"/>`;
  for (let i = 0; i < 8; i++) o += `<ellipse cx="100" cy="142" rx="6" ry="16" fill="${L}" transform="rotate(${i * 45} 100 160)"/>`;
  o += `<circle cx="100" cy="160" r="8" fill="${p.back}" stroke="${L}" stroke-width="2.5"/>`;
  for (const [x, y] of [[38, 38], [162, 38], [38, 282], [162, 282]]) o += `<circle cx="${x}" cy="${y}" r="9" fill="${p.back}" stroke="${L}" stroke-width="2"/><circle cx="${x}" cy="${y}" r="3" fill="${L}"/>`;
  return frame({ ...p, card: highContrast ? '#fff' : p.card }, o, 'back');
}

export function cardDataURL(code, opts) {
  const svg = code === 'back' ? backSVG(opts) : cardSVG(code, opts);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// ---------------------------------------------------------------- the default style
/** The Napoletane, the default style: this file's own drawing as the Neapolitan pattern has it —
 *  single-ended figures standing full length on a platform of their suit's colour (coins yellow,
 *  cups red, swords blue, clubs green), knobbly wooden clubs and straight swords that do not cross
 *  but in the two and three, the double-headed uncrowned eagle holding the ace of coins, and no corner
 *  index (the 52 cards and high contrast keep theirs, see draw). The other styles are modules of
 *  static/js/decks/, loaded when chosen (static/js/deck.js). */
export const NAPOLETANE = {
  id: 'napoletane', indices: false,
  grounds: { D: '#e9c445', C: '#cf4a3c', S: '#4f7fc4', B: '#5d9a4a' },
  ace: (ctx, suit) => (suit === 'D' ? eagle(ctx, { heads: 2 }) : null),
};
// The eagle draws the ace's coin itself: the plain pip is not drawn again over it.
NAPOLETANE.pips = (ctx, suit, rank) => (suit === 'D' && rank === 1 ? eagle(ctx, { heads: 2 }) : pipsPlain(ctx, suit, rank));

/** What the style modules draw with: the same symbols, hands, outlines, figures and layouts. */
export const kit = { W, H, FONT, PAL, SYM, FR, ROUND, LONG, r2, sym, held, blob, shape, dot, ell, face, rays, wreath, mane,
  petals, fante, cavallo, re, donna, DRESS, HOLD, eagle, pips: (ctx, suit, rank) => pipsPlain(ctx, suit, rank), index, backSVG };
