// Knock-out tournaments on the page (RULES §5; the bracket itself is py/settebello/tournament.py): a
// set-up form (variant, the player and computer opponents by level, clock, seed), the bracket as
// it goes (rounds of tables, byes, scores, who went through), the standings, and the next match:
// a person's match is played at the table (started with settebello:command new-game and the
// engine's `tournament_match` settings), computers' matches are simulated by the engine — one at a
// time, or all until the person's next match — and each can be read back as a match log.
//
// The tournament is kept in localStorage after every change and loaded again after a reload.
// Seams: listens for settebello:ready, settebello:state and settebello:match-end; uses
// window.settebello.game (table.js) for the engine's tournament_* requests.
import { t as tt, theCard, theCards } from "./i18n.js";
import { clockChoice } from "./clock.js";
import { updateStats } from "./stats.js";
import { openInViewer } from "./records.js";

const STORE = "settebello.tournament";
const LEVELS = ["beginner", "easy", "expert", "master"];

/** A text of this module in the page's language (static/i18n/*.json, keys "tourney.*"). */
function say(key, params = {}) {
  return tt(`tourney.${key}`, params);
}
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const api = () => window.settebello;

let bracket = null;     // the engine's tournament_view, or null
let info = null;        // game("variants")
let lastView = null;    // the table's last view (to know a match is a tournament's)
let busy = false;
let leaving = false;
let watching = null;    // the record of the simulated match whose log is shown

function store(saved) { try { localStorage.setItem(STORE, JSON.stringify(saved)); } catch { /* storage blocked */ } }
function stored() { try { return JSON.parse(localStorage.getItem(STORE) || "null"); } catch { return null; } }

async function save() {
  if (!bracket) { try { localStorage.removeItem(STORE); } catch { /* */ } return; }
  store(await api().game("tournament_save"));
}

function level(id) {
  const k = `level.${id}`, s = tt(k);
  return s === k ? id[0].toUpperCase() + id.slice(1) : s;
}
function variantName(v) {
  const k = `variant.${v.id}.name`, s = tt(k);
  return s === k ? v.name : s;
}
function sidesOf(v) {
  const size = { none: 1, pairs: 2, triples: 3 }[v.rules.teams] || 1;
  return v.players / size;
}

function dialog() {
  let d = document.getElementById("tournament-dialog");
  if (!d) {
    d = document.createElement("dialog");
    d.id = "tournament-dialog";
    d.className = "dialog dialog--wide tournament";
    d.setAttribute("aria-labelledby", "tournament-title");
    document.body.append(d);
  }
  return d;
}

// ------------------------------------------------------------------ the set-up form

