// Knock-out tournaments on the page (RULES §5; the bracket itself is py/settebello/tournament.py): a
// set-up form (variant, the player and computer opponents by level, clock, seed), the bracket as
// it goes (rounds of tables, byes, scores, who went through), the standings, and the next match:
// a person's match is played at the table (the engine's `tournament_match` settings, started by
// store.js's "command" event, as the embed's commands are), computers' matches are simulated by the engine — one at a time, or all until the person's next match — and
// each can be read back as a match log (the engine's replay of its record).
//
// The tournament is kept in localStorage after every change and loaded again after a reload.
// The levels, the entrant bounds and the presets' sides are Python's (describe, store.js).
// Seams (store.js): the match-end news, the current view; the engine's tournament_*
// requests through engine.js.
//
// This module is imported on first use (bracket.js: the Tournament button, or a tournament kept
// from before a reload, restored as the page is ready): the first paint and the first hand need
// none of it. A tournament exists only once it is loaded, so its listeners below wait for none.
import { t as tt, onLanguageChange } from "./i18n.js";
import { game, connectEngine } from "./engine.js";
import { clockChoice } from "./clock.js";
import { updateStats } from "./stats.js";
import { openInViewer } from "./records.js";
import { esc, variantName, levelName, refusalText, typedNumber, playSentence, shownName } from "./names.js";
import { readJSON, writeJSON, remove } from "./storage.js";
import { view as currentView, on, emit, info } from "./store.js";
import { STORE } from "./bracket.js";
import { modal } from "./modal.js";
import { askBeforeDropping } from "./history.js";

/** A text of this module in the page's language (static/i18n/*.json, keys "tourney.*"). */
function tTourney(key, params = {}) {
  return tt(`tourney.${key}`, params);
}

let bracket = null;     // the engine's tournament_view, or null
let busy = false;
let leaving = false;
let watching = null;    // the record of the simulated match whose log is shown
let watchedFrom = null; // its table's "round,table": the Match log button the log goes back to

async function save() {
  if (!bracket) { remove(STORE); return; }
  writeJSON(STORE, await game("tournament_save"));
}

const dialog = () => modal("tournament-dialog", "dialog dialog--wide tournament", "tournament-title");

/** Put the keyboard on `preferred`, else the drawn view's main action ([data-focus]), else its title. */
function landFocus(d, preferred = null) {
  // a redrawn dialog loses its focused button, and showModal picks its first button: never <body>
  (preferred ?? d.querySelector("[data-focus]") ?? d.querySelector("#tournament-title"))?.focus();
}

// ------------------------------------------------------------------ the set-up form

