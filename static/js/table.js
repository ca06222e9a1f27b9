// The card table: renders the engine's views and events (py/settebello/session.py through bridge.py's
// `game`). The UI never decides a rule and the DOM never holds game state: every render starts
// from the last view the engine returned (plus, while a play is being shown, that play's event).
//
// Modules: layout.js (seats, piles, where each card goes), animate.js (one element per card,
// moved with FLIP transitions from a queue), sheet.js (score sheet), dialog.js (new game),
// rules.js (the rules page), i18n.js (every string). Seams for other modules: window events
// settebello:state {op, view}, settebello:hand-end {sheet}, settebello:match-end
// {winner, totals, sides}, settebello:ready; it listens for settebello:command
// {type: "new-game", config}. URL: ?variant=&seed=&level=&players=human,expert,...&fast=1&lang=
import { connectEngine, markEngine } from "./engine.js";
import { initLanguage, t, cardName, cardList, theCard, theCards, translatePage, onLanguageChange } from "./i18n.js";
import { CardStage, Queue, setFast, pause, motion, sleep, setArt } from "./animate.js";
import { buildSeats, labelSeats, place, sideName, winnerLine, hasTeams } from "./layout.js";
import { renderSheet, sheetData } from "./sheet.js";
import { openNewGame, loadPrefs, savePrefs, computerName } from "./dialog.js";
import { openRules } from "./rules.js";
import { restoreSaved } from "./persist.js";
import { showNotice } from "./notice.js";
import { cardDataURL } from "./cardart.js";
import { pointerInput } from "./input.js";

let params = new URLSearchParams(location.search); // read again by restart()
setFast(params.get("fast") === "1");
/** Pacing of the computer's plays, ms (none in fast mode; short with reduced motion). */
const PACE = { think: 420, show: 520, after: 260, sheet: 700 };

const $ = (id) => document.getElementById(id);
const stage = new CardStage({ label: cardName });
const queue = new Queue();

let engine = null;
let info = null;           // game("variants"): {variants, levels, options}
let view = null;           // the last view the engine returned
let chosen = null;         // the hand card whose capture the player is choosing
let picked = [];           // table cards clicked while choosing among several captures
let hinted = null;         // the play the hint suggested
let busy = false;          // a play is being shown or a computer is thinking
let hintLevel = "expert";
let seatsKey = "";         // which seat layout is built (rebuilt when it changes)

// ------------------------------------------------------------------ engine calls and seams

/** Call Session op through the bridge; throws with the engine's message on a refused request. */
async function game(op, arg) {
  const r = await engine.call("game", { op, arg });
  if (r && r.error) throw new Error(r.error);
  return r;
}

function emit(type, detail) { window.dispatchEvent(new CustomEvent(`settebello:${type}`, { detail })); }
function stateChanged(op) { emit("state", { op, view }); }

function say(text) {
  const live = $("live");
  live.textContent = "";
  // a fresh text node each time, so the same words are announced again
  requestAnimationFrame(() => { live.textContent = text; });
}
function status(text) { $("status").textContent = text; }

// ------------------------------------------------------------------ drawing the table

