// Siciliane, the project's own drawing of the Sicilian pattern (Spanish-suited). What makes them
// Siciliane, as drawn here:
// - single-ended figures, full length: the Fante is a woman (the "Donna" of Sicilian players:
//   the card keeps its name, Fante, for the screen reader), the Cavallo rides to the right, and
//   the Cavallo di spade is a Moor in a turban with a curved blade; the Re stands in a cloak;
// - the ace of coins is a bird with spread wings holding the coin (one head, no crown);
// - the three of clubs has a moustached mask where the clubs meet;
// - the coins are suns with a red heart, the cups two-handled golden urns with a red band, the swords blue, the clubs
//   leafy green-and-brown cudgels; swords and clubs do not cross;
// - a thin red frame round every card, and no corner index (the packs have none).
import { kit, standing, rider, northSyms } from "./common.js";

const { r2, sym, shape, dot, eagle } = kit;

const SYM = {
  D: { g: 40, f: (p, u) => Array.from({ length: 16 }, (_, i) => `<path d="M-6 -38L0 -50L6 -38Z" fill="${p.gold}" stroke-width="${r2(u * 0.5)}" transform="rotate(${i * 22.5})"/>`).join('') +
    `<circle r="39" fill="${p.gold}"/><circle r="30" fill="${p.yellow}" stroke-width="${r2(u * 0.6)}"/>` +
    `<circle r="17" fill="${p.red}" stroke-width="${r2(u * 0.8)}"/>` +
    Array.from({ length: 6 }, (_, i) => `<circle cx="${r2(9 * Math.cos(i * Math.PI / 3))}" cy="${r2(9 * Math.sin(i * Math.PI / 3))}" r="3" fill="${p.gold}" stroke="none"/>`).join('') +
    `<circle r="3.4" fill="${p.green}" stroke="none"/>` },
  C: { g: 32, f: (p, u) =>
    `<path d="M-20 48C-18 40-8 36-6 30L6 30C8 36 18 40 20 48Z" fill="${p.gold}"/>` +
    `<path d="M-6 31L-5 12L5 12L6 31Z" fill="${p.gold}"/>` +
    `<path d="M-24 -30C-44 -30-44 -6-26 -4M24 -30C44 -30 44 -6 26 -4" fill="none" stroke-width="${r2(u * 4)}"/>` +
    `<path d="M-24 -30C-44 -30-44 -6-26 -4M24 -30C44 -30 44 -6 26 -4" fill="none" stroke="${p.gold}" stroke-width="${r2(u * 2)}"/>` +
    `<path d="M-28 -40C-34 -10-16 12 0 12C16 12 34 -10 28 -40Z" fill="${p.gold}"/>` +
    `<path d="M-30 -26Q0 -18 30 -26L28 -18Q0 -10-28 -18Z" fill="${p.red}" stroke-width="${r2(u * 0.6)}"/>` +
    `<ellipse cy="-40" rx="29" ry="6.5" fill="${p.gold}"/><ellipse cy="-40" rx="22" ry="3.4" fill="${p.redD}" stroke="none"/>` },
  S: { g: 36, f: (p, u) =>
    `<path d="M0 -52C5 -44 7 -36 6 -28L4.5 20L-4.5 20L-6 -36Z" fill="${p.blue}"/>` +
    `<path d="M-1 -42L-1 16" stroke="${p.steel}" stroke-width="${r2(u * 0.9)}"/>` +
    `<path d="M-22 18C-14 24 14 24 22 18L20 26C12 30-12 30-20 26Z" fill="${p.gold}"/>` +
    `<path d="M-4 28L-4 42L4 42L4 28Z" fill="${p.red}"/><circle cy="46" r="5" fill="${p.gold}"/>` },
  B: { g: 40, f: (p, u) =>
    `<path d="M-5 50C-7 28-10 0-13 -28C-14 -44 14 -44 13 -28C10 0 7 28 5 50Z" fill="${p.grip}"/>` +
    `<path d="M-12 -12L12 -12M-9 14L9 14M-7 34L7 34" stroke="${p.gold}" stroke-width="${r2(u * 1.6)}"/>` +
    [[-12, -30, -40], [12, -24, 40], [-10, 2, -40], [10, 22, 40]].map(([x, y, a]) =>
      `<ellipse cx="${x + (a > 0 ? 9 : -9)}" cy="${y}" rx="11" ry="4.5" fill="${p.green}" stroke-width="${r2(u * 0.6)}" transform="rotate(${a} ${x} ${y})"/>`).join('') +
    `<ellipse cy="-37" rx="11" ry="3.6" fill="${p.cut}" stroke-width="${r2(u * 0.6)}"/>` },
};

