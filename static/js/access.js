// Everyone can play (issue 6): announcements and review keys for screen-reader players, the
// help dialog (how to play by touch or mouse first, then the first lesson and the keys), and the
// display settings (high contrast, text size, reduced motion). It reads the game only from the
// current view (store.js); every fact that depends on a rule (sides, unseen cards, what a pile
// holds) is Python's, in the view. It never decides a rule and never changes the game; it speaks
// through announce.js.
//
// Keys — why single letters, and why only inside the card table:
//   NVDA and JAWS read a page in "browse mode", where single letters are theirs (H heading,
//   T table, B button...) and never reach the page. The card table (hand, table cards, capture
//   choices) is therefore marked role="application": when the focus enters it the screen reader
//   switches to focus mode by itself and passes keys through, as in seed [003]'s table, so one
//   letter is enough to ask "what is on the table?". The keys act only while the focus is inside
//   that area, and never with Ctrl, Alt or Meta (the screen readers' and browser's own
//   commands), so nothing is taken from the rest of the page: the header, the score sheet and
//   the dialogs stay ordinary documents read in browse mode. A key the table already handled
//   (defaultPrevented) is left alone.
//
//   T table · H hand · P piles · C cards taken · S score · U unseen · W whose turn
//   L last plays · R repeat · V review as lists (a dialog) · ? help
import { t, cardList, joinList, theCard, theCards, languages, onLanguageChange, deckCard, suitName, rankName } from "./i18n.js";
import { pointerInput } from "./input.js";
import { announce, liveRegion } from "./announce.js";
import { sideName, categoryName, sharedDevice } from "./names.js";
import * as mechanics from "./mechanics/index.js";
import { applyDisplay, followSystem } from "./display.js";
import { view as currentView, onView, on, info } from "./store.js";
import "./lesson.js";  // the first lesson: its offer and its coach wire themselves (Help offers it again)


/** The review keys: key -> [help text key, function returning the sentence to say]. */
const KEYS = {
  t: ["access.key.table", (v) => sayTable(v)],
  h: ["access.key.hand", (v) => sayHand(v)],
  p: ["access.key.piles", (v) => sayPiles(v)],
  c: ["access.key.captured", (v) => sayCaptured(v)],
  s: ["access.key.score", (v) => sayScore(v)],
  u: ["access.key.unseen", (v) => sayUnseen(v)],
  w: ["access.key.turn", (v) => sayTurn(v)],
  l: ["access.key.last", (v) => sayLast(v)],
};

let lastHeard = "";         // the last words any live region of the page said (for R): a text, or a function making it

// ---------------------------------------------------------------- words

/** True once i18n.js has loaded the language list (table.js's initLanguage); before that,
 *  texts are left to translatePage, which fills every [data-i18n] when the language is set. */
const i18nReady = () => languages().length > 1;

const isMe = (v, seat) => seat === v.seat && !sharedDevice(v);  // (a shared device: each by name)
const playerName = (v, seat) => (isMe(v, seat) ? t("access.you") : v.players[seat]);

/** A side's name as said: "You", "Anna", "You and Carla", "Bruno and Dario". */
const saidSide = (v, side) => sideName(v, side, { spoken: true });

/** Side indexes with the player's own side first. */
function sidesMineFirst(v) {
  const all = v.sides.map((_, i) => i);
  return [v.side, ...all.filter((i) => i !== v.side)];
}

/** Cards grouped by suit, in the deck's order: "Coins: Two and King; Cups: Ace". */
export function suitGroups(codes) {
  const groups = [];
  for (const s of info().deck.suits) {
    const ranks = codes.map(deckCard).filter((c) => c.suit === s).map((c) => c.rank).sort((a, b) => a - b);
    if (ranks.length) groups.push(t("access.suitgroup", { suit: suitName(s), ranks: joinList(ranks.map(rankName)) }));
  }
  return groups.join("; ");
}

/** The game as the player sees it: the current view. */
export const current = () => currentView();

const pileOf = (v, side) => v.prese[side] || [];
const inPlay = (v) => v && v.phase === "play";

/** The cards this player has not seen (in other hands or still in the deck): Python's list. */
export const unseen = (v) => v.unseen;

// ---------------------------------------------------------------- the sentences

