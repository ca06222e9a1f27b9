// The table's places: the seats around the felt (the shown person at the bottom, the others in
// play order counter-clockwise), each seat's hand and its side's pile, the mazzo and the table.
// `buildSeats` makes the seat boxes for a match; `place` puts every card element where the view
// says it is (no animation here: table.js measures before and animates after, see animate.js).
import { t, joinList, cardName, cardList } from "./i18n.js";
import { sideName, levelName, shownName } from "./names.js";
import * as mechanics from "./mechanics/index.js";

/** Where the other seats sit, by distance in play order from the shown seat (1 = next to play). */
const SLOTS = { 2: ["t"], 3: ["r", "l"], 4: ["r", "t", "l"], 5: ["r", "tr", "tl", "l"], 6: ["r", "tr", "t", "tl", "l"] };

/** The most cards in one row of a hand laid in rows (a phone's, more than six cards: table.css). */
const HAND_ROW = 5;

/** The most cards in a hand that leaves the keys' legend room beside it (table.css .keys-tip). */
const KEYS_BESIDE = 6;

/** The seat position ("t", "r", ...) of `seat` seen from `me` at a table of n. */
export function slotOf(seat, me, n) {
  const rel = (seat - me + n) % n;
  return rel === 0 ? "b" : (SLOTS[n] || SLOTS[6])[rel - 1] || "t";
}

/** Which seat keeps each side's pile: the shown seat for its own side, else the nearest member. */
export function pileSeats(v) {
  const n = v.players.length;
  return v.sides.map((members, side) => side === v.side ? v.seat
    : [...members].sort((a, b) => ((a - v.seat + n) % n) - ((b - v.seat + n) % n))[0]);
}

const el = (tag, cls, attrs = {}) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, x] of Object.entries(attrs)) e.setAttribute(k, x);
  return e;
};

/** Whether the match has partners (some side has more than one seat). */
export const hasTeams = (v) => v.sides.some((m) => m.length > 1);

/** Who won the match, as the sheet shows it and the reader says it, the names joined as the
 * language lists them: "You win" / "You and Carla win" (the verb agrees with "you") when the
 * shown person, under the default name, is on the winning side; else "<side> wins" / "win". */
export function winnerLine(v) {
  if (v.lesson) return lessonLine(v);
  return sideWins(v, v.winner, "sheet.winner");
}

/** That `side` won, in the words under `key` (".you", ".youAnd", else by count: "sheet.winner",
 *  "clock.wins" for a match won on time), the names as the view says them. */
export function sideWins(v, side, key) {
  const seats = v.sides[side] || [];
  if (seats.includes(v.seat) && v.players[v.seat] === t("seat.you")) {
    const others = seats.filter((s) => s !== v.seat).map((s) => v.players[s]);
    return others.length ? t(`${key}.youAnd`, { side: joinList([v.players[v.seat], ...others]) }) : t(`${key}.you`);
  }
  return t(key, { side: joinList(seats.map((s) => v.players[s])), count: seats.length });
}

/** The lesson's one hand is no match (py/settebello/lesson.py): who took it, and by how much. */
function lessonLine(v) {
  const won = v.totals[v.winner], lost = Math.max(...v.totals.filter((_, side) => side !== v.winner));
  return v.winner === v.side ? t("lesson.over.you", { won, lost })
    : t("lesson.over.side", { side: sideName(v, v.winner), won, lost });
}

/**
 * Make the seat boxes for view v inside `felt` (opponents into `#opponents`, the shown seat's
 * box is static HTML). Called when the seats change (new game, pass to another person).
 */
