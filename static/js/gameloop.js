// The game loop (table.js's part): a view accepted from the engine, a play shown move by move, the
// computers' turns, a hand's end and its sheet, a new game, a restored match, undo, the hint, the
// last trick and the pass-the-device screen. Every flow that waits notes the generation it started
// in and goes on only while it is current (tablestate.js `live`).
import { markEngine } from "./engine.js";
import { view as currentView, setView, emit, info as described } from "./store.js";
import { announce } from "./announce.js";
import { clockChoice } from "./clock.js";
import { t, cardName, cardList, theCard, theCards, joinList, firstUp } from "./i18n.js";
import { setFast, pause, motion } from "./animate.js";
import { place, winnerLine } from "./layout.js";
import { sideName, variantName, levelName, playSentence, refusalText, showNames } from "./names.js";
import { renderSheet, sheetData, playsOnText } from "./sheet.js";
import { renderStory } from "./story.js";
import { openNewGame, loadPrefs, savePrefs } from "./dialog.js";
import { setAside, savesSettled } from "./persist.js";
import { showNotice } from "./notice.js";
import { askBeforeDropping } from "./history.js";
import { addressProblem, forgetProblems } from "./address.js";
import { art as cardDataURL, setDeck, deckOptions } from "./deck.js";
import { pointerInput } from "./input.js";
import { sound } from "./sound.js";
import { hintWhy, coachOn, confirmPlay } from "./coach.js";
import { lookAhead } from "./review.js";
import { address, readAddress, quietly, checkAddress, bootConfig, addressGameIs, ADDRESS_GAME } from "./tablestart.js";
import { T, PACE, $, stage, queue, live, game, status, failed } from "./tablestate.js";
import { PLAYABLE, focusAfterPlay, decorate, draw, focusHand, keepModal, turnLine } from "./draw.js";
import { pickPending } from "./tableinput.js";
import { focusAtTop } from "./modal.js";
import * as mechanics from "./mechanics/index.js";
import { whilePaused } from "./pause.js";

/** The engine's view becomes the current one (store.js tells every module) and the table's. A
 *  game of another deck (Cicera's 52 cards after a game of 40) draws its cards afresh: an element
 *  made for the deck before keeps that deck's art (a 2 of Coins without Cicera's index). */
function accept(v, op) {
  const fresh = v.phase === "play" && !v.plays.length && (op === "new_game" || T.shown?.results?.length !== v.results.length
    || T.shown?.phase !== "play");
  if (fresh && op !== "new_game" && op !== "next_hand") dealtCallouts(v);  // those two: showDeal
  const before = deckOptions();
  T.shown = v; setDeck(v.rules);
  const now = deckOptions();
  if (now.deck !== before.deck || now.french !== before.french) stage.drop(new Set());
  setView(v, op);
}

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
  T.shown = scene;
  await draw(scene, { fresh: true, animate });
  if (!live(g)) return;
  dealtCallouts(v);
  if (!moves.length) return;
  const taking = new Set(moves.map((m) => m.card));
  for (const b of $("table-cards").querySelectorAll(".card")) b.classList.toggle("card--taking", taking.has(b.dataset.card));
  await pause(PACE.verdict);
  for (const b of $("table-cards").querySelectorAll(".card--taking")) b.classList.remove("card--taking");
  if (!live(g)) return;
  T.shown = v;
  await draw(v);
}

function callout(text) {
  const c = $("callout");
  c.textContent = text;
  c.classList.remove("callout--on");
  void c.offsetWidth;
  c.classList.add("callout--on");
  // gone, its words go too: a hidden callout kept its last words in the page (for a screen reader's
  // reading of the page, and a language switched since: "Vi fidate?" left on a Spanish page)
  setTimeout(() => { c.classList.remove("callout--on"); if (c.textContent === text) c.textContent = ""; }, motion() ? 1400 : 1200);
}