/** Everything not about where cards are: scores, buttons, enabled cards, choices, overlays. */
function decorate() {
  const v = view; if (!v) return;
  const mine = v.waiting === "human" && v.pass_to === null && !busy;
  const legal = mine ? v.legal : [];
  // the hand: every card with a legal play is playable
  for (const b of $("hand-cards").querySelectorAll(".card")) {
    const c = b.dataset.card;
    b.disabled = !legal.some((p) => p.card === c);
    b.classList.toggle("card--chosen", c === chosen);
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
    b.classList.toggle("card--picked", picked.includes(c));
    b.classList.toggle("card--hint", !!hinted && hinted.presa.includes(c));
    b.removeAttribute("aria-pressed");
  }
  // the named capture choices
  const ch = $("choices"); ch.replaceChildren();
  if (chosen) {
    for (const p of hintFirst(options)) {
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
  if (v.rules.target) {
    const tg = document.createElement("span"); tg.className = "score__target";
    tg.textContent = t("score.target", { target: v.rules.target }); scores.append(tg);
  }
  // the buttons
  $("undo").disabled = !v.can_undo || busy;
  $("hint").disabled = !mine;
  $("trick").disabled = busy || !(v.plays || []).some((p) => p.presa.length);
  // the pass-the-device screen
  const passing = v.pass_to !== null && v.phase === "play";
  $("pass").hidden = !passing;
  if (passing) {
    $("pass-msg").textContent = t("pass.to", { name: v.players[v.pass_to] });
    $("pass-btn").textContent = t("pass.ready", { name: v.players[v.pass_to] });
  }
  $("me").classList.toggle("seat--waiting", mine);
  // the hint keeps its words in the status line until the player does something
  if (mine && !chosen && !hinted) status(t("status.yourTurn"));
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
  if (key !== seatsKey) { buildSeats(v, info.levels); seatsKey = key; return true; }
  return false;
}

/**
 * Show view v: put every card where it belongs and slide it there. `from` says where cards new
 * to the page come from: a seat (its hand) or the mazzo (dealt). `animate: false` puts them
 * there at once (the table the page opens with: the player has waited for Python already).
 */
async function draw(v, { fresh = false, from = null, extraTable = [], hideHand, animate = true } = {}) {
  const rebuilt = ensureSeats(v);
  const o = origins();
  const first = fresh || rebuilt ? new Map() : stage.measure();
  if (fresh) { for (const el of document.querySelectorAll("#felt .card")) el.remove(); }
  const hide = hideHand ?? (v.pass_to !== null && v.phase === "play");
  place(v, stage, { hideHand: hide, extraTable });
  decorate();
  if (!animate) return;
  await stage.play(first, {
    origin: (el) => {
      if (el.closest(".seat__hand, #hand-cards, .pile")) return el.closest(".pile") && from !== null ? o.seats.get(from) || o.deck : o.deck;
      if (el.closest("#table-cards") && from !== null) return o.seats.get(from) || o.deck;
      return o.deck;
    },
  });
}

// ------------------------------------------------------------------ showing a play

/** The table just after `e` was played and before its capture moved: from the previous view. */
function midView(prev, next, e) {
  return {
    ...next, table: [...prev.table.filter((c) => c !== e.card), e.card], prese: prev.prese, scope: prev.scope,
    scope_cards: prev.scope_cards, hand: prev.seat === next.seat ? prev.hand.filter((c) => c !== e.card) : next.hand,
    hand_counts: prev.hand_counts.map((k, s) => (s === e.seat ? Math.max(0, k - 1) : k)), deck_left: prev.deck_left,
    turn: e.seat, phase: "play", pass_to: null, legal: [], waiting: "show",
  };
}

/** The table with the capture done but before fresh cards are dealt (when e dealt). */
function takenView(mid, next) {
  return { ...next, hand: mid.hand, hand_counts: mid.hand_counts, deck_left: mid.deck_left, phase: "play", turn: mid.turn,
    pass_to: null, legal: [], waiting: "show" };
}

/** "play.you.*" when the one person at the table played (said to them: "Giochi...", "Jugás..."). */
const playKey = (v, seat, what) => (seat === v.seat && v.seats.filter((x) => x.human).length === 1 ? `play.you.${what}` : `play.${what}`);

function describe(e, v) {
  const name = v.players[e.seat];
  let text = e.presa.length
    ? t(playKey(v, e.seat, "took"), { name, card: theCard(e.card), cards: theCards(e.presa) })
    : t(playKey(v, e.seat, "laid"), { name, card: theCard(e.card) });
  if (e.scopa) text += " " + t("play.scopa");
  return text;
}

function callout(text) {
  const c = $("callout");
  c.textContent = text;
  c.classList.remove("callout--on");
  void c.offsetWidth;
  c.classList.add("callout--on");
  setTimeout(() => c.classList.remove("callout--on"), motion() ? 1400 : 1200);
}

/** Animate one play event from prev to next, then make next the view. */
async function showPlay(prev, next, e) {
  const text = describe(e, next);
  status(text); say(text);
  const mid = midView(prev, next, e);
  const hide = next.pass_to !== null;
  view = mid;
  await draw(mid, { from: e.seat, hideHand: hide && prev.seat !== e.seat });
  if (e.presa.length) {
    for (const b of $("table-cards").querySelectorAll(".card")) b.classList.toggle("card--taking", e.presa.includes(b.dataset.card) || b.dataset.card === e.card);
    await pause(PACE.show);
    for (const b of $("table-cards").querySelectorAll(".card--taking")) b.classList.remove("card--taking");
  } else {
    await pause(PACE.after);
  }
  if (e.scopa) callout(t("callout.scopa"));
  if (e.dealt) {
    const taken = takenView(mid, next);
    view = taken;
    await draw(taken, { hideHand: hide });
    await pause(PACE.after);
  }
  view = next;
  await draw(next, { from: e.dealt ? null : e.seat });
  if (e.sweep && e.sweep.cards.length) {
    const who = e.sweep.seat === null ? null : next.players[e.sweep.seat];
    if (who) say(t(playKey(next, e.sweep.seat, "sweep"), { name: who, cards: cardList(e.sweep.cards) }));
  }
  if (e.scopa) await pause(PACE.after);
}

// ------------------------------------------------------------------ the player's moves

function pick(card) {
  if (busy || !view || view.waiting !== "human") return;
  if (hinted?.card !== card) hinted = null;  // the hinted card keeps its capture marked among the choices
  const options = view.legal.filter((p) => p.card === card);
  if (!options.length) return;
  if (options.length === 1) return send(options[0].notation);
  chosen = card; picked = [];
  decorate();
  status(t("status.choose", { card: theCard(card) }));
  say(t("status.chooseSay", { card: theCard(card), count: options.length }) + " "
    + hintFirst(options).map(choiceLabel).join("; "));
  if (!pointerInput) $("choices").querySelector("button")?.focus();
}

function pickTable(card) {
  if (!chosen || busy) return;
  const options = view.legal.filter((p) => p.card === chosen && p.presa.includes(card) && picked.every((x) => p.presa.includes(x)));
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

/** A capture choice's words, marked when it is the hint. */
function choiceLabel(p) {
  const text = p.presa.length ? t("play.take", { cards: cardList(p.presa) }) : t("play.lay");
  return isHinted(p) ? t("play.hinted", { play: text }) : text;
}

function cancelChoice() {
  const c = chosen;
  chosen = null; picked = []; decorate();
  if (c) $("hand-cards").querySelector(`[data-card="${c}"]`)?.focus();
}

async function send(notation) {
  if (busy) return;
  chosen = null; picked = []; hinted = null; busy = true; decorate();
  let r;
  try { r = await game("play", notation); }
  catch (err) { busy = false; decorate(); status(t("error.generic", { message: err.message })); say(t("error.generic", { message: err.message })); return; }
  const prev = view;
  await queue.run(() => showPlay(prev, r.view, r.event));
  stateChanged("play");
  await advance();
}

// ------------------------------------------------------------------ the computers, hand end

/** Let the computers play until a person is to play (or the hand is over), pacing each play. */
async function advance() {
  busy = true; decorate();
  try {
    while (view.waiting === "computer") {
      const seat = view.turn;
      status(t("status.thinking", { name: view.players[seat] }));
      for (const s of document.querySelectorAll("#opponents .seat")) s.classList.toggle("seat--thinking", +s.dataset.seat === seat);
      const [r] = await Promise.all([game("computer_step"), pause(PACE.think)]);
      for (const s of document.querySelectorAll(".seat--thinking")) s.classList.remove("seat--thinking");
      if (!r.event) { view = r.view; stateChanged("computer_step"); decorate(); return; } // lost on time (clock.js tells)
      const prev = view;
      await queue.run(() => showPlay(prev, r.view, r.event));
      stateChanged("computer_step");
    }
  } catch (err) {
    status(t("error.generic", { message: err.message })); say(t("error.generic", { message: err.message }));
    throw err;
  } finally {
    busy = false;
  }
  decorate();
  if (view.phase !== "play") return handEnd();
  $("sheet").hidden = true;
  if (view.pass_to !== null) { $("pass-btn").focus(); say($("pass-msg").textContent); return; }
  if (view.waiting === "human") {
    const text = t("status.yourTurn");
    status(text);
    focusHand();
  }
}

function focusHand() {
  if (pointerInput) return;
  const hand = $("hand-cards");
  if (hand.contains(document.activeElement) && !document.activeElement.disabled) return;
  hand.querySelector(".card:not([disabled])")?.focus({ preventScroll: true });
}

async function handEnd() {
  await pause(PACE.sheet);
  const sheet = sheetData(view);
  emit("hand-end", { sheet });
  if (view.phase === "over") {
    emit("match-end", { winner: view.winner, totals: [...view.totals], sides: view.sides.map((_, i) => sideName(view, i)) });
    say(winnerLine(view));
  } else {
    say(t("sheet.handSay", { totals: view.sides.map((_, i) => `${sideName(view, i)} ${view.totals[i]}`).join(", ") }));
  }
  showSheet();
}

/** A hand's score sheet and the pass screen are modal: while one shows, the bar and the table
 *  behind it take no focus and no clicks (Tab from "Next hand" would otherwise reach the dimmed
 *  bar). The sheet of a finished match is not: the bar's Records, Rules, language… stay at hand. */
function keepModal() {
  const sheet = !$("sheet").hidden && view?.phase !== "over";
  $("sheet").setAttribute("aria-modal", String(sheet));
  for (const el of [document.querySelector("header.bar"), $("felt")]) el.inert = sheet || !$("pass").hidden;
}
for (const id of ["sheet", "pass"]) new MutationObserver(keepModal).observe($(id), { attributes: true, attributeFilter: ["hidden"] });

function showSheet() {
  const focus = renderSheet($("sheet"), view, {
    onNext: async () => {
      if (busy) return;
      busy = true;
      try { view = await game("next_hand"); } catch (err) { busy = false; status(t("error.generic", { message: err.message })); return; }
      $("sheet").hidden = true;
      stateChanged("next_hand");
      await queue.run(() => draw(view, { fresh: true }));
      busy = false;
      await advance();
    },
    onNewGame: () => newGameDialog(),
  });
  focus?.focus();
}

// ------------------------------------------------------------------ starting a game

/** A bad value in the page's address (a mistyped link, an embed's src): say so; the game goes on
 *  with the default for it. */
function urlProblem(text) {
  console.warn(`Settebello: ${text}`);
  showNotice({ role: "alert", kind: "error", text, testid: "url-notice",
    buttons: [{ label: t("save.ok"), i18n: "save.ok", primary: true, onClick: (_, box) => box.remove() }] });
}

/** The seats asked for by the URL (?players=human,expert,... or ?level=), or null. */
function seatsFromURL(players, variant) {
  const list = params.get("players");
  const level = params.get("level");
  // "random" (any legal card) is the engine's level for tests and benchmarks, not in the menu
  const unknown = (lv) => lv !== "random" && !info.levels.some((l) => l.id === lv);
  const badLevel = (lv) => urlProblem(t("url.unknownLevel", { level: lv, levels: info.levels.map((l) => l.id).join(", ") }));
  if (list) {
    const kinds = list.split(",").map((s) => s.trim()).filter(Boolean);
    const bad = kinds.find((k) => k !== "human" && unknown(k));
    if (bad !== undefined) { badLevel(bad); return null; }
    if (kinds.length !== players) {
      urlProblem(t("url.wrongPlayers", { listed: kinds.length, variant: variantName(variant), players }));
      return null;
    }
    let people = 0;
    return kinds.map((k, i) => k === "human"
      ? { human: true, name: people++ === 0 ? t("seat.you") : t("dialog.defaultName", { n: i + 1 }) }
      : { human: false, level: k, name: computerName(i) });
  }
  if (level) {
    if (unknown(level)) { badLevel(level); return null; }
    return Array.from({ length: players }, (_, i) => i === 0 ? { human: true, name: t("seat.you") } : { human: false, level, name: computerName(i) });
  }
  return null;
}

/** The config of the game the page starts with: URL, then the remembered choice, then Scopa. */
function bootConfig() {
  const prefs = loadPrefs();
  const variantId = params.get("variant") || prefs?.variant || "scopa";
  const pre = info.variants.find((x) => x.id === variantId) || info.variants[0];
  if (params.get("variant") && pre.id !== params.get("variant")) {
    urlProblem(t("url.unknownVariant", { variant: params.get("variant"), name: variantName(pre.id) }));
  }
  let seats = seatsFromURL(pre.players, pre.id);
  if (!seats && prefs?.variant === pre.id && Array.isArray(prefs.seats) && prefs.seats.length === pre.players) {
    seats = prefs.seats.map((s, i) => s.human ? { human: true, name: s.name || t("dialog.defaultName", { n: i + 1 }) }
      : { human: false, level: s.level, name: computerName(i) });
  }
  if (!seats) {
    const lv = info.levels.find((l) => l.id === "expert")?.id || info.levels[0].id;
    seats = Array.from({ length: pre.players }, (_, i) => i === 0 ? { human: true, name: t("seat.you") } : { human: false, level: lv, name: computerName(i) });
  }
  const options = prefs?.variant === pre.id && !params.get("variant") ? { ...(prefs.options || {}) } : {};
  if (prefs?.variant === pre.id && prefs.target != null && prefs.target !== pre.target) options.target = prefs.target;
  const seed = params.has("seed") ? parseInt(params.get("seed"), 10) : undefined;
  return { variant: pre.id, options, seats, seed };
}

/** Start a match from a Session.new_game config and show its first deal (dealt with a slide unless `deal` is false). */
async function startGame(config, { deal = true } = {}) {
  busy = true;
  let v;
  try { v = await game("new_game", config); }
  catch (err) { busy = false; status(t("error.generic", { message: err.message })); say(t("error.generic", { message: err.message })); throw err; }
  view = v; chosen = null; picked = []; hinted = null;
  $("sheet").hidden = true;
  seatsKey = "";
  stateChanged("new_game");
  await queue.run(() => draw(view, { fresh: true, animate: deal }));
  say(t("status.newGame", { variant: variantName(view.variant) }));
  busy = false;
  markReady();
  await advance();
}

/** Start afresh from the address and the stored choices, as a first visit does, once the table is
 *  idle (the test hook's reset, static/js/testhook.js: Pyodide stays booted). */
async function restart() {
  while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
  params = new URLSearchParams(location.search);
  setFast(params.get("fast") === "1");
  await startGame(bootConfig(), { deal: false });
}

let isReady = false;
/** The engine answered and a game is on the table: tell tests, benchmarks and other modules. */
function markReady() {
  if (isReady) return;
  isReady = true;
  markEngine("ready"); emit("ready", { view });
}

function variantName(id) {
  const v = info.variants.find((x) => x.id === id);
  if (!v) return id;
  const k = `variant.${id}.name`, s = t(k);
  return s === k ? v.name : s;
}

async function newGameDialog() {
  if (!info) return;
  const current = view ? { variant: view.variant, seats: view.seats.map((x) => x.human ? { human: true, name: x.name } : { human: false, level: x.level }),
    hintLevel } : null;
  const res = await openNewGame($("newgame-dialog"), info, loadPrefs() || current);
  if (!res) return;
  savePrefs(res.prefs);
  hintLevel = res.prefs.hintLevel || "expert";
  const clock = window.settebelloExtras?.clockChoice?.(); // clock.js's part of the dialog
  await startGame(clock && clock !== "off" ? { ...res.config, clock } : res.config);
}

// ------------------------------------------------------------------ undo, hint, last trick, pass

async function undo() {
  if (busy || !view?.can_undo) return;
  busy = true; decorate();
  try { view = await game("undo"); }
  catch (err) { busy = false; decorate(); status(t("error.generic", { message: err.message })); return; }
  chosen = null; picked = []; hinted = null;
  stateChanged("undo");
  await queue.run(() => draw(view));
  busy = false;
  say(t("status.undone")); status(t("status.undone"));
  await advance();
}

async function hint() {
  if (busy || view?.waiting !== "human") return;
  $("hint").disabled = true;
  try {
    const h = await game("hint", hintLevel);
    hinted = h; chosen = null; picked = [];
    decorate();
    const text = h.presa.length ? t("hint.take", { card: theCard(h.card), cards: theCards(h.presa) }) : t("hint.lay", { card: theCard(h.card) });
    status(text); say(text);
    $("hand-cards").querySelector(`[data-card="${h.card}"]`)?.focus();
  } catch (err) { status(t("error.generic", { message: err.message })); }
  decorate();
}

async function lastTrick() {
  const d = $("trick-dialog");
  let tr;
  try { tr = await game("last_trick"); } catch (err) { status(t("error.generic", { message: err.message })); return; }
  const body = d.querySelector(".trick__body");
  body.replaceChildren();
  const title = d.querySelector("h2");
  title.textContent = t("trick.title");
  if (tr.seat === null) {
    const p = document.createElement("p"); p.textContent = t("trick.none"); body.append(p);
  } else {
    const p = document.createElement("p");
    p.textContent = t(playKey(view, tr.seat, "took"), { name: tr.name, card: theCard(tr.card), cards: theCards(tr.presa) });
    const row = document.createElement("div"); row.className = "trick__cards";
    const img = (c, cls) => { const i = document.createElement("img"); i.src = cardDataURL(c); i.alt = cardName(c); i.className = cls; return i; };
    const arrow = document.createElement("span"); arrow.className = "trick__arrow"; arrow.textContent = "⟶"; arrow.setAttribute("aria-hidden", "true");
    row.append(img(tr.card, "trick__played"), arrow, ...tr.presa.map((c) => img(c, "trick__taken")));
    body.append(p, row);
  }
  d.querySelector(".trick__close").textContent = t("action.close");
  d.showModal();
}

/** Show the engine's view again (after something changed outside a play, e.g. a lost clock). */
async function syncView() {
  view = await game("view");
  chosen = null; picked = []; hinted = null;
  stateChanged("sync");
  await queue.run(() => draw(view));
}

async function passReady() {
  if (!view || view.pass_to === null) return;
  try { view = await game("show", view.pass_to); } catch (err) { status(t("error.generic", { message: err.message })); return; }
  stateChanged("show");
  $("pass").hidden = true;
  await queue.run(() => draw(view, { fresh: true }));
  await advance();
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

// ------------------------------------------------------------------ the header's "More" menu (phones)

/** On a phone the less used header buttons fold into a menu (CSS shows #more-btn only there; 700 px
 *  is table.css's phone width). */
function wireMoreMenu() {
  const btn = $("more-btn"), menu = $("more-menu"), nav = btn?.closest(".actions");
  if (!btn || !menu || !nav) return;
  const setOpen = (open, { focusButton = false } = {}) => {
    nav.classList.toggle("actions--open", open);
    btn.setAttribute("aria-expanded", String(open));
    if (open) menu.querySelector("button:not([disabled]), select")?.focus();
    else if (focusButton) btn.focus();
  };
  // "New game" is a between-games action: on a phone it goes first in the menu, so the row keeps
  // what a hand needs (Undo, Hint) and fits in every language; moved, never copied (same listeners)
  const newBtn = $("new"), phone = matchMedia("(max-width: 700px)");
  const placeNew = () => { if (phone.matches) menu.prepend(newBtn); else nav.prepend(newBtn); };
  phone.addEventListener("change", () => { setOpen(false); placeNew(); });
  placeNew();
  btn.addEventListener("click", () => setOpen(!nav.classList.contains("actions--open")));
  // a button in the menu folds the menu away, then does its work (usually opening a dialog); a
  // keyboard player gets the focus on "More" first, so a dialog gives it back to a visible button
  menu.addEventListener("click", (e) => {
    if (e.target.closest("button") && nav.classList.contains("actions--open")) setOpen(false, { focusButton: !pointerInput });
  }, true);
  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && nav.classList.contains("actions--open")) { e.stopPropagation(); setOpen(false, { focusButton: true }); }
  });
  document.addEventListener("pointerdown", (e) => { if (!nav.contains(e.target)) setOpen(false); });
  nav.addEventListener("focusout", (e) => { if (e.relatedTarget && !nav.contains(e.relatedTarget)) setOpen(false); });
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
  $("rules-btn").addEventListener("click", () => openRules($("rules-dialog")));
  $("pass-btn").addEventListener("click", passReady);
  $("trick-dialog").querySelector(".trick__close").addEventListener("click", () => $("trick-dialog").close());
  wireMoreMenu();
  // access.js's display settings: high contrast redraws every card in the high-contrast art
  window.addEventListener("settebello:display", (e) => {
    const highContrast = !!e.detail?.highContrast;
    setArt({ highContrast });
    stage.redraw();
    for (const img of document.querySelectorAll("#felt .card--down > img")) img.src = cardDataURL("back", { highContrast });
  });
  window.addEventListener("settebello:command", (e) => {
    const d = e.detail || {};
    if (d.type === "new-game" && d.config) startGame(d.config).catch(() => {});
    if (d.type === "sync" && view) syncView().catch(() => {}); // clock.js: a player ran out of time
  });
  onLanguageChange(() => {
    translatePage(document);
    if (!view) return;
    for (const [code, el] of stage.cards) el.setAttribute("aria-label", cardName(code));
    labelSeats(view, info.levels);
    place(view, stage, { hideHand: view.pass_to !== null && view.phase === "play" });
    decorate();
    if (!$("sheet").hidden) showSheet();
  });
  let resizeTimer;
  window.addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => view && decorate(), 100); });
}

async function main() {
  wire();
  try {
    [engine] = await Promise.all([connectEngine(), initLanguage()]);
    translatePage(document);
    info = await game("variants");
    hintLevel = loadPrefs()?.hintLevel || "expert";
    window.settebello = { engine, game, get view() { return view; }, startGame };
    const restored = await restoreSaved(game);
    $("loading").hidden = true;
    document.body.classList.remove("is-loading");
    if (restored) {
      view = restored; seatsKey = "";
      stateChanged("restore");
      await queue.run(() => draw(view, { fresh: true, animate: false }));
      markReady();
      if (view.phase !== "play") { showSheet(); return; }
      await advance();
    } else {
      // the page's first table appears dealt: no slide from the mazzo after the wait for Python
      await startGame(bootConfig(), { deal: false });
    }
  } catch (err) {
    $("loading").hidden = false;
    $("loading").textContent = t("error.generic", { message: err.message });
    markEngine("error", err.message);
    throw err;
  }
}
main();
export { game, restart };
