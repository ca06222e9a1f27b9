// Nothing lost: the match in progress is saved in localStorage after every change of state and
// restored after a reload or a closed tab. The save is the engine's own (Session.save: settings,
// RULES §6 record, shuffle state), so the engine checks every play again when it is restored.
//
//   import { restoreSaved } from "./persist.js";
//   const view = await restoreSaved();   // a restored view, or null: start a new game
//
// After that, every new current view (store.js) saves again, and a play as soon as the engine
// accepted it (table.js's "accepted" news through store.js, before the table shows it). The save reads the running
// turn's clock; what a reload could give back is the time since then, so the page stamps the last
// save with `elapsed_ms` (the time it stayed open after it, which Session.restore charges to a
// person's running turn, RULES §5) when the page is hidden, frozen or closed (pagehide), and
// every STAMP_MS while a clock runs. A normal reload or close gives back nothing; a tab killed
// without warning at most STAMP_MS (a hidden tab's timers may be slowed to once a minute, but
// hiding it stamped it already). `savesSettled()` resolves once every save asked for is written
// (offline.js's update bar waits for it before it reloads).
//
// Keys (storage.js's SCOPE is this deployment's root path, e.g. "/" or "/REPO/"):
//   settebello.save:<scope>:<slot>   a tab's match (tabs.js gives each open tab its own slot)
//   settebello.slots:<scope>         {slot: when last saved}, so a new tab takes the newest
//   settebello.aside:<scope>         the set-aside saves, newest first: [{key, at, why, size, format}]
//   settebello.aside:<scope>:<id>    one set-aside save's text, as it was stored
// A save that cannot be restored (damaged, or from another version) is set aside: its text is
// moved (removed, then written under its new key, so setting it aside needs no more space than it
// had), at most ASIDE_MAX of them are kept and together at most ASIDE_MAX_CHARS (the oldest go
// first; a single bigger one is still kept), the player is told, and a fresh game starts. Records
// lists them (asidelist.js): each can be restored, downloaded or deleted.
// The keys of the versions before (one match for the whole origin, "settebello.save", and one
// set-aside slot, "settebello.save.set-aside") are taken over by the first deployment that boots:
// the match is restored into the tab's slot, or set aside naming the version that wrote it.
//
// A save that cannot be written (storage full even after storage.js dropped what can be rebuilt)
// is told once, in a notice that offers the match's record as a file; saving goes on trying, and
// the notice goes when a save succeeds again.

import { t } from "./i18n.js";
import { game } from "./engine.js";
import { showNotice } from "./notice.js";
import { readText, writeText, writeJSON, readJSON, remove, keysWith, scoped } from "./storage.js";
import { claimSlot, slot, newSlotId, isFree } from "./tabs.js";
import { on, onView, emit, view as currentView } from "./store.js";
import "./space.js";
import { downloadText, fileStamp } from "./download.js";
import { refusalText } from "./names.js";

export const SAVE_PREFIX = `${scoped("settebello.save")}:`;
export const SLOTS_KEY = scoped("settebello.slots");
export const ASIDE_KEY = scoped("settebello.aside");
export const ASIDE_PREFIX = `${ASIDE_KEY}:`;
export const LEGACY_SAVE_KEY = "settebello.save";
export const LEGACY_ASIDE_KEY = "settebello.save.set-aside";
export const ASIDE_MAX = 5;
export const ASIDE_MAX_CHARS = 3_500_000; // about 2/3 of the 5M characters of Chromium and Firefox
/** How long since its last save a closed tab's match waits before Records takes it in (ms). */
export const STRAY_MS = 20_000;
/** How often the last save is stamped with the time since it while a clock runs (ms). */
export const STAMP_MS = 5000;

let watching = false;
let saving = Promise.resolve();
let failing = false;
let savedFor = null;  // the view of the last play saved when the engine accepted it
let last = null;      // the last save written: {key, save, text, at: performance.now() when read}

/** The key this tab's match is saved under (null before restoreSaved). */
export function saveKey() { return slot() && SAVE_PREFIX + slot(); }

/** This deployment's saved slots, the most recently saved first. */
function savedSlots() {
  const when = readJSON(SLOTS_KEY, {});
  const ids = keysWith(SAVE_PREFIX).map((k) => k.slice(SAVE_PREFIX.length));
  return ids.sort((a, b) => (Number(when[b]) || 0) - (Number(when[a]) || 0));
}