function setupForm() {
  const two = info.variants.filter((v) => sidesOf(v) === 2);
  const counts = { beginner: 1, easy: 1, expert: 1, master: 0 };
  const d = dialog();
  d.innerHTML = `<form method="dialog" class="ng tsetup">
    <h2 id="tournament-title">${esc(say("newTitle"))}</h2>
    <label class="ng-field">${esc(tt("dialog.variant"))}
      <select id="t-variant">${two.map((v) => `<option value="${v.id}">${esc(variantName(v))}</option>`).join("")}</select></label>
    <label class="ng-field">${esc(say("yourName"))}<input id="t-name" maxlength="24" value="${esc(tt("seat.you"))}"></label>
    <label class="ng-field">${esc(say("people"))}<input id="t-people" placeholder="${esc(say("peopleHint"))}"></label>
    <fieldset class="ng-seats"><legend>${esc(say("opponents"))}</legend>
      ${LEVELS.map((l) => `<label class="ng-field tsetup__level">${esc(level(l))}
        <input type="number" min="0" max="63" step="1" data-level="${l}" value="${counts[l]}"></label>`).join("")}
      <p class="ng-note" id="t-count"></p>
    </fieldset>
    <div class="ng-row">
      <label class="ng-field">${esc(say("clock"))}
        <select id="t-clock"><option value="off">${esc(say("clockOff"))}</option>
          <option value="standard">${esc(say("clockStandard"))}</option>
          <option value="custom">${esc(say("clockCustom"))}</option></select></label>
      <label class="ng-field">${esc(tt("dialog.target"))}<input id="t-target" type="number" min="0" max="1000" step="1"
        placeholder="${esc(two[0]?.target ?? "")}"></label>
      <label class="ng-field">${esc(say("seed"))}<input id="t-seed" inputmode="numeric"></label>
    </div>
    <p class="ng-note">${esc(say("targetNote"))}</p>
    <p class="ng-error" id="t-error" role="alert"></p>
    <div class="ng-actions">
      <button value="cancel" class="btn" formnovalidate>${esc(tt("action.close"))}</button>
      <button value="start" id="t-start" class="btn btn--primary">${esc(say("start"))}</button>
    </div>
  </form>`;
  const people = () => d.querySelector("#t-people").value.split(",").map((x) => x.trim()).filter(Boolean);
  const total = () => 1 + people().length
    + [...d.querySelectorAll("[data-level]")].reduce((n, i) => n + (parseInt(i.value, 10) || 0), 0);
  const showCount = () => { d.querySelector("#t-count").textContent = say("players", { count: total() }); };
  showCount();
  d.querySelector("form").addEventListener("input", showCount);
  d.querySelector("#t-variant").addEventListener("change", (e) => {
    d.querySelector("#t-target").placeholder = String(two.find((v) => v.id === e.target.value)?.target ?? "");
  });
  d.querySelector("form").addEventListener("submit", async (e) => {
    if (e.submitter?.value !== "start") return;
    e.preventDefault();
    const err = d.querySelector("#t-error");
    const n = total();
    if (n < 2 || n > 64) { err.textContent = say("badCount"); return; }
    const entrants = [{ kind: "human", name: d.querySelector("#t-name").value.trim() || tt("seat.you") }];
    for (const name of people()) entrants.push({ kind: "human", name });
    for (const input of d.querySelectorAll("[data-level]")) {
      for (let i = 0; i < (parseInt(input.value, 10) || 0); i++) entrants.push({ kind: "computer", level: input.dataset.level, name: level(input.dataset.level) });
    }
    const seedText = d.querySelector("#t-seed").value.trim();
    const targetText = d.querySelector("#t-target").value.trim();
    if (seedText && !/^\d+$/.test(seedText)) { err.textContent = tt("dialog.badSeed"); return; }
    const target = targetText === "" ? null : Number(targetText);
    if (target !== null && !(Number.isInteger(target) && target >= 0 && target <= 1000)) { err.textContent = tt("dialog.badTarget"); return; }
    const kind = d.querySelector("#t-clock").value;
    const clock = kind === "custom" ? clockChoice() : kind;
    const arg = { variant: d.querySelector("#t-variant").value, entrants, clock: clock === "off" ? null : clock,
      options: target === null ? {} : { target } };
    if (seedText) arg.seed = parseInt(seedText, 10);
    try {
      bracket = await api().game("tournament_new", arg);
      await save();
      showBracket();
    } catch (ex) { err.textContent = ex.message; }
  });
}

// ------------------------------------------------------------------ the bracket

function roundName(r, rounds) {
  const fromEnd = rounds - 1 - r;
  if (fromEnd === 0) return say("final");
  if (fromEnd === 1) return say("semi");
  if (fromEnd === 2) return say("quarter");
  return say("round", { n: r + 1 });
}

function sideRow(tb, key, index) {
  const who = tb[key];
  if (!who) return `<div class="tmatch__side tmatch__side--empty">${tb.bye && key === "b" ? esc(say("bye")) : "—"}</div>`;
  const won = tb.winner === who.entrant;
  const score = tb.totals ? tb.totals[index] : "";
  const lostOnTime = tb.forfeit === index;
  return `<div class="tmatch__side ${won ? "tmatch__side--won" : ""} ${who.kind === "human" ? "tmatch__side--person" : ""}">
    <span class="tmatch__name">${esc(who.name)}</span>
    <span class="tmatch__score">${esc(score)}${lostOnTime ? ` <small>${esc(say("onTime"))}</small>` : ""}</span></div>`;
}

function placeText(row) {
  if (row.place === null) return say("stillIn");
  return row.place === row.place_to ? `${row.place}` : `${row.place}–${row.place_to}`;
}

