// The player's statistics (py/settebello/stats.py does the counting): matches and hands played and won
// per variant, scope, Settebelli, primiere, matches lost on time, the best and the worst match, and
// tournaments played and won. They are kept in this browser's localStorage, shown in a dialog
// (the "Statistics" button), exported as a JSON file, imported (added to these: another device's)
// and reset.
//
// The engine counts: after a match ends (store.js's match-end news, from table.js or clock.js for a
// match lost on time) and after a tournament ends (bracket.js calls updateStats), the stored
// statistics go to the engine's `stats_add` with the session's finished match; it counts each
// match and each tournament once, so calling it twice never counts twice.
//
// This module is imported on first use (stats.js: the dialog opened, a match or tournament ended):
// the first paint and the first hand need none of it; stats.js keeps the listeners.
import { t, onLanguageChange, language } from "./i18n.js";
import { game } from "./engine.js";
import { esc, variantName, refusalText, shownName, levelName } from "./names.js";
import { readJSON, writeJSON, ownKey } from "./storage.js";
import { info } from "./store.js";
import { readJSONFile, STATS_FILE } from "./filecheck.js";
import { downloadText } from "./download.js";
import { modal, focusAtTop } from "./modal.js";

export const STATS_KEY = ownKey("settebello.stats");  // this deployment's (storage.js)
const COLUMNS = ["matches", "won", "hands", "hands_won", "scope", "settebelli", "primiere", "forfeits"];

let current = null;  // the engine's Stats.to_json of what is stored
let resetting = false;
let problem = "";    // why the stored statistics were set aside, said when the dialog shows
export const STATS_ASIDE_KEY = `${STATS_KEY}.set-aside`;

const stored = () => readJSON(STATS_KEY);
const store = (stats) => writeJSON(STATS_KEY, stats);

/** The stored statistics, read by the engine (null when nothing usable is stored). */
async function load() {
  const saved = stored();
  if (!saved) return game("stats_reset");
  try { return await game("stats_view", { stats: saved }); }
  catch (err) {
    // damaged: kept aside rather than counted over, and said (the dialog offers them as a file)
    writeJSON(STATS_ASIDE_KEY, saved);
    problem = t("stats.setAside", { why: refusalText(err) });
    console.warn(`Settebello: the stored statistics were set aside (${err.message})`);
    return game("stats_reset");
  }
}

/** Count the session's finished match (and finished tournament) into the stored statistics. */
export async function updateStats() {
  if (!info()) return null;
  const before = await load();
  const after = await game("stats_add", { stats: before });
  delete after.added;
  current = after;
  store(after);
  if (dialog().open) render();
  return after;
}

const dialog = () => modal("stats-dialog", "dialog dialog--wide stats", "stats-title");

function row(label, counts, attrs) {
  return `<tr ${attrs}><th scope="row">${esc(label)}</th>${COLUMNS.map((k) =>
    `<td data-key="${k}">${counts[k] ?? 0}</td>`).join("")}</tr>`;
}

function matchLine(m) {
  if (!m) return `<span class="stats__none">—</span>`;
  // the engine checked these (stats.py's _brief_ok); drawn whatever they are, never thrown on
  const list = (x) => (Array.isArray(x) ? x : []).map(String);
  return `${esc(variantName(String(m.variant)))}: ${esc(list(m.players).map(shownName).join(" · "))} <strong>${esc(list(m.totals).join("–"))}</strong>`;
}

/** The matches against each level (stats.py counts them, in the levels' order): played, won, the
 *  win rate, the streak now and the longest winning streak; "" before any. */
function levelsTable(levels) {
  const order = (info()?.levels || []).map((l) => l.id);
  const ids = Object.keys(levels || {}).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  if (!ids.length) return "";
  const rate = (c) => new Intl.NumberFormat(language(), { style: "percent" }).format(c.matches ? c.won / c.matches : 0);
  const streak = (n) => n > 0 ? t("stats.streakWon", { count: n }) : n < 0 ? t("stats.streakLost", { count: -n }) : "—";
  const cols = ["matches", "won", "rate", "streak", "best_streak"];
  return `<h3 class="stats__levels-title">${esc(t("stats.byLevel"))}</h3>
    <div class="stats__scroll"><table class="stats__table" data-testid="stats-levels">
    <thead><tr><th scope="col">${esc(t("stats.level"))}</th>${cols.map((k) => `<th scope="col">${esc(t(`stats.col.${k}`))}</th>`).join("")}</tr></thead>
    <tbody>${ids.map((id) => { const c = levels[id]; return `<tr data-level="${esc(id)}"><th scope="row">${esc(levelName(id))}</th>
      <td data-key="matches">${c.matches}</td><td data-key="won">${c.won}</td><td data-key="rate">${esc(rate(c))}</td>
      <td data-key="streak">${esc(streak(c.streak))}</td><td data-key="best_streak">${c.best_streak}</td></tr>`; }).join("")}</tbody></table></div>`;
}

