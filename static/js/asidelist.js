// The Records dialog's "Set-aside saves" (records.js puts this section in it): every save that
// could not be restored when the game started (persist.js keeps a few, newest first), each with
// Restore (the engine checks it; the match at the table is set aside in its place and the page
// reloads into it), Download (the save as it was stored, as a file) and Delete.
//
//   const section = asideSection();  dialog.append(section);  fillAside(section);  // on each open
import { language, t } from "./i18n.js";
import { deleteSetAside, isTime, readSetAside, restoreSetAside, setAsideText } from "./persist.js";
import { downloadText, fileStamp } from "./download.js";

/** An empty section, filled by fillAside (hidden while there is nothing set aside). */
export function asideSection() {
  const section = document.createElement("section");
  section.className = "records__aside";
  section.setAttribute("aria-labelledby", "records-aside-title");
  section.hidden = true;
  section.innerHTML = `<h3 id="records-aside-title" style="margin:.8rem 0 .3rem;font-size:1.05rem"></h3>
    <p style="margin:0 0 .4rem"><small data-note="aside"></small></p>
    <ul data-testid="aside-list" style="list-style:none;margin:0;padding:0;display:grid;gap:.5rem"></ul>
    <p role="status" aria-live="polite" data-aside-msg style="margin:.4rem 0 0"></p>`;
  return section;
}

function when(at) {
  if (!isTime(at)) return t("storage.when_unknown");
  try {
    return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));
  } catch { return new Date(at).toISOString(); }
}

function download(entry) {
  const text = setAsideText(entry.key);
  if (text === null) return null;
  const stamp = isTime(entry.at) ? fileStamp(new Date(entry.at)) : "undated";
  return downloadText(`settebello-set-aside-${stamp}.json`, text);
}

/** List the set-aside saves in section (again: after a language change or a deletion). An entry
 *  that cannot be read is left out and said, so the others (and the dialog) always open. */
export function fillAside(section, message = "") {
  if (!section) return;
  let entries = [], skipped = 0;
  try { ({ entries, skipped } = readSetAside()); }
  catch (err) {
    console.warn(`Settebello: the set-aside saves could not be read (${err.message})`);
    skipped = 1;
  }
  section.querySelector("h3").textContent = t("storage.aside_title");
  section.querySelector("[data-note=aside]").textContent = t("storage.aside_note");
  const msg = section.querySelector("[data-aside-msg]");
  const say = (text, bad = false) => {
    msg.textContent = text;
    msg.setAttribute("role", bad ? "alert" : "status");
  };
  const list = section.querySelector("ul");
  const items = [];
  entries.forEach((entry, i) => {
    try { items.push(entryItem(section, entry, i, say)); }
    catch (err) {
      console.warn(`Settebello: a set-aside save could not be listed (${err.message})`);
      skipped += 1;
    }
  });
  list.replaceChildren(...items);
  const skippedText = skipped ? t("storage.aside_skipped", { n: skipped }) : "";
  say([message, skippedText].filter(Boolean).join(" "));
  section.hidden = items.length === 0 && !message && !skipped;
}

/** One set-aside save's line: when, why and size, then Restore, Download and Delete. */
function entryItem(section, entry, i, say) {
  const li = document.createElement("li");
  li.dataset.testid = "aside-entry";
  li.style.cssText = "display:flex;flex-wrap:wrap;gap:.35rem .5rem;align-items:center;border-top:1px solid #d9ccb0;padding-top:.45rem";
  const label = document.createElement("span");
  label.id = `aside-entry-${i}`;
  label.style.cssText = "flex:1 1 100%";
  const size = t("storage.size_kb", { n: Math.max(1, Math.round((entry.size || 0) / 1024)).toLocaleString(language()) });
  const why = String(entry.why || "");
  label.textContent = t("storage.aside_entry", { when: when(entry.at), why, size })
    + (entry.format && !why.includes(entry.format) ? ` · ${entry.format}` : "");
  li.append(label);
  const button = (act, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn";
    b.dataset.act = `aside-${act}`;
    b.textContent = t(`storage.aside_${act}`);
    b.setAttribute("aria-describedby", label.id);
    b.addEventListener("click", onClick);
    li.append(b);
  };
  button("restore", async (event) => {
    event.currentTarget.disabled = true;
    try { await restoreSetAside(entry.key); }
    catch (err) {
      fillAside(section);
      say(t("storage.aside_bad", { why: err.message }), true);
    }
  });
  button("download", () => {
    const name = download(entry);
    say(name ? t("storage.aside_downloaded", { name }) : t("storage.aside_gone"), !name);
  });
  button("delete", () => {
    deleteSetAside(entry.key);
    fillAside(section, t("storage.aside_deleted"));
  });
  return li;
}
