// Piacentine, the project's own drawing of the Piacenza pattern (Spanish-suited, used across
// Emilia, Lombardy's south, the Marche, Tuscany's north). What makes them Piacentine, as drawn here:
// - double-ended figures (the modern packs' mirrored half figures, cut by a straight line), the
//   Fante with a feathered cap, the Cavallo's horse head beside its rider, the Re bearded and
//   crowned; the Re di denari holds an axe, as the pattern's does;
// - the ace of coins is "la Polla": a single-headed crowned eagle with the coin on its breast;
//   the ace of swords a curved, Arab-looking blade, unlike the straight swords of the pips;
// - the four of coins carries Piacenza's red and white shield in the middle;
// - straight blue-steel swords and wooden cudgels that stand apart (they do not cross), round
//   coins with a four-petal rosette, tall goblets;
// - no corner index (the packs have none: players count the pips). High contrast and the
//   52-card deck still show one (cardart.js's draw).
import { kit, doubled, bust, riderBust, northSyms } from "./common.js";

const { r2, sym, shape, eagle } = kit;

const SYM = {
  D: { g: 40, f: (p, u) => `<circle r="47" fill="${p.gold}"/><circle r="40" fill="none" stroke="${p.red}" stroke-width="5"/>` +
    `<circle r="31" fill="${p.gold}" stroke-width="${r2(u * 0.8)}"/>` +
    [0, 90, 180, 270].map((a) => `<path d="M0 -28C10 -20 10 -8 0 0C-10 -8 -10 -20 0 -28Z" fill="${p.red}" stroke-width="${r2(u * 0.6)}" transform="rotate(${a})"/>`).join('') +
    [45, 135, 225, 315].map((a) => `<path d="M0 -24L4 -10L0 -4L-4 -10Z" fill="${p.green}" stroke-width="${r2(u * 0.5)}" transform="rotate(${a})"/>`).join('') +
    `<circle r="6" fill="${p.gold}" stroke-width="${r2(u * 0.6)}"/>` },
  C: { g: 34, f: (p, u) =>
    `<path d="M-20 48C-18 40-8 36-5 30L5 30C8 36 18 40 20 48Z" fill="${p.gold}"/>` +
    `<path d="M-5 31L-4 -2L4 -2L5 31Z" fill="${p.gold}"/><ellipse cy="14" rx="8" ry="5" fill="${p.red}"/>` +
    `<path d="M-26 -44C-28 -20-16 -2 0 -2C16 -2 28 -20 26 -44Z" fill="${p.red}"/>` +
    `<path d="M-27 -30Q0 -22 27 -30L25 -22Q0 -14-25 -22Z" fill="${p.blue}" stroke-width="${r2(u * 0.6)}"/>` +
    `<ellipse cy="-44" rx="26" ry="6" fill="${p.gold}"/><ellipse cy="-44" rx="20" ry="3.2" fill="${p.redD}" stroke="none"/>` },
  S: { g: 36, f: (p, u) =>
    `<path d="M0 -52L6 -40L4.5 20L-4.5 20L-6 -40Z" fill="${p.blue}"/>` +
    `<path d="M0 -42L0 16" stroke="${p.white}" stroke-width="${r2(u * 0.9)}"/>` +
    `<path d="M-20 20L20 20L18 27L-18 27Z" fill="${p.red}"/>` +
    `<path d="M-4 27L-4 42L4 42L4 27Z" fill="${p.gold}"/><circle cy="46" r="5" fill="${p.red}"/>` },
  B: { g: 42, f: (p, u) =>
    `<path d="M-4 50C-6 30-9 0-12 -30C-13 -44 13 -44 12 -30C9 0 6 30 4 50Z" fill="${p.wood}"/>` +
    `<path d="M3 48C5 30 8 0 10 -30L12 -30C9 0 6 30 4 50Z" fill="${p.woodD}" stroke="none"/>` +
    `<path d="M-11 -18L11 -18L10 -10L-10 -10Z" fill="${p.red}" stroke-width="${r2(u * 0.6)}"/>` +
    [[-10, -30], [9, -4], [-8, 14], [6, 32]].map(([x, y]) => `<path d="M${x} ${y}l${x < 0 ? -8 : 8} -6l${x < 0 ? 3 : -3} 7Z" fill="${p.green}" stroke-width="${r2(u * 0.6)}"/>`).join('') +
    `<ellipse cy="-38" rx="10" ry="3.4" fill="${p.cut}" stroke-width="${r2(u * 0.6)}"/>` },
};

// The pips: rows of coins and cups, swords and cudgels upright side by side, never crossing.
const ROW = {
  1: [[100, 160, 250]],
  2: [[72, 160, 190, -6], [128, 160, 190, 6]],
  3: [[56, 164, 170, -8], [100, 156, 170, 0], [144, 164, 170, 8]],
  4: [[64, 104, 100], [136, 104, 100], [64, 216, 100], [136, 216, 100]],
  5: [[60, 104, 96], [140, 104, 96], [100, 160, 96], [60, 216, 96], [140, 216, 96]],
  6: [[50, 100, 90], [100, 100, 90], [150, 100, 90], [50, 220, 90], [100, 220, 90], [150, 220, 90]],
  7: [[50, 92, 82], [100, 92, 82], [150, 92, 82], [100, 160, 82], [50, 228, 82], [100, 228, 82], [150, 228, 82]],
  8: [[42, 100, 84], [80, 100, 84], [120, 100, 84], [158, 100, 84], [42, 220, 84], [80, 220, 84], [120, 220, 84], [158, 220, 84]],
  9: [[42, 96, 80], [80, 96, 80], [120, 96, 80], [158, 96, 80], [100, 160, 60], [42, 224, 80], [80, 224, 80], [120, 224, 80], [158, 224, 80]],
  10: [[36, 92, 74], [68, 92, 74], [100, 92, 74], [132, 92, 74], [164, 92, 74], [36, 228, 74], [68, 228, 74], [100, 228, 74], [132, 228, 74], [164, 228, 74]],
};