function showBracket() {
  const d = dialog();
  const b = bracket;
  const rounds = b.rounds.length;
  const cols = b.rounds.map((tables, r) => `<section class="tround" data-round="${r}">
      <h3>${esc(roundName(r, rounds))}</h3>
      <div class="tround__tables">${tables.map((tb) => `<div class="tmatch ${tb.person ? "tmatch--person" : ""} ${b.next && b.next.round === r && b.next.table === tb.table ? "tmatch--next" : ""}"
          data-round="${r}" data-table="${tb.table}" data-testid="tmatch">
        ${sideRow(tb, "a", 0)}${sideRow(tb, "b", 1)}
        ${tb.watchable ? `<button type="button" class="btn btn--ghost tmatch__watch" data-watch="${r},${tb.table}">${esc(say("watch"))}</button>` : ""}
      </div>`).join("")}</div>
    </section>`).join("");
  const next = b.next ? b.rounds[b.next.round][b.next.table] : null;
  const personIn = b.standings.some((r) => r.place === null && b.entrants[r.entrant].kind === "human");
  let actions = "";
  if (b.finished) {
    actions = `<p class="tchampion" data-testid="champion">${esc(say("champion", { name: b.champion.name }))}</p>
      <button type="button" class="btn btn--primary" data-act="new">${esc(say("newTournament"))}</button>`;
  } else if (next) {
    actions = `<p class="tnext">${esc(say("next", { a: next.a.name, b: next.b.name }))}</p>`;
    if (b.next.person) actions += `<button type="button" class="btn btn--primary" data-act="play">${esc(say("play"))}</button>`;
    else {
      actions += `<button type="button" class="btn" data-act="simulate">${esc(say("simulate"))}</button>
        <button type="button" class="btn btn--primary" data-act="skip">${esc(say(personIn ? "skip" : "finishAll"))}</button>`;
    }
  }
  const standings = `<table class="tstandings" data-testid="standings"><caption>${esc(say("standings"))}</caption>
    <thead><tr><th scope="col">${esc(say("place"))}</th><th scope="col">${esc(say("name"))}</th><th scope="col">${esc(say("points"))}</th></tr></thead>
    <tbody>${b.standings.map((r) => `<tr class="${b.entrants[r.entrant].kind === "human" ? "tstandings--person" : ""}">
      <td>${esc(placeText(r))}</td><td>${esc(r.name)}</td><td>${r.points}</td></tr>`).join("")}</tbody></table>`;
  d.innerHTML = `<h2 id="tournament-title">${esc(say("tournament"))} · ${esc(variantName(info.variants.find((v) => v.id === b.variant) || { id: b.variant, name: b.variant }))}</h2>
    <div class="tbracket" data-rounds="${rounds}">${cols}</div>
    <div class="tactions">${actions}<span class="tbusy" hidden>${esc(say("simulating"))}</span></div>
    ${standings}
    <div class="dialog__actions">
      ${b.finished ? "" : `<button type="button" class="btn btn--ghost" data-act="leave">${esc(say("leave"))}</button>`}
      <button type="button" class="btn" data-act="close">${esc(tt("action.close"))}</button>
    </div>`;
  d.querySelector("[data-act=play]")?.focus();
}

async function act(kind, el) {
  if (busy) return;
  const d = dialog();
  if (kind === "close") { d.close(); return; }
  if (kind === "new") { bracket = null; await save(); setupForm(); return; }
  if (kind === "leave") {
    if (!leaving) { leaving = true; el.textContent = say("leaveSure"); return; }
    leaving = false;
    await api().game("tournament_quit");
    bracket = null; await save(); setupForm(); return;
  }
  busy = true;
  d.querySelector(".tbusy")?.removeAttribute("hidden");
  for (const b of d.querySelectorAll("[data-act]")) b.disabled = true;
  try {
    if (kind === "play") {
      const config = await api().game("tournament_match");
      d.close();
      window.dispatchEvent(new CustomEvent("settebello:command", { detail: { type: "new-game", config } }));
      return;
    }
    if (kind === "simulate") bracket = await api().game("tournament_simulate");
    if (kind === "skip") bracket = await api().game("tournament_simulate", { until_person: true });
    await save();
    if (bracket.finished) await updateStats();
    showBracket();
  } catch (ex) {
    d.querySelector(".tactions")?.append(Object.assign(document.createElement("p"), { className: "ng-error", textContent: ex.message }));
  } finally { busy = false; }
}

