// The game clock on the page (RULES §5; the clock itself is py/settebello/clock.py): each seat's move
// time and BankTime next to its name, the running one counting down, and the forfeit when a
// player runs out of time. The page never decides time: it shows the engine's clock (the view's
// `clock`), counts down between engine readings only for display, and asks the engine (`tick`)
// once a second — and at once when the display reaches zero — whether a flag fell.
//
// Also the clock choice of the new-game dialog: a "Clock" fieldset (off / the rooms' standard /
// custom) added to the dialog that dialog.js draws, remembered in localStorage; table.js asks
// `clockChoice()` for the config of a new game. The standard settings and each one's limits are
// Python's (describe's `clock`, store.js).
//
// Seams (store.js): follows the current view; emits the command {type: "sync"} (table.js
// fetches the view again) and match-end {winner, totals, sides, forfeit} when a match is lost on
// time.
import { t, onLanguageChange } from "./i18n.js";
import { game } from "./engine.js";
import { esc, sideName, shownName } from "./names.js";
import { status } from "./tablestate.js";
import { sideWins } from "./layout.js";
import { readJSON, writeJSON, ownKey } from "./storage.js";
import { view as currentView, onView, emit, info } from "./store.js";
import { modal } from "./modal.js";

const STORE = ownKey("settebello.clock");  // this deployment's (storage.js)

/** A text of this module in the page's language (static/i18n/*.json, keys "clock.*"). */
export function tClock(key, params = {}) {
  return t(`clock.${key}`, params);
}

/** A match lost on time, said: [who ran out of time, who wins on time] (the Time! dialog, the
 *  match's story, the status line), in the page's language now; `v` the match's view. */
export function lostOnTime(forfeit, v) {
  const you = forfeit.seat === v?.seat && v.players[v.seat] === t("seat.you");
  return [you ? tClock("lost.you") : tClock("lost", { name: forfeit.name }), sideWins(v, forfeit.winner, "clock.wins")];
}