function render() {
  const d = dialog();
  const s = current;
  const variants = Object.keys(s.variants);
  const head = `<tr><th scope="col">${esc(t("dialog.variant"))}</th>${COLUMNS.map((k) =>
    `<th scope="col">${esc(t(`stats.col.${k}`))}</th>`).join("")}</tr>`;
  const body = variants.map((v) => row(variantName(v), s.variants[v], `data-variant="${esc(v)}"`)).join("");
  const foot = variants.length > 1 ? row(t("stats.allVariants"), s.totals, `data-variant="*" class="stats__total"`) : "";
  // with nothing played, a sentence instead of an empty table (its columns are wider than a phone)
  const table = variants.length
    ? `<div class="stats__scroll"><table class="stats__table" data-testid="stats-table">
      <thead>${head}</thead><tbody>${body}</tbody>${foot ? `<tfoot>${foot}</tfoot>` : ""}</table></div>`
    : `<p class="stats__empty">${esc(t("stats.empty"))}</p>`;
  d.innerHTML = `<h2 id="stats-title">${esc(t("stats.title"))}</h2>
    ${table}
    ${levelsTable(s.levels)}
    <dl class="stats__facts">
      <dt>${esc(t("stats.best"))}</dt><dd data-testid="stats-best">${matchLine(s.best)}</dd>
      <dt>${esc(t("stats.worst"))}</dt><dd data-testid="stats-worst">${matchLine(s.worst)}</dd>
      <dt>${esc(t("stats.tournaments"))}</dt><dd data-testid="stats-tournaments">${esc(t("stats.tournamentsLine",
        { played: t("stats.tournamentsPlayed", { count: s.tournaments.played }), won: t("stats.tournamentsWon", { count: s.tournaments.won }) }))}</dd>
    </dl>
    <p class="ng-error stats__message" role="alert"></p>
    <div class="dialog__actions">
      <button type="button" class="btn" data-stats="export">${esc(t("stats.export"))}</button>
      <button type="button" class="btn" data-stats="import">${esc(t("stats.import"))}</button>
      <input type="file" accept="application/json,.json" data-stats-file hidden>
      ${readJSON(STATS_ASIDE_KEY) === null ? "" : `<button type="button" class="btn" data-stats="aside">${esc(t("stats.downloadAside"))}</button>`}
      <button type="button" class="btn btn--ghost" data-stats="reset">${esc(t("stats.reset"))}</button>
      <button type="button" class="btn btn--primary" data-stats="close">${esc(t("action.close"))}</button>
    </div>`;
}

function message(text) {
  const p = dialog().querySelector(".stats__message");
  if (p) p.textContent = text;
}

function exportFile() {
  downloadText("settebello-statistics.json", JSON.stringify(current, null, 1));
}

async function importFile(file) {
  let other;  // bounded and typed before the engine reads it (filecheck.js)
  try { other = await readJSONFile(file, STATS_FILE); }
  catch (err) { message(t("stats.badFile", { why: err.message })); return; }
  try { current = await game("stats_merge", { stats: current, other }); }
  catch (err) { message(err.reason ? refusalText(err) : t("stats.badFile", { why: err.message })); return; }
  store(current);
  render();
  message(t("stats.imported"));
}

/** Open the statistics dialog. */
export async function openStats() {
  if (!info()) return;
  current = await load();
  resetting = false;
  render();
  if (problem) message(problem);
  const d = dialog();
  if (!d.open) d.showModal();
  focusAtTop(d, d.querySelector("[data-stats=close]"), d.querySelector("#stats-title"));
}

function wire() {
  const d = dialog();
  d.addEventListener("click", async (e) => {
    const b = e.target.closest("button[data-stats]");
    if (!b) return;
    const act = b.dataset.stats;
    if (act === "close") d.close();
    if (act === "export") exportFile();
    if (act === "aside") downloadText("settebello-statistics-set-aside.json", JSON.stringify(readJSON(STATS_ASIDE_KEY), null, 1));
    if (act === "import") d.querySelector("input[data-stats-file]").click();
    if (act === "reset") {
      if (!resetting) { resetting = true; b.textContent = t("stats.resetSure"); return; }
      resetting = false;
      current = await game("stats_reset");
      store(current);
      render();
      message(t("stats.wasReset"));
    }
  });
  d.addEventListener("change", (e) => {
    if (e.target.matches("input[data-stats-file]") && e.target.files?.[0]) importFile(e.target.files[0]);
  });
  d.addEventListener("close", () => { resetting = false; });
  onLanguageChange(() => { if (d.open && current) render(); });
}

wire();
