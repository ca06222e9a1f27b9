// The card table: renders the engine's views and events (py/settebello/session.py through bridge.py's
// `game`). The UI never decides a rule and the DOM never holds game state: every render starts
// from the last view the engine returned (plus, while a play is being shown, that play's event).
//
// Modules: tablestart.js (the game the address asks for), mechanics/ (each special rule's
// drawing and words, behind generic calls), layout.js (seats, piles, where each card goes), animate.js (one element per card,
// moved with FLIP transitions from a queue), sheet.js (score sheet), dialog.js (new game),
// rules.js (the rules page, imported when first opened), i18n.js (every string), names.js (sides, presets, levels),
// announce.js (the screen reader). The other modules read the game from store.js: the current
// view (setView after every engine answer) and the news emit()ted here: hand-end {sheet},
// match-end {winner, totals, sides}, ready {view}, and accepted {op, view} as soon as the engine
// accepted a play, before it is shown (persist.js saves it then); they ask the table through store.js's
// "command" news: {type: "new-game", config} or {type: "sync"}.
// URL: ?variant=&seed=&level=&players=human,expert,...&fast=1&lang=
import { connectEngine, markEngine, game as ask } from "./engine.js";
import { view as currentView, setView, emit, on, info as described, setInfo, unheld } from "./store.js";
import { announce } from "./announce.js";
import { clockChoice } from "./clock.js";
import { initLanguage, t, cardName, cardList, theCard, theCards, translatePage, onLanguageChange, hasText, joinList } from "./i18n.js";
import { CardStage, Queue, setFast, pause, motion, setArt } from "./animate.js";
import { buildSeats, labelSeats, place, winnerLine } from "./layout.js";
import { sideName, variantName, levelName, playSentence, refusalText, showNames } from "./names.js";
import { renderSheet, sheetData } from "./sheet.js";
import { renderStory } from "./story.js";
import { openNewGame, loadPrefs, savePrefs } from "./dialog.js";
import { restoreSaved, setAside, savesSettled } from "./persist.js";
import { showNotice } from "./notice.js";
import { askBeforeDropping } from "./history.js";
import { addressProblem, forgetProblems } from "./address.js";
import { art as cardDataURL, setDeck, deckOptions, redrawArt } from "./deck.js";
import { pointerInput } from "./input.js";
import { sound } from "./sound.js";
import { reasonText, coachOn, confirmPlay } from "./coach.js";
import { settings } from "./settings.js";
import { lookAhead } from "./review.js";
import { address, readAddress, quietly, checkAddress, bootConfig, addressGameIs, ADDRESS_GAME } from "./tablestart.js";
import * as mechanics from "./mechanics/index.js";
import { wireMoreMenu } from "./moremenu.js";

let fast = address().get("fast") === "1";  // no pauses (the tests): nothing judged ahead either
setFast(fast);
/** Pacing of the computer's plays, ms (none in fast mode; short with reduced motion). */
const PACE = { think: 420, show: 520, after: 260, sheet: 700, verdict: 1100 };

const $ = (id) => document.getElementById(id);
const stage = new CardStage({ label: cardName });
const queue = new Queue();

let engine = null;
let shown = null;          // what the table shows: the current view, or a play's position while it is shown
let chosen = null;         // the hand card whose capture the player is choosing
let picked = [];           // table cards clicked while choosing among several captures
let hinted = null;         // the play the hint suggested
let asked = null;          // the play the coach asks about (coachAllows), marked while it asks
let verdict = "";          // how a claim was answered (SB61-SB64), kept in the status line until the next play
let busy = false;          // a play is being shown or a computer is thinking
let hintLevel = null;      // the level hints come from (the dialog's choice, else describe's default)
let seatsKey = "";         // which seat layout is built (rebuilt when it changes)

// Which game the table's work belongs to. Every flow that waits (an engine call, an animation, a
// pause) notes the generation it started in and, once it resumes, goes on only if no New game was
// asked meanwhile: a computer's play, a Next hand, an undo answered for the game before never
// reaches the table, never calls the engine again, and never clears `busy` for the new game.
let generation = 0;
const live = (g) => g === generation;
let asking = null;         // the engine's answer to the last New game asked, until the table has it

// ------------------------------------------------------------------ engine calls and seams

/** The engine's view becomes the current one (store.js tells every module) and the table's. A
 *  game of another deck (Cicera's 52 cards after a game of 40) draws its cards afresh: an element
 *  made for the deck before keeps that deck's art (a 2 of Coins without Cicera's index). */
function accept(v, op) {
  const fresh = v.phase === "play" && !v.plays.length && (op === "new_game" || shown?.results?.length !== v.results.length
    || shown?.phase !== "play");
  if (fresh && op !== "new_game" && op !== "next_hand") dealtCallouts(v);  // those two: showDeal
  const before = deckOptions();
  shown = v; setDeck(v.rules);
  const now = deckOptions();
  if (now.deck !== before.deck || now.french !== before.french) stage.drop(new Set());
  setView(v, op);
}

/** A Session request (engine.js), its view's default names ("You") said in the page's language
 *  (names.js showNames): the table, the sheets and the screen reader all read them from there. */
async function game(op, arg) {
  const r = await ask(op, arg);
  showNames(r);
  showNames(r?.view);
  return r;
}

/** The status line: text, or a function giving it (said again in the new language after a switch: issue 45). */
let statusText = () => "";
function status(text) {
  statusText = typeof text === "function" ? text : () => text;
  $("status").textContent = statusText();
}
/** A refused or failed request: in the status line and said. */
function failed(err, { speak = true } = {}) {
  const text = () => t("error.generic", { message: refusalText(err) });  // a refusal in the page's words
  status(text);
  if (speak) announce(text);
}

/** Open the rules page of a game (rules.js, loaded on its first opening: the first hand needs none of it). */
function rulesPage(which) {
  import("./rules.js").then(({ openRules }) => openRules($("rules-dialog"), which)).catch((err) => failed(err));
}

// ------------------------------------------------------------------ drawing the table

