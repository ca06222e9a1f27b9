// The matches of this browser (issue 45, point 3): a match in progress is never dropped without a
// question, and Records keeps a history of finished and unfinished matches, newest first, each
// openable in the replay (its record, RULES §6), playable on if unfinished, downloadable.
//
//   await askBeforeDropping()   before a New game replaces the match on the table: "Keep this match
//                               for later?" when it is under way; false if the player cancelled
//   historySection()            Records' "Your matches" section, filled by fillHistory(section)
//
// A finished match joins the history by itself when it ends. Each entry is the engine's save
// (Session.save: resumable, checked again by the engine) and its record when one can be given
// (the first hand's play gives none: its deck is every hidden card), under its own key; the list
// (newest first) keeps at most HISTORY_MAX entries and HISTORY_MAX_CHARS characters, the oldest
// going first.
//
// Keys (storage.js's scope: this deployment's root path):
//   settebello.history:<scope>        [{id, at, finished, variant, sides: [name], totals: [n], size, onTime?: name}]
//   settebello.history:<scope>:<id>   {save, record}
import { game } from "./engine.js";
import { language, t } from "./i18n.js";
import { emit, onView, view as currentView } from "./store.js";
import { readJSON, writeJSON, remove, scoped } from "./storage.js";
import { sideName, variantName, shownName, refusalOr } from "./names.js";
import { downloadText, fileStamp } from "./download.js";

export const HISTORY_KEY = scoped("settebello.history");
export const HISTORY_MAX = 20;
export const HISTORY_MAX_CHARS = 1_500_000;
const entryKey = (id) => `${HISTORY_KEY}:${id}`;

/** Whether a view's match is under way: not over, and a hand ended or a person's play made (a
 *  fresh deal, where at most the computers have led, is not). */
export function underWay(v) {
  if (!v || v.phase === "over" || v.lesson) return false;
  const people = new Set((v.seats || []).flatMap((s, i) => (s.human ? [i] : [])));
  return !!(v.results?.length || v.plays?.some((p) => people.has(p.seat)));
}

/** The history's entries, newest first (whole ones only). */
export function historyEntries() {
  const raw = readJSON(HISTORY_KEY, []);
  return (Array.isArray(raw) ? raw : []).filter((e) => e && typeof e.id === "string" && typeof e.at === "number"
    && Array.isArray(e.sides) && Array.isArray(e.totals) && typeof e.variant === "string");
}

/** Keep the match on the table (its save and record) as the history's newest entry; returns the
 *  entry, or throws an Error saying why it could not be kept (storage full or refused). */