/** "m:ss" (or "h:mm:ss") of a number of milliseconds, rounded up to the second while running. */
export function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  return (h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(r).padStart(2, "0")}`;
}

// ------------------------------------------------------------------ the choice in the dialog

/** A custom clock starts from the rooms' standard (py/settebello/clock.py, through describe). */
const standard = () => info()?.clock.standard ?? {};

function loadChoice() {
  const saved = readJSON(STORE, {});
  return { kind: "off", custom: { ...standard() }, ...(saved && typeof saved === "object" ? saved : {}) };
}
function saveChoice(c) { writeJSON(STORE, c); }

/** The clock setting of the next new game, as Session.new_game takes it ("off", "standard" or settings). */
export function clockChoice() {
  const c = loadChoice();
  if (c.kind === "standard") return "standard";
  if (c.kind === "custom") return { ...standard(), ...c.custom };
  return "off";
}

function fieldset(c) {
  const sec = (k) => (c.custom[k] ?? standard()[k]) / 1000;
  // each setting's range, in seconds (py/settebello/clock.py's limits, through describe)
  const range = (k) => info().clock.limits[k].map((ms) => ms / 1000);
  const custom = c.kind === "custom";
  // off the custom choice the inputs are disabled, so a bad value there never blocks Start
  const num = (id, key, label) => `<label class="ng-field clock-field">${esc(tClock(label))}
      <input id="${id}" data-clock-key="${key}" type="number" min="${range(key)[0]}" max="${range(key)[1]}" step="1" required
        value="${sec(key)}" ${custom ? "" : "disabled"}></label>`;
  return `<fieldset class="ng-clock" id="ng-clock"><legend>${esc(tClock("clock"))}</legend>
    <label class="ng-field">${esc(tClock("kind"))}
      <select id="ng-clock-kind">
        ${["off", "standard", "custom"].map((k) => `<option value="${k}" ${c.kind === k ? "selected" : ""}>${esc(tClock(k))}</option>`).join("")}
      </select></label>
    <div class="clock-custom" ${custom ? "" : "hidden"}>
      ${num("ng-clock-move", "move_ms", "move")}${num("ng-clock-first", "first_move_ms", "first")}
      ${num("ng-clock-bank", "bank_ms", "bank")}${num("ng-clock-inc", "increment_ms", "increment")}
      <label class="ng-check"><input type="checkbox" id="ng-clock-cpu" ${c.custom.computers ? "checked" : ""} ${custom ? "" : "disabled"}> ${esc(tClock("computers"))}</label>
    </div>
    <p class="ng-note">${esc(tClock("note"))}</p>
  </fieldset>`;
}

/** Remember what the fieldset says; a value out of range is not kept (the browser says why). */
function readFieldset(dialog) {
  const c = loadChoice();
  c.kind = dialog.querySelector("#ng-clock-kind")?.value || c.kind;
  for (const input of dialog.querySelectorAll("[data-clock-key]")) {
    const v = Number(input.value);
    if (input.value !== "" && Number.isFinite(v) && input.checkValidity()) c.custom[input.dataset.clockKey] = Math.round(v * 1000);
  }
  const cpu = dialog.querySelector("#ng-clock-cpu");
  if (cpu) c.custom.computers = cpu.checked;
  saveChoice(c);
  const box = dialog.querySelector(".clock-custom");
  if (box) {
    box.hidden = c.kind !== "custom";
    for (const input of box.querySelectorAll("input")) input.disabled = c.kind !== "custom";
  }
}

/** Keep the clock fieldset in the new-game dialog (dialog.js redraws its form, or the part of it
 *  under the game's select, on every change). */
function watchDialog() {
  const dialog = document.getElementById("newgame-dialog");
  if (!dialog) return;
  const inject = () => {
    const form = dialog.querySelector("form.ng");
    if (!form || form.querySelector("#ng-clock")) return;
    const before = form.querySelector(".ng-adv") || form.querySelector(".ng-error");
    const holder = document.createElement("div");
    holder.innerHTML = fieldset(loadChoice());
    (before?.parentNode || form).insertBefore(holder.firstElementChild, before);
  };
  new MutationObserver(inject).observe(dialog, { childList: true, subtree: true });
  dialog.addEventListener("change", (e) => { if (e.target.closest("#ng-clock")) readFieldset(dialog); });
  dialog.addEventListener("input", (e) => { if (e.target.closest("#ng-clock")) readFieldset(dialog); });
  inject();
}

// ------------------------------------------------------------------ the clocks at the table

let clock = null;       // the last clock the engine reported (view.clock or tick)
let forfeit = null;     // the forfeit the engine reported, once
let readAt = 0;         // performance.now() when `clock` was read
let timer = 0;          // the display interval
let polling = false;    // a tick is being asked
let lastPoll = 0;
let shownForfeit = null;

function seatHead(seat) {
  const view = currentView();
  if (view && seat === view.seat) return document.querySelector("#me .seat__head");
  return document.querySelector(`#opponents .seat[data-seat="${seat}"] .seat__head`);
}

/** The time left for the running seat now, counting down from the engine's last reading. */
function liveLeft(s, i) {
  if (clock.running !== i) return { move: s.move_ms, bank: s.bank_ms };
  let spent = performance.now() - readAt;
  const move = Math.max(0, s.move_ms - spent);
  spent = Math.max(0, spent - s.move_ms);
  return { move, bank: Math.max(0, s.bank_ms - spent) };
}

