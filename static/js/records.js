// Game records on the game page (RULES §6): save the match as a .json file, open a record file
// (checked by the engine; an illegal one is reported with its hand and play and changes
// nothing), and watch any of them in the replay viewer (static/replay.html).
//
//   <button id="records-btn" ...>   in index.html's actions; this module fills its label and
//                                   opens the "Game records" dialog from it.
//
// The record handed to the viewer goes through localStorage (REPLAY_KEY): the viewer is another
// page, and the game page keeps its own match (static/js/persist.js) while the player watches.
import { connectEngine, game } from "./engine.js";
import { onLanguageChange, t } from "./i18n.js";
import { writeJSON } from "./storage.js";
import { asideSection, fillAside } from "./asidelist.js";
import { checkJSONText, readJSONFile, RECORD_FILE } from "./filecheck.js";
import { downloadText } from "./download.js";

export const REPLAY_KEY = "settebello.replay";
export const VIEWER = new URL("../replay.html", import.meta.url);

/** The text for one of this module's strings (static/i18n/*.json, keys "records.*"). */
export function text(key, params = {}) {
  return t(`records.${key}`, params);
}

/** The current match's record (RULES §6). */
export function currentRecord() { return game("record"); }

/** A file name for a record: settebello-<variant>-<date>-<time>.json */
export function recordFileName(record, when = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  const stamp = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}-${pad(when.getHours())}${pad(when.getMinutes())}`;
  const variant = String(record.variant || "scopa").replace(/[^a-z0-9_-]/gi, "");
  return `settebello-${variant}-${stamp}.json`;
}

/** Offer the record as a download; returns the file name. */
export function downloadRecord(record) {
  const name = recordFileName(record);
  return downloadText(name, JSON.stringify(record, null, 1) + "\n");
}

/**
 * Read and check a record (its text, or the file) with the engine, after the page has bounded and
 * typed it (filecheck.js: size, depth, fields). Resolves with the replay (see py/scopa/replay.py);
 * rejects with an Error whose message says what is wrong (hand and play).
 */
export async function checkRecordText(textOrFile) {
  const record = typeof textOrFile === "string" ? checkJSONText(textOrFile, RECORD_FILE) : await readJSONFile(textOrFile, RECORD_FILE);
  const engine = await connectEngine();
  try { return await engine.call("replay", record); }
  catch (err) { throw new Error(err.message); }
}

/** Hand a checked record to the viewer and go there. */
export function openInViewer(record) {
  const err = writeJSON(REPLAY_KEY, record);
  if (err) console.warn(`Settebello: could not hand the record to the viewer (${err.message})`);
  location.assign(`${VIEWER.href}?from=game`);
}

function buildDialog() {
  const d = document.createElement("dialog");
  d.id = "records-dialog";
  d.className = "dialog";
  d.setAttribute("aria-labelledby", "records-title");
  d.innerHTML = `<h2 id="records-title"></h2>
    <p><button type="button" class="btn btn--primary" data-act="export"></button><br><small data-note="export"></small></p>
    <p><button type="button" class="btn" data-act="replay"></button></p>
    <p><button type="button" class="btn" data-act="open"></button><br><small data-note="open"></small>
       <input type="file" accept=".json,application/json" hidden data-testid="record-file"></p>
    <p class="records__msg" role="status" aria-live="polite"></p>
    <div data-aside-slot></div>
    <div class="dialog__actions"><button type="button" class="btn" data-act="close"></button></div>`;
  d.querySelector("[data-aside-slot]").replaceWith(asideSection());
  document.body.append(d);
  const msg = d.querySelector(".records__msg");
  const input = d.querySelector("input[type=file]");
  const show = (s, bad = false) => { msg.textContent = s; msg.dataset.kind = bad ? "error" : "ok"; msg.setAttribute("role", bad ? "alert" : "status"); };
  d.querySelector("[data-act=export]").addEventListener("click", async () => {
    try { show(text("saved", { name: downloadRecord(await currentRecord()) })); }
    catch (err) { show(text("bad", { why: err.message || text("noGame") }), true); }
  });
  d.querySelector("[data-act=replay]").addEventListener("click", async () => {
    try { openInViewer(await currentRecord()); }
    catch (err) { show(text("bad", { why: err.message }), true); }
  });
  d.querySelector("[data-act=open]").addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    try {
      const replay = await checkRecordText(file);
      openInViewer(replay.record);
    } catch (err) {
      show(text("bad", { why: err.message }), true);
    }
  });
  d.querySelector("[data-act=close]").addEventListener("click", () => d.close());
  return d;
}

function label(d) {
  const btn = document.getElementById("records-btn");
  if (btn) btn.textContent = text("button");
  if (!d) return;
  d.querySelector("#records-title").textContent = text("title");
  for (const act of ["export", "replay", "open", "close"]) d.querySelector(`[data-act=${act}]`).textContent = text(act);
  d.querySelector("[data-note=export]").textContent = text("exportNote");
  d.querySelector("[data-note=open]").textContent = text("openNote");
  fillAside(d.querySelector(".records__aside"));
}

/** Wire the page's "Records" button (id records-btn), if the page has one. */
export function initRecords() {
  const btn = document.getElementById("records-btn");
  if (!btn) return;
  let dialog = null;
  // labelled when the language is loaded (i18n.js calls every listener then, and on each change)
  btn.addEventListener("click", () => {
    dialog ??= buildDialog();
    label(dialog);
    dialog.querySelector(".records__msg").textContent = "";
    dialog.showModal();
  });
  onLanguageChange(() => label(dialog));
}

initRecords();