export async function keepMatch(v = currentView()) {
  const save = await game("save");
  let record = null;
  try { record = await game("record"); } catch { /* its first hand: no record yet */ }
  return store(`${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, { save, record }, v);
}

/** A match of which this device holds only the record, kept (again) under `id` as the history's
 *  newest entry: a seat at another device's table (people.js), each time one of its hands ends. */
export function keepRecord(id, record, v = currentView()) {
  return store(id, { save: null, record }, v, { remote: true });
}

/** Write `data` under `id` as the history's newest entry, the oldest going past the limits. */
function store(id, data, v, extra = {}) {
  const text = JSON.stringify(data);
  const entry = { id, at: Date.now(), finished: v.phase === "over", variant: v.variant,
    sides: v.sides.map((_, s) => sideName(v, s)), totals: [...(v.totals || [])], size: text.length, ...extra };
  if (v.forfeit && typeof v.forfeit.name === "string") entry.onTime = v.forfeit.name;  // who ran out of time
  // newest first (a match a closed tab left comes in at the time it was last played)
  let list = [entry, ...historyEntries().filter((e) => e.id !== id)].sort((a, b) => b.at - a.at);
  let total = 0;
  list = list.filter((e, i) => {
    total += e.size || 0;
    const keep = i === 0 || (i < HISTORY_MAX && total <= HISTORY_MAX_CHARS);
    if (!keep) remove(entryKey(e.id));
    return keep;
  });
  const err = writeJSON(entryKey(entry.id), data) || writeJSON(HISTORY_KEY, list);
  if (err) { remove(entryKey(entry.id)); throw new Error(t("history.notKept", { why: err.message })); }
  return entry;
}

/** A match a closed tab left under way ({save, record}, its view `v`), kept as a history entry at
 *  `at`, when it was last played (recordsdialog.js takes them in); throws as keepMatch does. */
export function keepLeft(id, data, v, at) {
  return store(id, data, v, { at });
}

/** The save kept with entry `id` (null if it is gone): lesson.js brings its match back. */
export function keptSave(id) { return readJSON(entryKey(id))?.save ?? null; }

/** Forget an entry of the history. */
export function forget(id) {
  writeJSON(HISTORY_KEY, historyEntries().filter((e) => e.id !== id), { report: false });
  remove(entryKey(id));
}

// ------------------------------------------------------------------ the question

function askDialog() {
  let d = document.getElementById("keep-dialog");
  if (d) return d;
  d = document.createElement("dialog");
  d.id = "keep-dialog";
  d.className = "dialog";
  d.setAttribute("aria-labelledby", "keep-title");
  d.setAttribute("aria-describedby", "keep-text");
  d.innerHTML = `<h2 id="keep-title"></h2><p id="keep-text"></p>
    <form method="dialog" class="dialog__actions">
      <button value="keep" class="btn btn--primary" data-testid="keep-yes"></button>
      <button value="drop" class="btn" data-testid="keep-no"></button>
      <button value="cancel" class="btn" data-testid="keep-cancel"></button>
    </form>`;
  document.body.append(d);
  return d;
}

/** Before the match on the table gives way to another: if it is under way, ask whether to keep it
 *  for later (kept in the history, Records), drop it, or not start the other after all. Resolves
 *  with false when the player cancelled (Cancel or Escape), else true. */
export async function askBeforeDropping() {
  const v = currentView();
  if (!underWay(v)) return true;
  const d = askDialog();
  d.querySelector("#keep-title").textContent = t("history.ask.title");
  d.querySelector("#keep-text").textContent = t("history.ask.text");
  d.querySelector("[value=keep]").textContent = t("history.ask.keep");
  d.querySelector("[value=drop]").textContent = t("history.ask.drop");
  d.querySelector("[value=cancel]").textContent = t("action.cancel");
  d.returnValue = "";
  d.showModal();
  d.querySelector("[value=keep]").focus();
  const answer = await new Promise((resolve) => d.addEventListener("close", () => resolve(d.returnValue), { once: true }));
  if (answer === "drop") return true;
  if (answer !== "keep") return false;
  try { await keepMatch(v); } catch (err) {
    emit("notice", { kind: "history", message: err.message });
    console.warn(`Settebello: ${err.message}`);
  }
  return true;
}

// ------------------------------------------------------------------ a finished match joins by itself

let keptOver = null;  // the finished match last kept (its record's text): a reload keeps it once
onView(async (v, op, before) => {
  if (!v || v.phase !== "over" || v.lesson || (before?.phase === "over" && op !== "restore")) return;
  let record;
  try { record = JSON.stringify(await game("record")); } catch { return; }
  if (record === keptOver) return;
  keptOver = record;
  const seen = historyEntries().filter((e) => e.finished).some((e) => readJSON(entryKey(e.id))?.record
    && JSON.stringify(readJSON(entryKey(e.id)).record) === record);
  if (!seen) keepMatch(v).catch((err) => console.warn(`Settebello: ${err.message}`));
});

// ------------------------------------------------------------------ Records' section

/** An empty section of the Records dialog, filled by fillHistory (on each open). */
export function historySection() {
  const section = document.createElement("section");
  section.className = "records__history";
  section.setAttribute("aria-labelledby", "history-title");
  section.innerHTML = `<h3 id="history-title" style="margin:.8rem 0 .3rem;font-size:1.05rem"></h3>
    <p data-empty style="margin:0 0 .4rem"><small></small></p>
    <ul data-testid="history-list" style="list-style:none;margin:0;padding:0;display:grid;gap:.5rem"></ul>
    <p role="status" aria-live="polite" data-history-msg style="margin:.4rem 0 0"></p>`;
  return section;
}

function when(at) {
  try { return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(at)); }
  catch { return new Date(at).toISOString(); }
}

/** List the history in section (again after a language change, a deletion). */
export function fillHistory(section, { onReplay, onResume } = {}) {
  if (!section) return;
  const entries = historyEntries();
  section.querySelector("h3").textContent = t("history.title");
  const empty = section.querySelector("[data-empty]");
  empty.hidden = entries.length > 0;
  empty.querySelector("small").textContent = t("history.empty");
  const msg = section.querySelector("[data-history-msg]");
  const say = (text, bad = false) => { msg.textContent = text; msg.setAttribute("role", bad ? "alert" : "status"); };
  section.querySelector("ul").replaceChildren(...entries.map((e, i) => {
    const li = document.createElement("li");
    li.dataset.testid = "history-entry";
    li.dataset.finished = String(e.finished);
    li.style.cssText = "display:flex;flex-wrap:wrap;gap:.35rem .5rem;align-items:center;border-top:1px solid #d9ccb0;padding-top:.45rem";
    const label = document.createElement("span");
    label.id = `history-entry-${i}`;
    label.style.cssText = "flex:1 1 100%";
    // the names the page gave ("You") in the page's language now, as the table says them
    const shown = (side) => String(side).split(" & ").map(shownName).join(" & ");
    const score = e.sides.map((name, s) => `${shown(name)} ${e.totals[s] ?? 0}`).join(" – ");
    const kind = typeof e.onTime === "string" ? "onTime" : e.finished ? "finished" : "unfinished";
    label.textContent = t(`history.entry.${kind}`,
      { when: when(e.at), variant: variantName(e.variant), score, name: typeof e.onTime === "string" ? shownName(e.onTime) : "" });
    li.append(label);
    const data = () => readJSON(entryKey(e.id));
    const button = (act, onClick, primary = false) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = primary ? "btn btn--primary" : "btn";
      b.dataset.act = `history-${act}`;
      b.textContent = t(`history.${act}`);
      b.setAttribute("aria-describedby", label.id);
      b.addEventListener("click", onClick);
      li.append(b);
    };
    if (!e.finished && !e.remote) {  // (a seat at another device's table: only its record, nothing to resume here)
      button("resume", async (event) => {
        event.currentTarget.disabled = true;
        try { await onResume?.(e, data()?.save); }
        catch (err) { event.currentTarget.disabled = false; say(refusalOr(err, (why) => t("history.bad", { why })), true); }
      }, true);
    }
    if (data()?.record) button("replay", () => onReplay?.(data().record));
    button("download", () => {
      const d = data();
      if (!d) { say(t("history.gone"), true); return; }
      const stamp = fileStamp(new Date(e.at));  // when the match was played
      const name = downloadText(`settebello-${e.variant.replace(/[^a-z0-9_-]/gi, "")}-${stamp}.json`,
        JSON.stringify(d.record || d.save, null, 1) + "\n");
      say(t("history.downloaded", { name }));
    });
    button("delete", () => { forget(e.id); fillHistory(section, { onReplay, onResume }); say(t("history.deleted")); });
    return li;
  }));
}

/** Play an unfinished match of the history on: the match on the table is asked about first (kept
 *  or dropped), the engine checks the save (a refusal throws and changes nothing), the entry
 *  leaves the history (the match is on the table again) and the table shows it. */
export async function resumeMatch(entry, save) {
  if (!save) throw new Error(t("history.gone"));
  if (!(await askBeforeDropping())) return false;
  const view = await game("restore", save);
  forget(entry.id);
  await new Promise((done) => emit("command", { type: "restored", view, done }));
  return true;
}