// swords and clubs side by side, slightly fanned
const FAN = {
  2: [[74, 160, 200, -8], [126, 160, 200, 8]],
  3: [[56, 166, 180, -12], [100, 156, 190, 0], [144, 166, 180, 12]],
};

function pips(ctx, suit, rank) {
  if (rank === 1) {
    if (suit === 'D') return eagle(ctx, { heads: 1, body: '#6a3b1e', light: '#b27a48' });
    return sym(ctx, suit, 100, 160, suit === 'C' ? 150 : 250);
  }
  if (suit === 'D' || suit === 'C') return kit.ROUND[rank].map(([x, y, s]) => sym(ctx, suit, x, y, s * (suit === 'C' ? 1.04 : 1.02))).join('');
  if (FAN[rank]) return FAN[rank].map(([x, y, s, r]) => sym(ctx, suit, x, y, s, r)).join('') + (suit === 'B' && rank === 3 ? mask(ctx, 100, 176) : '');
  // four and up: two columns, the odd one in the middle (kit's layouts, without crossing)
  return kit.LONG[rank].map(([x, y, s]) => sym(ctx, suit, x, y, s * 0.96)).join('');
}

// The three of clubs' mask: a round face with a big moustache, where the three clubs meet.
function mask(ctx, x, y) {
  const p = ctx.p;
  return dot(ctx, x, y, 20, p.skin) +
    `<circle cx="${x - 7}" cy="${y - 5}" r="2.4" fill="${p.ink}"/><circle cx="${x + 7}" cy="${y - 5}" r="2.4" fill="${p.ink}"/>` +
    shape(ctx, `M${x} ${y + 3}C${x - 8} ${y} ${x - 18} ${y + 2} ${x - 24} ${y - 4}C${x - 20} ${y + 8} ${x - 8} ${y + 10} ${x} ${y + 6}C${x + 8} ${y + 10} ${x + 20} ${y + 8} ${x + 24} ${y - 4}C${x + 18} ${y + 2} ${x + 8} ${y} ${x} ${y + 3}Z`, p.hair[2]) +
    `<path d="M${x - 5} ${y + 12}Q${x} ${y + 15} ${x + 5} ${y + 12}" fill="none" stroke="${p.redD}" stroke-width="1.6"/>`;
}

const DRESS = { D: ['yellow', 'red', 'blue'], C: ['red', 'blue', 'yellow'], B: ['green', 'yellow', 'red'], S: ['blue', 'red', 'yellow'] };
const dress = (ctx, suit) => DRESS[suit].map((k) => ctx.p[k]);
const si = (suit) => Object.keys(DRESS).indexOf(suit);

// The Donna: a woman in a long gown and a coif, the suit held before her.
function fante(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return standing(ctx, suit, { dress: d, gown: true, hat: 'veil', hatCol: d[1], hair: p.hair[[0, 2, 1, 0][si(suit)]], belt: true,
    hand: { x: 132, y: 152, size: suit === 'B' || suit === 'S' ? 90 : 50 }, other: { kind: 'flower', x: 66, y: 160 } });
}

function cavallo(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit), moor = suit === 'S';
  // the Moor's blade is the curved sword of the northern decks
  const st = moor ? { ...ctx, st: { ...ctx.st, SYM: { ...SYM, S: northSyms().S } } } : ctx;
  return rider(st, suit, { dress: d, right: true, hat: moor ? 'turban' : 'hat', hatCol: d[1], hair: p.hair[2], beard: moor,
    horse: p.horse[[2, 1, 3, 0][si(suit)]], mane: p.hair[[2, 0, 2, 3][si(suit)]], saddle: d[1] });
}

function re(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return standing(ctx, suit, { dress: d, gown: true, cape: d[1], hat: 'crown', hair: p.hair[3], beard: true,
    hand: { x: 146, y: 132 }, other: { kind: 'sceptre', x: 62, y: 178 }, collar: 'ruff' });
}

// a thin red frame inside the edge
const over = (ctx) => `<rect x="7" y="7" width="186" height="306" rx="7" fill="none" stroke="${ctx.p.red}" stroke-width="1.6"/>`;

export default {
  back: { back: '#1f5b3a', backL: '#f0d27a', step: 14 },  // its own back (issue 45): green and gold
  id: 'siciliane', indices: false, SYM, pips, over,
  pal: { card: '#fffdf7', edge: '#7a5a3a' },
  grounds: { D: '#e6c24a', C: '#d05a48', S: '#5b86c8', B: '#6aa055' },
  figures: [fante, cavallo, re],
};