/** Everything not about where cards are: scores, buttons, enabled cards, choices, overlays. */
function decorate() {
  const v = shown; if (!v) return;
  const mine = v.waiting === "human" && v.pass_to === null && !busy;
  const legal = mine ? playable(v.legal) : [];
  // the hand: every card with a legal play is playable
  for (const b of $("hand-cards").querySelectorAll(".card")) {
    const c = b.dataset.card;
    b.disabled = !legal.some((p) => p.card === c);
    b.classList.toggle("card--chosen", c === chosen || c === asked?.card);
    b.classList.toggle("card--hint", !!hinted && hinted.card === c);
    b.setAttribute("aria-pressed", c === chosen ? "true" : "false");
  }
  // the table: lit when it can be taken with the chosen card
  const options = chosen ? legal.filter((p) => p.card === chosen && picked.every((x) => p.presa.includes(x))) : [];
  const candidates = new Set(options.flatMap((p) => p.presa));
  // the card another player has just laid (taking nothing) stays marked until the next play, so
  // the person can see what changed on the table while the status line says it is their turn
  const last = (v.plays || []).at(-1);
  const laid = last && !last.presa.length && last.seat !== v.seat ? last.card : null;
  for (const b of $("table-cards").querySelectorAll(".card")) {
    const c = b.dataset.card;
    b.classList.toggle("card--last", c === laid);
    b.disabled = !candidates.has(c);
    b.classList.toggle("card--candidate", candidates.has(c));
    b.classList.toggle("card--picked", picked.includes(c) || !!asked?.presa.includes(c));
    b.classList.toggle("card--hint", !!hinted && hinted.presa.includes(c));
    b.removeAttribute("aria-pressed");
  }
  // the named capture choices
  const ch = $("choices"); ch.replaceChildren();
  if (chosen) {
    for (const p of choiceOrder(options)) {
      const b = document.createElement("button");
      b.className = "btn btn--choice"; b.type = "button";
      b.textContent = choiceLabel(p);
      b.classList.toggle("btn--hint", isHinted(p));
      b.dataset.play = p.notation;
      b.addEventListener("mouseenter", () => lightGroup(p.presa));
      b.addEventListener("focus", () => lightGroup(p.presa));
      b.addEventListener("mouseleave", () => lightGroup([]));
      b.addEventListener("blur", () => lightGroup([]));
      b.addEventListener("click", () => send(p.notation));
      ch.append(b);
    }
    const cancel = document.createElement("button");
    cancel.className = "btn btn--ghost"; cancel.type = "button"; cancel.textContent = t("action.cancel");
    cancel.addEventListener("click", () => cancelChoice());
    ch.append(cancel);
  }
  ch.hidden = !chosen;
  answerPrompt(v, legal);
  const deciding = declarePrompt(v.legal || [], mine);
  // the score bar
  const scores = $("scores"); scores.replaceChildren();
  v.sides.forEach((_, i) => {
    const s = document.createElement("span");
    s.className = "score"; s.dataset.side = String(i);
    if (i === v.side) s.classList.add("score--mine");
    const name = document.createElement("span"); name.className = "score__name"; name.textContent = sideName(v, i);
    const pts = document.createElement("strong"); pts.className = "score__pts"; pts.textContent = String(v.totals[i]);
    s.append(name, pts);
    s.setAttribute("aria-label", t("score.side", { side: sideName(v, i), count: v.totals[i] }));
    scores.append(s);
  });
  // the game being played, always in sight: its name, the target and lead, the rules chosen on top
  // of the preset's; a press opens its rules
  const game = document.createElement("button");
  game.type = "button"; game.className = "score__target"; game.id = "game-rules";
  game.textContent = gameLine(v);
  game.setAttribute("aria-label", t("score.gameRules", { game: game.textContent }));
  game.addEventListener("click", () => rulesPage({ variant: v.variant, options: v.rules }));
  // on a phone the same words as plain text (targets.css: the bar keeps its height; its rules are in
  // the More menu's Rules, which opens the same page)
  const line = document.createElement("span");
  line.className = "score__target score__target--text"; line.textContent = game.textContent;
  scores.append(game, line);
  // the buttons
  $("undo").disabled = !v.can_undo || busy;
  $("hint").disabled = !mine || v.can_hint === false;  // a day's deal (daily.js) is played without hints
  $("trick").disabled = busy || !(v.plays || []).some((p) => p.presa.length);
  // the pass-the-device screen
  const passing = v.pass_to !== null && v.phase === "play";
  $("pass").hidden = !passing;
  if (passing) {
    $("pass-msg").textContent = t("pass.to", { name: v.players[v.pass_to] });
    $("pass-btn").textContent = t("pass.ready", { name: v.players[v.pass_to] });
  }
  $("me").classList.toggle("seat--waiting", mine);
  $("me").classList.toggle("seat--answering", mine && (!!mechanics.status(v) || deciding));
  // the hint keeps its words in the status line until the player does something, and its reason
  // (coach.js) under it
  if (mine && !chosen && !hinted) status(() => (deciding ? t("status.declare") : turnLine(v)));
  const why = mine && hinted ? reasonText(hinted.reason) : "";
  $("hint-why").textContent = why;
  $("hint-why").hidden = !why;
}

/** The status line on the person's turn: what to do (a mechanic's question, mechanics/), after how
 *  a claim was just answered. */
function turnLine(v) {
  const todo = t(mechanics.status(v) || "status.yourTurn");
  return verdict ? `${verdict} ${todo}` : todo;
}

// the Settings' "declare by myself" applies to a question already asked (settings.js)
document.addEventListener("settingschange", (e) => { if (e.detail?.name === "autoDeclare") decorate(); });

/** Whether the person declares with this play (SB14): true or false once chosen, or the Settings'
 *  "declare by itself"; null while they have not said. */
let declaring = null;

function declareChoice() { return settings().autoDeclare ? true : declaring; }

/** The legal plays the person may make now: where a play may be made with declarations or without
 *  (each offered both ways, the declared one with its `declare`), only those of the choice made,
 *  and none of the hand's until it is made. */
function playable(legal) {
  if (!legal.some((p) => p.declare)) return legal;
  const choice = declareChoice();
  return choice === null ? [] : legal.filter((p) => !!p.declare === choice);
}

/** The declarations the person may make with this play (Bàzzica, SB14): what each is, its points
 *  and the cards it shows, with "Declare" and "Keep hidden"; true while it waits for the answer.
 *  The buttons stay while the question does, so the focus stays. */
function declarePrompt(legal, mine) {
  const offer = legal.find((p) => p.declare);
  if (!offer) declaring = null;  // the next offer is asked again
  const open = mine && !!offer && declareChoice() === null;
  const box = $("declare"), row = $("declare-buttons");
  box.hidden = !open;
  if (!open) { row.replaceChildren(); return false; }
  $("declare-q").textContent = offer.declare.map((a) => t("declare.offer",
    { kind: mechanics.declarationName(a), points: a.points, cards: theCards(a.cards) })).join(" ");
  if (!row.children.length) {
    row.replaceChildren(...[true, false].map((yes) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "btn btn--answer"; b.dataset.declare = yes ? "yes" : "no";
      b.addEventListener("click", () => {
        declaring = yes; decorate();
        status(() => t(yes ? "declare.made" : "declare.kept"));
        focusHand();
      });
      return b;
    }));
  }
  const points = offer.declare.reduce((n, a) => n + a.points, 0);
  row.children[0].textContent = t("declare.yes", { points });
  row.children[1].textContent = t("declare.no");
  return true;
}

/** The person's answer to a mechanic's question (mechanics/: a claim, SB61): while the engine's legal
 *  plays are the answers, the question and a button for each (Trust, Doubt); the hand is not playable meanwhile
 *  (no legal play has a card). The buttons are kept while the question stays, so the focus stays. */
function answerPrompt(v, legal) {
  const answers = legal.filter((p) => p.answer);
  const box = $("answer"), row = $("answer-buttons");
  box.hidden = !answers.length;
  if (!answers.length) { row.replaceChildren(); return; }
  $("answer-q").textContent = mechanics.question(v) ?? "";
  if ([...row.children].map((b) => b.dataset.play).join() !== answers.map((p) => p.notation).join()) {
    row.replaceChildren(...answers.map((p) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "btn btn--answer"; b.dataset.play = p.notation;
      b.addEventListener("click", () => send(p.notation));
      return b;
    }));
  }
  answers.forEach((p, i) => {
    const b = row.children[i], text = t(`answer.${p.answer}`);
    b.textContent = isHinted(p) ? t("play.hinted", { play: text }) : text;
    b.classList.toggle("btn--hint", isHinted(p));
  });
}

