// Drawing the table (table.js's part): everything not about where cards are (decorate: the hand's
// playable cards, the capture choices, the questions a mechanic asks, the score bar, the buttons,
// the pass screen), and `draw`, which puts every card where a view says (layout.js) and slides it
// there (animate.js). It reads the table's state (tablestate.js) and decides nothing.
import { view as currentView, info as described } from "./store.js";
import { t, theCards, hasText } from "./i18n.js";
import { buildSeats, place, fitTable } from "./layout.js";
import { sideName, variantName } from "./names.js";
import { pointerInput } from "./input.js";
import { hintWhy } from "./coach.js";
import { settings } from "./settings.js";
import { T, $, stage, status, rulesPage } from "./tablestate.js";
import { send } from "./gameloop.js";
import { cancelChoice } from "./tableinput.js";
import { hush } from "./announce.js";
import * as mechanics from "./mechanics/index.js";

/** Everything not about where cards are: scores, buttons, enabled cards, choices, overlays. */
export function decorate() {
  const v = T.shown; if (!v) return;
  // a person's turn on this page: not another device's person's (people.js: their turn is theirs)
  const mine = v.waiting === "human" && v.pass_to === null && v.turn === v.seat && !T.busy;
  const legal = mine ? playable(v.legal) : [];
  // the hand: every card with a legal play is playable; the others rest (aria-disabled, not
  // disabled), so a keyboard or screen-reader player's focus stays on their card through the
  // others' turns: nothing moves it when their turn comes back, and nothing cuts what is said
  for (const b of $("hand-cards").querySelectorAll(".card")) {
    const c = b.dataset.card;
    b.disabled = false;
    if (legal.some((p) => p.card === c)) b.removeAttribute("aria-disabled"); else b.setAttribute("aria-disabled", "true");
    b.classList.toggle("card--chosen", c === T.chosen || c === T.asked?.card);
    b.classList.toggle("card--hint", !!T.hinted && T.hinted.card === c);
    b.setAttribute("aria-pressed", c === T.chosen ? "true" : "false");
  }
  // the table: lit when it can be taken with the chosen card
  const options = T.chosen ? legal.filter((p) => p.card === T.chosen && T.picked.every((x) => p.presa.includes(x))) : [];
  const candidates = new Set(options.flatMap((p) => p.presa));
  // the card another player has just laid (taking nothing) stays marked until the next play, so
  // the person can see what changed on the table while the status line says it is their turn
  const last = (v.plays || []).at(-1);
  const laid = last && !last.presa.length && last.seat !== v.seat ? last.card : null;
  for (const b of $("table-cards").querySelectorAll(".card")) {
    const c = b.dataset.card;
    b.classList.toggle("card--last", c === laid);
    b.removeAttribute("aria-disabled");  // (a card the person played from the hand)
    b.disabled = !candidates.has(c);
    b.classList.toggle("card--candidate", candidates.has(c));
    b.classList.toggle("card--picked", T.picked.includes(c) || !!T.asked?.presa.includes(c));
    b.classList.toggle("card--hint", !!T.hinted && T.hinted.presa.includes(c));
    b.removeAttribute("aria-pressed");
  }
  // the named capture choices
  const ch = $("choices"); ch.replaceChildren();
  if (T.chosen) {
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
    cancel.className = "btn btn--ghost"; cancel.type = "button"; cancel.textContent = t("action.cancelChoice");  // not Italian's "Annulla": that is Undo, beside it
    cancel.addEventListener("click", () => cancelChoice());
    ch.append(cancel);
  }
  ch.hidden = !T.chosen;
  answerPrompt(v, legal);
  const deciding = declarePrompt(v.legal || [], mine);
  // the score bar
  const scores = $("scores"); scores.replaceChildren();
  v.sides.forEach((_, i) => {
    const s = document.createElement("span");
    s.className = "score"; s.dataset.side = String(i);
    if (i === v.side) s.classList.add("score--mine");
    const name = document.createElement("span"); name.className = "score__name"; name.textContent = name.title = sideName(v, i);
    const pts = document.createElement("strong"); pts.className = "score__pts"; pts.textContent = String(v.totals[i]);
    // read as one phrase ("You: 3 points"): a plain span's aria-label is not read, so the words are
    // the span's own hidden text and the visible name and number are hidden from screen readers
    name.setAttribute("aria-hidden", "true"); pts.setAttribute("aria-hidden", "true");
    const said = document.createElement("span"); said.className = "visually-hidden";
    said.textContent = t("score.side", { side: sideName(v, i, { spoken: true }), count: v.totals[i] });
    s.append(said, name, pts);
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
  // and in the More menu, where a tight bar leaves it no room (barfold.js)
  $("more-game").textContent = game.textContent;
  // the buttons
  // a game that never takes a play back (several people, today's deal, a clock: view.py's
  // UNDO_OFF) keeps Undo looking off, but a press is answered with why (gameloop.js undo)
  const undoOff = Boolean(v.undo_off);  // (such a game's can_undo is false)
  $("undo").disabled = T.busy || (!v.can_undo && !undoOff);
  $("undo").setAttribute("aria-disabled", String(undoOff));
  // a day's deal (daily.js) is played without hints: the button looks off but still answers, with
  // the engine's reason, so a player who taps it learns why (the review of 2026-12-01)
  $("hint").disabled = !mine;
  $("hint").setAttribute("aria-disabled", String(v.can_hint === false));
  $("trick").disabled = T.busy || !(v.plays || []).some((p) => p.presa.length);
  // the pass-the-device screen
  const passing = v.pass_to !== null && v.phase === "play";
  if (passing && $("pass").hidden) hush();  // nothing said for the person before stays to be read
  $("pass").hidden = !passing;
  if (passing) {
    $("pass-msg").textContent = t("pass.to", { name: v.players[v.pass_to] });
    $("pass-btn").textContent = t("pass.ready", { name: v.players[v.pass_to] });
  }
  $("me").classList.toggle("seat--waiting", mine);
  $("me").classList.toggle("seat--answering", mine && (!!mechanics.status(v) || deciding));
  // the hint keeps its words in the status line until the player does something, and its reason
  // (coach.js) under it
  if (mine && !T.chosen && !T.hinted) status(() => (deciding ? t("status.declare") : turnLine(v)), T.lastPlay);
  const why = mine && T.hinted ? hintWhy(T.hinted) : "";
  // the hint and its reason rise over the felt rather than push the seat and the table up
  // (table.css .seat--hint-over): the seat keeps the room its name and status took before them;
  // where the panel would lie on the table's cards, the mazzo or a seat, the lines stay in the seat
  const me = $("me");
  if (why && $("hint-why").hidden) me.style.setProperty("--me-top-h", `${me.querySelector(".me__top").getBoundingClientRect().height}px`);
  $("hint-why").textContent = why;
  $("hint-why").hidden = !why;
  me.classList.toggle("seat--hint-over", !!why);
  if (why && hintCovers()) me.classList.remove("seat--hint-over");
  fitTable();  // the lines above the hand just set: the table fitted in the room they leave
}

/** Whether the hint's panel (the status line and the reason under it) lies on a table card, the
 *  mazzo or another seat. */
function hintCovers() {
  const a = $("status").getBoundingClientRect(), b = $("hint-why").getBoundingClientRect();
  const left = Math.min(a.left, b.left), right = Math.max(a.right, b.right);
  return [...document.querySelectorAll("#table-cards .card, #deck, #opponents .seat")].some((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.left < right - 1 && left < r.right - 1 && r.top < b.bottom - 1 && a.top < r.bottom - 1;
  });
}

/** The status line on the person's turn: what to do (a mechanic's question, mechanics/), after how
 *  a claim was just answered. */
export function turnLine(v) {
  const todo = t(mechanics.status(v) || "status.yourTurn");
  return T.verdict ? `${T.verdict} ${todo}` : todo;
}

// the Settings' "declare by myself" applies to a question already asked (settings.js)
document.addEventListener("settingschange", (e) => { if (e.detail?.name === "autoDeclare") decorate(); });

function declareChoice() { return settings().autoDeclare ? true : T.declaring; }

/** The legal plays the person may make now: where a play may be made with declarations or without
 *  (each offered both ways, the declared one with its `declare`), only those of the choice made,
 *  and none of the hand's until it is made. */
export function playable(legal) {
  if (!legal.some((p) => p.declare)) return legal;
  const choice = declareChoice();
  return choice === null ? [] : legal.filter((p) => !!p.declare === choice);
}

/** The declarations the person may make with this play (Bàzzica, SB14): what each is, its points
 *  and the cards it shows, with "Declare" and "Keep hidden"; true while it waits for the answer.
 *  The buttons stay while the question does, so the focus stays. */
function declarePrompt(legal, mine) {
  const offer = legal.find((p) => p.declare);
  if (!offer) T.declaring = null;  // the next offer is asked again
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
        T.declaring = yes; decorate();
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
  if (key !== T.seatsKey) { buildSeats(v); T.seatsKey = key; return true; }
  return false;
}

/**
 * Show view v: put every card where it belongs and slide it there. `from` says where cards new
 * to the page come from: a seat (its hand) or the mazzo (dealt). `animate: false` puts them
 * there at once (the table the page opens with: the player has waited for Python already).
 */
export async function draw(v, { fresh = false, from = null, hideHand, animate = true } = {}) {
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

/** Whether `p` is the play the hint suggested (the engine names every play one way). */
function isHinted(p) { return !!T.hinted && T.hinted.notation === p.notation; }

/** The capture choices with the hinted one (if any) first. */
function hintFirst(options) { return [...options.filter(isHinted), ...options.filter((p) => !isHinted(p))]; }

/** A card's plays as offered: the hinted one first, then its ordinary plays, then those a mechanic
 *  offers last (mechanics/: a claim). */
export function choiceOrder(options) {
  return hintFirst([...options.filter((p) => !mechanics.offeredLast(p)), ...options.filter((p) => mechanics.offeredLast(p))]);
}

/** A capture choice's words, marked when it is the hint. */
export function choiceLabel(p) {
  // a mechanic's own words (mechanics/): a play said whole (a claim), or the cards it takes that
  // are said otherwise (a pile's top, stolen) and what it adds after the take (a build)
  const own = mechanics.playWords(p, currentView());
  if (own.whole) return isHinted(p) ? t("play.hinted", { play: own.whole }) : own.whole;
  const loose = p.presa.filter((c) => !own.skip.includes(c));
  // the cards with their articles ("Prendi il Sette di Coppe": two reviews found the bare names
  // unnatural in Italian and Spanish)
  const parts = [...(loose.length ? [t("play.take", { theCards: theCards(loose) })] : []), ...own.parts];
  const joined = parts.join("; ");
  const text = parts.length ? joined.charAt(0).toLocaleUpperCase() + joined.slice(1) : t("play.lay");
  return isHinted(p) ? t("play.hinted", { play: text }) : text;
}

/** A hand card that can be played now (the others rest: aria-disabled, decorate). */
export const PLAYABLE = '.card:not([aria-disabled="true"])';
export const playableCard = (b) => !!b && b.matches(PLAYABLE) && !b.disabled;

export function focusHand() {
  if (pointerInput) return;
  const hand = $("hand-cards");
  const at = document.activeElement;
  // the hand itself has it (a new deal, an undo, the last card played): the person goes into the
  // cards with the arrow keys or Enter; moving it now would cut what is being said (the deal, the
  // other's play, "Your turn")
  if (at === hand) return;
  if (hand.contains(at) && playableCard(at)) return;  // a card has it
  if (document.activeElement?.closest("[data-keeps-focus]")) return;  // a question over the table (the lesson's offer)
  hand.querySelector(PLAYABLE)?.focus({ preventScroll: true });
}

/** Where a keyboard player's focus goes as their play (or answer) leaves the table's controls, before
 *  anything is said: the card beside the one played, else the hand itself (its last card played),
 *  so a screen reader stays in the hand through the others' turns and the next deal; or null (the
 *  focus was elsewhere: it stays there). */
export function focusAfterPlay(card) {
  if (pointerInput) return null;
  const at = document.activeElement;
  if (!at || !(at.closest("#hand-cards, #choices, #table-cards, #answer, #declare"))) return null;
  const cards = [...$("hand-cards").querySelectorAll(".card")];
  const i = card ? cards.findIndex((b) => b.dataset.card === card) : -1;
  if (i >= 0 && (cards[i + 1] || cards[i - 1])) return cards[i + 1] || cards[i - 1];
  if (at.closest("#hand-cards") && at !== $("hand-cards") && at.dataset.card !== card) return at;  // (an answer: the card keeps it)
  return $("hand-cards");
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
export function keepModal() {
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

// the table fitted again whenever the room around it changes: the window, or the person's seat
// growing (a status line said over two lines, capture choices; layout.js fitTable). Neither box's
// size depends on the table's cards, so the fit cannot set the observer off again.
if (typeof ResizeObserver === "function") {
  const watch = new ResizeObserver(() => fitTable());
  for (const id of ["felt", "me"]) watch.observe($(id));
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