export function buildSeats(v) {
  const n = v.players.length, box = document.getElementById("opponents");
  box.replaceChildren();
  const felt = document.getElementById("felt");
  felt.dataset.players = String(n);
  felt.dataset.teams = hasTeams(v) ? "yes" : "no";
  for (let s = 0; s < n; s++) {
    if (s === v.seat) continue;
    const rel = (s - v.seat + n) % n;
    const seat = el("section", "seat", { "data-seat": s, "data-slot": slotOf(s, v.seat, n), "data-side": v.side_of[s] });
    seat.style.order = String(n - rel);
    const head = el("div", "seat__head");
    const badge = el("span", "seat__badge", { "aria-hidden": "true" });
    const name = el("span", "seat__name");
    const level = el("span", "seat__level");
    head.append(badge, name, level);
    const row = el("div", "seat__row");
    const hand = el("div", "seat__hand", { role: "img" });
    const count = el("span", "seat__count", { "aria-hidden": "true" });
    const handWrap = el("div", "seat__handwrap");
    handWrap.append(hand, count);
    row.append(handWrap);
    seat.append(head, row);
    box.append(seat);
  }
  // the piles: one per side, at the seat that keeps it
  for (const p of document.querySelectorAll(".pilebox")) p.remove();
  pileSeats(v).forEach((s, side) => {
    const pb = el("div", "pilebox", { "data-side": side });
    const pile = el("div", "pile", { "data-side": side, role: "img" });
    const label = el("span", "pile__label", { "aria-hidden": "true" });
    pb.append(pile, label);
    const host = s === v.seat ? document.getElementById("my-pile") : box.querySelector(`.seat[data-seat="${s}"] .seat__row`);
    host.append(pb);
  });
  labelSeats(v);
}

/** Names, levels, team badges and accessible labels of the seats (also after a language change). */
export function labelSeats(v) {
  const teams = hasTeams(v);
  for (const seat of document.querySelectorAll("#opponents .seat")) {
    const s = +seat.dataset.seat, info = v.seats[s];
    seat.querySelector(".seat__name").textContent = v.players[s];
    // a level's name is never cut in two ("A caso"): a narrow seat breaks the line after "Computer ·"
    // a computer named after its level (a tournament's "Easy", "Expert 2") is not told it twice
    // ("Easy · Computer · Easy", a review)
    const level = info.human ? "" : levelName(info.level), named = shownName(v.players[s]);
    const byLevel = named === level || (named.startsWith(`${level} `) && /^\d+$/.test(named.slice(level.length + 1)));
    seat.querySelector(".seat__level").textContent = info.human ? t("seat.person")
      : byLevel ? t("seat.computerAlone") : t("seat.computer", { level: level.replace(/ /g, "\u00a0") });
    const badge = seat.querySelector(".seat__badge");
    badge.textContent = teams ? t("seat.teamShort", { n: v.side_of[s] + 1 }) : "";
    badge.hidden = !teams;
    const partner = teams && v.side_of[s] === v.side;
    seat.classList.toggle("seat--partner", partner);
    seat.dataset.label = partner ? t("seat.partnerLabel", { name: v.players[s] }) : v.players[s];
    seat.setAttribute("aria-label", seat.dataset.label);  // place() adds "dealer" to the dealer's
  }
  const me = document.getElementById("me");
  me.dataset.side = String(v.side);
  me.querySelector(".seat__name").textContent = v.players[v.seat];
  const myBadge = me.querySelector(".seat__badge");
  myBadge.hidden = !teams;
  myBadge.textContent = teams ? t("seat.teamShort", { n: v.side + 1 }) : "";
}

/**
 * Put every card element where view v says: the shown hand (unless hidden), the table, each
 * side's pile (scope turned across it, face up), the opponents' backs and the mazzo.
 */