function lightGroup(cards) {
  for (const b of $("table-cards").querySelectorAll(".card")) b.classList.toggle("card--group", cards.includes(b.dataset.card));
}

/** Rects of places cards come from: the mazzo and each seat's hand. */
function origins() {
  const r = { deck: $("deck").getBoundingClientRect(), seats: new Map() };
  for (const s of document.querySelectorAll("#opponents .seat")) r.seats.set(+s.dataset.seat, s.querySelector(".seat__hand").getBoundingClientRect());
  return r;
}

function ensureSeats(v) {
  const key = `${v.players.join("|")}#${v.seat}#${v.sides.length}`;
  if (key !== seatsKey) { buildSeats(v); seatsKey = key; return true; }
  return false;
}

/**
 * Show view v: put every card where it belongs and slide it there. `from` says where cards new
 * to the page come from: a seat (its hand) or the mazzo (dealt). `animate: false` puts them
 * there at once (the table the page opens with: the player has waited for Python already).
 */
async function draw(v, { fresh = false, from = null, hideHand, animate = true } = {}) {
  const rebuilt = ensureSeats(v);
  const o = origins();
  const first = fresh || rebuilt ? new Map() : stage.measure();
  if (fresh) { for (const el of document.querySelectorAll("#felt .card")) el.remove(); }
  const hide = hideHand ?? (v.pass_to !== null && v.phase === "play");
  place(v, stage, { hideHand: hide });
  decorate();
  if (!animate) return;
  await stage.play(first, {
    origin: (el) => {
      // a claimed card new to the page (a back: SB62) comes from its claimer's hand; turned face up
      // (SB63, SB64: drawn with no `from`) it appears where it lies
      if (el.closest(".claimed")) return from !== null ? o.seats.get(from) || null : null;
      if (el.closest(".seat__hand, #hand-cards, .pile")) return el.closest(".pile") && from !== null ? o.seats.get(from) || o.deck : o.deck;
      if (el.closest("#table-cards") && from !== null) return o.seats.get(from) || o.deck;
      return o.deck;
    },
  });
}

// ------------------------------------------------------------------ showing a play

// A play is shown by moving its cards as the engine's event says (`moves`: each card's move in
// order, from and to a place — "deck", "table", "hand:S" or "pile:K" — and its kind: "lay",
// "take", "rest", "deal"); then the engine's new view is drawn as it is. The table works out no
// position of its own: a scene is the last view with the event's moves made, card by card.

/** A copy of view v's places (hands, table, piles, mazzo), to move cards in, with the rest (names,
 *  scores, the hand's plays...) from view `rest`: while a play is shown, nobody may play. */
function sceneOf(v, rest) {
  return { ...rest, seat: v.seat, turn: v.turn, phase: v.phase, hand: [...v.hand], hand_counts: [...v.hand_counts],
    table: [...v.table], prese: v.prese.map((p) => [...p]), scope: v.scope, scope_cards: v.scope_cards,
    deck_left: v.deck_left, legal: [], waiting: "show", pass_to: null };
}

/** Take card from a place of scene s, or put it there (`step` -1 or +1). */
function shift(s, place, card, step) {
  const [where, n] = place.split(":");
  const out = (list) => list.filter((c) => c !== card);
  if (where === "deck") s.deck_left += step;
  else if (where === "table") s.table = step < 0 ? out(s.table) : [...s.table, card];
  else if (where === "pile") s.prese[+n] = step < 0 ? out(s.prese[+n]) : [...s.prese[+n], card];
  else if (where === "hand") {
    s.hand_counts[+n] += step;
    if (+n === s.seat && card !== null) s.hand = step < 0 ? out(s.hand) : [...s.hand, card];
  }
}

/** Scene v after the moves, made in order (the rest from view `rest`). */
function moved(v, moves, rest = v) {
  const s = sceneOf(v, rest);
  for (const m of moves) { shift(s, m.from, m.card, -1); shift(s, m.to, m.card, +1); }
  return s;
}

/** Whether a seat's plays are said to "you": it is the one person at the table ("Giochi..."). */
const saidToYou = (v, seat) => seat === v.seat && v.seats.filter((x) => x.human).length === 1;
/** A play as said at the table. */
const describe = (e, v) => playSentence(v.players[e.seat], e, { you: saidToYou(v, e.seat) });

/** What a mechanic says with the deal itself, before any play (mechanics/: a declaration of the
 *  dealt table, R24): on the status line and called out on the table (the screen reader says it
 *  with the deal, access.js). */
function dealtCallouts(v) {
  const words = mechanics.dealt(v, { isYou: (s) => saidToYou(v, s) });
  if (!words.length) return;
  status(() => words.map((w) => w.said()).join(" "));
  callout(words.map((w) => w.callout).join(" · "));
}

/** A new hand's deal drawn (with a slide from the mazzo unless `animate` is false); what a
 *  mechanic takes with the deal itself (mechanics/: the dealer's table of 15, R24) is first shown
 *  where it was dealt, on the table, with its words and callout, for a capture's pace, then goes. */
async function showDeal(v, g, { animate = true } = {}) {
  const words = mechanics.dealt(v, { isYou: (s) => saidToYou(v, s) });
  const moves = words.flatMap((w) => w.table || []).map((card) => ({ card, to: "table",
    from: `pile:${v.prese.findIndex((p) => p.includes(card))}` })).filter((m) => m.from !== "pile:-1");
  const scene = moves.length ? moved(v, moves, v) : v;
  shown = scene;
  await draw(scene, { fresh: true, animate });
  if (!live(g)) return;
  dealtCallouts(v);
  if (!moves.length) return;
  const taking = new Set(moves.map((m) => m.card));
  for (const b of $("table-cards").querySelectorAll(".card")) b.classList.toggle("card--taking", taking.has(b.dataset.card));
  await pause(PACE.verdict);
  for (const b of $("table-cards").querySelectorAll(".card--taking")) b.classList.remove("card--taking");
  if (!live(g)) return;
  shown = v;
  await draw(v);
}

function callout(text) {
  const c = $("callout");
  c.textContent = text;
  c.classList.remove("callout--on");
  void c.offsetWidth;
  c.classList.add("callout--on");
  setTimeout(() => c.classList.remove("callout--on"), motion() ? 1400 : 1200);
}

/** Make next (the engine's answer to `op`) the view, showing its play event e on the way from prev:
 *  the played card reaches the table (a capture is shown there with the cards it takes, then they
 *  go to the pile), then the engine's view is drawn, which slides the rest of the moves home (the
 *  last taker's remainder to the pile, fresh cards from the mazzo). */
