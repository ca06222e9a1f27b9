// The person's input at the table (table.js's part): a hand card picked, a table card narrowing
// the captures, the keyboard in the hand and on the table, and the wiring of every control of the
// table page (buttons, the language, the display and deck style, other modules' commands).
import { view as currentView, on } from "./store.js";
import { announce } from "./announce.js";
import { t, cardName, theCard, translatePage, onLanguageChange } from "./i18n.js";
import { setArt } from "./animate.js";
import { labelSeats, place } from "./layout.js";
import { showNames } from "./names.js";
import { redrawArt } from "./deck.js";
import { pointerInput } from "./input.js";
import { wireMoreMenu } from "./moremenu.js";
import { whenReady } from "./bootview.js";
import { T, $, stage, status, statusNow, sayStatusAgain, rulesPage } from "./tablestate.js";
import { PLAYABLE, choiceLabel, choiceOrder, decorate, playable, playableCard } from "./draw.js";
import { hint, lastTrick, newGameDialog, passReady, send, showRestored, showSheet, startGame, syncView, undo } from "./gameloop.js";

function pick(card) {
  const view = currentView();
  if (T.busy || !view || view.waiting !== "human") return;
  if (T.hinted?.card !== card) T.hinted = null;  // the hinted card keeps its capture marked among the choices
  T.verdict = "";
  const options = playable(view.legal).filter((p) => p.card === card);
  if (!options.length) return;
  if (options.length === 1) return send(options[0].notation);
  T.chosen = card; T.picked = [];
  decorate();
  // a card that may be laid, built with or claimed face down (a mechanic's play takes nothing) is
  // played one of several ways, not only a choice of what it takes (issue 45)
  const claiming = !options.every((p) => p.presa?.length);
  status(() => t(claiming ? "status.choosePlay" : "status.choose", { card: theCard(card) }));
  // the focus on the first way before the ways are said (a focus moved after them would cut them)
  if (!pointerInput) $("choices").querySelector("button")?.focus();
  announce(() => {
    const ways = choiceOrder(options).map(choiceLabel).join("; ");
    // a full stop ends the sentence (a reader's pause), unless the last way ends in its own mark
    return `${t(claiming ? "status.choosePlaySay" : "status.chooseSay", { card: theCard(card), count: options.length })} ${ways}${/[.?!]$/.test(ways) ? "" : "."}`;
  });
}

function pickTable(card) {
  if (!T.chosen || T.busy) return;
  const options = playable(currentView().legal).filter((p) => p.card === T.chosen && p.presa.includes(card) && T.picked.every((x) => p.presa.includes(x)));
  if (!options.length) return;
  if (options.length === 1) return send(options[0].notation);
  // the card is in several captures: keep it and let the next click narrow them down
  const still = [...T.picked, card];
  const exact = options.find((p) => p.presa.length === still.length && still.every((x) => p.presa.includes(x)));
  if (exact) return send(exact.notation);
  T.picked = still;
  decorate();
}

export function cancelChoice() {
  const c = T.chosen;
  T.chosen = null; T.picked = []; decorate();
  if (c) $("hand-cards").querySelector(`[data-card="${c}"]`)?.focus();
}

/** A card of the hand pressed while it rests (aria-disabled: draw.js). Already the person's turn,
 *  the table still drawing the last play: the press is kept and made once the hand is playable
 *  (pickPending). Another's turn: said whose, and nothing else. */
function restingCardPressed(card) {
  const v = currentView();
  const turnIsMine = v && v.phase === "play" && v.waiting === "human" && v.pass_to === null && v.turn === v.seat;
  if (turnIsMine && T.busy && !T.sending && playable(v.legal).some((p) => p.card === card)) { T.pendingPick = card; return; }
  if (pointerInput || T.sending) return;  // (their own play on its way: the next player is not known yet)
  if (v && v.phase === "play" && !turnIsMine) announce(() => t("status.thinking", { name: v.players[v.turn] }));
  else if (statusNow()) announce(statusNow);
}

/** A press kept while the table finished drawing (restingCardPressed): made now, if still legal. */
export function pickPending() {
  const card = T.pendingPick;
  T.pendingPick = null;
  if (!card || T.busy) return;
  const b = $("hand-cards").querySelector(`[data-card="${card}"]`);
  if (playableCard(b)) pick(card);
}

function onHandKey(e) {
  // the hand itself focused (a new deal): Enter or Space goes to its first playable card
  if ((e.key === "Enter" || e.key === " ") && e.target === e.currentTarget && e.currentTarget.id === "hand-cards") {
    (e.currentTarget.querySelector(PLAYABLE) || e.currentTarget.querySelector(".card"))?.focus();
    e.preventDefault();
    return;
  }
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

export function wire() {
  $("hand-cards").addEventListener("click", (e) => {
    const b = e.target.closest(".card");
    if (!b || b.disabled) return;
    if (playableCard(b)) return pick(b.dataset.card);
    restingCardPressed(b.dataset.card);
  });
  $("table-cards").addEventListener("click", (e) => { const b = e.target.closest(".card"); if (b && !b.disabled) pickTable(b.dataset.card); });
  $("hand-cards").addEventListener("keydown", onHandKey);
  $("table-cards").addEventListener("keydown", onHandKey);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && T.chosen) { cancelChoice(); e.preventDefault(); } });
  // pressed while the game loads, New game and Rules open once it is ready (bootview.js says so)
  $("new").addEventListener("click", () => whenReady("newGame", newGameDialog));
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", hint);
  $("trick").addEventListener("click", lastTrick);
  // the rules of the game on the table: what it changes from classic Scopa first
  $("rules-btn").addEventListener("click", () => whenReady("rules", () => {
    const v = currentView();
    rulesPage(v ? { variant: v.variant, options: v.rules } : null);
  }));
  $("pass-btn").addEventListener("click", passReady);
  $("trick-dialog").querySelector(".trick__close").addEventListener("click", () => $("trick-dialog").close());
  wireMoreMenu();
  // access.js's display settings: high contrast redraws every card in the high-contrast art
  on("display", (d) => {
    const highContrast = !!d?.highContrast;
    setArt({ highContrast });
    stage.redraw();  // every card, and the anonymous backs (a pile's cards keep their faces)
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
    showNames(T.shown);
    sayStatusAgain();  // the status line said again in the new language
    const view = T.shown;
    if (!view) return;
    for (const [code, el] of stage.cards) el.setAttribute("aria-label", cardName(code));
    labelSeats(view);
    place(view, stage, { hideHand: view.pass_to !== null && view.phase === "play" });
    decorate();
    if (!$("sheet").hidden) showSheet();
  });
  let resizeTimer;
  for (const type of ["resize", "settebello:notices"]) {
    window.addEventListener(type, () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => T.shown && decorate(), 100); });
  }
}