function setupForm() {
  const { variants, levels, tournament } = info();
  const two = variants.filter((v) => v.sides === 2);
  const counts = tournament.default_opponents;
  const most = tournament.max_entrants - 1;  // besides the person
  const d = dialog();
  d.innerHTML = `<form method="dialog" class="ng tsetup">
    <h2 id="tournament-title" tabindex="-1">${esc(tTourney("newTitle"))}</h2>
    <label class="ng-field">${esc(tt("dialog.variant"))}
      <select id="t-variant" data-focus>${two.map((v) => `<option value="${v.id}">${esc(variantName(v.id))}</option>`).join("")}</select></label>
    <label class="ng-field">${esc(tTourney("yourName"))}<input id="t-name" maxlength="24" value="${esc(tt("seat.you"))}"></label>
    <label class="ng-field">${esc(tTourney("people"))}<input id="t-people" placeholder="${esc(tTourney("peopleHint"))}"></label>
    <fieldset class="ng-seats"><legend>${esc(tTourney("opponents"))}</legend>
      ${levels.map(({ id }) => `<label class="ng-field tsetup__level">${esc(levelName(id))}
        <input type="number" min="0" max="${most}" step="1" data-level="${id}" value="${counts[id] ?? 0}"></label>`).join("")}
      <p class="ng-note" id="t-count"></p>
    </fieldset>
    <div class="ng-row">
      <label class="ng-field">${esc(tTourney("clock"))}
        <select id="t-clock"><option value="off">${esc(tTourney("clockOff"))}</option>
          <option value="standard">${esc(tTourney("clockStandard"))}</option>
          <option value="custom">${esc(tTourney("clockCustom"))}</option></select></label>
      <label class="ng-field">${esc(tt("dialog.target"))}<input id="t-target" type="number" min="${info().option_bounds.target[0]}" max="${info().option_bounds.target[1]}" step="1"
        placeholder="${esc(two[0]?.target ?? "")}"></label>
      <label class="ng-field">${esc(tTourney("seed"))}<input id="t-seed" inputmode="numeric"></label>
    </div>
    <p class="ng-note">${esc(tTourney("targetNote"))}</p>
    <p class="ng-error" id="t-error" role="alert"></p>
    <div class="ng-actions">
      <button value="cancel" class="btn" formnovalidate>${esc(tt("action.close"))}</button>
      <button value="start" id="t-start" class="btn btn--primary">${esc(tTourney("start"))}</button>
    </div>
  </form>`;
  const people = () => d.querySelector("#t-people").value.split(",").map((x) => x.trim()).filter(Boolean);
  const total = () => 1 + people().length
    + [...d.querySelectorAll("[data-level]")].reduce((n, i) => n + (parseInt(i.value, 10) || 0), 0);
  const showCount = () => { d.querySelector("#t-count").textContent = tTourney("players", { count: total() }); };
  showCount();
  d.querySelector("form").addEventListener("input", showCount);
  d.querySelector("#t-variant").addEventListener("change", (e) => {
    d.querySelector("#t-target").placeholder = String(two.find((v) => v.id === e.target.value)?.target ?? "");
  });
  landFocus(d);
  d.querySelector("form").addEventListener("submit", async (e) => {
    if (e.submitter?.value !== "start") return;
    e.preventDefault();
    const err = d.querySelector("#t-error");
    const entrants = [{ kind: "human", name: d.querySelector("#t-name").value.trim() || tt("seat.you") }];
    for (const name of people()) entrants.push({ kind: "human", name });
    for (const input of d.querySelectorAll("[data-level]")) {
      for (let i = 0; i < (parseInt(input.value, 10) || 0); i++) entrants.push({ kind: "computer", level: input.dataset.level, name: levelName(input.dataset.level) });
    }
    const seed = typedNumber(d.querySelector("#t-seed").value);
    const target = typedNumber(d.querySelector("#t-target").value);
    const kind = d.querySelector("#t-clock").value;
    const clock = kind === "custom" ? clockChoice() : kind;
    const arg = { variant: d.querySelector("#t-variant").value, entrants, clock: clock === "off" ? null : clock,
      options: target === undefined ? {} : { target } };
    if (seed !== undefined) arg.seed = seed;
    try {
      bracket = await game("tournament_new", arg);
      await save();
      showBracket();
    } catch (ex) { err.textContent = refusalText(ex); }
  });
}

// ------------------------------------------------------------------ the bracket

function roundName(r, rounds) {
  const fromEnd = rounds - 1 - r;
  if (fromEnd === 0) return tTourney("final");
  if (fromEnd === 1) return tTourney("semi");
  if (fromEnd === 2) return tTourney("quarter");
  return tTourney("round", { n: r + 1 });
}

function sideRow(tb, key, index) {
  const who = tb[key];
  if (!who) return `<div class="tmatch__side tmatch__side--empty">${tb.bye && key === "b" ? esc(tTourney("bye")) : "—"}</div>`;
  const won = tb.winner === who.entrant;
  const score = tb.totals ? tb.totals[index] : "";
  const lostOnTime = tb.forfeit === index;
  return `<div class="tmatch__side ${won ? "tmatch__side--won" : ""} ${who.kind === "human" ? "tmatch__side--person" : ""}">
    <span class="tmatch__name">${esc(shownName(who.name))}</span>
    <span class="tmatch__score">${esc(score)}${lostOnTime ? ` <small>${esc(tTourney("onTime"))}</small>` : ""}</span></div>`;
}

function placeText(row) {
  if (row.place === null) return tTourney("stillIn");
  return row.place === row.place_to ? `${row.place}` : `${row.place}–${row.place_to}`;
}