/** Make next (the engine's answer to `op`) the view, showing its play event e on the way from prev:
 *  the played card reaches the table (a capture is shown there with the cards it takes, then they
 *  go to the pile), then the engine's view is drawn, which slides the rest of the moves home (the
 *  last taker's remainder to the pile, fresh cards from the mazzo). */
async function showPlay(prev, next, e, op, g = T.generation) {
  if (!live(g)) return;
  T.lastPlay = null;
  // an event of a mechanic's own is shown its own way (mechanics/: a claim and its answer)
  const own = mechanics.showEvent(e, toolkit(op, g), prev, next);
  if (own) { T.sending = false; return own; }
  T.verdict = "";
  // what a mechanic says before the card moves (mechanics/: declarations from the hand, SB10),
  // written and called out on the table; a screen reader hears it once, with the play (said alone
  // first, then again with the play, it was heard twice: the review of 2026-11-30)
  const declared = mechanics.calledOut(e, next, { isYou: (s) => saidToYou(next, s) });
  for (const { said, callout: word } of declared) {
    status(said); callout(word);
    await pause(PACE.show);
    if (!live(g)) return;
  }
  // the play's line keeps what it declared, for as long as the play is shown
  const text = () => [describe(e, next), ...declared.map(({ said }) => said())].join(" ");
  status(text); announce(text);
  // another's play stays written before "Your turn" (the line shows for a moment only at the pace)
  if (!saidToYou(next, e.seat)) T.lastPlay = text;
  setView(next, op);
  T.sending = false;
  const hide = next.pass_to !== null;
  // the played card's own moves (a card shown by a declaration first "moves" hand to hand: SB10)
  const played = e.moves.filter((m) => m.card === e.card && m.from === `hand:${e.seat}` && m.kind !== "accusa");
  const taken = e.moves.filter((m) => m.kind === "take" && !played.includes(m));
  const dealt = e.moves.some((m) => m.kind === "deal");
  // the played card on the table: laid there, or shown there with what it takes
  let scene = moved(prev, played.map((m) => ({ ...m, to: "table" })), next);
  T.shown = scene;
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
    T.shown = scene;
    await draw(scene, { hideHand: hide });
    await pause(PACE.after);
    if (!live(g)) return;
  }
  T.shown = next;
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
    verdict: (text) => { T.verdict = text; },
    setView: (v) => setView(v, op),
    show: (scene, options) => { T.shown = scene; return draw(scene, options); },
    stop: () => !live(g),
  };
}

export async function send(notation) {
  if (T.busy) return;
  const g = T.generation;
  if (coachOn() && !(await coachAllows(notation, g))) return;
  const beside = focusAfterPlay(currentView().legal.find((p) => p.notation === notation)?.card);
  T.chosen = null; T.picked = []; T.hinted = null; T.verdict = ""; T.lastPlay = null; T.pendingPick = null; T.sending = false; T.busy = true; T.declaring = null; decorate();
  beside?.focus({ preventScroll: true });
  T.sending = true;  // the view on the table is the one before this play until showPlay sets the next
  let r;
  try { r = await game("play", notation); }
  catch (err) { T.sending = false; if (live(g)) { T.busy = false; decorate(); failed(err); } return; }
  if (!r.event) T.sending = false;
  if (!live(g)) return;
  emit("accepted", { op: "play", view: r.view });  // made: saved now, whatever its showing takes
  // the person's time ran out before the play reached the engine: lost on time (clock.js tells)
  if (!r.event) { T.busy = false; accept(r.view, "play"); decorate(); return; }
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
  if (!T.fast && v.can_review && (v.waiting !== "human" || v.pass_to !== null)) lookAhead();
}

/** The coach (Settings: Coach, coach.js): asks the engine whether the person's play leaves the next
 *  player an obvious scopa or the Settebello, and if so the person decides in a dialog: true to play
 *  it, false to choose again (the table as it was, the card they chose in focus). A refused
 *  question lets the play go on: the engine refuses the play itself with its reason. */