async function showPlay(prev, next, e, op, g = generation) {
  if (!live(g)) return;
  // an event of a mechanic's own is shown its own way (mechanics/: a claim and its answer)
  const own = mechanics.showEvent(e, toolkit(op, g), prev, next);
  if (own) return own;
  verdict = "";
  // what a mechanic says before the card moves (mechanics/: declarations from the hand, SB10),
  // called out on the table
  for (const { said, callout: word } of mechanics.calledOut(e, next, { isYou: (s) => saidToYou(next, s) })) {
    status(said); announce(said); callout(word);
    await pause(PACE.show);
    if (!live(g)) return;
  }
  const text = () => describe(e, next);
  status(text); announce(text);
  setView(next, op);
  const hide = next.pass_to !== null;
  // the played card's own moves (a card shown by a declaration first "moves" hand to hand: SB10)
  const played = e.moves.filter((m) => m.card === e.card && m.from === `hand:${e.seat}` && m.kind !== "accusa");
  const taken = e.moves.filter((m) => m.kind === "take" && !played.includes(m));
  const dealt = e.moves.some((m) => m.kind === "deal");
  // the played card on the table: laid there, or shown there with what it takes
  let scene = moved(prev, played.map((m) => ({ ...m, to: "table" })), next);
  shown = scene;
  await draw(scene, { from: e.seat, hideHand: hide && prev.seat !== e.seat });
  if (!live(g)) return;
  sound(taken.length ? "capture" : "play");
  if (taken.length) {
    const taking = new Set([e.card, ...taken.map((m) => m.card)]);
    for (const b of $("table-cards").querySelectorAll(".card")) b.classList.toggle("card--taking", taking.has(b.dataset.card));
    await pause(PACE.show);
    for (const b of $("table-cards").querySelectorAll(".card--taking")) b.classList.remove("card--taking");
  } else {
    await pause(PACE.after);
  }
  if (!live(g)) return;
  if (e.scopa) sound("scopa");
  if (e.scopa) callout(t("callout.scopa"));
  else if (e.special) callout(t(`callout.${e.special}`));  // SB41, SB42: a sweep of its own worth
  if (dealt) {
    // the capture goes to its pile before the fresh cards come
    scene = moved(scene, [...played.filter((m) => m.to !== "table").map((m) => ({ ...m, from: "table" })), ...taken], next);
    scene.scope = next.scope; scene.scope_cards = next.scope_cards;  // a scopa's card turned across its pile
    shown = scene;
    await draw(scene, { hideHand: hide });
    await pause(PACE.after);
    if (!live(g)) return;
  }
  shown = next;
  if (dealt) sound("deal");
  await draw(next, { from: dealt ? null : e.seat });
  if (!live(g)) return;
  if (e.sweep && e.sweep.cards.length) {
    const who = e.sweep.seat === null ? null : next.players[e.sweep.seat];
    if (who) announce(() => t(saidToYou(next, e.sweep.seat) ? "play.you.sweep" : "play.sweep", { name: next.players[e.sweep.seat], cards: cardList(e.sweep.cards) }));
  }
  if (e.scopa) await pause(PACE.after);
}

/** What a mechanic's renderer shows its own events with (mechanics/ `showEvent`): the table's
 *  status line, voice, sounds and pacing, and `show(scene)`, which draws a scene as the table's. */
function toolkit(op, g) {
  return {
    status, announce, sound, callout, pause, motion, sceneOf, $, PACE,
    isYou: saidToYou,
    verdict: (text) => { verdict = text; },
    setView: (v) => setView(v, op),
    show: (scene, options) => { shown = scene; return draw(scene, options); },
    stop: () => !live(g),
  };
}

// ------------------------------------------------------------------ the player's moves

function pick(card) {
  const view = currentView();
  if (busy || !view || view.waiting !== "human") return;
  if (hinted?.card !== card) hinted = null;  // the hinted card keeps its capture marked among the choices
  verdict = "";
  const options = playable(view.legal).filter((p) => p.card === card);
  if (!options.length) return;
  if (options.length === 1) return send(options[0].notation);
  chosen = card; picked = [];
  decorate();
  // a card that may be laid, built with or claimed face down (a mechanic's play takes nothing) is
  // played one of several ways, not only a choice of what it takes (issue 45)
  const claiming = !options.every((p) => p.presa?.length);
  status(() => t(claiming ? "status.choosePlay" : "status.choose", { card: theCard(card) }));
  announce(() => t(claiming ? "status.choosePlaySay" : "status.chooseSay", { card: theCard(card), count: options.length }) + " "
    + choiceOrder(options).map(choiceLabel).join("; "));
  if (!pointerInput) $("choices").querySelector("button")?.focus();
}

function pickTable(card) {
  if (!chosen || busy) return;
  const options = playable(currentView().legal).filter((p) => p.card === chosen && p.presa.includes(card) && picked.every((x) => p.presa.includes(x)));
  if (!options.length) return;
  if (options.length === 1) return send(options[0].notation);
  // the card is in several captures: keep it and let the next click narrow them down
  const still = [...picked, card];
  const exact = options.find((p) => p.presa.length === still.length && still.every((x) => p.presa.includes(x)));
  if (exact) return send(exact.notation);
  picked = still;
  decorate();
}

/** Whether `p` is the play the hint suggested (the engine names every play one way). */
function isHinted(p) { return !!hinted && hinted.notation === p.notation; }

/** The capture choices with the hinted one (if any) first. */
function hintFirst(options) { return [...options.filter(isHinted), ...options.filter((p) => !isHinted(p))]; }

/** A card's plays as offered: the hinted one first, then its ordinary plays, then those a mechanic
 *  offers last (mechanics/: a claim). */
function choiceOrder(options) {
  return hintFirst([...options.filter((p) => !mechanics.offeredLast(p)), ...options.filter((p) => mechanics.offeredLast(p))]);
}

/** A capture choice's words, marked when it is the hint. */
function choiceLabel(p) {
  // a mechanic's own words (mechanics/): a play said whole (a claim), or the cards it takes that
  // are said otherwise (a pile's top, stolen) and what it adds after the take (a build)
  const own = mechanics.playWords(p, currentView());
  if (own.whole) return isHinted(p) ? t("play.hinted", { play: own.whole }) : own.whole;
  const loose = p.presa.filter((c) => !own.skip.includes(c));
  const parts = [...(loose.length ? [t("play.take", { cards: cardList(loose) })] : []), ...own.parts];
  const joined = parts.join("; ");
  const text = parts.length ? joined.charAt(0).toLocaleUpperCase() + joined.slice(1) : t("play.lay");
  return isHinted(p) ? t("play.hinted", { play: text }) : text;
}

function cancelChoice() {
  const c = chosen;
  chosen = null; picked = []; decorate();
  if (c) $("hand-cards").querySelector(`[data-card="${c}"]`)?.focus();
}

async function send(notation) {
  if (busy) return;
  const g = generation;
  if (coachOn() && !(await coachAllows(notation, g))) return;
  chosen = null; picked = []; hinted = null; verdict = ""; busy = true; declaring = null; decorate();
  let r;
  try { r = await game("play", notation); }
  catch (err) { if (live(g)) { busy = false; decorate(); failed(err); } return; }
  if (!live(g)) return;
  emit("accepted", { op: "play", view: r.view });  // made: saved now, whatever its showing takes
  // the person's time ran out before the play reached the engine: lost on time (clock.js tells)
  if (!r.event) { busy = false; accept(r.view, "play"); decorate(); return; }
  // the play's save first: judging it ahead (review.js) keeps the worker busy for a second
  savesSettled().then(() => { if (live(g)) judgeAhead(r.view); });
  const prev = currentView();
  await queue.run(() => showPlay(prev, r.view, r.event, "play", g));
  await advance(g);
}

