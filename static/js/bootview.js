// The words under the spinner (index.html's #loading) while the engine boots, so a slow first visit
// is never a silent wait nor a dead end (the review on an emulated slow phone):
//   - still downloading after SLOW_MS: what is going on (the game downloads once, the first time;
//     then it starts sooner and plays offline) and how much has arrived (engine.js onBootProgress);
//   - New game, Rules, Today's deal, Tournament or Statistics pressed before the game is ready:
//     remembered, and said; the dialog opens once it is (`whenReady`; the last one pressed wins);
//   - a failed boot: plain words and Try again (a reload); the technical message under Details
//     (`showFailure`).
import { t, hasText, language as pageLanguage, onLanguageChange, translatePage } from "./i18n.js";
import { onBootProgress, engineSettled, EngineStalled } from "./engine.js";

/** After this long still downloading, the slow-line note shows. */
const SLOW_MS = 4000;
/** The figure of bytes received changes at most this often (it is read, not announced). */
const FIGURE_MS = 500;

const $ = (id) => document.getElementById(id);
const loading = () => document.documentElement.dataset.engine === "loading";

/** The line `id` under the spinner, made on first use (a <span> shown as a line: #loading is a <p>). */
function line(id) {
  let el = $(id);
  if (!el) {
    el = document.createElement("span");
    el.id = id;
    el.className = "loading__note";
    $("loading").append(el);
  }
  return el;
}

/** Set an element's words only when they change: #loading is a live region, and words written
 *  again are read again. */
function say(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

let progress = { received: 0, total: null, downloading: true };
let slowShown = false;
let wordsHere = false;  // the page's language is loaded (on a slow line it comes late too)

/** The slow-line note: while downloading, what and how much; once all is here, that it starts. */
function drawSlow() {
  if (!slowShown || !wordsHere || !loading()) return;
  const el = line("loading-slow");
  if (!progress.downloading) {
    say(el, t("loading.starting"));
    return;
  }
  if (!el.querySelector(".loading__figure")) {
    // the figure changes often: outside what the live region (#loading, role=status) reads again
    el.innerHTML = `<span class="loading__what"></span> <span class="loading__figure" aria-live="off"></span>`;
  }
  say(el.querySelector(".loading__what"), t("loading.slow"));
  const mb = (bytes) => new Intl.NumberFormat(pageLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6);
  el.querySelector(".loading__figure").textContent = progress.total
    ? t("loading.receivedOf", { mb: mb(progress.received), total: mb(progress.total) })
    : t("loading.received", { mb: mb(progress.received) });
}

/** Follow the boot (table.js calls it once the runtime is started): the slow-line note SLOW_MS after
 *  `since` (performance.now()'s time: 0, the page's start; an embed's, when its reader started it),
 *  in the page's language once `language` (i18n.js initLanguage) is loaded. */
export function watchLoading(since, language) {
  let drawnAt = 0;
  const stop = onBootProgress((p) => {
    const phaseChanged = p.downloading !== progress.downloading;
    progress = p;
    if (phaseChanged || performance.now() - drawnAt >= FIGURE_MS) { drawnAt = performance.now(); drawSlow(); }
  });
  const timer = setTimeout(() => { slowShown = progress.downloading; drawSlow(); }, since + SLOW_MS - performance.now());
  // the words: once the page's language is set (a change of language after, too)
  const redraw = () => { wordsHere = true; drawSlow(); drawAsked(); };
  language.then(redraw, () => {});
  const off = onLanguageChange(redraw);
  engineSettled().then(() => { stop(); off(); clearTimeout(timer); $("loading-slow")?.remove(); });
}

let asked = null;  // the dialog asked for while loading: {what, open}

function drawAsked() {
  if (asked && wordsHere && loading()) say(line("loading-asked"), t(`loading.asked.${asked.what}`));
}

/** Open a dialog that needs the engine (`open`), now if the game is ready, else once it is: `what`
 *  ("rules", "newGame", "daily", "tournament", "stats") names it in the line that says so meanwhile. After a failed boot it points
 *  to Try again instead. */
export function whenReady(what, open) {
  const state = document.documentElement.dataset.engine;
  if (state === "ready") return open();
  if (state === "error") return document.querySelector(".loading__retry")?.focus();  // the way on is there
  if (!asked) {
    engineSettled().then((settled) => {
      const { open: opening } = asked;
      asked = null;
      $("loading-asked")?.remove();
      if (settled === "ready") opening();
    });
  }
  asked = { what, open };
  window.settebelloRuntime?.start();  // an embed waiting for its reader: the reader wants the game
  drawAsked();
}

/** The boot failed: plain words, Try again (a reload) and, under Details, the technical message
 *  (index.html's #loading-failure). */
export function showFailure(err) {
  const box = $("loading");
  const failure = $("loading-failure").content.cloneNode(true);
  const kind = err instanceof EngineStalled ? "stalled" : "failed";
  for (const words of failure.querySelectorAll("[data-failure]")) {
    if (words.dataset.failure === kind) words.id = "loading-failed";
    else words.remove();
  }
  failure.querySelector("code").textContent = err.message;
  failure.querySelector(".loading__retry").addEventListener("click", () => location.reload());
  box.replaceChildren(failure);
  box.hidden = false;
  if (hasText("loading.retry")) translatePage(box);  // else i18n.js does once the language is here
}