export function place(v, stage, { hideHand = false, lifted = null } = {}) {
  const n = v.players.length;
  const dealer = handDealer(v);
  const inPlay = new Set();
  // the shown hand
  const hand = document.getElementById("hand-cards");
  const handCards = hideHand ? [] : v.hand.filter((c) => c !== lifted);
  syncChildren(hand, handCards.map((c) => stage.card(c)));
  // more than six cards (Scopone's ten, Cicera's thirteen): a phone lays them in rows of five at
  // most, bricked, so each card keeps a strip of 44 px or more to tap (table.css; the columns are
  // half a step wide, a card spans two, every other row starts half a step in); past two rows,
  // four a row, since three rows of five leave a half step too narrow for a 44 px strip
  const count = handCards.length;
  const rows = count <= 6 ? 1 : count <= 2 * HAND_ROW ? 2 : Math.ceil(count / (HAND_ROW - 1));
  const perRow = Math.ceil(count / rows);
  handCards.forEach((c, i) => {
    const e = stage.card(c); inPlay.add(c);
    e.classList.remove("card--down", "card--pile", "card--scopa");
    e.removeAttribute("aria-hidden"); e.tabIndex = 0;
    e.style.setProperty("--i", i - (count - 1) / 2);
    const row = Math.floor(i / perRow) + 1, j = i % perRow;
    e.style.setProperty("--row", row);
    e.style.setProperty("--col", 2 * j + 2 - row % 2);
  });
  hand.style.setProperty("--n", count);
  document.getElementById("me").style.setProperty("--hand-n", count);
  hand.dataset.rows = String(rows);
  hand.dataset.many = String(count > KEYS_BESIDE);  // a fan too wide for the keys beside it (table.css)
  // a full row that starts half a step in needs one more half column
  const shifted = rows > 1 && count >= 2 * perRow;
  hand.style.setProperty("--halves", 2 * perRow + (shifted ? 1 : 0));
  // the table
  const tbl = document.getElementById("table-cards");
  const tableCards = v.table;
  // what the mechanics put on the table after its loose cards (mechanics/: builds, a claim waiting)
  const extra = mechanics.tableItems(v, stage, syncChildren);
  syncChildren(tbl, [...tableCards.map((c) => stage.card(c)), ...extra.elements]);
  for (const c of extra.held) inPlay.add(c);
  for (const c of [...tableCards, ...extra.tableCards]) {
    const e = stage.card(c); inPlay.add(c);
    e.classList.remove("card--down", "card--pile", "card--scopa");
    e.removeAttribute("aria-hidden"); e.tabIndex = 0;
    e.style.removeProperty("--i");
  }
  tbl.dataset.count = String(tableCards.length);
  // the piles
  v.prese.forEach((cards, side) => {
    const pile = document.querySelector(`.pile[data-side="${side}"]`);
    if (!pile) return;
    const shown = cards.filter((c) => c !== lifted);
    const scope = new Set((v.scope_cards || [])[side] || []);
    const flat = shown.filter((c) => !scope.has(c)), turned = shown.filter((c) => scope.has(c));
    // the cards this view may not see (mechanics/): backs at the bottom of the pile; a top shown face up
    const { top, hidden } = mechanics.pileShows(v, side);
    const backs = mechanics.pileBacks(v, side, stage);
    syncChildren(pile, [...backs, ...flat.map((c) => stage.card(c)), ...turned.map((c) => stage.card(c))]);
    backs.forEach((e, i) => e.style.setProperty("--i", Math.min(i, 40)));
    flat.forEach((c, i) => {
      const e = stage.card(c); inPlay.add(c);
      e.classList.add("card--pile"); e.classList.toggle("card--down", c !== top); e.classList.remove("card--scopa");
      e.setAttribute("aria-hidden", "true"); e.tabIndex = -1; e.disabled = true;
      e.style.setProperty("--i", Math.min(backs.length + i, 40));
    });
    turned.forEach((c, i) => {
      const e = stage.card(c); inPlay.add(c);
      e.classList.add("card--pile", "card--scopa"); e.classList.remove("card--down", "card--candidate", "card--hint");
      e.setAttribute("aria-hidden", "true"); e.tabIndex = -1; e.disabled = true;
      e.style.setProperty("--i", i);
    });
    const scopeCount = (v.scope || [])[side] || 0;
    const size = cards.length + hidden;  // the pile's size counts its face-down cards
    pile.parentElement.querySelector(".pile__label").textContent =
      size ? t("pile.count", { count: size }) : "";
    pile.setAttribute("aria-label", t("pile.label", { side: sideName(v, side, { spoken: true }), count: size })
      + (scopeCount ? " " + t("pile.scope", { count: scopeCount }) : "")
      + (hidden ? " " + t("pile.hidden", { count: hidden }) : "")
      + (top ? " " + t("pile.top", { card: cardName(top) }) : ""));
    pile.parentElement.dataset.scope = String(scopeCount);
  });
  // the other seats' hands, as backs, but for the cards a mechanic shows face up (mechanics/:
  // declared and still held, R25), first
  for (const seat of document.querySelectorAll("#opponents .seat")) {
    const s = +seat.dataset.seat, k = v.hand_counts[s] ?? 0;
    const h = seat.querySelector(".seat__hand");
    const up = mechanics.handShown(v, s).slice(0, k);
    const backs = [...h.children].filter((b) => !b.dataset.card).slice(0, k - up.length);
    while (backs.length < k - up.length) backs.push(stage.back());
    const faces = up.map((c) => stage.card(c));
    syncChildren(h, [...faces, ...backs]);
    up.forEach((c, i) => {
      const e = faces[i]; inPlay.add(c);
      e.classList.remove("card--down", "card--pile", "card--scopa", "card--candidate", "card--hint", "card--taking");
      e.setAttribute("aria-hidden", "true"); e.tabIndex = -1; e.disabled = true;
    });
    [...h.children].forEach((b, i) => b.style.setProperty("--i", i - (k - 1) / 2));
    h.style.setProperty("--n", k);
    seat.querySelector(".seat__count").textContent = String(k);
    seat.querySelector(".seat__count").toggleAttribute("data-zero", k === 0);  // no "0" badge on an empty hand
    h.setAttribute("aria-label", up.length ? t("seat.handShown", { count: k, cards: cardList(up) }) : t("seat.handCount", { count: k }));
    seat.classList.toggle("seat--turn", v.phase === "play" && v.turn === s);
    markDealer(seat, dealer === s);
    const said = markDeclared(seat, v, s);
    if (seat.dataset.label) {
      const label = dealer === s ? t("seat.dealerLabel", { name: seat.dataset.label }) : seat.dataset.label;
      seat.setAttribute("aria-label", said ? `${label}, ${said}` : label);
    }
  }
  const me = document.getElementById("me");
  me.classList.toggle("seat--turn", v.phase === "play" && v.turn === v.seat);
  markDealer(me, dealer === v.seat);
  markDeclared(me, v, v.seat);
  // the mazzo: a stack as thick as the cards left
  const deck = document.getElementById("deck-stack");
  const layers = v.deck_left ? Math.min(6, Math.ceil(v.deck_left / 6)) : 0;
  while (deck.children.length > layers) deck.lastElementChild.remove();
  while (deck.children.length < layers) deck.append(stage.back());
  [...deck.children].forEach((b, i) => b.style.setProperty("--i", i));
  document.getElementById("deck-count").textContent = v.deck_left ? String(v.deck_left) : "";
  document.getElementById("deck").setAttribute("aria-label", t("deck.left", { count: v.deck_left }));
  document.getElementById("deck").classList.toggle("deck--empty", !v.deck_left);
  return inPlay;
}