/** After a person's play, while it moves and the computers think, or while the device is passed to
 *  the next person (never while a person is choosing a play): the worker judges it for the hand's
 *  review (review.js), so the review is ready with the sheet. Not in fast mode, which has no pauses
 *  to hide it in. */
function judgeAhead(v) {
  if (!fast && v.can_review && (v.waiting !== "human" || v.pass_to !== null)) lookAhead();
}

/** The coach (Settings: Coach, coach.js): asks the engine whether the person's play leaves the next
 *  player an obvious scopa or the Settebello, and if so the person decides in a dialog: true to play
 *  it, false to choose again (the table as it was, the card they chose in focus). A refused
 *  question lets the play go on: the engine refuses the play itself with its reason. */
async function coachAllows(notation, g) {
  asked = currentView().legal.find((p) => p.notation === notation) || null;
  busy = true; decorate();
  let warning = null;
  try { warning = (await game("coach", notation)).warning; } catch { warning = null; }
  let go = true;
  if (live(g) && warning) go = await confirmPlay(warning);
  const card = asked?.card;  // the play's own card (a declared play's notation ends in "!", SB14)
  asked = null;
  if (!live(g)) return false;
  busy = false; decorate();
  if (!go) {
    const el = chosen ? $("choices").querySelector(`[data-play="${notation}"]`) : $("hand-cards").querySelector(`[data-card="${card}"]`);
    (el || $("hand-cards").querySelector(".card:not([disabled])"))?.focus();
  }
  return go;
}

// ------------------------------------------------------------------ the computers, hand end

/** Let the computers play until a person is to play (or the hand is over), pacing each play. */
async function advance(g = generation) {
  if (!live(g)) return;
  busy = true; decorate();
  try {
    while (live(g) && currentView().waiting === "computer") {
      // nobody plays while the page asks the person something first (the lesson's offer: store.js)
      await unheld();
      if (!live(g)) return;
      const view = currentView(), seat = view.turn;
      status(() => t("status.thinking", { name: view.players[seat] }));
      for (const s of document.querySelectorAll("#opponents .seat")) s.classList.toggle("seat--thinking", +s.dataset.seat === seat);
      // the computer's play is saved as soon as it is made, not after the pause that paces it
      const step = game("computer_step").then((r) => { if (live(g)) emit("accepted", { op: "computer_step", view: r.view }); return r; });
      const [r] = await Promise.all([step, pause(PACE.think)]);
      if (!live(g)) return;  // a New game was asked meanwhile: this play belongs to the game before
      for (const s of document.querySelectorAll(".seat--thinking")) s.classList.remove("seat--thinking");
      if (!r.event) { accept(r.view, "computer_step"); decorate(); return; } // lost on time (clock.js tells)
      await queue.run(() => showPlay(view, r.view, r.event, "computer_step", g));
    }
  } catch (err) {
    if (!live(g)) return;
    failed(err);
    throw err;
  } finally {
    if (live(g)) busy = false;
  }
  if (!live(g)) return;
  decorate();
  const view = currentView();
  if (view.phase !== "play") return handEnd(g);
  $("sheet").hidden = true;
  if (view.pass_to !== null) { $("pass-btn").focus(); announce(() => t("pass.to", { name: view.players[view.pass_to] })); return; }
  if (view.waiting === "human" && view.turn !== view.seat) {
    // a person on another device plays (people.js): their play comes to the table by itself
    status(t("people.waitingFor", { name: view.players[view.turn] }));
  } else if (view.waiting === "human" && mechanics.question(view)) {
    // the person answers a mechanic's question (a claim, SB61): it has the focus, whatever the way of input
    status(() => turnLine(view));
    $("answer-buttons").querySelector("button")?.focus();
  } else if (view.waiting === "human") {
    // a declaration to make or keep hidden first (SB14): said, and the question has the focus
    const asking = !$("declare").hidden;
    status(() => (asking ? t("status.declare") : turnLine(view)));
    if (asking) $("declare-buttons").querySelector("button")?.focus(); else focusHand();
  }
}

function focusHand() {
  if (pointerInput) return;
  const hand = $("hand-cards");
  if (hand.contains(document.activeElement) && !document.activeElement.disabled) return;
  if (document.activeElement?.closest("[data-keeps-focus]")) return;  // a question over the table (the lesson's offer)
  hand.querySelector(".card:not([disabled])")?.focus({ preventScroll: true });
}

async function handEnd(g) {
  judgeAhead(currentView());  // what is left to judge (a game restored mid-hand), during the pause
  await pause(PACE.sheet);
  if (!live(g)) return;
  const view = currentView();
  sound(view.phase === "over" ? "match" : "hand");
  // the table's words first, then each module's (access.js says the points after "Hand over")
  if (view.phase === "over") announce(() => winnerLine(view));
  else announce(() => t("sheet.handSay", { totals: view.sides.map((_, i) => `${sideName(view, i)} ${view.totals[i]}`).join(", ") }));
  emit("hand-end", { sheet: sheetData(view) });
  if (view.phase === "over") {
    emit("match-end", { winner: view.winner, totals: [...view.totals], sides: view.sides.map((_, i) => sideName(view, i)) });
  }
  showSheet();
}

/** The pass screen is modal: while it shows, the bar and the table behind it take no focus and no
 *  clicks (the next person must not see the last one's table). A score sheet is not, the hand's
 *  nor the match's: it is a dialog (role=dialog, aria-modal=false) set below the bar, and the
 *  bar's New game, Rules, Statistics, Records, Help and language stay in reach, by click, by Tab
 *  and for a screen reader's reading cursor. aria-modal=true would hide the bar from screen
 *  readers (they take everything outside a modal dialog as inert), though a player between two
 *  hands may well want to read the rules or start another game; so the sheet is a plain dialog
 *  that takes the focus when it opens, and only the table behind it (the felt: a hand already
 *  played, nothing to do there) is inert while it shows. */
function keepModal() {
  const sheet = !$("sheet").hidden, pass = !$("pass").hidden;
  $("sheet").setAttribute("aria-modal", "false");
  // the sheet sits below the bar, which stays above it (however many rows it wraps to), and below
  // the notices' band under it (notice.js: "a new version is ready" hides none of its headers)
  const band = document.getElementById("settebello-notices");
  const under = Math.max(document.querySelector("header.bar").offsetHeight, band && band.style.position !== "fixed" ? band.getBoundingClientRect().bottom : 0);
  $("sheet").style.setProperty("--bar-h", `${Math.ceil(under)}px`);
  document.querySelector("header.bar").inert = pass;
  $("felt").inert = sheet || pass;
}
for (const id of ["sheet", "pass"]) new MutationObserver(keepModal).observe($(id), { attributes: true, attributeFilter: ["hidden"] });
for (const type of ["resize", "settebello:notices"]) addEventListener(type, () => { if (!$("sheet").hidden) keepModal(); });

