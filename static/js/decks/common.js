// What the regional deck styles (static/js/decks/<id>.js) draw with, on top of cardart.js's kit:
// figures standing, seated, riding, or cut at the waist and mirrored (the double-ended decks), the
// things they hold, and the suit signs and pip layouts of the northern Italian-suited decks (curved
// swords and long batons that cross). Loaded only with the first style that is not the default.
// Same rules as cardart.js: a 200 x 320 viewBox, no ids, no network, every colour from ctx.p so
// high contrast works.

import { kit } from "../cardart.js";

const { r2, sym, held, blob, shape, dot, face, ell } = kit;
export { kit };

// ---------------------------------------------------------------- hats and things held
/** A hat on a head of radius r at (x, y): cap (a beret with a feather), crown, tall (a northern
 *  king's high crown), turban, hood, veil (a woman's coif), helmet, hat (broad brim). */
export function hat(ctx, kind, x, y, r, col) {
  const p = ctx.p, c = col || p.red;
  switch (kind) {
    case 'crown': return shape(ctx, `M${x - r + 2} ${y - r + 6}L${x - r} ${y - r - 14}L${x - r / 2} ${y - r - 4}L${x} ${y - r - 20}L${x + r / 2} ${y - r - 4}L${x + r} ${y - r - 14}L${x + r - 2} ${y - r + 6}Z`, p.gold) +
      `<circle cx="${x}" cy="${y - r - 1}" r="2.6" fill="${p.red}"/><circle cx="${x - r / 2 - 1}" cy="${y - r + 1}" r="2" fill="${p.green}"/><circle cx="${x + r / 2 + 1}" cy="${y - r + 1}" r="2" fill="${p.blue}"/>`;
    case 'tall': return shape(ctx, `M${x - r} ${y - r + 6}L${x - r + 3} ${y - r - 22}Q${x} ${y - r - 30} ${x + r - 3} ${y - r - 22}L${x + r} ${y - r + 6}Z`, c) +
      shape(ctx, `M${x - r - 2} ${y - r + 8}L${x - r - 1} ${y - r - 2}L${x + r + 1} ${y - r - 2}L${x + r + 2} ${y - r + 8}Z`, p.gold) +
      [-r + 4, 0, r - 4].map((dx) => `<circle cx="${x + dx}" cy="${y - r - 12}" r="2.2" fill="${p.gold}" stroke="${p.ink}" stroke-width="${p.sw * 0.6}"/>`).join('') +
      dot(ctx, x, y - r - 30, 3.4, p.gold);
    case 'turban': return shape(ctx, `M${x - r - 3} ${y - 2}C${x - r - 6} ${y - r - 18} ${x + r + 6} ${y - r - 18} ${x + r + 3} ${y - 2}Q${x} ${y - 8} ${x - r - 3} ${y - 2}Z`, p.white) +
      `<path d="M${x - r} ${y - 8}Q${x} ${y - r - 4} ${x + r} ${y - 12}M${x - r + 2} ${y - 14}Q${x} ${y - r - 10} ${x + r - 2} ${y - 4}" fill="none" stroke="${p.ink}" stroke-width="${p.sw * 0.7}"/>` +
      dot(ctx, x, y - r - 4, 3.4, c) + shape(ctx, `M${x} ${y - r - 8}q4 -12 10 -14q-2 8 -8 14Z`, c, p.sw * 0.7);
    case 'hood': return shape(ctx, `M${x - r - 4} ${y + r}C${x - r - 8} ${y - r - 14} ${x + r + 8} ${y - r - 14} ${x + r + 4} ${y + r}L${x + r - 2} ${y + r}C${x + r} ${y - r + 2} ${x - r} ${y - r + 2} ${x - r + 2} ${y + r}Z`, c);
    case 'veil': return shape(ctx, `M${x - r - 5} ${y + r + 10}C${x - r - 8} ${y - r - 14} ${x + r + 8} ${y - r - 14} ${x + r + 5} ${y + r + 10}L${x + r - 1} ${y + r + 8}C${x + r + 1} ${y - r + 3} ${x - r - 1} ${y - r + 3} ${x - r + 1} ${y + r + 8}Z`, c) +
      shape(ctx, `M${x - r + 2} ${y - r + 2}Q${x} ${y - r - 6} ${x + r - 2} ${y - r + 2}`, 'none', p.sw * 2.2);
    case 'helmet': return shape(ctx, `M${x - r - 1} ${y - 1}C${x - r - 2} ${y - r - 12} ${x + r + 2} ${y - r - 12} ${x + r + 1} ${y - 1}Z`, p.steel) +
      shape(ctx, `M${x - 2} ${y - r - 8}C${x - 10} ${y - r - 26} ${x + 14} ${y - r - 30} ${x + 20} ${y - r - 16}C${x + 12} ${y - r - 18} ${x + 6} ${y - r - 12} ${x + 2} ${y - r - 8}Z`, c);
    case 'hat': return shape(ctx, `M${x - r - 10} ${y - r + 4}Q${x} ${y - r - 4} ${x + r + 10} ${y - r + 4}Q${x} ${y - r + 10} ${x - r - 10} ${y - r + 4}Z`, c) +
      shape(ctx, `M${x - r + 2} ${y - r + 2}C${x - r + 2} ${y - r - 16} ${x + r - 2} ${y - r - 16} ${x + r - 2} ${y - r + 2}Z`, c) +
      shape(ctx, `M${x + 4} ${y - r - 8}C${x + 14} ${y - r - 26} ${x + 30} ${y - r - 26} ${x + 34} ${y - r - 22}C${x + 24} ${y - r - 18} ${x + 14} ${y - r - 10} ${x + 8} ${y - r - 4}Z`, p.white);
    default: return shape(ctx, `M${x - r} ${y - r + 10}C${x - r} ${y - r - 8} ${x + r} ${y - r - 10} ${x + r + 1} ${y - r + 8}C${x + 10} ${y - r + 4} ${x - 10} ${y - r + 4} ${x - r} ${y - r + 10}Z`, c) +
      shape(ctx, `M${x + r - 6} ${y - r}C${x + r + 4} ${y - r - 18} ${x + r + 18} ${y - r - 24} ${x + r + 26} ${y - r - 22}C${x + r + 20} ${y - r - 14} ${x + r + 8} ${y - r - 4} ${x + r - 2} ${y - r + 6}Z`, p.white);
  }
}