function sayTable(v = current()) {
  const cards = v.table.length ? t("access.table", { cards: cardList(v.table) }) : t("access.table.empty");
  return [cards, ...mechanics.describeTable(v)].join(" ");  // and what a mechanic put there (a claim waiting)
}

function sayHand(v = current()) {
  if (v.pass_to !== null && v.pass_to !== undefined) return t("access.hand.hidden", { name: v.players[v.pass_to] });
  return v.hand.length ? t("access.hand", { cards: cardList(v.hand) }) : t("access.hand.empty");
}

function pileItems(v, side) {
  const tally = v.tallies[side];  // Python's count of what the pile holds
  const items = [t("access.pile.cards", { count: tally.cards })];
  if (tally.denari) items.push(t("access.pile.coins", { count: tally.denari }));
  if (tally.sevens) items.push(t("access.pile.sevens", { count: tally.sevens }));
  if (tally.settebello) items.push(t("access.pile.settebello"));
  if (v.scope[side]) items.push(t("access.pile.scope", { count: v.scope[side] }));
  return items;
}

function sayPiles(v = current()) {
  const parts = sidesMineFirst(v).map((i) => (pileOf(v, i).length || v.scope[i]
    ? t("access.pile", { side: saidSide(v, i), items: joinList(pileItems(v, i)) })
    : t("access.pile.empty", { side: saidSide(v, i) })));
  if (v.last_capturer !== null && v.last_capturer !== undefined && inPlay(v)) {
    parts.push(t("access.pile.last", { name: playerName(v, v.last_capturer) }));
  }
  return parts.join(" ");
}

function sayCaptured(v = current()) {
  const parts = sidesMineFirst(v).flatMap(capturedItems.bind(null, v));
  return parts.length ? parts.join(" ") : t("access.captured.none");
}

/** What a side took, by suit, and the cards face down in its pile that this view does not see
 *  (mechanics/). */
function capturedItems(v, side) {
  const hidden = mechanics.pileShows(v, side).hidden;
  return [...(pileOf(v, side).length ? [t("access.captured", { side: saidSide(v, side), groups: suitGroups(pileOf(v, side)) })] : []),
    ...(hidden ? [t("access.captured.hidden", { side: saidSide(v, side), count: hidden })] : [])];
}

function scoreList(v) {
  const items = sidesMineFirst(v).map((i) => t("access.score.item", { side: saidSide(v, i), points: v.totals[i] }));
  // teams are joined by "and" themselves ("You and Carla 4"): the sides apart by a pause, not another "and"
  return v.sides.some((seats) => seats.length > 1) ? items.join("; ") : joinList(items);
}

function sayScore(v = current()) {
  const target = v.rules && v.rules.target;
  return target ? t("access.score", { list: scoreList(v), target }) : t("access.score.single", { list: scoreList(v) });
}

function sayUnseen(v = current()) {
  const rest = unseen(v);
  if (!rest.length) return t("access.unseen.none");
  return t("access.unseen", { count: rest.length, groups: suitGroups(rest) }) + " " + sayDeck(v);
}

function sayDeck(v = current()) {
  return v.deck_left ? t("access.deck", { count: v.deck_left }) : t("access.deck.empty");
}

function sayWhoseTurn(v = current()) {
  if (!inPlay(v)) return t("access.turn.none");
  return isMe(v, v.turn) ? t("access.turn.you") : t("access.turn.player", { name: v.players[v.turn] });
}

function sayTurn(v = current()) {
  if (!inPlay(v)) return t("access.turn.none");
  const order = [v.seat, ...v.players.map((_, s) => s).filter((s) => s !== v.seat)];
  const counts = joinList(order.map((s) => t("access.counts.item", { name: playerName(v, s), n: v.hand_counts[s] })));
  return [sayWhoseTurn(v), t("access.counts", { list: counts }), sayDeck(v)].join(" ");
}

/** One play in words, from the player's point of view. */
export function playSentence(v, play) {
  // a play of a mechanic's own said its own way (mechanics/: a claim and its answer)
  const own = mechanics.eventSentence(play, v, { isYou: (s) => isMe(v, s) });
  if (own) return own;
  const you = isMe(v, play.seat) ? ".you" : "";
  const params = { name: v.players[play.seat], card: theCard(play.card), cards: theCards(play.presa || []) };
  return t(`access.play${you}.${play.presa && play.presa.length ? "took" : "laid"}`, params);
}