// ------------------------------------------------------------------ a simulated match's log

async function watch(r, table) {
  const record = await api().game("tournament_record", { round: r, table });
  const n = record.players.length;
  let dealer = record.first_dealer;
  const hands = [];
  for (const h of record.hands) {
    if (!h.plays.length) continue;
    const first = (dealer + 1) % n;
    hands.push(h.plays.map((p, i) => {
      const name = record.players[(first + i) % n];
      const [card, taken] = p.split(":");
      return taken ? tt("play.took", { name, card: theCard(card), cards: theCards(taken.split("+")) })
        : tt("play.laid", { name, card: theCard(card) });
    }));
    dealer = (dealer + 1) % n;
  }
  const d = dialog();
  d.innerHTML = `<h2 id="tournament-title">${esc(say("watch"))}: ${esc(record.players.join(" – "))}</h2>
    <div class="tlog">${hands.map((plays, i) => `<details ${i === 0 ? "open" : ""}><summary>${esc(say("hand", { n: i + 1 }))}</summary>
      <ol>${plays.map((p) => `<li>${esc(p)}</li>`).join("")}</ol></details>`).join("")}</div>
    <div class="dialog__actions">
      <button type="button" class="btn" data-act="replay">${esc(say("replay"))}</button>
      <button type="button" class="btn btn--primary" data-act="back">${esc(say("back"))}</button></div>`;
  watching = record;
}

// ------------------------------------------------------------------ opening, events

export async function openTournament() {
  if (!api()) return;
  if (!info) info = await api().game("variants");
  const d = dialog();
  if (bracket) {
    try { bracket = await api().game("tournament_view"); } catch { bracket = null; }
  }
  if (bracket) showBracket(); else setupForm();
  if (!d.open) d.showModal();
}

function wire() {
  const d = dialog();
  d.addEventListener("click", (e) => {
    const a = e.target.closest("[data-act]");
    if (a) {
      if (a.dataset.act === "back") showBracket();
      else if (a.dataset.act === "replay") { if (watching) openInViewer(watching); } // card by card, replay.html
      else act(a.dataset.act, a);
      return;
    }
    const w = e.target.closest("[data-watch]");
    if (w) { const [r, tb] = w.dataset.watch.split(",").map(Number); watch(r, tb).catch(() => {}); }
  });
  d.addEventListener("close", () => { leaving = false; });
  document.getElementById("tournament-btn")?.addEventListener("click", () => openTournament());
}

async function boot() {
  const saved = stored();
  if (!saved) return;
  try { bracket = await api().game("tournament_load", saved); } catch { bracket = null; return; }
  // the restored match is linked to its tournament only now
  if (bracket.playing) { try { lastView = await api().game("view"); } catch { /* no game */ } }
  addToSheet();
  // back after a reload with the finished tournament match on the table: show where it stands
  if (lastView?.phase === "over" && bracket.playing) await openTournament();
}

/** A "Back to the bracket" button on the score sheet that ends a tournament match. */
function addToSheet() {
  const sheet = document.getElementById("sheet");
  const actions = sheet?.querySelector(".sheet__actions");
  if (!actions || !sheet.querySelector("#over") || !lastView?.tournament || !bracket
      || actions.querySelector("[data-open-tournament]")) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "btn";
  b.dataset.openTournament = "";
  b.textContent = say("back");
  b.addEventListener("click", () => { openTournament().catch((err) => console.warn(err)); });
  actions.prepend(b);
}

const sheetBox = document.getElementById("sheet");
if (sheetBox) new MutationObserver(addToSheet).observe(sheetBox, { childList: true, subtree: true });

window.addEventListener("settebello:state", (e) => { if (e.detail?.view) lastView = e.detail.view; });
window.addEventListener("settebello:ready", () => { boot(); });
window.addEventListener("settebello:match-end", async () => {
  if (!lastView?.tournament || !bracket) return;
  try {
    bracket = await api().game("tournament_view");
    await save();
    if (bracket.finished) await updateStats();
    setTimeout(() => openTournament(), 600);
  } catch { /* the tournament was left */ }
});
wire();
window.settebelloExtras = { ...(window.settebelloExtras || {}), openTournament };