/** Something held in a hand at (x, y) beside the suit: branch, axe, sceptre, shield, sword (point
 *  down), flower, staff, fan. */
export function thing(ctx, kind, x, y, s = 1) {
  const p = ctx.p, g = (o) => `<g transform="translate(${x} ${y}) scale(${s})">${o}</g>`;
  switch (kind) {
    case 'branch': return g(`<path d="M0 10C-2 -10 -4 -30 -2 -52" fill="none" stroke="${p.ink}" stroke-width="${r2(3 + p.sw * 2)}" stroke-linecap="round"/>` +
      `<path d="M0 10C-2 -10 -4 -30 -2 -52" fill="none" stroke="${p.woodD}" stroke-width="3" stroke-linecap="round"/>` +
      [[-3, -14, -40], [-4, -26, 36], [-3, -38, -38], [-2, -50, 30], [-1, -4, 40]].map(([lx, ly, a]) =>
        `<ellipse cx="${lx + (a > 0 ? 6 : -6)}" cy="${ly}" rx="8" ry="3.6" fill="${p.green}" stroke="${p.ink}" stroke-width="${p.sw * 0.7}" transform="rotate(${a} ${lx} ${ly})"/>`).join(''));
    case 'axe': return g(shape(ctx, 'M-2 14L-2 -56L2 -56L2 14Z', p.wood) + shape(ctx, 'M2 -50C14 -58 24 -54 26 -44C26 -34 16 -28 2 -34Z', p.steel));
    case 'sceptre': return g(shape(ctx, 'M-2 16L-2 -50L2 -50L2 16Z', p.gold) + dot(ctx, 0, -54, 5, p.gold) + `<circle cx="0" cy="-54" r="2" fill="${p.red}"/>`);
    case 'staff': return g(shape(ctx, 'M-2 14L-2 -70L2 -70L2 14Z', p.wood) + dot(ctx, 0, -72, 3.5, p.gold));
    case 'shield': return g(shape(ctx, 'M-16 -20L16 -20L16 -2C16 12 6 20 0 24C-6 20 -16 12 -16 -2Z', p.white) +
      shape(ctx, 'M-3 -20L3 -20L3 -4L16 -4L16 2L3 2L3 22L-3 22L-3 2L-16 2L-16 -4L-3 -4Z', p.red, p.sw * 0.6));
    case 'flower': return g(`<path d="M0 8L0 -22" stroke="${p.green}" stroke-width="2.4"/>` + dot(ctx, 0, -26, 6, p.red) + dot(ctx, 0, -26, 2.2, p.yellow));
    case 'fan': return g(shape(ctx, 'M0 0L-16 -26Q0 -34 16 -26Z', p.white) + `<path d="M0 0L-8 -30M0 0L0 -31M0 0L8 -30" stroke="${p.ink}" stroke-width="${p.sw * 0.6}"/>`);
    case 'sword': return sym(ctx, 'S', x, y + 36 * s, 70 * s, 180);
    default: return '';
  }
}