/** The bracket drawn in the dialog; `returnTo` ("round,table") puts the keyboard back on that Match log button. */
function showBracket(returnTo = null) {
  const d = dialog();
  const b = bracket;
  const rounds = b.rounds.length;
  const cols = b.rounds.map((tables, r) => `<section class="tround" data-round="${r}">
      <h3>${esc(roundName(r, rounds))}</h3>
      <div class="tround__tables">${tables.map((tb) => `<div class="tmatch ${tb.person ? "tmatch--person" : ""} ${b.next && b.next.round === r && b.next.table === tb.table ? "tmatch--next" : ""}"
          data-round="${r}" data-table="${tb.table}" data-testid="tmatch">
        ${sideRow(tb, "a", 0)}${sideRow(tb, "b", 1)}
        ${tb.watchable ? `<button type="button" class="btn btn--ghost tmatch__watch" data-watch="${r},${tb.table}">${esc(tTourney("watch"))}</button>` : ""}
      </div>`).join("")}</div>
    </section>`).join("");
  const next = b.next ? b.rounds[b.next.round][b.next.table] : null;
  const personIn = b.standings.some((r) => r.place === null && b.entrants[r.entrant].kind === "human");
  let actions = "";
  if (b.finished) {
    // the person of this device won: said to them ("You win", "Hai vinto"), not of a "You" (issue 45)
    const mine = b.champion.kind === "human" && b.champion.entrant === 0 && shownName(b.champion.name) === tt("seat.you");
    const champion = mine ? tTourney("championYou") : tTourney("champion", { name: shownName(b.champion.name) });
    actions = `<p class="tchampion" data-testid="champion">${esc(champion)}</p>
      <button type="button" class="btn btn--primary" data-act="new" data-focus>${esc(tTourney("newTournament"))}</button>`;
  } else if (next) {
    actions = `<p class="tnext">${esc(tTourney("next", { a: shownName(next.a.name), b: shownName(next.b.name) }))}</p>`;
    if (b.next.person) actions += `<button type="button" class="btn btn--primary" data-act="play" data-focus>${esc(tTourney("play"))}</button>`;
    else {
      actions += `<button type="button" class="btn" data-act="simulate">${esc(tTourney("simulate"))}</button>
        <button type="button" class="btn btn--primary" data-act="skip" data-focus>${esc(tTourney(personIn ? "skip" : "finishAll"))}</button>`;
    }
  }
  const standings = `<table class="tstandings" data-testid="standings"><caption>${esc(tTourney("standings"))}</caption>
    <thead><tr><th scope="col">${esc(tTourney("place"))}</th><th scope="col">${esc(tTourney("name"))}</th><th scope="col">${esc(tTourney("points"))}</th></tr></thead>
    <tbody>${b.standings.map((r) => `<tr class="${b.entrants[r.entrant].kind === "human" ? "tstandings--person" : ""}">
      <td>${esc(placeText(r))}</td><td>${esc(shownName(r.name))}</td><td>${r.points}</td></tr>`).join("")}</tbody></table>`;
  d.innerHTML = `<h2 id="tournament-title" tabindex="-1">${esc(tTourney("tournament"))} · ${esc(variantName(b.variant))}</h2>
    <div class="tbracket" data-rounds="${rounds}">${cols}</div>
    <div class="tactions">${actions}<span class="tbusy" tabindex="-1" hidden>${esc(tTourney("simulating"))}</span></div>
    ${standings}
    <div class="dialog__actions">
      ${b.finished ? "" : `<button type="button" class="btn btn--ghost" data-act="leave">${esc(tTourney("leave"))}</button>`}
      <button type="button" class="btn" data-act="close">${esc(tt("action.close"))}</button>
    </div>`;
  landFocus(d, returnTo === null ? null : d.querySelector(`[data-watch="${returnTo}"]`));
}

async function act(kind, el) {
  if (busy) return;
  const d = dialog();
  if (kind === "close") { d.close(); return; }
  // a match under way is not dropped for the tournament's without a question, as New game asks
  if (kind === "play" && !(await askBeforeDropping())) return;
  if (kind === "new") { bracket = null; await save(); setupForm(); return; }
  if (kind === "leave") {
    if (!leaving) { leaving = true; el.textContent = tTourney("leaveSure"); return; }
    leaving = false;
    await game("tournament_quit");
    bracket = null; await save(); setupForm(); return;
  }
  busy = true;
  d.querySelector(".tbusy")?.removeAttribute("hidden");
  for (const b of d.querySelectorAll("[data-act]")) b.disabled = true;
  d.querySelector(".tbusy")?.focus();  // the disabled button would drop the keyboard to <body> meanwhile
  try {
    if (kind === "play") {
      const config = await game("tournament_match");
      d.close();
      emit("command", { type: "new-game", config });
      return;
    }
    if (kind === "simulate") bracket = await game("tournament_simulate");
    if (kind === "skip") bracket = await game("tournament_simulate", { until_person: true });
    await save();
    if (bracket.finished) await updateStats();
    showBracket();
  } catch (ex) {
    const said = Object.assign(document.createElement("p"), { className: "ng-error", tabIndex: -1, textContent: ex.message });
    d.querySelector(".tactions")?.append(said);
    said.focus();  // the keyboard waited on "Playing…": it goes on to what went wrong
  } finally { busy = false; }
}

