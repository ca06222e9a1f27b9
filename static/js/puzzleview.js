// The puzzles' dialog (issue 47), imported on first use by puzzles.js: a position (the seat's hand,
// the table) where one play is clearly best, the plays to choose from (buttons: keys and screen
// readers alike), then right or wrong with the reason (the coach's principle) and the points at
// stake; a missed puzzle comes back a few puzzles later, and the rating moves with each result. The
// engine chooses the puzzle, judges the play and schedules (py/settebello/training.py); this module
// keeps the trainer's state on the device and draws.
import { game } from "./engine.js";
import { t, cardName, cardList, firstUp, joinList, theCard, theCards, onLanguageChange } from "./i18n.js";
import { esc, refusalText, shownName, variantName, variantText } from "./names.js";
import { view as currentView } from "./store.js";
import { modal, focusAtTop, stylesheet } from "./modal.js";
import { readJSON, writeJSON } from "./storage.js";
import { art } from "./deck.js";
import { reasonText } from "./coach.js";
import { PUZZLES_KEY } from "./puzzles.js";

let current = null;   // {puzzle, verdict?}: what the dialog shows

const state = () => readJSON(PUZZLES_KEY, null);

function dialog() {
  return modal("puzzle-dialog", "dialog puzzle", "puzzle-title", (d) => {
    d.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-act]");
      if (!b) return;
      if (b.dataset.act === "close") d.close();
      else if (b.dataset.act === "next") next().catch((err) => say(d, err.reason ? refusalText(err) : err.message));
      else if (b.dataset.act === "play") choose(b.dataset.play).catch((err) => say(d, err.reason ? refusalText(err) : err.message));
    });
    onLanguageChange(() => { if (d.open && current) draw(d); });
  });
}

function say(d, text) { d.querySelector(".puzzle__verdict").textContent = text; }

/** Open the dialog on the next puzzle. */
export async function openPuzzles() {
  const d = dialog();
  await Promise.all([next(), stylesheet("daily")]);  // (the puzzles' looks are beside the day's: daily.css)
  if (!d.open) d.showModal();
  focusAtTop(d, d.querySelector("[data-act=play]"), d.querySelector("#puzzle-title"));
}

async function next() {
  let r;
  try { r = await game("puzzle_next", { state: state() }); }
  catch (err) {  // a damaged progress: started afresh, said
    r = await game("puzzle_next", { state: null });
    r.damaged = err.reason ? refusalText(err) : err.message;
  }
  current = { puzzle: r.puzzle, rating: r.state.rating, damaged: r.damaged };
  draw(dialog());
  dialog().querySelector("[data-act=play]")?.focus();
}

async function choose(play) {
  const r = await game("puzzle_answer", { state: state(), id: current.puzzle.id, play });
  const err = writeJSON(PUZZLES_KEY, r.state);
  if (err) console.warn(`Settebello: puzzles' progress not kept (${err.message})`);
  current = { ...current, verdict: { ...r, chosen: play }, rating: r.rating };
  const d = dialog();
  draw(d);
  d.querySelector("[data-act=next]").focus();
}

const img = (code) => `<img class="puzzle__card" src="${art(code)}" alt="${esc(cardName(code))}" width="56" height="90">`;

function playText(p) {
  return p.presa.length ? t("puzzle.takes", { card: theCard(p.card), cards: theCards(p.presa) }) : t("puzzle.lays", { card: theCard(p.card) });
}

/** A puzzle of another game than the one on the table says that game's rules in a line (the
 *  review of 2026-11-30: an Escoba puzzle's answer made no sense by the rules of Scopa). */
function otherGame(p) {
  const on = currentView()?.variant;
  if (!on || on === p.variant) return "";
  return `<p class="puzzle__rules" data-testid="puzzle-rules">${esc(t("puzzle.otherGame", { variant: variantName(p.variant), rules: variantText(p.variant, "description") }))}</p>`;
}

/** What a player at that table would know beside the hand and the table: who they are, the
 *  others in the order they play (partner or opponent, cards in hand), the mazzo, each side's pile
 *  and the cards already taken (the review of 2026-12-01: "Player 2 could take it", and no word of
 *  who Player 2 was). */