/** Note when this slot was saved (and forget slots whose save is gone). */
function touchSlot() {
  const when = readJSON(SLOTS_KEY, {});
  const next = { [slot()]: Date.now() };
  for (const key of keysWith(SAVE_PREFIX)) {
    const id = key.slice(SAVE_PREFIX.length);
    if (id !== slot() && when[id]) next[id] = when[id];
  }
  writeJSON(SLOTS_KEY, next, { report: false });
}

/** The matches other tabs saved and left when they were closed (their slots no open tab holds, last
 *  saved over STRAY_MS ago: a tab reloading lets go of its slot for a moment), as [{slot, text,
 *  at}], newest first: Records takes them in (recordsdialog.js adoptStrays). */
export async function strayMatches(now = Date.now()) {
  const when = readJSON(SLOTS_KEY, {});
  const found = [];
  for (const id of savedSlots()) {
    if (id === slot() || now - (Number(when[id]) || 0) < STRAY_MS || !(await isFree(id))) continue;
    const text = readText(SAVE_PREFIX + id);
    if (text) found.push({ slot: id, text, at: Number(when[id]) || Date.now() });
  }
  return found;
}

/** Forget a closed tab's slot and its match (taken into Records). */
export function dropStray(id) {
  if (id === slot()) return;
  remove(SAVE_PREFIX + id);
  const when = readJSON(SLOTS_KEY, {});
  delete when[id];
  writeJSON(SLOTS_KEY, when, { report: false });
}

/** Save the current match now (queued after any save still running). */
export function saveNow() {
  if (!watching) return saving;
  saving = saving.then(async () => {
    const save = await game("save");
    const at = performance.now(), text = JSON.stringify(save), key = saveKey();
    const err = writeText(key, text, { report: false });
    if (err) { unsaved(err); return; }
    last = { key, save, text, at };
    touchSlot();
    if (failing) {
      failing = false;
      document.getElementById("save-full")?.remove();
    }
  }).catch((err) => console.warn(`Settebello: could not save the game (${err.message})`));
  return saving;
}

/** Resolves once every save asked for so far is written (or failed). */
export function savesSettled() { return saving; }

/** Write the last save again with the time the page has been open since it (`elapsed_ms`), unless
 *  something else (another tab, a new game) wrote the save since. Synchronous: fit for pagehide. */
function stamp() {
  if (!last || readText(last.key) !== last.text) return;
  const text = JSON.stringify({ ...last.save, elapsed_ms: Math.max(0, Math.round(performance.now() - last.at)) });
  if (!writeText(last.key, text, { report: false })) last.text = text;
}

/** Whether a clock is running at the table (its time is what a stamp keeps). */
function clockRuns() {
  const v = currentView();
  return Boolean(v?.clock && v.clock.running !== null && !v.forfeit);
}

/** Whether this browser refuses the page its storage (site data blocked, a cross-site embed
 *  without third-party storage): then nothing is ever kept, and the player is told so once. */
export function storageBlocked() {
  if (globalThis.settebelloStorage?.blocked) return true;
  try { return !window.localStorage; } catch { return true; }
}

/** A file name for the match: settebello-match-<date>-<time>.json */
function matchFileName(when = new Date()) {
  return `settebello-match-${fileStamp(when)}.json`;
}

/**
 * Offer the match as a file, at any moment: its record (RULES §6) once a hand has ended; in the
 * first hand, whose record would give its deck (Session.record refuses it), the save itself, which
 * Records → Open plays on from (restoreFromFile). Returns the file's name.
 */
export async function downloadMatch() {
  try {
    const { downloadRecord } = await import("./records.js");
    return downloadRecord(await game("record"));
  } catch (err) {
    if (err?.reason !== "record.unfinished") throw err;
  }
  return downloadText(matchFileName(), JSON.stringify(await game("save")));
}

/** The match could not be saved: tell the player once (until a save works again), with the match
 *  to download at any moment (the first hand too: downloadMatch). Storage refused says so: nothing
 *  will be kept in this browser; storage full says what can be freed. */
function unsaved(err) {
  console.warn(`Settebello: could not save the game (${err.message})`);
  if (failing) return;
  failing = true;
  const blocked = storageBlocked();
  const key = blocked ? "storage.blocked" : "storage.match_full";
  emit("notice", { kind: blocked ? "storage-blocked" : "save-failed", message: err.message });
  showNotice({
    id: "save-full", role: "alert", kind: "error", text: t(key), i18n: key,
    testid: "storage-notice",
    buttons: [
      { label: t("storage.download_match"), i18n: "storage.download_match", primary: true, testid: "storage-download",
        onClick: async (_, box) => {
          try {
            const name = await downloadMatch();
            refusedLine(box).textContent = t("storage.downloaded", { name });
          } catch (err) { refusedLine(box).textContent = refusalText(err); }
        } },
      { label: t("save.ok"), i18n: "save.ok", onClick: (_, box) => box.remove() },
    ],
  });
}