/** The narrowest a table card is made to fit the centre: a finger's 44 px target, as the hand's. */
const TABLE_MIN_W = 44;

/** Whether the element's box lies inside the centre's content box (to half a pixel). */
function inside(e, center) {
  const r = e.getBoundingClientRect(), c = center.getBoundingClientRect(), cs = getComputedStyle(center);
  if (!r.width) return true;
  return r.top >= c.top + parseFloat(cs.paddingTop) - 0.5 && r.bottom <= c.bottom - parseFloat(cs.paddingBottom) + 0.5
    && r.left >= c.left - 0.5 && r.right <= c.right + 0.5;
}

/** Whether the centre ends above the person's seat: a centre taller than its row (its cards'
 *  height) reaches down over the seat's capture choices and hand. */
function aboveMe(center) {
  const me = document.getElementById("me");
  return !me || center.getBoundingClientRect().bottom <= me.getBoundingClientRect().top + 0.5;
}

/**
 * Fit the table's cards in the centre's box, so a crowded table (seven loose cards or more), or
 * a person's seat grown by its capture choices, never puts the table over the seats, the hand,
 * the status line or the choices: as table.css lays them if they fit; else in rows as wide as the
 * centre, at the largest card width that fits (a search, one layout a step), no narrower than
 * TABLE_MIN_W. The width is the centre's --table-w, so the mazzo and the centre's own height
 * shrink with the table's cards. Called after every change of the table or of the room around
 * it (draw.js).
 */