function render() {
  for (const el of document.querySelectorAll(".clock")) {
    if (!clock || +el.dataset.clockSeat >= clock.seats.length) el.remove();
  }
  const view = currentView();
  if (!clock || !view) return false;
  let zero = false;
  clock.seats.forEach((s, i) => {
    const head = seatHead(i);
    if (!head) return;
    let box = head.querySelector(".clock");
    if (!s.timed) { box?.remove(); return; }
    if (!box) {
      box = document.createElement("span");
      box.className = "clock";
      box.dataset.clockSeat = String(i);
      box.setAttribute("role", "timer");
      box.innerHTML = `<span class="clock__move"></span><span class="clock__bank"></span>`;
      head.append(box);
    }
    const left = liveLeft(s, i);
    const running = clock.running === i && !forfeit;
    const draining = running && left.move <= 0;
    box.classList.toggle("clock--running", running);
    box.classList.toggle("clock--bank", draining);
    box.classList.toggle("clock--low", running && left.move + left.bank <= 10000);
    box.classList.toggle("clock--flagged", !!forfeit && forfeit.seat === i);
    box.querySelector(".clock__move").textContent = mmss(left.move);
    box.querySelector(".clock__bank").textContent = `${tClock("bankShort")} ${mmss(left.bank)}`;
    const said = { name: shownName(view.players[i]), move: mmss(left.move), bank: mmss(left.bank) };
    box.setAttribute("aria-label", said.name === t("seat.you") && i === view.seat ? tClock("yourClock", said) : tClock("seatClock", said));
    box.dataset.moveMs = String(Math.round(left.move));
    box.dataset.bankMs = String(Math.round(left.bank));
    if (running && left.move + left.bank <= 0) zero = true;
  });
  return zero;
}

async function poll() {
  if (polling || !clock || clock.running === null || forfeit) return;
  polling = true;
  lastPoll = performance.now();
  try {
    const r = await game("tick");
    if (r.clock) { clock = r.clock; readAt = performance.now(); }
    if (r.forfeit) onForfeit(r.forfeit);
  } catch { /* no game: nothing to time */ } finally { polling = false; }
}

function loop() {
  const zero = render(), view = currentView();
  const running = clock && clock.running !== null && !forfeit && view && view.phase === "play";
  const personRunning = running && view.seats?.[clock.running]?.human;
  if (personRunning && (zero || performance.now() - lastPoll > 1000)) poll();
  if (!running && timer) { clearInterval(timer); timer = 0; }
}

function start() {
  render();
  if (!timer && clock && clock.running !== null && !forfeit) timer = setInterval(loop, 200);
}

/** A player ran out of time: tell the table, the other modules, and the player. */
function onForfeit(f) {
  const view = currentView();
  forfeit = f;
  render();
  if (shownForfeit && shownForfeit.seat === f.seat && shownForfeit.key === view?.players?.join("|")) return;
  shownForfeit = { seat: f.seat, key: view?.players?.join("|") };
  // table.js's status line: no "your turn" any more, in whichever language the page says it next
  if (document.getElementById("status")) status(() => lostOnTime(f, currentView())[0]);
  emit("command", { type: "sync" });
  const sides = view ? view.sides.map((_, i) => sideName(view, i)) : [];
  emit("match-end", { winner: f.winner, totals: view ? [...view.totals] : [], sides, forfeit: f });
  showForfeit(f, view);
}

function showForfeit(f, v) {
  const d = modal("forfeit-dialog", "dialog forfeit", "forfeit-title");
  const [who, wins] = lostOnTime(f, v);
  d.innerHTML = `<h2 id="forfeit-title">${esc(tClock("lostTitle"))}</h2>
    <p class="forfeit__who" data-testid="forfeit">${esc(who)}</p>
    <p class="forfeit__winner">${esc(wins)}</p>
    <div class="dialog__actions">
      <button type="button" class="btn forfeit__close">${esc(t("action.close"))}</button>
      <button type="button" class="btn btn--primary forfeit__new">${esc(t("action.newGame"))}</button>
    </div>`;
  d.querySelector(".forfeit__close").addEventListener("click", () => d.close());
  d.querySelector(".forfeit__new").addEventListener("click", () => { d.close(); document.getElementById("new")?.click(); });
  if (!d.open) d.showModal();
  d.querySelector(".forfeit__new").focus();
}

function onState(v, op) {
  clock = v.clock || null;
  readAt = performance.now();
  if (!v.forfeit) { forfeit = null; if (op === "new_game") shownForfeit = null; }
  if (v.forfeit && !forfeit) onForfeit(v.forfeit);
  start();
}

onView(onState);
onLanguageChange(() => render());
watchDialog();