/** The notice's line for why its download was refused (made the first time). */
function refusedLine(box) {
  let line = box.querySelector("[data-refused]");
  if (!line) {
    line = document.createElement("p");
    line.dataset.refused = "";
    line.style.cssText = "margin:0;flex:1 1 100%";
    box.append(line);
  }
  return line;
}

/** Forget the saved match (e.g. the player chose to start afresh). */
export function clearSave() { if (saveKey()) remove(saveKey()); last = null; }

// ------------------------------------------------------------------ set-aside saves

/** Whether `at` is a time a Date can hold (ms since 1970, within ±8.64e15). */
export const isTime = (at) => typeof at === "number" && Number.isFinite(at) && Math.abs(at) <= 8.64e15;

/** Whether a list entry is whole: a stored key not listed before, a time, a note, a size, a format. */
function wholeEntry(e, stored) {
  return e !== null && typeof e === "object" && typeof e.key === "string" && stored.has(e.key)
    && (e.at === null || isTime(e.at)) && typeof e.why === "string" && typeof e.size === "number" && e.size >= 0
    && (e.format === undefined || typeof e.format === "string");
}

/** The set-aside saves, newest first, and how many entries of the stored list were skipped as
 *  unreadable (a time out of range, a note that is no text, a key listed twice or not stored):
 *  {entries: [{key, at, why, size, format}], skipped}. Every save stored is listed, also one whose
 *  entry could not be written (storage full) or read, then with less to say (`at` null: unknown). */
export function readSetAside() {
  const stored = new Set(keysWith(ASIDE_PREFIX));
  const raw = readJSON(ASIDE_KEY, []);
  const entries = [];
  let skipped = 0;
  const unreadable = new Set();
  for (const e of Array.isArray(raw) ? raw : []) {
    if (wholeEntry(e, stored)) {
      stored.delete(e.key);
      entries.push({ key: e.key, at: e.at, why: e.why, size: e.size, format: e.format ?? "" });
    } else {
      skipped += 1;
      if (typeof e?.key === "string") unreadable.add(e.key);
    }
  }
  if (!Array.isArray(raw)) skipped += 1;
  for (const key of stored) {  // a save without its entry: listed with what its key and text say
    const text = readText(key) ?? "";
    const at = parseInt(key.slice(ASIDE_PREFIX.length), 36); // newSlotId starts with the time
    entries.push({ key, at: isTime(at) ? at : null, size: text.length, format: formatOf(text),
      why: t(unreadable.has(key) ? "storage.why_unreadable" : "storage.why_unknown") });
  }
  entries.sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
  return { entries, skipped };
}

/** The set-aside saves, newest first: [{key, at, why, size, format}] (readSetAside's entries). */
export function setAsideSaves() {
  return readSetAside().entries;
}

/** The stored text of a set-aside save (null if gone). */
export function setAsideText(key) {
  return key.startsWith(ASIDE_PREFIX) ? readText(key) : null;
}

/** The version a save names ("settebello-save/1"), or "" if it names none. */
function formatOf(text) {
  if (text.length > 4_000_000) return "";
  try {
    const format = JSON.parse(text)?.format;
    return typeof format === "string" ? format.slice(0, 40) : "";
  } catch { return ""; }
}

/**
 * Move text (stored under source, or null) to a new set-aside key. The oldest set-aside saves go
 * first when there are too many or too much. Returns the entry, or null if it could not be kept.
 */
export function setAside(text, source, why) {
  const entry = { key: ASIDE_PREFIX + newSlotId(), at: Date.now(), why, size: text.length, format: formatOf(text) };
  let list = [entry, ...setAsideSaves()];
  let total = 0;
  list = list.filter((e, i) => {
    total += e.size || 0;
    const keep = i === 0 || (i < ASIDE_MAX && total <= ASIDE_MAX_CHARS);
    if (!keep) remove(e.key);
    return keep;
  });
  if (source) remove(source); // moved, not copied: the same space, freed first
  if (writeText(entry.key, text, { report: false })) {
    console.warn(`Settebello: could not set the save aside (${text.length} characters)`);
    if (source) writeText(source, text, { report: false }); // put back where it was, if it fits
    return null;
  }
  writeJSON(ASIDE_KEY, list, { report: false });
  return entry;
}

/** Forget a set-aside save. */
export function deleteSetAside(key) {
  writeJSON(ASIDE_KEY, setAsideSaves().filter((e) => e.key !== key), { report: false });
  if (key.startsWith(ASIDE_PREFIX)) remove(key);
}