function sayLast(v = current()) {
  const plays = (v.plays || []).slice(-v.players.length);
  return plays.length ? plays.map((p) => playSentence(v, p)).join(" ") : t("access.last.none");
}

// ---------------------------------------------------------------- speaking

/** Say words in the review keys' live region (announce.js), after whatever was said before: a
 *  text, or a function making it, which is made again in a new language when the player switches. */
function speak(words) {
  const text = typeof words === "function" ? words() : words;
  if (!text) return;
  announce(words, { region: "access" });
  lastHeard = words;
}

/** Remember what any live region of the page says, for the repeat key (forgotten when the device
 *  passes to another person: announce.js hush). */
function listenToLiveRegions() {
  document.addEventListener("settebello:hushed", () => { lastHeard = ""; });
  const seen = new MutationObserver((records) => {
    for (const rec of records) {
      const node = rec.target.nodeType === Node.ELEMENT_NODE ? rec.target : rec.target.parentElement;
      const live = node && node.closest("[aria-live], [role=status], [role=alert], [role=log]");
      // (words said again in a new language, announce.js, are no news)
      if (live && live !== liveRegion("access") && !node.closest("[data-retold]")) {
        const text = live.textContent.trim();
        if (text) lastHeard = text;
      }
    }
  });
  seen.observe(document.body, { subtree: true, childList: true, characterData: true });
}

// ---------------------------------------------------------------- what changed

const inHand = (v) => v.hand_counts.reduce((a, b) => a + b, 0);

/**
 * The sentence for a new view compared with the one before: a deal (the first of a hand or
 * fresh cards from the mazzo) and the player's turn. Plays, the new game and the end of a hand
 * are announced by table.js; the end of a hand gets its detail from handPoints below.
 */
export function changeSentence(before, v, op) {
  const parts = [];
  if (v.phase !== "play") return "";
  const newHand = !before || before.results.length !== v.results.length || before.phase !== "play"
    || op === "new_game" || op === "restore";
  const hidden = v.pass_to !== null && v.pass_to !== undefined;
  if (newHand && !hidden) {
    const params = { name: v.players[v.dealer], hand: sayHand(v), table: sayTable(v) };
    parts.push(t(isMe(v, v.dealer) ? "access.deal.you" : "access.deal.first", params));
    // declarations made with the deal itself, before any play (the dealer's table of 15, R24)
    if (!v.plays.length) for (const w of mechanics.dealt(v, { isYou: (s) => isMe(v, s) })) parts.push(w.said());
  } else if (op === "undo" && !hidden) {  // an undo gives cards back (no deal): the table as it is again
    parts.push(sayTable(v), sayHand(v));
  } else if (before && inHand(v) > inHand(before) && !hidden) {
    parts.push(t("access.deal.more", { hand: sayHand(v), deck: sayDeck(v) }));
  }
  const myTurnNow = v.waiting === "human" && !hidden && v.turn === v.seat;
  // a mechanic's question (mechanics/: answering a claim) is a turn of its own: the play after it
  // is "your turn" again
  const asked = mechanics.status(v);
  const myTurnBefore = before && before.phase === "play" && before.waiting === "human" && before.turn === before.seat
    && (before.pass_to === null || before.pass_to === undefined) && before.plays.length === v.plays.length
    && mechanics.status(before) === asked;
  // (at a shared device, to the person named, who has just said they hold it: "Mamma, your turn.")
  if (myTurnNow && !myTurnBefore) parts.push(asked ? t(asked) : sharedDevice(v) ? t("access.turn.named", { name: v.players[v.seat] }) : t("access.turn.you"));
  return parts.join(" ");
}

/** Each side's points of the hand just finished, by category: "You 3: scope 1, Settebello and primiera." */
export function handPoints(v) {
  const r = v.results[v.results.length - 1];
  if (!r) return "";
  return sidesMineFirst(v).map((i) => {
    const cats = r.categories.filter((c) => r.points[i][c]).map((c) => {
      const name = categoryName(c, v.words), n = r.points[i][c];
      // the sweeps counted as a player says them ("1 scopa", "3 scope"; not "Scope 1"), where each
      // is worth a point (the points are the sweeps the result's detail counts) and the game has no
      // word of its own for them
      if (c === "scope" && n > 0 && n === r.detail[i]?.scope && !v.words?.scope) return t("access.handover.scope", { count: n });
      // a category's points are said unless it is one won point (a point lost is said: -1)
      return n !== 1 || c === "napola" ? `${name} ${n}` : name;
    });
    return cats.length ? t("access.handover.side", { side: saidSide(v, i), total: r.totals[i], cats: joinList(cats) })
      : t("access.handover.side.none", { side: saidSide(v, i) });
  }).join(" ");
}