function showSheet() {
  const v = currentView();
  const onNewGame = () => newGameDialog();
  // a finished match: its story (every hand, the best moments) with Rematch
  const focus = v.phase === "over" && v.story
    ? renderStory($("sheet"), v, { onRematch: (config) => rematch(config), onNewGame })
    : renderSheet($("sheet"), v, {
      onNext: async () => {
        if (busy) return;
        const g = generation;
        busy = true;
        let next;
        try { next = await game("next_hand"); } catch (err) { if (live(g)) { busy = false; failed(err, { speak: false }); } return; }
        if (!live(g)) return;
        $("sheet").hidden = true;
        accept(next, "next_hand");
        sound("deal");
        await queue.run(() => live(g) && showDeal(next, g));
        if (!live(g)) return;
        busy = false;
        await advance(g);
      },
      onNewGame,
    });
  keepModal();
  focus?.focus();
}

/** The same table again (story.py's rematch: the variant, options, seats and clock of the match
 *  just finished), with a new deal. */
async function rematch(config) {
  if (busy) return;
  await startGame(config).catch(() => {});
}

// ------------------------------------------------------------------ starting a game

/** The page's first game: the address's (each bad value said), else, when the engine refuses what
 *  the address asks for (a target out of bounds...), the game without it, said too. */
async function bootGame() {
  forgetProblems();  // a reset (the test hook) says them again
  checkAddress();
  let config = bootConfig();
  const fallbacks = [{ targets: false }, { address: false }, { address: false, remembered: false }];
  for (const fallback of fallbacks) {
    try { await game("check_game", config); break; }
    catch (err) {
      const why = refusalText(err);
      if (fallback.remembered === false) console.warn(`Settebello: the remembered game cannot be played (${why})`);
      else if (fallback.targets === false && ADDRESS_GAME.some((k) => address().has(k))) {
        addressProblem("config", ADDRESS_GAME.filter((k) => address().has(k)).map((k) => `${k}=${address().get(k)}`).join("&"),
          t("inputs.refused", { why }));
      }
      config = bootConfig(fallback);  // (a bad value said already is not said twice: address.js)
    }
  }
  await startGame(config, { deal: false });
}
/** A game as the notice names it: "Scopa with You and Bruno (Expert)". */
function gameWords(variant, seats, names) {
  return t("url.game", { variant: variantName(variant), seats: joinList(seats.map((x, i) => x.human ? names[i]
    : t("url.computerSeat", { name: names[i], level: levelName(x.level) }))) });
}

/** A restored match, and an address that asks for another game (?players=human,human, another
 *  variant, another deal...): the address is not passed over in silence. A notice offers to start
 *  the address's game (the match is set aside: Records lists it, to restore) or to keep the match.
 *  An embed's reader finds their match as before (README: the address chooses the game a reader
 *  starts with). */
async function offerAddressGame(v) {
  if (address().get("embed") === "1" || !ADDRESS_GAME.some((k) => address().has(k))) return;
  const want = quietly(() => bootConfig());
  const saved = (await game("save")).config;
  if (addressGameIs(want, saved, v)) return;
  const had = v.lesson ? t("lesson.help.title") : gameWords(v.variant, v.seats, v.players);
  showNotice({ id: "address-notice", role: "status", testid: "address-notice",
    text: t("url.savedGame", { saved: had, asked: gameWords(want.variant, want.seats, want.seats.map((x) => x.name)) }),
    buttons: [
      { label: t("url.startAsked"), i18n: "url.startAsked", primary: true, testid: "address-start", onClick: async (_, box) => {
        box.remove();
        const match = await game("save").catch(() => null);
        if (match) setAside(JSON.stringify(match), null, t("storage.why_address"));
        await bootGame().catch(() => {});
      } },
      { label: t("url.keepSaved"), i18n: "url.keepSaved", testid: "address-keep", onClick: (_, box) => box.remove() },
    ] });
}

/** Start a match from a Session.new_game config and show its first deal (dealt with a slide unless
 *  `deal` is false). A refused config rejects with the engine's EngineRefusal and changes nothing; `report: false`
 *  leaves telling it to the caller (the embed answers its parent page instead). */
async function startGame(config, { deal = true, report = true } = {}) {
  // seats of people on other devices: the table with people (people.js, loaded only then) deals
  // once each of them has joined and drawn their part of the deal
  if (config?.seats?.some((s) => s.remote)) return import("./people.js").then((m) => m.hostTable(config));
  // from now on whatever the game before was doing stops where it is (see `generation`); a New
  // game asked while this one is on its way wins in turn, and this one's answer is dropped
  const g = ++generation;
  busy = true;
  let v;
  const answer = game("new_game", config);
  asking = answer;
  try { v = await answer; }
  catch (err) {
    if (live(g)) {
      busy = false;
      if (report) failed(err);
      if (currentView()) goOn(g).catch(() => {});  // refused: the game on the table goes on
    }
    throw err;
  } finally {
    if (asking === answer) asking = null;
  }
  if (!live(g)) return;
  chosen = null; picked = []; hinted = null; verdict = "";
  $("sheet").hidden = true;
  $("address-notice")?.remove();  // another game is on the table: the address's question is answered
  seatsKey = "";
  announce(() => t("status.newGame", { variant: variantName(v.variant) }));
  accept(v, "new_game");
  if (deal) sound("deal");
  await queue.run(() => live(g) && showDeal(v, g, { animate: deal }));
  if (!live(g)) return;
  busy = false;
  markReady();
  await advance(g);
}

/** The game on the table goes on where it was (its flows stopped when a New game was asked, which
 *  the engine refused): its view drawn again, its sheet or its computers' plays. */
async function goOn(g) {
  const v = await game("view");
  if (!live(g)) return;
  accept(v, "sync");
  await queue.run(() => live(g) && draw(v));
  if (!live(g)) return;
  if (v.phase !== "play") showSheet();
  else await advance(g);
}

/** A restored match on the table as it was left, drawn without a slide, then its sheet or its
 *  computers' plays: a reload's (with `offer`, the address's game offered if it asks for another),
 *  and the test hook's load of a save (static/js/testhook.js). */
async function resume(restored, { offer = false } = {}) {
  const g = ++generation;
  chosen = null; picked = []; hinted = null; verdict = "";
  $("sheet").hidden = true;
  seatsKey = "";
  accept(restored, "restore");
  await queue.run(() => live(g) && draw(restored, { fresh: true, animate: false }));
  if (!live(g)) return;
  markReady();
  if (offer) offerAddressGame(restored).catch((err) => console.warn(`Settebello: ${err.message}`));
  if (restored.phase !== "play") { showSheet(); return; }
  await advance(g);
}

/** Start afresh from the address and the stored choices, as a first visit does, once the table is
 *  idle (the test hook's reset, static/js/testhook.js: Pyodide stays booted). */
async function restart() {
  while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
  fast = readAddress().get("fast") === "1";
  setFast(fast);
  await bootGame();
}

let isReady = false;
/** The engine answered and a game is on the table: tell tests, benchmarks and other modules. */
function markReady() {
  if (isReady) return;
  isReady = true;
  markEngine("ready"); emit("ready", { view: currentView() });
}