/**
 * Play a set-aside save in this tab: the engine checks it first (a refusal rejects with its
 * reason and changes nothing); the match at the table takes its place in the set-aside list,
 * and the page reloads into the restored match.
 */
export async function restoreSetAside(key) {
  const text = setAsideText(key);
  if (text === null) throw new Error(t("storage.aside_gone"));
  let saved;
  try { saved = JSON.parse(text); } catch { throw new Error(t("save.not_json")); }
  await saving;
  const current = JSON.stringify(await game("save"));
  await game("restore", saved); // rejects with the engine's reason: nothing changed
  watching = false; // no save of the page being left: the slot now holds the restored match
  deleteSetAside(key);
  setAside(current, null, t("storage.why_swapped"));
  const err = writeText(saveKey(), text, { report: false });
  if (err) throw err;
  touchSlot();
  location.reload();
}

/**
 * Play on from a match file (downloadMatch's save, e.g. made where nothing could be kept): the
 * engine checks it first (a refusal rejects with its reason and changes nothing); the match at the
 * table, if under way, is set aside (Records lists it) where storage allows; the table then shows
 * the match of the file (table.js's "restored" command) and it is saved from there on.
 */
export async function restoreFromFile(saved) {
  await saving;
  const before = currentView();
  const current = before ? JSON.stringify(await game("save")) : null;
  const view = await game("restore", saved);
  if (current && before.phase !== "over" && (before.plays?.length || before.results?.length)) {
    setAside(current, null, t("storage.why_file"));
  }
  await new Promise((done) => emit("command", { type: "restored", view, done }));
  return view;
}

function report(message, lost = null) {
  emit("notice", { kind: "save-set-aside", message });
  const buttons = [{ label: t("save.ok"), i18n: "save.ok", primary: true, onClick: (_, box) => box.remove() }];
  if (lost !== null) {
    buttons.unshift({ label: t("storage.download_save"), i18n: "storage.download_save", testid: "save-download",
      onClick: () => downloadText("settebello-save.json", lost) });
  }
  showNotice({ role: "alert", kind: "error", text: message, testid: "save-notice", buttons });
}

/** The old single set-aside slot joins the list (moved, once). */
function adoptLegacyAside() {
  const text = readText(LEGACY_ASIDE_KEY);
  if (text !== null) setAside(text, LEGACY_ASIDE_KEY, t("storage.why_legacy_aside"));
}

/** Why a save is set aside, in the player's words (and the version that wrote it, if older). */
function reason(err, text, legacy) {
  const why = err instanceof SyntaxError ? t("save.not_json") : err.message;
  if (!legacy) return why;
  return t("storage.why_older", { why, format: formatOf(text) || t("storage.format_unknown") });
}

async function tryRestore(text) {
  return game("restore", JSON.parse(text));
}

/**
 * Restore this tab's saved match through the engine. Returns the restored view, or null when
 * there is nothing (usable) to restore; from then on every new view is saved.
 */
export async function restoreSaved() {
  adoptLegacyAside();
  await claimSlot(savedSlots());
  watching = true;
  // a play is saved as soon as the engine accepts it (table.js), not when its animation shows it
  on("accepted", ({ view }) => { savedFor = view; saveNow(); });
  onView((v) => { if (v !== savedFor) saveNow(); });
  addEventListener("pagehide", stamp);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") stamp(); });
  document.addEventListener("freeze", stamp);
  setInterval(() => { if (clockRuns()) stamp(); }, STAMP_MS);
  const key = saveKey();
  let text = readText(key);
  let legacy = false;
  const old = readText(LEGACY_SAVE_KEY);
  if (old !== null && text === null) {
    text = old; // the match of the version before: taken over by this tab
    legacy = true;
  } else if (old !== null) {
    setAside(old, LEGACY_SAVE_KEY, t("storage.why_older", { why: t("storage.why_legacy"), format: formatOf(old) || t("storage.format_unknown") }));
  }
  if (!text) return null;
  let why;
  try {
    const view = await tryRestore(text);
    if (legacy) { // migrated: now this tab's, under this deployment's key
      remove(LEGACY_SAVE_KEY);
      writeText(key, text, { report: false });
      touchSlot();
    }
    return view;
  } catch (err) {
    why = reason(err, text, legacy);
  }
  const kept = setAside(text, legacy ? LEGACY_SAVE_KEY : key, why);
  const message = t(kept ? "save.set_aside" : "storage.not_kept", { why });
  console.warn(`Settebello: ${message}`);
  report(message, kept ? null : text);
  return null;
}