/** A new current view: say what changed (the table has said the play or the new game first). */
function onState(v, op, before) {
  speak(() => changeSentence(before, v, op));
  requestAnimationFrame(rescueFocus);
}

/** The end of a hand: who scored what, said after the table's "Hand over. Match score: ...". */
function onHandEnd() {
  const v = current();
  if (!v || !v.results || !v.results.length) return;
  // at the match's end the table has said the final score: these are the last hand's points
  speak(() => (v.phase === "over" && !v.lesson ? `${t("access.handover.last")} ` : "") + handPoints(v));
}

// ---------------------------------------------------------------- the game area and keys

/**
 * The parts of the page where the keys act, marked role="application": [data-access-area]
 * elements if the page marks them, else the sections holding the hand, the capture choices
 * and the table cards (outermost first; never <main> or <body>, whose roles must stay).
 */
function gameAreas() {
  const marked = [...document.querySelectorAll("[data-access-area]")];
  if (marked.length) return marked;
  const found = ["hand-cards", "choices", "table-cards"].map((id) => document.getElementById(id))
    .filter(Boolean).map((node) => node.closest("section")).filter(Boolean);
  return [...new Set(found)].filter((a) => !found.some((b) => b !== a && b.contains(a)));
}

function markArea() {
  const areas = gameAreas();
  let hint = document.getElementById("access-area-hint");
  if (!hint) {
    hint = el("p", { id: "access-area-hint", class: "visually-hidden", i18n: "access.area.hint" });
  }
  if (areas.length && !areas[0].contains(hint)) areas[0].prepend(hint);
  if (i18nReady()) hint.textContent = t("access.area.hint");
  for (const area of areas) {
    area.dataset.accessArea = "";
    area.setAttribute("role", "application");
    if (!area.hasAttribute("aria-label") && !area.hasAttribute("aria-labelledby")) {
      area.dataset.i18nAttr = "aria-label:access.area";
      if (i18nReady()) area.setAttribute("aria-label", t("access.area"));
    }
    if (!area.hasAttribute("tabindex")) area.tabIndex = -1;
    area.setAttribute("aria-describedby", hint.id);
  }
  return areas;
}

/** True while a dialog (ours, the table's, the score sheet, the pass screen) is showing. */
function modalOpen() {
  return [...document.querySelectorAll("dialog, [role=dialog], [role=alertdialog]")]
    .some((d) => (d.tagName === "DIALOG" ? d.open : d.getClientRects().length > 0));
}

/** Where the keys act: inside the card table, or nowhere focused at all. */
function keysActive(target) {
  if (modalOpen()) return false;
  if (target === document.body || target === document.documentElement) return true;
  return gameAreas().some((area) => area.contains(target));
}

function onKey(e) {
  if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
  const target = e.target;
  if (target.closest && target.closest("input, select, textarea, [contenteditable=''], [contenteditable=true]")) return;
  if (!keysActive(target)) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (moveAmongChoices(target, key)) { e.preventDefault(); return; }
  if (key === "?") { e.preventDefault(); openHelp(); return; }
  if (e.shiftKey) return;
  if (key === "v") { e.preventDefault(); openReview(); return; }
  const v = current();
  if (key === "r") { e.preventDefault(); speak(lastHeard || (() => (v ? sayTurn(v) : t("access.nogame")))); return; }
  if (!(key in KEYS)) return;
  e.preventDefault();
  speak(v ? () => KEYS[key][1](v) : () => t("access.nogame"));
}

/** Arrow keys, Home and End move between the capture choices (as they do along the hand), and
 *  between the answers to a claim (SB61). */