function pips(ctx, suit, rank) {
  const p = ctx.p;
  if (rank === 1) {
    if (suit === 'D') return eagle(ctx, { heads: 1, crown: true, body: '#2f2a26' });
    if (suit === 'S') return kit.wreath(ctx, 100, 176, 60) + curvedAce(ctx);
    return sym(ctx, suit, 100, 160, suit === 'B' ? 250 : 150);
  }
  if (suit === 'D' || suit === 'C') {
    let o = kit.ROUND[rank].map(([x, y, s]) => sym(ctx, suit, x, y, s * (suit === 'C' ? 1.06 : 1))).join('');
    if (suit === 'D' && rank === 4) o += shield(ctx, 100, 160);
    if (suit === 'D' && rank === 7) o = kit.rays(ctx, 100, 160, 40, 16) + o;
    return o;
  }
  let o = '';
  if (suit === 'S' && rank === 5) o += leaves(ctx);   // the pattern's five of swords, on a bed of leaves
  return o + ROW[rank].map(([x, y, s, rot]) => sym(ctx, suit, x, y, s, rot || 0)).join('');
}

// The ace of swords: one curved blade, point up, its hilt low.
function curvedAce(ctx) {
  const p = ctx.p, k = 2.5, u = p.sw / k;
  return `<g transform="translate(100 150) scale(${k})" stroke="${p.ink}" stroke-width="${r2(u)}" stroke-linejoin="round">${northSyms().S.f(p, u)}</g>`;
}

// Piacenza's shield, white over red (the pattern's four of coins).
function shield(ctx, x, y) {
  const p = ctx.p;
  return shape(ctx, `M${x - 15} ${y - 18}L${x + 15} ${y - 18}L${x + 15} ${y}C${x + 15} ${y + 12} ${x + 6} ${y + 18} ${x} ${y + 22}C${x - 6} ${y + 18} ${x - 15} ${y + 12} ${x - 15} ${y}Z`, p.red) +
    shape(ctx, `M${x - 15} ${y - 18}L${x + 15} ${y - 18}L${x + 15} ${y - 2}L${x - 15} ${y - 2}Z`, p.white, p.sw * 0.8) +
    shape(ctx, `M${x - 10} ${y - 24}L${x - 6} ${y - 30}L${x} ${y - 24}L${x + 6} ${y - 30}L${x + 10} ${y - 24}Z`, p.gold, p.sw * 0.8);
}

function leaves(ctx) {
  const p = ctx.p;
  let o = '';
  for (const [x, y, a] of [[40, 60, 30], [160, 60, -30], [40, 260, 150], [160, 260, -150], [100, 40, 0], [100, 282, 180]]) {
    o += `<ellipse cx="${x}" cy="${y}" rx="7" ry="18" fill="${p.green}" stroke="${p.ink}" stroke-width="${p.sw * 0.6}" transform="rotate(${a} ${x} ${y})" opacity="0.8"/>`;
  }
  return o;
}

// The double-ended figures. Colours per suit: [coat, sleeve and trim, arms].
const DRESS = { D: ['red', 'yellow', 'blue'], C: ['blue', 'red', 'yellow'], B: ['green', 'yellow', 'red'], S: ['red', 'blue', 'green'] };
const dress = (ctx, suit) => DRESS[suit].map((k) => ctx.p[k]);

function fante(ctx, suit) {
  const p = ctx.p, hair = p.hair[[1, 0, 1, 0][Object.keys(DRESS).indexOf(suit)]];
  return doubled(ctx, (c, yOf) => bust(c, suit, { dress: dress(c, suit), hat: 'cap', hatCol: dress(c, suit)[1], hair,
    hand: { x: 148, y: 112 }, trim: true }, yOf), 'flat');
}

function cavallo(ctx, suit) {
  const p = ctx.p;
  return doubled(ctx, (c, yOf) => riderBust(c, suit, { dress: dress(c, suit), hat: 'hat', hatCol: dress(c, suit)[2], hair: p.hair[2],
    horse: p.horse[[1, 3, 1, 3][Object.keys(DRESS).indexOf(suit)]], hand: { x: 150, y: 104 } }, yOf), 'flat', null, 1);
}

function re(ctx, suit) {
  const p = ctx.p;
  return doubled(ctx, (c, yOf) => bust(c, suit, { dress: dress(c, suit), hat: 'crown', hair: p.hair[3], beard: true, cape: p.red === dress(c, suit)[0] ? p.blue : p.red,
    hand: { x: 150, y: 110 }, other: suit === 'D' ? { kind: 'axe', x: 56, y: 128, s: 0.8 } : { kind: 'sceptre', x: 56, y: 128, s: 0.8 }, collar: 'ruff' }, yOf), 'flat');
}

export default {
  back: { back: '#1d4f7a', backL: '#e9d28c', step: 20 },  // its own back (issue 45): blue and gold
  id: 'piacentine', indices: false, SYM, pips,
  pal: { card: '#fbf6ea', edge: '#6d5a44' },
  held: { B: 96, S: 100 },
  figures: [fante, cavallo, re],
};
