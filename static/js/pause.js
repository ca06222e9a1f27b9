// A pause at a table on the clock (Session.pause, RULES §5): every clock stops and a curtain hides
// the cards until the people at this device go on, as a club's clocks are stopped for an
// interruption. Offered only when the view says so (`can_pause`: a clock, a hand being played,
// nobody at another device); a paused game stays paused after a reload (the save keeps it).
//
//   import { whilePaused } from "./pause.js";
//   await whilePaused();   // gameloop.js: no computer plays while the game is paused
//
// Seams (store.js): follows the current view; asks table.js for the view again ({type: "sync"}).
import { t, onLanguageChange } from "./i18n.js";
import { game } from "./engine.js";
import { esc, refusalText } from "./names.js";
import { view as currentView, onView, emit } from "./store.js";
import { modal } from "./modal.js";
import { showNotice } from "./notice.js";

let asked = false;     // a pause asked of the engine and not yet answered: the computers wait already
let going = false;     // "Go on" asked and not yet answered
let waiters = [];      // whilePaused's promises, released when the game goes on

/** Whether the game is paused, or a pause has been asked. */
function paused() {
  return asked || Boolean(currentView()?.paused);
}

/** Resolves at once, or when the game goes on (a new game, a restored one unpaused, "Go on"). */
export function whilePaused() {
  return paused() ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve();
}

function release() {
  if (paused()) return;
  const now = waiters;
  waiters = [];
  for (const resolve of now) resolve();
}

function button() { return document.getElementById("pause-btn"); }

/** Say why the engine refused (a clock that ran out, a table that may not pause), closable. */
function refused(err) {
  document.getElementById("pause-refused")?.remove();
  showNotice({ id: "pause-refused", role: "alert", kind: "error", text: refusalText(err),
    buttons: [{ label: t("action.close"), onClick: (_, box) => box.remove() }] });
}

/** The table's view again (table.js accepts it and draws it). */
function sync() {
  return new Promise((done) => emit("command", { type: "sync", done }));
}

/** Stop every clock: the engine first (it charges the running turn up to now), then the curtain. */
async function pauseGame() {
  if (paused()) return;
  asked = true;
  try {
    await game("pause", true);
  } catch (err) {
    asked = false;
    release();
    refused(err);
    return;
  }
  await sync();  // a forfeit found by the charge comes with the view (clock.js tells it)
  asked = false;
  release();
}

/** Go on: the clock of the one to play runs again from now. */
async function goOn() {
  if (going) return;
  going = true;
  try {
    await game("pause", false);
    await sync();
  } catch (err) {
    refused(err);
  } finally {
    going = false;
  }
}

function curtain() {
  return modal("pause-dialog", "dialog pause", "pause-title", (d) => {
    // Escape goes on, as the button does: the dialog is never closed with the game still paused
    d.addEventListener("cancel", (e) => { e.preventDefault(); goOn(); });
    d.addEventListener("click", (e) => { if (e.target.closest(".pause__go")) goOn(); });
  });
}

function drawCurtain(d) {
  d.innerHTML = `<h2 id="pause-title">${esc(t("pause.title"))}</h2>
    <p class="pause__note">${esc(t("pause.note"))}</p>
    <div class="dialog__actions">
      <button type="button" class="btn btn--primary pause__go">${esc(t("pause.go"))}</button>
    </div>`;
}

/** After the curtain: the person to play has the keyboard on their hand again. */
function focusTheTable(v) {
  if (v.waiting !== "human" || v.turn !== v.seat || v.pass_to !== null) return;
  const card = document.querySelector("#hand-cards .card:not([aria-disabled=true]):not(:disabled)");
  card?.focus();
}

function onState(v) {
  const b = button();
  if (b) {
    const was = b.hidden;
    b.hidden = !v.can_pause;
    b.disabled = Boolean(v.paused);
    // the bar's buttons changed: it folds or unfolds for them (barfold.js), as for new words
    if (was !== b.hidden) window.settebelloBarFold?.();
  }
  const d = document.getElementById("pause-dialog");
  if (v.paused) {
    const c = curtain();
    if (!c.open) {
      drawCurtain(c);
      c.showModal();
      c.querySelector(".pause__go").focus();
    }
  } else if (d?.open) {
    d.close();
    focusTheTable(v);
  }
  release();
}

function start() {
  button()?.addEventListener("click", () => { pauseGame(); });
  onView(onState);
  onLanguageChange(() => {
    const d = document.getElementById("pause-dialog");
    if (d?.open) { drawCurtain(d); d.querySelector(".pause__go").focus(); }
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