async function newGameDialog() {
  if (!described()) return;
  // a New game just asked for is the game on the table as soon as the engine answers: wait for it
  while (asking) await asking.catch(() => {});
  const view = currentView();
  const pre = view && described().variants.find((x) => x.id === view.variant);
  // the dialog opens on the game on the table: its preset, table, seats, target, lead and the
  // rules chosen on top of the preset's (the last choice remembered keeps the hint level)
  const current = view && pre ? { variant: view.variant,
    seats: view.seats.map((x) => x.human ? { human: true, name: x.name } : { human: false, level: x.level }),
    table: view.seating, target: view.rules.target, lead: view.rules.lead,
    options: Object.fromEntries(pre.open.filter((k) => view.rules[k] !== pre.rules[k]).map((k) => [k, view.rules[k]])),
    hintLevel } : null;
  // clock.js's part of the dialog
  const timed = (config) => { const clock = clockChoice(); return clock && clock !== "off" ? { ...config, clock } : config; };
  const res = await openNewGame($("newgame-dialog"), described(), current || loadPrefs(),
    (config) => game("check_game", timed(config)));
  if (!res) return;
  // a match under way is not dropped without a question: kept for later (Records) or not (issue 45)
  if (!(await askBeforeDropping())) return;
  savePrefs(res.prefs);
  hintLevel = res.prefs.hintLevel || described().default_level;
  await startGame(timed(res.config)).catch(() => {});
  focusAfterStart();
}

/** After New game → Start the focus leaves the New game button, where the closed dialog gave it
 *  back: the person's next move is at the table. A keyboard player's goes to the hand's first
 *  playable card (or the question asked first), a pointer player's to the hand itself, which
 *  shows no ring (Tab or an arrow then reaches the cards). */
function focusAfterStart() {
  const at = document.activeElement;
  if (at && at !== document.body && at !== $("new") && !at.closest("dialog")) return;  // moved already
  const question = ["declare-buttons", "answer-buttons"].map((id) => $(id).querySelector("button")).find((b) => b?.offsetParent);
  if (question && !pointerInput) return question.focus();
  if (!pointerInput && $("hand-cards").querySelector(".card:not([disabled])")) return focusHand();
  const hand = $("hand-cards");
  hand.tabIndex = -1;
  hand.focus({ preventScroll: true });
}

/** A switch as the game line says it: its short name on, "no …" off (or its own words for off). */
function shortName(k, on) {
  const name = hasText(`short.${k}`) ? t(`short.${k}`) : t(`option.${k}`);
  if (on) return name;
  return hasText(`short.${k}.false`) ? t(`short.${k}.false`) : t("short.off", { option: name });
}

/** "Escoba · to 21 · lead 2 · Re bello": the game on the table, its target and lead, and each
 *  option that differs from its preset (the preset's own rules are in describe). */
function gameLine(v) {
  const pre = described()?.variants.find((x) => x.id === v.variant);
  const parts = [variantName(v.variant)];
  // a table other than the preset's own: how many, and how they sit
  if (pre && v.seating !== pre.tables[0].id) {
    parts.push(`${t("dialog.players", { count: v.seats.length })}${v.rules.teams === "none" ? "" : ` ${t(`teams.${v.rules.teams}`)}`}`);
  }
  // misère (O12): the target is what a side must not reach
  parts.push(!v.rules.target ? t("score.single") : t(v.rules.misere ? "score.targetLoses" : "score.target", { target: v.rules.target }));
  if (v.rules.lead) parts.push(t("score.lead", { lead: v.rules.lead }));
  for (const k of pre?.open ?? []) {
    const value = v.rules[k];
    if (value === pre.rules[k]) continue;
    const kind = described().option_specs[k].kind;
    parts.push(kind === "choice" ? t(`choice.${k}.${value}`)
      : kind === "number" ? `${t(`option.${k}`)}: ${value}`
      : shortName(k, value));
  }
  return parts.join(" · ");
}

// ------------------------------------------------------------------ undo, hint, last trick, pass

async function undo() {
  if (busy || !currentView()?.can_undo) return;
  const g = generation;
  busy = true; decorate();
  let v;
  try { v = await game("undo"); }
  catch (err) { if (live(g)) { busy = false; decorate(); failed(err, { speak: false }); } return; }
  if (!live(g)) return;
  chosen = null; picked = []; hinted = null; verdict = "";
  accept(v, "undo");
  await queue.run(() => live(g) && draw(v));
  if (!live(g)) return;
  busy = false;
  announce(() => t("status.undone")); status(() => t("status.undone"));
  await advance(g);
}

async function hint() {
  if (busy || currentView()?.waiting !== "human") return;
  $("hint").disabled = true;
  const g = generation;
  try {
    const h = await game("hint", hintLevel);
    if (!live(g)) return;
    hinted = h; chosen = null; picked = [];
    decorate();
    // a mechanic's own play (mechanics/: an answer to a claim, a claim), else a capture or a lay
    const text = () => (mechanics.hintWords(h)
      ?? (h.presa.length ? t("hint.take", { card: theCard(h.card), cards: theCards(h.presa) }) : t("hint.lay", { card: theCard(h.card) })));
    // why (py/scopa_ai/explain.py): shown under the status line by decorate, said after the hint
    // (both functions: a language change says them again in the new language)
    const said = () => { const why = reasonText(h.reason); return why ? `${text()} ${why}` : text(); };
    status(text); announce(said);
    (h.card ? $("hand-cards").querySelector(`[data-card="${h.card}"]`) : $("answer-buttons").querySelector(`[data-play="${h.notation}"]`))?.focus();
  } catch (err) { if (!live(g)) return; failed(err, { speak: false }); }
  decorate();
}

async function lastTrick() {
  const d = $("trick-dialog");
  let tr;
  const g = generation;
  try { tr = await game("last_trick"); } catch (err) { if (live(g)) failed(err, { speak: false }); return; }
  if (!live(g)) return;
  const body = d.querySelector(".trick__body");
  body.replaceChildren();
  const title = d.querySelector("h2");
  title.textContent = t("trick.title");
  if (tr.seat === null) {
    const p = document.createElement("p"); p.textContent = t("trick.none"); body.append(p);
  } else {
    const p = document.createElement("p");
    p.textContent = playSentence(tr.name, { ...tr, scopa: false }, { you: saidToYou(currentView(), tr.seat) });
    const row = document.createElement("div"); row.className = "trick__cards";
    const img = (c, cls) => { const i = document.createElement("img"); i.src = cardDataURL(c); i.dataset.art = c; i.alt = cardName(c); i.className = cls; return i; };
    const arrow = document.createElement("span"); arrow.className = "trick__arrow"; arrow.textContent = "⟶"; arrow.setAttribute("aria-hidden", "true");
    row.append(img(tr.card, "trick__played"), arrow, ...tr.presa.map((c) => img(c, "trick__taken")));
    body.append(p, row);
  }
  d.querySelector(".trick__close").textContent = t("action.close");
  d.showModal();
}

/** Show the engine's view again (after something changed outside a play, e.g. a lost clock). */
/** A match the engine has just restored from a file (persist.js's restoreFromFile): shown afresh,
 *  whatever was on the table before, and played on from where it stands. */
