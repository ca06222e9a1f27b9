// Bergamasche, the project's own drawing of the Bergamo pattern (Italian suits, played around
// Bergamo and Brescia). What makes them Bergamasche, as drawn here:
// - the northern suit signs (curved swords crossing in an oval, batons crossing), with the
//   pattern's own coin: black and red, in a red ring; red cups; yellow batons;
// - double-ended figures cut on a slant: the Fante di spade holds the hilt of a second sword,
//   the Cavallo's horse head beside him, the Re in a tall crown and a cloak with a ruff;
// - the ace of cups has a little winged cupid on its lid, the ace of batons the ribbon "VINCERAI"
//   ("you will win", the pattern's own motto), the ace of coins a black and red rosette filling
//   the ring that once took the tax stamp;
// - small vignettes among the pips (a flower between the sword blades);
// - no corner index (the packs have none).
import { kit, doubled, bust, riderBust, northSyms, northPips, ribbon, flowers } from "./common.js";

const { sym, shape, dot } = kit;
const BLACK = '#262220';
const SYM = northSyms({ ring: 'red', field: BLACK, petal: 'red', heart: 'gold', ringDot: 'redD', cup: 'red', baton: 'yellow' });

function pips(ctx, suit, rank) {
  const p = ctx.p;
  if (rank === 1) {
    if (suit === 'D') return `<circle cx="100" cy="160" r="86" fill="none" stroke="${p.red}" stroke-width="6"/><circle cx="100" cy="160" r="86" fill="none" stroke="${p.ink}" stroke-width="${p.sw}"/>` + sym(ctx, 'D', 100, 160, 150);
    if (suit === 'C') return sym(ctx, 'C', 100, 178, 150) + cupid(ctx, 100, 84);
    if (suit === 'B') return northPips(ctx, 'B', 1) + ribbon(ctx, 160, 'VINCERAI', p.white);
    return northPips(ctx, 'S', 1);
  }
  let o = northPips(ctx, suit, rank, { flower: false });
  if (suit === 'S' && rank % 2 === 0) o += flowers(ctx, [[100, 156]]);
  if (suit === 'B' && rank % 2 === 0) o += flowers(ctx, [[100, 40], [100, 280]]);
  return o;
}

// A little cupid: a round child's head with two wings and a curl of hair.
function cupid(ctx, x, y) {
  const p = ctx.p;
  return shape(ctx, `M${x - 8} ${y + 4}C${x - 30} ${y - 14} ${x - 40} ${y + 6} ${x - 26} ${y + 16}C${x - 20} ${y + 14} ${x - 12} ${y + 12} ${x - 8} ${y + 10}Z`, p.white) +
    shape(ctx, `M${x + 8} ${y + 4}C${x + 30} ${y - 14} ${x + 40} ${y + 6} ${x + 26} ${y + 16}C${x + 20} ${y + 14} ${x + 12} ${y + 12} ${x + 8} ${y + 10}Z`, p.white) +
    dot(ctx, x, y + 22, 12, p.skin) + dot(ctx, x, y + 2, 14, p.skin) + shape(ctx, `M${x - 13} ${y - 2}C${x - 12} ${y - 16} ${x + 12} ${y - 16} ${x + 13} ${y - 2}C${x + 6} ${y - 8} ${x - 6} ${y - 8} ${x - 13} ${y - 2}Z`, p.hair[1]) +
    `<circle cx="${x - 5}" cy="${y + 2}" r="1.6" fill="${p.ink}"/><circle cx="${x + 5}" cy="${y + 2}" r="1.6" fill="${p.ink}"/>` +
    `<path d="M${x - 3} ${y + 8}Q${x} ${y + 10} ${x + 3} ${y + 8}" fill="none" stroke="${p.redD}" stroke-width="1.2"/>`;
}

const DRESS = { D: ['green', 'red', 'yellow'], C: ['red', 'yellow', 'blue'], B: ['blue', 'yellow', 'red'], S: ['red', 'green', 'blue'] };
const dress = (ctx, suit) => DRESS[suit].map((k) => ctx.p[k]);
const si = (suit) => Object.keys(DRESS).indexOf(suit);

function fante(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return doubled(ctx, (c, yOf) => bust(c, suit, { dress: d, hat: 'hood', hatCol: d[1], hair: p.hair[si(suit) % 2], collar: 'ruff',
    hand: { x: 52, y: 112 }, other: suit === 'S' ? { kind: 'sword', x: 146, y: 120, s: 0.8 } : { kind: 'flower', x: 146, y: 124, s: 0.9 } }, yOf), 'slant', p.gold);
}

function cavallo(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return doubled(ctx, (c, yOf) => riderBust(c, suit, { dress: d, hat: 'cap', hatCol: d[2], hair: p.hair[2],
    horse: p.horse[[3, 0, 2, 1][si(suit)]], mane: p.hair[[0, 2, 3, 2][si(suit)]], hand: { x: 148, y: 100 } }, yOf), 'slant', p.gold, 1);
}

function re(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return doubled(ctx, (c, yOf) => bust(c, suit, { dress: d, hat: 'tall', hatCol: d[1], hair: p.hair[3], beard: true, cape: d[2], collar: 'ruff', trim: true,
    hand: { x: 150, y: 106 }, other: { kind: 'sceptre', x: 58, y: 124, s: 0.8 } }, yOf), 'slant', p.gold, 1);
}

export default {
  back: { back: '#5b3a1e', backL: '#e8cf8a', step: 12 },  // its own back (issue 45): walnut and straw
  id: 'bergamasche', indices: false, SYM, pips,
  pal: { card: '#fbf7ef', edge: '#5f5040' },
  held: { B: 100, S: 104 }, baton: 'yellow',
  figures: [fante, cavallo, re],
};