export function fitTable() {
  const center = document.getElementById("center"), tbl = document.getElementById("table-cards");
  if (!center || !tbl) return;
  center.style.removeProperty("--table-w");
  delete tbl.dataset.fit;
  const card = tbl.querySelector(".card");
  const apart = () => inside(tbl, center) && inside(document.getElementById("deck"), center) && aboveMe(center);
  const fits = () => apart() && seatInSight();
  if (!card || fits()) return;
  const apartAsLaid = apart();
  tbl.dataset.fit = "wide";  // table.css: the rows as wide as the centre
  let lo = TABLE_MIN_W, hi = Math.floor(card.getBoundingClientRect().width);
  const size = (w) => center.style.setProperty("--table-w", `${w}px`);
  size(hi);
  if (fits()) return;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    size(mid);
    if (fits()) lo = mid; else hi = mid;
  }
  size(lo);
  // the person's seat out of sight even then (a phone held sideways with a large text): the page
  // scrolls, so the table's cards keep the size they were laid at where that kept them apart
  if (!fits() && apartAsLaid) {
    center.style.removeProperty("--table-w");
    delete tbl.dataset.fit;
  }
}

/** Whether the person's seat ends above the screen's foot (the page unscrolled): a crowded table
 *  on a phone held sideways, or with a larger text, pushed the hand below it (the review of
 *  2026-12-01: 415 px of page on a 375 px screen). */
function seatInSight() {
  const me = document.getElementById("me");
  return !me || me.getBoundingClientRect().bottom + scrollY <= document.documentElement.clientHeight + 0.5;
}

/**
 * Who dealt the hand on the table, as the engine says (once a hand is scored it has already
 * passed the deal on: v.dealer is the next hand's dealer); the marker stays on the hand's own
 * dealer until the next hand is dealt.
 */
export function handDealer(v) {
  return v.hand_dealer ?? v.dealer;
}

/**
 * The dealer's marker (the mazziere deals and plays last): a dot after the seat's name that
 * screen readers and a pointer's tooltip name ("Dealer" / "Mazziere" / "Reparte").
 */
function markDealer(seat, isDealer) {
  seat.classList.toggle("seat--dealer", isDealer);
  const name = seat.querySelector(".seat__name");  // inside it, so it stays on the name's line
  if (!name) return;
  let dot = name.querySelector(".seat__dealer");     // (labelSeats' textContent removes it)
  if (!dot) { dot = el("span", "seat__dealer", { role: "img" }); name.append(dot); }
  dot.hidden = !isDealer;
  dot.setAttribute("aria-label", t("seat.dealer"));
  dot.title = t("seat.dealer");
}

/**
 * What a seat declared this hand (SB10: the view's declarations), on its name's line:
 * "declared: 3 points", or "on the table: 2 points" for the deal's own (the view's `declared`,
 * public.py: the points and the kinds come summed and named from Python); returns the words its label adds for a screen reader ("declared Buona
 * da dieci, 3 points"), or "" when it declared nothing.
 */
function markDeclared(seat, v, s) {
  const head = seat.querySelector(".seat__head");
  let note = head.querySelector(".seat__declared");
  const d = v.declared?.[s];
  if (!d) { note?.remove(); return ""; }
  if (!note) { note = el("span", "seat__declared", { "data-testid": "seat-declared" }); head.append(note); }
  const kinds = joinList(d.kinds.map((kind) => mechanics.declarationName({ kind }) ?? kind));
  // R24: what came with the deal (the dealer's table of 15 or 30) was never the seat's choice
  const key = d.dealt ? "seat.dealt" : "seat.declared";
  const full = t(`${key}Label`, { kinds, points: d.points, count: d.points });
  note.textContent = t(key, { points: d.points, count: d.points });
  note.title = full;
  return full;
}

/** Make parent's element children exactly `want`, in order, moving (never re-creating) them. */
function syncChildren(parent, want) {
  const keep = new Set(want);
  for (const c of [...parent.children]) if (!keep.has(c)) c.remove();
  want.forEach((e, i) => { if (parent.children[i] !== e) parent.insertBefore(e, parent.children[i] || null); });
}