// ------------------------------------------------------------------ a simulated match's log

async function watch(r, table) {
  const record = await game("tournament_record", { round: r, table });
  // the engine replays the record: who made each play, and what it took, are its answers
  const { steps } = await (await connectEngine()).call("replay", record);
  const byHand = new Map();  // hand number -> its plays said (a void deal has none)
  for (const step of steps) {
    if (step.event) byHand.set(step.hand, [...(byHand.get(step.hand) || []), playSentence(record.players[step.event.seat], step.event)]);
  }
  const hands = [...byHand.values()];
  const d = dialog();
  d.innerHTML = `<h2 id="tournament-title" tabindex="-1">${esc(tTourney("watch"))}: ${esc(record.players.join(" – "))}</h2>
    <div class="tlog">${hands.map((plays, i) => `<details ${i === 0 ? "open" : ""}><summary>${esc(tTourney("hand", { n: i + 1 }))}</summary>
      <ol>${plays.map((p) => `<li>${esc(p)}</li>`).join("")}</ol></details>`).join("")}</div>
    <div class="dialog__actions">
      <button type="button" class="btn" data-act="replay">${esc(tTourney("replay"))}</button>
      <button type="button" class="btn btn--primary" data-act="back">${esc(tTourney("back"))}</button></div>`;
  watching = record;
  watchedFrom = `${r},${table}`;
  landFocus(d);  // no main action here: the log's title, read first, then its hands
}

// ------------------------------------------------------------------ opening, events

export async function openTournament() {
  if (!info()) return;
  const d = dialog();
  if (bracket) {
    try { bracket = await game("tournament_view"); } catch { bracket = null; }
  }
  if (bracket) showBracket(); else setupForm();
  if (!d.open) d.showModal();
  landFocus(d);
}

function wire() {
  const d = dialog();
  d.addEventListener("click", (e) => {
    const a = e.target.closest("[data-act]");
    if (a) {
      if (a.dataset.act === "back") showBracket(watchedFrom);
      else if (a.dataset.act === "replay") { if (watching) openInViewer(watching); } // card by card, replay.html
      else act(a.dataset.act, a);
      return;
    }
    const w = e.target.closest("[data-watch]");
    if (w) { const [r, tb] = w.dataset.watch.split(",").map(Number); watch(r, tb).catch(() => {}); }
  });
  d.addEventListener("close", () => { leaving = false; });
}

/** Restore the tournament kept in localStorage, if any (bracket.js calls it as the page is ready). */
export async function boot() {
  const saved = readJSON(STORE);
  if (!saved) return;
  try { bracket = await game("tournament_load", saved); } catch { bracket = null; return; }
  // the restored match is linked to its tournament only now: the table's view says so again
  if (bracket.playing) await new Promise((done) => emit("command", { type: "sync", done }));
  addToSheet();
  // back after a reload with the finished tournament match on the table: show where it stands
  if (currentView()?.phase === "over" && bracket.playing) await openTournament();
}

/** A "Back to the bracket" button on the score sheet that ends a tournament match. */
function addToSheet() {
  const sheet = document.getElementById("sheet");
  const actions = sheet?.querySelector(".sheet__actions");
  if (!actions || !sheet.querySelector("#over") || !currentView()?.tournament || !bracket
      || actions.querySelector("[data-open-tournament]")) return;
  const b = document.createElement("button");
  b.type = "button";
  // while the tournament goes on, its bracket is the way on and New game the way out (the review
  // of 2026-12-01: the sheet's highlighted button invited the player to leave the tournament)
  const on = !bracket.finished;
  b.className = on ? "btn btn--primary" : "btn";
  if (on) actions.querySelector("#sheet-new")?.classList.remove("btn--primary");
  b.dataset.openTournament = "";
  b.textContent = tTourney("back");
  b.addEventListener("click", () => { openTournament().catch((err) => console.warn(err)); });
  actions.prepend(b);
}

// a language switch says the open bracket again in the new language (its names too: issue 45)
onLanguageChange(() => { if (bracket && document.getElementById("tournament-dialog")?.open && !busy) showBracket(); });

const sheetBox = document.getElementById("sheet");
if (sheetBox) new MutationObserver(addToSheet).observe(sheetBox, { childList: true, subtree: true });

on("match-end", async () => {
  if (!currentView()?.tournament || !bracket) return;
  try {
    bracket = await game("tournament_view");
    await save();
    if (bracket.finished) await updateStats();
    setTimeout(() => openTournament(), 600);
  } catch { /* the tournament was left */ }
});
wire();