function moveAmongChoices(target, key) {
  const box = target.closest && target.closest("#choices, #answer");
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
  if (!box || !(key in steps)) return false;
  const buttons = [...box.querySelectorAll("button:not([disabled])")];
  if (!buttons.length) return false;
  const i = buttons.indexOf(target), step = steps[key];
  const j = step === "first" ? 0 : step === "last" ? buttons.length - 1 : (i + step + buttons.length) % buttons.length;
  buttons[j].focus();
  return true;
}

/** If the focused card went away (it was played), put the focus back in the table (for a keyboard
 *  player: a tap or click leaves the focus alone, input.js). */
function rescueFocus() {
  const active = document.activeElement;
  if (pointerInput || (active && active !== document.body && active.isConnected)) return;
  if (modalOpen()) return;
  const areas = gameAreas();
  if (!areas.length) return;
  // what the person can do now: answer a claim, choose a capture, play a card; else, while it is
  // up (lesson.js), answer the lesson's offer
  const next = document.querySelector('#answer:not([hidden]) button, #choices:not([hidden]) button, #hand-cards button:not([aria-disabled="true"])')
    || document.querySelector("#lesson-offer .btn--primary") || document.querySelector("#hand-cards button");
  (next || areas[0]).focus({ preventScroll: true });
}

/** The id of the last control focused outside any dialog: a dialog's opener, as the page knew it. */
let openerId = "";

/** A dialog closed while the table drew its opener again (the score bar's game button redrawn by a
 *  computer's play meanwhile): the browser's return of the focus lands on <body>, or stays in the
 *  closed dialog. The focus goes to
 *  the opener's successor (the same id), else where rescueFocus puts it. */
function keepFocusAfterDialogs() {
  document.addEventListener("focusin", (e) => {
    if (e.target.id && !e.target.closest("dialog, [role=dialog], [role=alertdialog]")) openerId = e.target.id;
  });
  // "close" does not bubble: caught on its way down
  document.addEventListener("close", (e) => {
    if (!(e.target instanceof HTMLDialogElement)) return;
    requestAnimationFrame(() => {
      // lost: on <body>, gone, or left on a control of the dialog just closed (Chromium keeps it there)
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || active.closest("dialog:not([open])");
      if (!lost || modalOpen()) return;
      if (active && active !== document.body) active.blur();
      const successor = openerId && document.getElementById(openerId);
      if (successor && successor.getClientRects().length && !successor.disabled) successor.focus({ preventScroll: true });
      else rescueFocus();
    });
  }, true);
}

// ---------------------------------------------------------------- dialogs

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "i18n") node.dataset.i18n = v;
    else if (k in node && typeof v !== "string") node[k] = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

// Help and the review as lists (accessdialogs.js), imported the first time one is opened: neither the
// first paint nor an embed's first bytes wait for them.
const dialogs = () => import("./accessdialogs.js");
/** The help dialog (accessdialogs.js); resolves with it. */
export const openHelp = () => dialogs().then((m) => m.openHelp());
/** The review dialog, everything as lists (accessdialogs.js); resolves with it. */
export const openReview = () => dialogs().then((m) => m.openReview());
/** What the dialogs read of this module. */
export const parts = { el, KEYS, rescueFocus, sayWhoseTurn, sayDeck, sayHand, sidesMineFirst, pileOf, pileItems, saidSide,
  capturedItems, sayScore };

/** The Help button in the page header (#help-button if the page has one, else added). */
function helpButton() {
  let b = document.getElementById("help-button");
  if (!b) {
    b = Object.assign(document.createElement("button"), { type: "button", id: "help-button" });
    b.dataset.i18n = "access.help.button";
    const header = document.querySelector("header.bar, body > header, header");
    const menu = document.getElementById("lang-menu");
    if (menu && menu.parentElement) menu.before(b);
    else (header || document.body).append(b);
  }
  b.setAttribute("aria-keyshortcuts", "Shift+?");
  b.setAttribute("aria-haspopup", "dialog");
  if (i18nReady()) b.textContent = t("access.help.button");
  b.addEventListener("click", () => openHelp());
  return b;
}

// ---------------------------------------------------------------- start

function start() {
  applyDisplay();
  followSystem();
  liveRegion();
  listenToLiveRegions();
  helpButton();
  markArea();
  onView(onState);
  on("hand-end", onHandEnd);
  on("ready", () => markArea());
  document.addEventListener("keydown", onKey);
  keepFocusAfterDialogs();
  onLanguageChange(() => { markArea(); });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