// ---------------------------------------------------------------- figures
const arm = (ctx, d, col, w = 13) => blob(ctx, [[d, w]], col);

/** A figure standing full length. o: {dress: [a, b, c], hat, hatCol, hair, beard, gown (a long robe,
 *  a woman's or a king's), cape, lean (-1 left .. 1 right: the whole figure sways), hand: the suit's
 *  hand {x, y, size, rot} (the right hand, viewer's right; x < 100 puts the suit in the left hand),
 *  other: {kind, x, y} the other hand's thing, collar, belt, ground (a platform's colour)}. */
export function standing(ctx, suit, o) {
  const p = ctx.p, [a, b, c] = o.dress, hx = o.hand?.x ?? 148, hy = o.hand?.y ?? 138, left = hx < 100;
  const ox = o.other?.x ?? (left ? 148 : 60), oy = o.other?.y ?? 176;
  let s = `<ellipse cx="100" cy="284" rx="52" ry="7" fill="${o.ground || p.ground}"/>`;
  if (o.cape) s += shape(ctx, 'M78 104C60 150 54 220 50 282Q100 292 150 282C146 220 140 150 122 104Z', o.cape);
  if (o.gown) {
    s += shape(ctx, 'M77 104C70 150 62 220 58 282Q100 292 142 282C138 220 130 150 123 104Q100 96 77 104Z', a);
    s += shape(ctx, 'M92 106L86 284L114 284L108 106Z', b);
    s += shape(ctx, 'M59 272Q100 282 141 272L142 284Q100 294 58 284Z', p.gold);
  } else {
    s += blob(ctx, [['M92 196L89 272', 13]], b) + blob(ctx, [['M108 196L111 272', 13]], c);
    s += shape(ctx, 'M78 282C78 273 85 271 95 273L96 283Z', p.ink) + shape(ctx, 'M122 282C122 273 115 271 105 273L104 283Z', p.ink);
    s += shape(ctx, 'M77 104C70 130 68 160 64 204Q100 214 136 204C132 160 130 130 123 104Q100 96 77 104Z', a);
    s += shape(ctx, 'M66 190Q100 200 134 190L136 204Q100 214 64 204Z', b);
    s += shape(ctx, 'M92 108L100 204L108 108Z', c, p.sw * 0.8);
  }
  if (o.belt !== false) s += shape(ctx, 'M70 150Q100 158 130 150L131 160Q100 168 69 160Z', p.gold);
  // the arms: the suit's hand and the other
  const sh = left ? [80, 112] : [121, 112], osh = left ? [121, 112] : [80, 112];
  s += arm(ctx, `M${osh[0]} ${osh[1]}Q${(osh[0] + ox) / 2 + (left ? 12 : -12)} ${(osh[1] + oy) / 2} ${ox} ${oy}`, b);
  s += `<rect x="94" y="88" width="12" height="16" fill="${p.skin}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
  s += shape(ctx, o.collar === 'ruff' ? 'M80 100Q90 112 100 106Q110 112 120 100L122 108Q110 120 100 114Q90 120 78 108Z' : 'M84 100Q100 114 116 100L118 106Q100 122 82 106Z', p.white);
  s += o.long ? shape(ctx, 'M84 76C80 92 82 106 88 112L112 112C118 106 120 92 116 76Z', o.hair) : '';
  s += face(ctx, 100, 80, 15, o.hair, o.beard);
  s += hat(ctx, o.hat, 100, 80, 15, o.hatCol);
  if (o.other) s += thing(ctx, o.other.kind, ox, oy, o.other.s || 1);
  s += dot(ctx, ox, oy, 6.5, p.skin);
  s += arm(ctx, `M${sh[0]} ${sh[1]}Q${(sh[0] + hx) / 2 + (left ? -6 : 6)} ${(sh[1] + hy) / 2 + 8} ${hx} ${hy}`, b);
  s += held(ctx, suit, hx, hy, o.hand?.size ?? suitSize(ctx, suit), o.hand?.rot ?? 0) + dot(ctx, hx, hy, 6.5, p.skin);
  return o.lean ? `<g transform="rotate(${o.lean * 4} 100 284)">${s}</g>` : s;
}

/** How big a held suit is drawn: the long ones (swords, clubs) about the figure's height. */
export const suitSize = (ctx, suit) => ctx.st?.held?.[suit] ?? (suit === 'B' || suit === 'S' ? 104 : 54);

/** A king seated on his throne, front view (the northern decks' kings sit). */
export function seated(ctx, suit, o) {
  const p = ctx.p, [a, b] = o.dress;
  let s = `<ellipse cx="100" cy="286" rx="62" ry="7" fill="${o.ground || p.ground}"/>`;
  s += shape(ctx, 'M50 280L50 90Q50 60 100 56Q150 60 150 90L150 280Z', o.throne || p.throne);
  s += shape(ctx, 'M56 96Q56 68 100 64Q144 68 144 96', 'none', p.sw * 2) + dot(ctx, 52, 92, 7, p.gold) + dot(ctx, 148, 92, 7, p.gold);
  s += shape(ctx, 'M44 206L156 206L158 222L42 222Z', p.gold);                       // the seat
  s += shape(ctx, 'M74 104C64 140 62 180 62 214L138 214C138 180 136 140 126 104Q100 96 74 104Z', a);  // the body
  s += shape(ctx, 'M62 206Q100 196 138 206L146 268Q100 280 54 268Z', b);              // the lap and the robe over the knees
  s += shape(ctx, 'M54 262Q100 274 146 262L146 272Q100 284 54 272Z', p.white);
  s += shape(ctx, 'M76 270C76 262 82 260 92 262L92 278L74 278Z', p.ink) + shape(ctx, 'M124 270C124 262 118 260 108 262L108 278L126 278Z', p.ink);
  s += shape(ctx, 'M92 106L96 206L104 206L108 106Z', p.white, p.sw * 0.8);
  s += arm(ctx, 'M80 112C68 136 68 160 82 176', a) + thing(ctx, o.other || 'sceptre', 84, 176, 1) + dot(ctx, 84, 176, 6.5, p.skin);
  s += shape(ctx, 'M74 100Q100 118 126 100L128 110Q100 128 72 110Z', p.white);
  s += face(ctx, 100, 80, 15, o.hair, true);
  s += hat(ctx, o.hat || 'crown', 100, 80, 15, o.hatCol);
  s += arm(ctx, 'M121 112C134 124 140 140 146 150', a);
  s += held(ctx, suit, 146, 152, suitSize(ctx, suit), 0) + dot(ctx, 146, 152, 6.5, p.skin);
  return s;
}

/** A horse and its rider, the horse facing left (o.right: facing right), o.rear: rearing. */
export function rider(ctx, suit, o) {
  const p = ctx.p, [a, b, c] = o.dress, hc = o.horse || p.horse[0], mane = o.mane || p.hair[2];
  let h = `<ellipse cx="100" cy="272" rx="58" ry="7" fill="${o.ground || p.ground}"/>`;
  const legs = o.rear
    ? [['M84 208L70 222L60 212', 10], ['M94 212L84 232L74 230', 10], ['M132 210L142 240L140 268', 11], ['M144 204L154 238L152 268', 11]]
    : [['M84 208L80 238L82 268', 10], ['M96 212L98 240L92 266', 10], ['M132 210L142 238L138 268', 11], ['M142 204L152 238L150 268', 11]];
  h += blob(ctx, [['M146 188C162 198 160 224 154 240', 9]], mane);
  h += blob(ctx, [[ell(108, 194, 44, 23)], [o.rear ? 'M78 188L58 136' : 'M80 190L66 142', 28], [o.rear ? 'M56 128L34 148' : 'M64 134L44 158', 18], ...legs], hc);
  h += shape(ctx, o.rear ? 'M54 126L46 108L60 118Z' : 'M62 120L56 104L70 114Z', hc);
  h += `<circle cx="${o.rear ? 48 : 56}" cy="${o.rear ? 132 : 138}" r="2" fill="${p.ink}"/>`;
  h += shape(ctx, o.rear ? 'M60 118Q74 130 82 176L92 172Q84 132 66 114Z' : 'M68 116Q82 132 88 178L98 174Q90 134 74 112Z', mane);
  h += shape(ctx, 'M90 178L134 176L142 216Q114 226 86 216Z', o.saddle || a) + shape(ctx, 'M88 206Q114 216 140 208L142 216Q114 226 86 216Z', p.gold);
  // the rider
  h += blob(ctx, [['M112 176L102 204L110 232', 12]], b) + shape(ctx, 'M103 228L118 230L120 240L101 238Z', p.ink);
  h += shape(ctx, 'M102 130C98 150 98 168 100 184L132 184C134 166 132 148 128 130Q115 122 102 130Z', c);
  h += shape(ctx, 'M99 168L133 168L133 176L99 176Z', p.gold);
  h += arm(ctx, 'M104 138C96 148 92 156 88 162', c) + `<path d="M88 162L60 140" stroke="${p.ink}" stroke-width="1.4"/>` + dot(ctx, 88, 163, 6, p.skin);
  h += face(ctx, 115, 112, 13, o.hair || p.hair[0], o.beard);
  h += hat(ctx, o.hat, 115, 112, 13, o.hatCol);
  h += arm(ctx, 'M128 136C138 132 144 124 148 116', c);
  h += held(ctx, suit, 150, 114, o.size ?? (suitSize(ctx, suit) * (suit === 'B' || suit === 'S' ? 0.85 : 1)), o.rot ?? 0) + dot(ctx, 150, 114, 6, p.skin);
  return o.right ? `<g transform="matrix(-1 0 0 1 200 0)">${h}</g>` : h;
}

/** A double-ended figure: draw(ctx) paints the top half (a figure cut at the waist, within the
 *  part above `cut`), then the same turned round the card's centre. cut: 'flat' (a straight line
 *  across) or 'slant' (a diagonal through the centre); k: how much larger than planned the half is
 *  drawn, from the centre (a tall crown needs all the room there is: 1). */
export function doubled(ctx, half, cut = 'flat', band, k = 1.06) {
  const p = ctx.p, line = cut === 'slant' ? 'M12 178L188 142' : 'M12 160L188 160';
  // the half is drawn a little larger than it is planned, from the centre, to fill the card
  const at = (x) => 100 + (x - 100) / k, slant = (x) => 178 - (x - 12) * 36 / 176;
  const top = `<g transform="translate(100 160) scale(${k}) translate(-100 -160)">${half(ctx, cut === 'slant' ? (x) => 160 + (slant(at(x)) - 160) / k : () => 160)}</g>`;
  return `<g>${top}</g><g transform="rotate(180 100 160)">${top}</g>` +
    (band ? `<path d="${line}" stroke="${band}" stroke-width="5"/>` : '') +
    `<path d="${line}" stroke="${p.ink}" stroke-width="${p.sw}" fill="none"/>`;
}

/** A half figure (head, shoulders, arms, to the cut): o like standing's, and the suit's hand. */
export function bust(ctx, suit, o, yOf) {
  const p = ctx.p, [a, b, c] = o.dress, hx = o.hand?.x ?? 150, hy = o.hand?.y ?? 112, left = hx < 100;
  const y0 = yOf(52), y1 = yOf(148);
  let s = '';
  if (o.back) s += o.back(ctx, yOf);
  if (o.cape) s += shape(ctx, `M70 94C54 104 46 124 46 ${r2(yOf(46))}L154 ${r2(yOf(154))}C154 124 146 104 130 94Z`, o.cape);
  s += shape(ctx, `M74 94C64 100 60 116 62 ${r2(yOf(62))}L138 ${r2(yOf(138))}C140 116 136 100 126 94Q100 84 74 94Z`, a);
  s += shape(ctx, `M91 96L88 ${r2(yOf(88))}L112 ${r2(yOf(112))}L109 96Z`, b, p.sw * 0.8);
  if (o.trim) s += shape(ctx, `M62 ${r2(yOf(62) - 16)}L138 ${r2(yOf(138) - 16)}L138 ${r2(yOf(138) - 7)}L62 ${r2(yOf(62) - 7)}Z`, p.gold, p.sw * 0.8);
  const ox = o.other?.x ?? (left ? 142 : 58), oy = o.other?.y ?? 132;
  s += arm(ctx, `M${left ? 128 : 72} 106Q${left ? 138 : 62} ${(106 + oy) / 2} ${ox} ${oy}`, c, 14);
  s += `<rect x="93" y="74" width="14" height="18" fill="${p.skin}" stroke="${p.ink}" stroke-width="${p.sw}"/>`;
  s += shape(ctx, o.collar === 'ruff' ? 'M76 90Q88 104 100 96Q112 104 124 90L126 100Q112 112 100 106Q88 112 74 100Z' : 'M80 88Q100 104 120 88L122 96Q100 112 78 96Z', p.white);
  if (o.long) s += shape(ctx, 'M82 58C76 76 78 92 86 98L114 98C122 92 124 76 118 58Z', o.hair);
  s += face(ctx, 100, 62, 17, o.hair, o.beard);
  s += hat(ctx, o.hat, 100, 62, 17, o.hatCol);
  if (o.other) s += thing(ctx, o.other.kind, ox, oy, o.other.s ?? 0.8);
  s += dot(ctx, ox, oy, 7, p.skin);
  s += arm(ctx, `M${left ? 72 : 128} 106Q${(hx + (left ? 72 : 128)) / 2} ${hy + 18} ${hx} ${hy}`, c, 14);
  s += held(ctx, suit, hx, hy, o.hand?.size ?? suitSize(ctx, suit) * 0.78, o.hand?.rot ?? 0) + dot(ctx, hx, hy, 7, p.skin);
  return s;
}

/** The double-ended horseman's half: the horse's head and neck beside the rider's bust. */
export function riderBust(ctx, suit, o, yOf) {
  const p = ctx.p, hc = o.horse || p.horse[0];
  let s = blob(ctx, [[`M54 ${r2(yOf(54) - 4)}C50 124 46 104 44 82`, 40], ['M42 74L18 104', 24]], hc);
  s += shape(ctx, 'M40 60L34 42L52 56Z', hc) + `<circle cx="34" cy="84" r="2.6" fill="${p.ink}"/><circle cx="18" cy="104" r="1.6" fill="${p.ink}"/>`;
  s += shape(ctx, `M50 62Q70 84 76 ${r2(yOf(76) - 6)}L86 ${r2(yOf(86) - 6)}Q80 86 58 58Z`, o.mane || p.hair[2]);
  s += `<path d="M14 100L40 96L70 126" stroke="${p.ink}" stroke-width="1.6" fill="none"/>`;
  return s + bust(ctx, suit, { ...o, other: { kind: null, x: 66, y: 124 } }, yOf);
}

// ---------------------------------------------------------------- northern suits (Italian-suited)
/** The suit signs of the Trevigiane and Bergamasche: a coin as a flower in a ring, a cup with a
 *  wide bowl, a curved sword (a scimitar), a long straight baton. coin: {ring, field, flower}
 *  colour names of ctx.p or colours. */
export function northSyms(opts = {}) {
  const col = (p, k) => p[k] || k;
  return {
    D: { g: 40, f: (p, u) => `<circle r="47" fill="${col(p, opts.ring || 'gold')}"/>` +
      `<circle r="36" fill="${col(p, opts.field || 'red')}" stroke-width="${r2(u * 0.8)}"/>` +
      Array.from({ length: 8 }, (_, i) => `<path d="M0 -33C8 -22 8 -12 0 -6C-8 -12 -8 -22 0 -33Z" fill="${col(p, opts.petal || 'gold')}" stroke-width="${r2(u * 0.5)}" transform="rotate(${i * 45})"/>`).join('') +
      `<circle r="8" fill="${col(p, opts.heart || 'green')}" stroke-width="${r2(u * 0.6)}"/>` +
      Array.from({ length: 16 }, (_, i) => { const a = i * Math.PI / 8; return `<circle cx="${r2(41.5 * Math.cos(a))}" cy="${r2(41.5 * Math.sin(a))}" r="2" fill="${col(p, opts.ringDot || 'goldD')}" stroke="none"/>`; }).join('') },
    C: { g: 30, f: (p, u) =>
      `<path d="M-22 48C-20 40-10 36-5 30L5 30C10 36 20 40 22 48Z" fill="${p.gold}"/>` +
      `<path d="M-5 30L-4 10L4 10L5 30Z" fill="${p.gold}"/><circle cy="20" r="6.5" fill="${p.red}"/>` +
      `<path d="M-40 -30C-40 -4-20 10 0 10C20 10 40 -4 40 -30Z" fill="${col(p, opts.cup || 'blue')}"/>` +
      `<path d="M-38 -18C-14 -10 14 -10 38 -18L34 -8C14 0-14 0-34 -8Z" fill="${p.gold}" stroke-width="${r2(u * 0.6)}"/>` +
      `<path d="M-44 -36L44 -36L40 -28L-40 -28Z" fill="${p.gold}"/>` +
      `<path d="M-20 -36C-16 -50 16 -50 20 -36Z" fill="${p.red}"/><circle cy="-50" r="5" fill="${p.gold}"/>` },
    S: { g: 40, f: (p, u) =>
      `<path d="M-4 26C-18 4-20 -26-2 -52C-8 -24-4 2 6 24Z" fill="${p.steel}"/>` +
      `<path d="M-2 22C-12 2-13 -22-3 -44" fill="none" stroke="${p.steelD}" stroke-width="${r2(u * 0.7)}"/>` +
      `<path d="M-18 24Q0 30 18 22L18 28Q0 36-18 30Z" fill="${p.gold}"/>` +
      `<path d="M-4 30L-3 44L5 44L6 30Z" fill="${p.grip}"/><circle cx="1" cy="48" r="4.5" fill="${p.gold}"/>` },
    B: { g: 46, f: (p, u) =>
      `<path d="M-5 50L-5 -46Q0 -52 5 -46L5 50Z" fill="${col(p, opts.baton || 'wood')}"/>` +
      [-30, -8, 14, 36].map((y) => `<rect x="-6.5" y="${y}" width="13" height="7" rx="2" fill="${p.red}" stroke-width="${r2(u * 0.6)}"/>`).join('') +
      `<path d="M-7 -48L7 -48L5 -54L-5 -54Z" fill="${p.gold}"/><path d="M-7 48L7 48L5 54L-5 54Z" fill="${p.gold}"/>` },
  };
}

/** Pips of the northern decks: coins and cups in rows (cardart's layouts), swords as curved blades
 *  crossing in a long oval with a straight sword through the odd ranks, batons as long rods
 *  crossing in a lattice with an upright one through the odd ranks; small flowers fill the gaps. */
export function northPips(ctx, suit, rank, { flower = true } = {}) {
  const p = ctx.p;
  if (suit === 'D' || suit === 'C') {
    const list = kit.ROUND[rank];
    return list.map(([x, y, s]) => sym(ctx, suit, x, y, s * (suit === 'C' ? 1.04 : 0.98))).join('');
  }
  let o = '';
  const pairs = Math.floor(rank / 2), odd = rank % 2 === 1;
  if (suit === 'S') {
    for (let i = 0; i < pairs; i++) {
      const w = (pairs > 3 ? 40 : 52) + i * (pairs > 3 ? 16 : 22);
      for (const side of [-1, 1]) {
        const bx = 100 + side * w;
        const d = `M${100 - side * 6} 42C${bx} 80 ${bx} 230 ${100 - side * 6} 266`;
        o += `<path d="${d}" fill="none" stroke="${p.ink}" stroke-width="${r2(8 + p.sw * 2)}" stroke-linecap="round"/>` +
          `<path d="${d}" fill="none" stroke="${p.steel}" stroke-width="8" stroke-linecap="round"/>` +
          `<path d="M${100 - side * 4} 50C${bx - side * 2} 86 ${bx - side * 2} 224 ${100 - side * 4} 258" fill="none" stroke="${p.steelD}" stroke-width="1.2"/>`;
        // the hilt at the top of the left blades and at the bottom of the right ones
        const hy = side < 0 ? 40 : 268, hxx = 100 - side * 6;
        o += shape(ctx, `M${hxx - 12} ${hy}Q${hxx} ${hy + (side < 0 ? 5 : -5)} ${hxx + 12} ${hy}L${hxx + 12} ${hy + (side < 0 ? -5 : 5)}Q${hxx} ${hy} ${hxx - 12} ${hy + (side < 0 ? -5 : 5)}Z`, p.gold, p.sw * 0.8);
        o += shape(ctx, `M${hxx - 3} ${hy + (side < 0 ? -4 : 4)}L${hxx - 3} ${hy + (side < 0 ? -18 : 18)}L${hxx + 3} ${hy + (side < 0 ? -18 : 18)}L${hxx + 3} ${hy + (side < 0 ? -4 : 4)}Z`, p.grip, p.sw * 0.8);
        o += dot(ctx, hxx, hy + (side < 0 ? -21 : 21), 3.4, p.gold);
      }
    }
    // the odd one: a straight sword upright through the oval (the ace's is curved)
    if (odd) o += sym(rank === 1 ? ctx : { ...ctx, st: null }, 'S', 100, 156, rank === 1 ? 250 : 190);
    if (flower && rank > 1) o += flowers(ctx, [[100, 150]].filter(() => !odd));
    return o;
  }
  // batons: crossing rods in a lattice
  const lx = 40, rx = 160;
  const rod = (x1, y1, x2, y2) => {
    const d = `M${x1} ${y1}L${x2} ${y2}`;
    return `<path d="${d}" stroke="${p.ink}" stroke-width="${r2(9 + p.sw * 2)}" stroke-linecap="round"/>` +
      `<path d="${d}" stroke="${ctx.st?.baton ? p[ctx.st.baton] || ctx.st.baton : p.wood}" stroke-width="9" stroke-linecap="round"/>` +
      [0.22, 0.5, 0.78].map((t) => dot(ctx, r2(x1 + (x2 - x1) * t), r2(y1 + (y2 - y1) * t), 4.6, p.red)).join('');
  };
  for (let i = 0; i < pairs; i++) {
    const off = (i - (pairs - 1) / 2) * (pairs > 4 ? 20 : pairs > 3 ? 26 : 44);
    o += rod(lx, 60 + off, rx, 260 + off) + rod(rx, 60 + off, lx, 260 + off);
  }
  if (odd) o += sym(ctx, 'B', 100, 160, rank === 1 ? 260 : 220);
  return o;
}

/** Little four-petal flowers (the northern pips' fillers). */
export function flowers(ctx, at) {
  const p = ctx.p;
  return at.map(([x, y]) => [0, 90].map((a) => `<ellipse cx="${x}" cy="${y}" rx="3.2" ry="9" fill="${p.red}" stroke="${p.ink}" stroke-width="${p.sw * 0.5}" transform="rotate(${a + 45} ${x} ${y})"/>`).join('') +
    `<circle cx="${x}" cy="${y}" r="3" fill="${p.yellow}" stroke="${p.ink}" stroke-width="${p.sw * 0.5}"/>`).join('');
}

/** A ribbon across the card at y with a word on it (the northern aces' mottoes). */
export function ribbon(ctx, y, word, col) {
  const p = ctx.p;
  return shape(ctx, `M24 ${y - 12}L176 ${y - 12}L168 ${y}L176 ${y + 12}L24 ${y + 12}L32 ${y}Z`, col || p.white) +
    `<text x="100" y="${y + 5.5}" text-anchor="middle" font-family="${kit.FONT}" font-weight="bold" font-size="15" letter-spacing="2" fill="${p.ink}">${word}</text>`;
}
