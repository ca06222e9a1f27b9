// Trevigiane (Trevisane), the project's own drawing of the Venetian pattern of Treviso (Italian
// suits, played across the Veneto, Friuli and Trentino). What makes them Trevigiane, as drawn here:
// - the northern suit signs: long curved swords that cross in an oval, long batons that cross in a
//   lattice (an upright one through the odd ranks), coins as flowers in a ring, wide blue cups;
// - single-ended figures full length: the Fante in a broad plumed hat, the Cavallo on a rearing
//   horse, the Re seated on his throne (the northern kings sit); the Re di bastoni holds Treviso's
//   shield, and the Fante di spade carries a second blade point down, as the executioner-jack of
//   the pattern does (drawn here without the head he holds);
// - the aces carry a ribbon with a word (the pattern's aces have mottoes; these words are the
//   project's own), and the ace of coins is a broad ring round an empty centre, where the tax
//   stamp went;
// - no corner index (the 40-card packs have none).
import { kit, standing, seated, rider, northSyms, northPips, ribbon } from "./common.js";

const { sym, dot } = kit;
const SYM = northSyms();

const WORDS = { C: 'ALLEGRIA', S: 'CORAGGIO', B: 'PAZIENZA', D: 'TARVISIUM' };

function pips(ctx, suit, rank) {
  const p = ctx.p;
  if (rank === 1) {
    if (suit === 'D') {
      return `<circle cx="100" cy="150" r="70" fill="${p.gold}" stroke="${p.ink}" stroke-width="${p.sw}"/>` +
        `<circle cx="100" cy="150" r="60" fill="${p.red}" stroke="${p.ink}" stroke-width="${p.sw}"/>` +
        Array.from({ length: 12 }, (_, i) => sym(ctx, 'D', 100 + 52 * Math.cos(i * Math.PI / 6), 150 + 52 * Math.sin(i * Math.PI / 6), 16)).join('') +
        `<circle cx="100" cy="150" r="40" fill="${p.card}" stroke="${p.ink}" stroke-width="${p.sw}"/>` +
        dot(ctx, 100, 150, 8, p.green) + ribbon(ctx, 258, WORDS.D, p.white);
    }
    if (suit === 'C') return sym(ctx, 'C', 100, 150, 150) + ribbon(ctx, 262, WORDS.C, p.white);
    return northPips(ctx, suit, 1) + ribbon(ctx, 298, WORDS[suit], p.white);
  }
  return northPips(ctx, suit, rank);
}

const DRESS = { D: ['red', 'yellow', 'blue'], C: ['blue', 'red', 'yellow'], B: ['green', 'red', 'yellow'], S: ['yellow', 'blue', 'red'] };
const dress = (ctx, suit) => DRESS[suit].map((k) => ctx.p[k]);
const si = (suit) => Object.keys(DRESS).indexOf(suit);

function fante(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return standing(ctx, suit, { dress: d, hat: 'hat', hatCol: d[1], hair: p.hair[si(suit) % 2],
    hand: { x: 142, y: 156, size: suit === 'B' || suit === 'S' ? 110 : 56, rot: suit === 'S' ? 18 : suit === 'B' ? 8 : 0 },
    other: suit === 'S' ? { kind: 'sword', x: 66, y: 176 } : { kind: null, x: 70, y: 176 }, lean: -1 });
}

function cavallo(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return rider(ctx, suit, { dress: d, rear: true, hat: 'helmet', hatCol: d[1], hair: p.hair[2],
    horse: p.horse[[1, 0, 3, 2][si(suit)]], mane: p.hair[[2, 3, 2, 0][si(suit)]], saddle: d[1] });
}

function re(ctx, suit) {
  const p = ctx.p, d = dress(ctx, suit);
  return seated(ctx, suit, { dress: d, hat: 'tall', hatCol: p.gold, hair: p.hair[3], throne: p.throne,
    other: suit === 'B' ? 'shield' : 'sceptre' });
}

export default {
  back: { back: '#5a1f4f', backL: '#e6c27a', step: 18 },  // its own back (issue 45): plum and gold
  id: 'trevigiane', indices: false, SYM, pips,
  pal: { card: '#fdf8ec', edge: '#7b6547' },
  held: { B: 112, S: 112 },
  grounds: { D: '#d9c79b', C: '#d9c79b', S: '#d9c79b', B: '#d9c79b' },
  figures: [fante, cavallo, re],
};