function around(p) {
  const others = p.others.map((o, i) => `<li>${esc(t(o.partner ? "puzzle.partner" : "puzzle.opponent", { name: shownName(o.name) }))}: ${esc(t("seat.handCount", { count: o.cards }))}${i === 0 ? ` · ${esc(t("puzzle.after"))}` : ""}</li>`).join("");
  const piles = [...p.piles].sort((a, b) => b.mine - a.mine).map((pile) => {
    const side = joinList([...(pile.mine ? [t("seat.you")] : []), ...pile.names.map(shownName)]);
    return `<li>${esc(t("pile.label", { side, count: pile.cards }))}${pile.scope ? ` ${esc(t("pile.scope", { count: pile.scope }))}` : ""}</li>`;
  }).join("");
  const gone = p.gone.length ? `<details class="puzzle__gone"><summary>${esc(t("puzzle.gone", { count: p.gone.length }))}</summary><p>${esc(cardList(p.gone))}</p></details>` : "";
  return `<div class="puzzle__around" data-testid="puzzle-around">
      <p class="puzzle__label">${esc(shownName(p.you) === t("seat.you") ? t("puzzle.yourTurn") : t("puzzle.you", { name: p.you }))}</p>
      <ul class="puzzle__list">${others}${p.deck_left ? `<li>${esc(t("deck.left", { count: p.deck_left }))}</li>` : ""}${piles}</ul>${gone}
    </div>`;
}

function draw(d) {
  const { puzzle: p, verdict: v, rating } = current;
  const plays = p.legal.map((x) => {
    const mark = v ? (x.notation === v.answer.notation ? " puzzle__play--answer" : x.notation === v.chosen ? " puzzle__play--chosen" : "") : "";
    return `<button type="button" class="btn puzzle__play${mark}" data-act="play" data-play="${esc(x.notation)}"${v ? " disabled" : ""}>${esc(firstUp(playText(x)))}</button>`;
  }).join("");
  const verdict = !v ? ""
    : `${esc(t(v.right ? "puzzle.right" : "puzzle.wrong", { play: playText(v.answer) }))} ${esc(reasonText(v.reason))} ${esc(t("puzzle.points", { count: v.points }))} ${esc(t(v.change >= 0 ? "puzzle.ratingUp" : "puzzle.ratingDown", { rating: v.rating, change: Math.abs(v.change) }))}${v.again ? " " + esc(t("puzzle.again")) : ""}`;
  d.innerHTML = `<h2 id="puzzle-title">${esc(t("puzzle.title"))}</h2>
    <p class="puzzle__meta" data-testid="puzzle-rating" data-rating="${rating}">${esc(t("puzzle.rating", { rating }))} · ${esc(t(p.own ? "puzzle.own" : "puzzle.builtin", { variant: variantName(p.variant) }))}</p>
    ${otherGame(p)}
    ${current.damaged ? `<p class="puzzle__damaged" role="alert">${esc(current.damaged)}</p>` : ""}
    <div class="puzzle__position" data-testid="puzzle" data-id="${esc(p.id)}" data-own="${p.own}">
      <p class="puzzle__label">${esc(t("puzzle.table"))}</p><div class="puzzle__cards">${p.table.map(img).join("") || esc(t("puzzle.empty"))}</div>
      <p class="puzzle__label">${esc(t("puzzle.hand"))}</p><div class="puzzle__cards">${p.hand.map(img).join("")}</div>
      ${around(p)}
    </div>
    <p class="puzzle__ask" id="puzzle-ask">${esc(t("puzzle.ask"))}</p>
    <div class="puzzle__plays" role="group" aria-labelledby="puzzle-ask">${plays}</div>
    <p class="puzzle__verdict" role="status" data-testid="puzzle-verdict" data-right="${v ? v.right : ""}">${verdict}</p>
    <div class="dialog__actions">
      <button type="button" class="btn btn--primary" data-act="next"${v ? "" : " hidden"}>${esc(t("puzzle.next"))}</button>
      <button type="button" class="btn" data-act="close">${esc(t("action.close"))}</button>
    </div>`;
}