async function coachAllows(notation, g) {
  T.asked = currentView().legal.find((p) => p.notation === notation) || null;
  T.busy = true; decorate();
  let warning = null;
  try { warning = (await game("coach", notation)).warning; } catch { warning = null; }
  let go = true;
  if (live(g) && warning) go = await confirmPlay(warning);
  const card = T.asked?.card;  // the play's own card (a declared play's notation ends in "!", SB14)
  T.asked = null;
  if (!live(g)) return false;
  T.busy = false; decorate();
  if (!go) {
    const el = T.chosen ? $("choices").querySelector(`[data-play="${notation}"]`) : $("hand-cards").querySelector(`[data-card="${card}"]`);
    (el || $("hand-cards").querySelector(PLAYABLE))?.focus();
  }
  return go;
}

/** Let the computers play until a person is to play (or the hand is over), pacing each play. */
async function advance(g = T.generation) {
  if (!live(g)) return;
  T.busy = true; decorate();
  try {
    while (live(g) && currentView().waiting === "computer") {
      await whilePaused();  // a paused game: no computer plays until the people go on (pause.js)
      if (!live(g) || currentView().waiting !== "computer") break;
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
    if (live(g)) T.busy = false;
  }
  if (!live(g)) return;
  decorate();
  const view = currentView();
  if (view.phase !== "play") return handEnd(g);
  $("sheet").hidden = true;
  if (view.pass_to !== null) { $("pass-btn").focus(); announce(() => t("pass.to", { name: view.players[view.pass_to] })); return; }
  if (view.waiting === "human" && view.turn !== view.seat) {
    // a person on another device plays (people.js): their play comes to the table by itself
    status(() => t("people.waitingFor", { name: view.players[view.turn] }));
  } else if (view.waiting === "human" && mechanics.question(view)) {
    // the person answers a mechanic's question (a claim, SB61): it has the focus, whatever the way of input
    status(() => turnLine(view), T.lastPlay);
    $("answer-buttons").querySelector("button")?.focus();
  } else if (view.waiting === "human") {
    // a declaration to make or keep hidden first (SB14): said, and the question has the focus
    const questionOpen = !$("declare").hidden;
    status(() => (questionOpen ? t("status.declare") : turnLine(view)), T.lastPlay);
    if (questionOpen) $("declare-buttons").querySelector("button")?.focus(); else { focusHand(); pickPending(); }
  }
}

async function handEnd(g) {
  judgeAhead(currentView());  // what is left to judge (a game restored mid-hand), during the pause
  await pause(PACE.sheet);
  if (!live(g)) return;
  const view = currentView();
  sound(view.phase === "over" ? "match" : "hand");
  // the table's words first, then each module's (access.js says the points after "Hand over")
  // (a team said "Anna and Carla", as the language joins names: a reader says "&" as a symbol)
  const totals = () => view.sides.map((_, i) => `${sideName(view, i, { spoken: true })} ${view.totals[i]}`).join(", ");
  // the match's end says its final score (the points access.js says next are the last hand's)
  if (view.phase === "over") announce(() => view.lesson ? winnerLine(view) : `${winnerLine(view)} ${t("sheet.finalSay", { totals: totals() })}`);
  else announce(() => `${t("sheet.handSay", { totals: totals() })} ${playsOnText(view)}`.trim());
  emit("hand-end", { sheet: sheetData(view) });
  if (view.phase === "over") {
    emit("match-end", { winner: view.winner, totals: [...view.totals], sides: view.sides.map((_, i) => sideName(view, i)) });
  }
  showSheet();
}

export function showSheet() {
  const v = currentView();
  const onNewGame = () => newGameDialog();
  // a finished match: its story (every hand, the best moments) with Rematch
  const focus = v.phase === "over" && v.story
    ? renderStory($("sheet"), v, { onRematch: (config) => rematch(config), onNewGame })
    : renderSheet($("sheet"), v, {
      onNext: async (e) => {
        if (T.busy) return;
        const g = T.generation;
        T.busy = true;
        // the engine may still be judging the hand just played: the press is shown at once (the
        // review of 2026-12-01: 1.5-2 s of a button that looked unpressed)
        const btn = e?.currentTarget;
        const label = btn?.textContent;
        if (btn) { btn.setAttribute("aria-busy", "true"); btn.textContent = t("status.dealing"); }
        let next;
        try { next = await game("next_hand"); } catch (err) {
          if (btn) { btn.removeAttribute("aria-busy"); btn.textContent = label; }
          if (live(g)) { T.busy = false; failed(err, { speak: false }); }
          return;
        }
        if (!live(g)) return;
        $("sheet").hidden = true;
        // the focus on Next hand, hidden now, goes to the hand (no longer inert), not to <body>
        keepModal();
        focusTheDeal();
        accept(next, "next_hand");
        sound("deal");
        await queue.run(() => live(g) && showDeal(next, g));
        if (!live(g)) return;
        T.busy = false;
        await advance(g);
      },
      onNewGame,
    });
  keepModal();
  // on a phone or with a larger text the sheet may be taller than the screen: it opens at its top
  const card = $("sheet").querySelector(".sheet__card");
  if (card) focusAtTop(card, focus, card.querySelector("h2")); else focus?.focus();
}

/** The same table again (story.py's rematch: the variant, options, seats and clock of the match
 *  just finished), with a new deal. */
async function rematch(config) {
  if (T.busy) return;
  await startGame(config).catch(() => {});
}

/** The page's first game: the address's (each bad value said), else, when the engine refuses what
 *  the address asks for (a target out of bounds...), the game without it, said too. */
export async function bootGame() {
  forgetProblems();  // a reset (the test hook) says them again
  checkAddress();
  // the person's thinking time buys the master's reply more searches (py/scopa_ai/thinking.py),
  // except in fast mode (the tests), whose replies the budget alone decides
  await game("ponder_strength", !T.fast);
  let config = bootConfig();
  const fallbacks = [{ targets: false }, { address: false }, { address: false, remembered: false }];
  for (const fallback of fallbacks) {
    try { await game("check_game", config); break; }
    catch (err) {
      const why = refusalText(err);
      if (fallback.remembered === false) console.warn(`Settebello: the remembered game cannot be played (${why})`);
      else if (fallback.targets === false && ADDRESS_GAME.some((k) => address().has(k))) {
        addressProblem("config", ADDRESS_GAME.filter((k) => address().has(k)).map((k) => `${k}=${address().get(k)}`).join("&"),
          t("inputs.refused", { why: firstUp(why) }));
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
  let asked = gameWords(want.variant, want.seats, want.seats.map((x) => x.name));
  // the same game in words, another deal: the address's shuffle is named (the review of 2026-12-01:
  // "…with You and Bruno (Beginner) asks for another game: … with You and Bruno (Beginner)")
  if (asked === had && want.seed !== undefined) asked = t("url.gameSeed", { game: asked, seed: want.seed });
  // a finished match is not unfinished, and is kept in Your matches already: it is not set aside
  const over = v.phase === "over";
  showNotice({ id: "address-notice", role: "status", testid: "address-notice",
    text: t(over ? "url.finishedGame" : "url.savedGame", { saved: had, asked }),
    buttons: [
      { label: t("url.startAsked"), i18n: "url.startAsked", primary: true, testid: "address-start", onClick: async (_, box) => {
        box.remove();
        const match = over ? null : await game("save").catch(() => null);
        if (match) setAside(JSON.stringify(match), null, t("storage.why_address"));
        await bootGame().catch(() => {});
      } },
      { label: t("url.keepSaved"), i18n: "url.keepSaved", testid: "address-keep", onClick: (_, box) => box.remove() },
    ] });
}

/** Start a match from a Session.new_game config and show its first deal (dealt with a slide unless
 *  `deal` is false). A refused config rejects with the engine's EngineRefusal and changes nothing; `report: false`
 *  leaves telling it to the caller (the embed answers its parent page instead). */
export async function startGame(config, { deal = true, report = true } = {}) {
  // seats of people on other devices: the table with people (people.js, loaded only then) deals
  // once each of them has joined and drawn their part of the deal
  if (config?.seats?.some((s) => s.remote)) return import("./people.js").then((m) => m.hostTable(config));
  // from now on whatever the game before was doing stops where it is (see `generation`); a New
  // game asked while this one is on its way wins in turn, and this one's answer is dropped
  const g = ++T.generation;
  T.busy = true;
  // the game on the table is over: its hand is not played any more, and the status line claims no
  // turn until the new deal is playable (the player's review: "Your turn" of the game before)
  status(() => t("status.dealing"));
  decorate();
  let v;
  const answer = game("new_game", config);
  T.asking = answer;
  try { v = await answer; }
  catch (err) {
    if (live(g)) {
      T.busy = false;
      if (report) failed(err);
      if (currentView()) goOn(g).catch(() => {});  // refused: the game on the table goes on
    }
    throw err;
  } finally {
    if (T.asking === answer) T.asking = null;
  }
  if (!live(g)) return;
  T.chosen = null; T.picked = []; T.hinted = null; T.verdict = ""; T.lastPlay = null; T.pendingPick = null; T.sending = false;
  $("sheet").hidden = true;
  $("address-notice")?.remove();  // another game is on the table: the address's question is answered
  T.seatsKey = "";
  announce(() => t("status.newGame", { variant: variantName(v.variant) }));
  accept(v, "new_game");
  if (deal) sound("deal");
  await queue.run(() => { if (!live(g)) return; if (deal) focusTheDeal(); return showDeal(v, g, { animate: deal }); });
  if (!live(g)) return;
  T.busy = false;
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
export async function resume(restored, { offer = false, focus = false } = {}) {
  const g = ++T.generation;
  T.chosen = null; T.picked = []; T.hinted = null; T.verdict = ""; T.lastPlay = null; T.pendingPick = null; T.sending = false;
  const focused = sheetFocused();
  $("sheet").hidden = true;
  T.seatsKey = "";
  // another's last play written before "Your turn" again, as it was before the reload (the review
  // of 2026-12-02: a reload left only "Your turn", the other's play gone unless asked for)
  const last = restored.phase === "play" ? restored.plays?.at(-1) : null;
  if (last?.card && Array.isArray(last.presa) && !saidToYou(restored, last.seat)) T.lastPlay = () => playSentence(restored.players[last.seat], last);
  accept(restored, "restore");
  await queue.run(() => live(g) && draw(restored, { fresh: true, animate: false }));
  if (!live(g)) return;
  if (focused || focus) focusTheDeal();  // (focus: a dialog that held it closed by itself: people.js)
  markReady();
  if (offer) offerAddressGame(restored).catch((err) => console.warn(`Settebello: ${err.message}`));
  if (restored.phase !== "play") { showSheet(); return; }
  await advance(g);
}

/** Start afresh from the address and the stored choices, as a first visit does, once the table is
 *  idle (the test hook's reset, static/js/testhook.js: Pyodide stays booted). */
export async function restart() {
  while (T.busy) await new Promise((resolve) => setTimeout(resolve, 20));
  T.fast = readAddress().get("fast") === "1";
  setFast(T.fast);
  await bootGame();
}


/** The engine answered and a game is on the table: tell tests, benchmarks and other modules. */
export function markReady() {
  if (T.isReady) return;
  T.isReady = true;
  markEngine("ready"); emit("ready", { view: currentView() });
}

export async function newGameDialog() {
  if (!described()) return;
  // a New game just asked for is the game on the table as soon as the engine answers: wait for it
  while (T.asking) await T.asking.catch(() => {});
  const view = currentView();
  const pre = view && described().variants.find((x) => x.id === view.variant);
  // the dialog opens on the game on the table: its preset, table, seats, target, lead and the
  // rules chosen on top of the preset's (the last choice remembered keeps the hint level); not on
  // a tournament's match or today's deal, whose seats the person did not choose (the review of
  // 2026-11-30: the person sat second in the next game), nor the guided hand (its single hand
  // against a Beginner): the last game they set up
  const own = view && !view.tournament && !view.daily && !view.lesson;
  const current = own && pre ? { variant: view.variant,
    seats: view.seats.map((x) => x.human ? { human: true, name: x.name } : { human: false, level: x.level }),
    table: view.seating, target: view.rules.target, lead: view.rules.lead,
    options: Object.fromEntries(pre.open.filter((k) => view.rules[k] !== pre.rules[k]).map((k) => [k, view.rules[k]])),
    hintLevel: T.hintLevel } : null;
  // clock.js's part of the dialog
  const timed = (config) => { const clock = clockChoice(); return clock && clock !== "off" ? { ...config, clock } : config; };
  const res = await openNewGame($("newgame-dialog"), described(), current || loadPrefs(),
    (config) => game("check_game", timed(config)));
  if (!res) return;
  // a match under way is not dropped without a question: kept for later (Records) or not (issue 45)
  if (!(await askBeforeDropping())) return;
  savePrefs(res.prefs);
  T.hintLevel = res.prefs.hintLevel || described().default_hint_level;
  await startGame(timed(res.config)).catch(() => {});
}

/** Whether the score sheet is up with the focus in it: closed by another device's step (the
 *  host's Next hand or Rematch at a table with people), the focus then goes to the table, not lost. */
const sheetFocused = () => !$("sheet").hidden && $("sheet").contains(document.activeElement);

/** As a new deal asked for (New game → Start, Rematch, a lesson's level) comes to the table, the
 *  focus leaves the New game button where the closed dialog gave it back (or the sheet's button,
 *  hidden now): the person's next move is at the table. It goes to the hand itself, which shows no
 *  ring; when the hand is playable a keyboard player's goes on to its first card (advance:
 *  focusHand), or to the question asked first. A focus the person moved elsewhere stays. */
export function focusTheDeal() {
  const at = document.activeElement;
  const left = !at || at === document.body || at === $("new") || !!at.closest("[hidden], dialog:not([open])");
  if (!left) return;
  const hand = $("hand-cards");
  hand.tabIndex = -1;
  hand.focus({ preventScroll: true });
}

export async function undo() {
  const at = currentView();
  if (T.busy || !at) return;
  if (!at.can_undo) {
    // a game that never takes a play back (view.py UNDO_OFF: several people, today's deal, a
    // clock) answers a press with why, as Hint does in today's deal
    if (at.undo_off) { const why = () => t(`undo.off.${at.undo_off}`); status(why); announce(why); }
    return;
  }
  const g = T.generation;
  T.busy = true; decorate();
  let v;
  try { v = await game("undo"); }
  catch (err) { if (live(g)) { T.busy = false; decorate(); failed(err, { speak: false }); } return; }
  if (!live(g)) return;
  T.chosen = null; T.picked = []; T.hinted = null; T.verdict = ""; T.lastPlay = null; T.pendingPick = null; T.sending = false;
  // a keyboard player's focus in the hand before anything is said (Undo is disabled now, and a
  // focus moved after the words would cut them); then the undo, the table as it is again and
  // whose turn (access.js, on the new view)
  if (!pointerInput && !$("hand-cards").contains(document.activeElement)) $("hand-cards").focus({ preventScroll: true });
  announce(() => t("status.undone"));
  accept(v, "undo");
  await queue.run(() => live(g) && draw(v));
  if (!live(g)) return;
  T.busy = false;
  status(() => t("status.undone"));
  await advance(g);
}

export async function hint() {
  if (T.busy || currentView()?.waiting !== "human") return;
  const off = currentView()?.can_hint === false;  // the engine refuses, and says why
  if (!off) $("hint").disabled = true;
  const g = T.generation;
  // the master's search may take a second or more on a phone: the wait is said, not silent
  // a hint for a position the person has left (they played while it searched) is dropped
  const at = currentView(), still = () => live(g) && currentView() === at;
  const slow = off ? null : setTimeout(() => { if (still()) status(() => t("hint.searching")); }, 300);
  try {
    const h = await game("hint", T.hintLevel);
    clearTimeout(slow);
    if (!still()) return;
    T.hinted = h; T.chosen = null; T.picked = [];
    decorate();
    // a mechanic's own play (mechanics/: an answer to a claim, a claim), else a capture or a lay
    const text = () => (mechanics.hintWords(h)
      ?? (h.presa.length ? t("hint.take", { card: theCard(h.card), cards: theCards(h.presa) }) : t("hint.lay", { card: theCard(h.card) })));
    // why (py/scopa_ai/explain.py): shown under the status line by decorate, said after the hint
    // (both functions: a language change says them again in the new language)
    const said = () => { const why = hintWhy(h); return why ? `${text()} ${why}` : text(); };
    status(text); announce(said);
    (h.card ? $("hand-cards").querySelector(`[data-card="${h.card}"]`) : $("answer-buttons").querySelector(`[data-play="${h.notation}"]`))?.focus();
  } catch (err) {
    clearTimeout(slow);
    if (!still()) return;
    // a game played without hints is no failure: its reason alone ("Today's deal is played without
    // hints"), said after decorate's turn line
    if (off && err?.reason) { decorate(); const why = () => refusalText(err); status(why); announce(why); return; }
    failed(err, { speak: false });
  }
  decorate();
}

export async function lastTrick() {
  const d = $("trick-dialog");
  let tr;
  const g = T.generation;
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
export async function showRestored(v) {
  const g = ++T.generation;
  T.chosen = null; T.picked = []; T.hinted = null; T.verdict = ""; T.lastPlay = null; T.pendingPick = null; T.sending = false; T.busy = true;
  const focused = sheetFocused();
  $("sheet").hidden = true;
  T.seatsKey = "";
  accept(v, "restore");
  await queue.run(() => live(g) && draw(v, { fresh: true }));
  if (!live(g)) return;
  if (focused) focusTheDeal();
  T.busy = false;
  await advance(g);
}

/** A play made at another device (people.js): a remote person's at the host's table, or any
 *  play the host's table sends to this seat. Shown as a play of the table's own, then the table
 *  goes on (a computer's turn next, the sheet); with no event, the view is drawn afresh. */
export async function playedElsewhere(view, event) {
  while (T.busy) await new Promise((resolve) => setTimeout(resolve, 20));
  const g = T.generation;
  showNames(view);
  if (!event) return showRestored(view);
  T.chosen = null; T.picked = []; T.hinted = null;
  const prev = currentView();
  emit("accepted", { op: "remote", view });
  await queue.run(() => showPlay(prev, view, event, "remote", g));
  await advance(g);
}

export async function syncView() {
  const g = T.generation;
  const v = await game("view");
  if (!live(g)) return;
  T.chosen = null; T.picked = []; T.hinted = null;
  accept(v, "sync");
  await queue.run(() => live(g) && draw(v));
}

export async function passReady() {
  const view = currentView();
  if (!view || view.pass_to === null) return;
  let v;
  const g = T.generation;
  try { v = await game("show", view.pass_to); } catch (err) { if (live(g)) failed(err, { speak: false }); return; }
  if (!live(g)) return;
  accept(v, "show");
  $("pass").hidden = true;
  await queue.run(() => live(g) && draw(v, { fresh: true }));
  if (!live(g)) return;
  await advance(g);
}