async function showRestored(v) {
  const g = ++generation;
  chosen = null; picked = []; hinted = null; verdict = ""; busy = true;
  $("sheet").hidden = true;
  seatsKey = "";
  accept(v, "restore");
  await queue.run(() => live(g) && draw(v, { fresh: true }));
  if (!live(g)) return;
  busy = false;
  await advance(g);
}

/** A play made at another device (people.js): a remote person's at the host's table, or any
 *  play the host's table sends to this seat. Shown as a play of the table's own, then the table
 *  goes on (a computer's turn next, the sheet); with no event, the view is drawn afresh. */
async function playedElsewhere(view, event) {
  while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
  const g = generation;
  showNames(view);
  if (!event) return showRestored(view);
  chosen = null; picked = []; hinted = null;
  const prev = currentView();
  emit("accepted", { op: "remote", view });
  await queue.run(() => showPlay(prev, view, event, "remote", g));
  await advance(g);
}

async function syncView() {
  const g = generation;
  const v = await game("view");
  if (!live(g)) return;
  chosen = null; picked = []; hinted = null;
  accept(v, "sync");
  await queue.run(() => live(g) && draw(v));
}

async function passReady() {
  const view = currentView();
  if (!view || view.pass_to === null) return;
  let v;
  const g = generation;
  try { v = await game("show", view.pass_to); } catch (err) { if (live(g)) failed(err, { speak: false }); return; }
  if (!live(g)) return;
  accept(v, "show");
  $("pass").hidden = true;
  await queue.run(() => live(g) && draw(v, { fresh: true }));
  if (!live(g)) return;
  await advance(g);
}

// ------------------------------------------------------------------ keyboard

function onHandKey(e) {
  const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
  if (!keys.includes(e.key)) return;
  const box = e.currentTarget;
  const cards = [...box.querySelectorAll(".card:not([disabled])")];
  if (!cards.length) return;
  const i = cards.indexOf(document.activeElement);
  let j = i;
  if (e.key === "ArrowLeft") j = i <= 0 ? cards.length - 1 : i - 1;
  if (e.key === "ArrowRight") j = i < 0 || i >= cards.length - 1 ? 0 : i + 1;
  if (e.key === "Home") j = 0;
  if (e.key === "End") j = cards.length - 1;
  cards[j].focus(); e.preventDefault();
}

// ------------------------------------------------------------------ boot

function wire() {
  $("hand-cards").addEventListener("click", (e) => { const b = e.target.closest(".card"); if (b && !b.disabled) pick(b.dataset.card); });
  $("table-cards").addEventListener("click", (e) => { const b = e.target.closest(".card"); if (b && !b.disabled) pickTable(b.dataset.card); });
  $("hand-cards").addEventListener("keydown", onHandKey);
  $("table-cards").addEventListener("keydown", onHandKey);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && chosen) { cancelChoice(); e.preventDefault(); } });
  $("new").addEventListener("click", newGameDialog);
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("trick").addEventListener("click", lastTrick);
  // the rules of the game on the table: what it changes from classic Scopa first
  $("rules-btn").addEventListener("click", () => {
    const v = currentView();
    rulesPage(v ? { variant: v.variant, options: v.rules } : null);
  });
  $("pass-btn").addEventListener("click", passReady);
  $("trick-dialog").querySelector(".trick__close").addEventListener("click", () => $("trick-dialog").close());
  wireMoreMenu();
  // access.js's display settings: high contrast redraws every card in the high-contrast art
  on("display", (d) => {
    const highContrast = !!d?.highContrast;
    setArt({ highContrast });
    stage.redraw();
    for (const img of document.querySelectorAll("#felt .card--down > img")) img.src = cardDataURL("back", { highContrast });
  });
  // deck.js: the player chose another deck style; every card in sight takes the new look (the
  // table's, the score sheet's, the rules page's, the last trick's); their names stay the same
  document.addEventListener("deckstyle", () => { stage.redraw(); redrawArt(document); });
  // another module asks (bracket.js: a tournament's match; clock.js: a player ran out of time)
  on("command", (d) => {
    if (d?.type === "new-game" && d.config) startGame(d.config).catch(() => {});
    if (d?.type === "restored") showRestored(d.view).catch(() => {}).finally(() => d.done?.());
    else if (d?.type === "sync" && currentView()) syncView().catch(() => {}).finally(() => d.done?.());
    else if (d?.type === "sync") d.done?.();
  });
  onLanguageChange(() => {
    translatePage(document);
    // the people's default names in the new language ("You" is "Tu"), before anything says them
    showNames(currentView());
    showNames(shown);
    $("status").textContent = statusText();  // the status line said again in the new language
    const view = shown;
    if (!view) return;
    for (const [code, el] of stage.cards) el.setAttribute("aria-label", cardName(code));
    labelSeats(view);
    place(view, stage, { hideHand: view.pass_to !== null && view.phase === "play" });
    decorate();
    if (!$("sheet").hidden) showSheet();
  });
  let resizeTimer;
  for (const type of ["resize", "settebello:notices"]) {
    window.addEventListener(type, () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => shown && decorate(), 100); });
  }
}

/**
 * An embed that waits for its reader (index.html: ?embed=1&start=view|play) shows the table with
 * its Play control and starts the runtime (PyScript, Pyodide) only when Play is pressed or, with
 * start=view, when the frame comes into view: until then it has fetched only the page itself.
 */
async function waitForReader(language) {
  const runtime = window.settebelloRuntime;
  if (!runtime || document.documentElement.dataset.start !== "waiting") return;
  $("start-play").addEventListener("click", () => runtime.start(), { once: true });
  if (runtime.mode === "view" && "IntersectionObserver" in window) {
    // with no root: the top-level viewport, also from inside a frame of another origin
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      runtime.start();
    });
    seen.observe($("felt"));
  }
  await language;
  translatePage(document);
  await runtime.started;
}

async function main() {
  wire();
  try {
    const language = initLanguage();
    await waitForReader(language);
    [engine] = await Promise.all([connectEngine(), language]);
    translatePage(document);
    setInfo(await game("variants"));
    hintLevel = loadPrefs()?.hintLevel || described().default_level;
    // the test hook (tests/browser): the only window.* the page defines; no module reads it
    window.settebello = { engine, game, get view() { return currentView(); }, startGame };
    if (location.hash.startsWith("#join=")) {
      // an invitation to another device's table (people.js): its seat, not this device's own game
      $("loading").hidden = true;
      document.body.classList.remove("is-loading");
      await (await import("./people.js")).joinTable();
      return;
    }
    const restored = showNames(await restoreSaved());
    $("loading").hidden = true;
    document.body.classList.remove("is-loading");
    if (restored) {
      await resume(restored, { offer: true });
      // a match with people on other devices: its table with people comes back too (people.js)
      if (restored.seats?.some((s) => s.remote)) await (await import("./people.js")).resumeHosting();
    } else {
      // the page's first table appears dealt: no slide from the mazzo after the wait for Python
      await bootGame();
    }
  } catch (err) {
    $("loading").hidden = false;
    $("loading").textContent = t("error.generic", { message: err.message });
    markEngine("error", err.message);
    throw err;
  }
}
main();
export { game, restart, resume, startGame, playedElsewhere };
