// The "Game records" dialog (records.js): save the match as a file, watch it in the replay viewer,
// open a record file (checked by the engine), the matches of this browser (history.js: finished
// and unfinished, each to replay, play on or download) and the saves set aside (asidelist.js). Imported
// when the player first opens it (records.js's button), cached after.
import { connectEngine } from "./engine.js";
import { onLanguageChange } from "./i18n.js";
import { asideSection, fillAside } from "./asidelist.js";
import { checkJSONText, readJSONFile, RECORD_FILE } from "./filecheck.js";
import { text, currentRecord, openInViewer } from "./records.js";
import { refusalOr } from "./names.js";
import { downloadMatch, restoreFromFile, strayMatches, dropStray } from "./persist.js";
import { historySection, fillHistory, resumeMatch, keepLeft, underWay } from "./history.js";
import { game } from "./engine.js";
import { view } from "./store.js";

/**
 * Read and check a record (its text, or the file) with the engine, after the page has bounded and
 * typed it (filecheck.js: size, depth, fields). Resolves with the replay (see py/scopa/replay.py);
 * rejects with an Error whose message says what is wrong (hand and play).
 */
export async function checkRecordText(textOrFile) {
  const record = typeof textOrFile === "string" ? checkJSONText(textOrFile, RECORD_FILE) : await readJSONFile(textOrFile, RECORD_FILE);
  const engine = await connectEngine();
  return engine.call("replay", record);  // a refusal keeps its reason: said in the page's words
}

const SAVE_FORMAT = "settebello-save/1";  // the engine's save (Session.save), what a match file holds

/** Whether a file that is no record is the engine's save (its format named in the JSON). */
async function isSaveFile(file) {
  if (file.size > 4_000_000) return false;
  try { return JSON.parse(await file.text())?.format === SAVE_FORMAT; } catch { return false; }
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
  d.querySelector("[data-aside-slot]").replaceWith(historySection(), asideSection());
  document.body.append(d);
  const msg = d.querySelector(".records__msg");
  const input = d.querySelector("input[type=file]");
  const show = (s, bad = false) => { msg.textContent = s; msg.dataset.kind = bad ? "error" : "ok"; msg.setAttribute("role", bad ? "alert" : "status"); };
  // the match's own record refused: no match yet, or its first hand still being played (the engine
  // gives no hand in play: its deck is every hidden card), said in the page's language
  const refused = (err) => show(refusalOr(err, (why) => text("bad", { why: why || text("noGame") })), true);
  d.querySelector("[data-act=export]").addEventListener("click", async () => {
    // at any moment: the record once a hand has ended, the match file in the first hand
    try { show(text("saved", { name: await downloadMatch() })); }
    catch (err) { refused(err); }
  });
  d.querySelector("[data-act=replay]").addEventListener("click", async () => {
    try { openInViewer(await currentRecord()); }
    catch (err) { refused(err); }
  });
  d.querySelector("[data-act=open]").addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    try {
      if (await isSaveFile(file)) {
        // a match file (persist.js's downloadMatch, e.g. where nothing could be kept): played on
        await restoreFromFile(JSON.parse(await file.text()));
        show(text("restoredFile"));
        d.close();
        return;
      }
      const replay = await checkRecordText(file);
      openInViewer(replay.record);
    } catch (err) {
      // "Nothing was changed." once: the wrapped message says it already, the page's own sentence not
      show(refusalOr(err, (why) => text("bad", { why }), (said) => `${said} ${text("unchanged")}`), true);
    }
  });
  d.querySelector("[data-act=close]").addEventListener("click", () => d.close());
  return d;
}

function label(d) {
  d.querySelector("#records-title").textContent = text("title");
  for (const act of ["export", "replay", "open", "close"]) d.querySelector(`[data-act=${act}]`).textContent = text(act);
  // a finished match's record holds every hand: nothing of the hand being played to explain (the
  // review of 2026-12-02 found the note confusing after the match)
  d.querySelector("[data-note=export]").textContent = text(view()?.phase === "over" ? "exportNoteOver" : "exportNote");
  d.querySelector("[data-note=open]").textContent = text("openNote");
  fillAside(d.querySelector(".records__aside"));
  fillHistory(d.querySelector(".records__history"), {
    onReplay: (record) => openInViewer(record),
    onResume: async (entry, save) => { if (await resumeMatch(entry, save)) d.close(); },
  });
}

/** Take in the matches closed tabs left under way (persist.js strayMatches): each joins the history
 *  at the time it was last played, to play on from here, and leaves its slot. A fresh deal, a
 *  finished match (kept when it ended) and a save the engine refuses stay for a tab to take.
 *  Resolves with how many came in. */
async function adoptStrays() {
  let taken = 0;
  for (const { slot, text: saved, at } of await strayMatches()) {
    let save, got;
    try { save = JSON.parse(saved); got = await game("peek", save); } catch { continue; }
    if (!underWay(got.view)) continue;
    try { keepLeft(`${at.toString(36)}${slot.replace(/[^a-z0-9]/gi, "")}`, { save, record: got.record }, got.view, at); }
    catch (err) { console.warn(`Settebello: ${err.message}`); continue; }
    dropStray(slot);
    taken += 1;
  }
  return taken;
}

let dialog = null;

/** Open the dialog (built the first time, labelled in the current language). */
export function openRecords() {
  if (!dialog) {
    dialog = buildDialog();
    onLanguageChange(() => label(dialog));
  }
  label(dialog);
  // a message of the last opening goes, and with it its alert role (a fresh dialog says nothing)
  const msg = dialog.querySelector(".records__msg");
  msg.textContent = "";
  msg.setAttribute("role", "status");
  delete msg.dataset.kind;
  if (!dialog.open) dialog.showModal();
  // a match another tab left when it was closed joins the list to play on (adoptStrays)
  adoptStrays().then((n) => { if (n && dialog.open) label(dialog); })
    .catch((err) => console.warn(`Settebello: ${err.message}`));
}
