// Today's deal's dialogs (issue 47), imported on first use by daily.js:
//
// - "Today's deal": the day, the streak, the month's calendar of days played (kept on this device),
//   and the buttons that start the day's deal in classic Scopa or in the player's favourite variant
//   (a second try the same day is a replay: marked, never the day's result);
// - the comparison, once a day's deal ends: the master plays the same decks from the person's seat
//   against the same opponent (the engine's `daily_step`, a few plays a request so the page stays
//   alive), then both results side by side, hand by hand, where the two lines of play parted (a link
//   into the replay viewer at that play), the streak, and the result to share (no card named).
//
// Every rule is the engine's (py/settebello/daily.py): the day's seed, one try a day, the streak, the
// calendar's days. This module keeps the history's JSON (storage.js, this deployment's key) and draws.
import { game } from "./engine.js";
import { emit, view as currentView } from "./store.js";
import { t, firstUp, language, onLanguageChange } from "./i18n.js";
import { esc, refusalText, variantName } from "./names.js";
import { modal, focusAtTop, stylesheet } from "./modal.js";
import { ownKey, readJSON, writeJSON } from "./storage.js";
import { loadPrefs } from "./dialog.js";
import { REPLAY_KEY, viewerHref } from "./records.js";
import { announce } from "./announce.js";
import { today } from "./daily.js";
import { openPuzzles } from "./puzzles.js";
import { askBeforeDropping } from "./history.js";

export const HISTORY_KEY = ownKey("settebello.daily");  // this deployment's (storage.js)

// The master's last finished duplicate ({day, record}): asked again after a reload, the comparison
// does not play it again (the engine takes it only if it is that day's, Duplicate.adopt). Rebuilt at will.
const KEPT_KEY = ownKey("settebello.dailymaster");
const history = () => readJSON(HISTORY_KEY, null);

/** Whether this device keeps `day`'s result (the comparison with the master made and stored). */
export function dayKept(day) {
  return !!history()?.days?.[day]?.you;
}
const refused = (err) => (err.reason ? refusalText(err) : err.message);

/** A day 'YYYY-MM-DD' as the page's language writes a date (the day itself, whatever the time zone). */
function longDate(day, options = { dateStyle: "full" }) {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(language(), { ...options, timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A day 'YYYY-MM-DD' as its day and month ("1 December"), in the page's language. */
const shortDate = (day) => longDate(day, { day: "numeric", month: "long" });

/** The month after (+1) or before (-1) 'YYYY-MM'. */
function shiftMonth(month, by) {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

// ------------------------------------------------------------------ today's deal

let month = null;       // the calendar's month shown
let picked = null;      // the day played whose result is shown under the calendar
let shown = null;       // the calendar last drawn: its days' results

function dailyDialog() {
  return modal("daily-dialog", "dialog daily", "daily-title", (d) => {
    d.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-act]");
      if (!b) return;
      const act = b.dataset.act;
      if (act === "close") d.close();
      else if (act === "play") start(b.dataset.variant).catch((err) => message(d, refused(err)));
      else if (act === "prev" || act === "next") {
        month = shiftMonth(month, act === "prev" ? -1 : 1);
        fillDaily(d, b.dataset.act).catch((err) => message(d, refused(err)));
      } else if (act === "day") {
        picked = b.dataset.day;
        sayDay(d);
      } else if (act === "compare") { d.close(); compareWithMaster(); }
      else if (act === "puzzles") { d.close(); openPuzzles(); }
    });
    onLanguageChange(() => { if (d.open) fillDaily(d).catch(() => {}); });
  });
}

/** The picked day's result under the calendar (both scores and how they compare), its button pressed. */
function sayDay(d) {
  const c = shown?.days.find((x) => x.day === picked && x.played);
  for (const b of d.querySelectorAll("[data-act=day]")) b.setAttribute("aria-pressed", String(b.dataset.day === picked));
  const line = d.querySelector(".daily__dayresult");
  if (!line) return;
  line.textContent = c ? t("daily.dayResult", { date: firstUp(shortDate(c.day)), ours: c.you[0], theirs: c.you[1],
    master_ours: c.master[0], master_theirs: c.master[1], verdict: t(`daily.overall.v${c.verdict + 1}`) }) : "";
}

function message(d, text) {
  const m = d.querySelector(".daily__msg");
  if (m) m.textContent = text;
}

/** Open the dialog of today's deal on this month. */
export async function openDaily() {
  const d = dailyDialog();
  month = today().slice(0, 7);
  picked = null;
  await Promise.all([fillDaily(d), stylesheet("daily")]);
  if (!d.open) d.showModal();
  focusAtTop(d, d.querySelector("[data-act=play]"), d.querySelector("#daily-title"));
}

function calendarHTML(cal) {
  // the weekdays' short names in the page's language, Monday first (2024-01-01 was a Monday)
  const names = [...Array(7)].map((_, i) => longDate(`2024-01-0${i + 1}`, { weekday: "short" }));
  const cells = [...Array(cal.first_weekday).fill(null), ...cal.days];
  const rows = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
  const cell = (c) => {
    if (!c) return "<td></td>";
    // a day still to come is told from one not played (the review of 2026-12-01: "December 7: not played")
    const future = c.day > today();
    const state = c.played ? `daily.day.v${c.verdict + 1}` : c.started ? "daily.day.started" : future ? "daily.day.future" : "daily.day.none";
    const n = Number(c.day.slice(8));
    const mark = c.played ? ["▼", "=", "▲"][c.verdict + 1] : c.started ? "·" : "";
    const inside = `<span aria-hidden="true">${n}<small>${mark}</small></span><span class="visually-hidden">${esc(t(state, { date: shortDate(c.day) }))}</span>`;
    // a day played is a button that says its result: a day gone by is read again (the review of
    // 2026-12-01: after midnight, yesterday's result was out of reach)
    const body = c.played ? `<button type="button" class="daily__daybtn" data-act="day" data-day="${c.day}" aria-pressed="${c.day === picked}">${inside}</button>` : inside;
    return `<td class="daily__day${c.played ? " daily__day--played" : ""}${c.day === today() ? " daily__day--today" : ""}${future ? " daily__day--future" : ""}" data-day="${c.day}" data-played="${c.played}">${body}</td>`;
  };
  return `<table class="daily__calendar" data-month="${cal.month}">
    <caption>${esc(firstUp(longDate(`${cal.month}-01`, { month: "long", year: "numeric" })))}</caption>
    <thead><tr>${names.map((n) => `<th scope="col">${esc(n)}</th>`).join("")}</tr></thead>
    <tbody>${rows.map((r) => `<tr>${r.map(cell).join("")}${"<td></td>".repeat(7 - r.length)}</tr>`).join("")}</tbody></table>`;
}

async function fillDaily(d, focusAct = null) {
  let cal, damaged = "";
  try { cal = await game("daily_calendar", { history: history(), month, today: today() }); }
  catch (err) {  // a damaged history: said, and the dialog works as on a device with none (nothing is overwritten until a day is played)
    damaged = refused(err);
    cal = await game("daily_calendar", { history: null, month, today: today() });
  }
  const day = today(), entry = cal.today;
  const prefs = loadPrefs();
  const second = prefs?.variant && prefs.variant !== cal.variant && cal.variants.includes(prefs.variant) ? prefs.variant : null;
  const again = entry ? " " + t("daily.replayNote") : "";
  const playBtn = (variant, primary) => `<button type="button" class="btn${primary ? " btn--primary" : ""}" data-act="play" data-variant="${esc(variant)}">${esc(t(entry ? "daily.replayIn" : "daily.playIn", { variant: variantName(variant) }))}</button>`;
  const status = !entry ? t("daily.notPlayed")
    : "you" in entry ? t("daily.playedToday", { ours: entry.you[0], theirs: entry.you[1], master_ours: entry.master[0], master_theirs: entry.master[1] })
    : t("daily.startedToday");
  const v = currentView();
  // the finished deal on the table may be a day gone by (played before midnight): named by its date
  const compareWords = v?.daily && v.daily.day !== day ? t("daily.compareDay", { date: shortDate(v.daily.day) }) : t("daily.compare");
  const compare = v?.daily && v.phase === "over" ? `<button type="button" class="btn" data-act="compare">${esc(compareWords)}</button>` : "";
  shown = cal.calendar;
  const anyPlayed = cal.calendar.days.some((c) => c.played);
  d.innerHTML = `<h2 id="daily-title">${esc(t("daily.title"))}</h2>
    <p class="daily__date">${esc(longDate(day))}</p>
    <p>${esc(t("daily.intro"))}</p>
    <p class="daily__status" data-testid="daily-status">${esc(status)}${esc(again)}</p>
    <p class="daily__streak" data-testid="daily-streak" data-streak="${cal.streak}">${esc(t("daily.streak", { count: cal.streak }))}</p>
    <div class="daily__actions">${playBtn(cal.variant, true)}${second ? playBtn(second, false) : ""}${compare}</div>
    <p class="daily__msg" role="alert">${esc(damaged)}</p>
    <section class="daily__month" aria-label="${esc(t("daily.calendar"))}">
      <div class="daily__monthnav">
        <button type="button" class="btn" data-act="prev">${esc(t("daily.prevMonth"))}</button>
        <button type="button" class="btn" data-act="next"${month >= day.slice(0, 7) ? " disabled" : ""}>${esc(t("daily.nextMonth"))}</button>
      </div>
      ${calendarHTML(cal.calendar)}
      <p class="daily__dayresult" role="status" data-testid="daily-dayresult">${anyPlayed && !picked ? esc(t("daily.pickDay")) : ""}</p>
    </section>
    <div class="dialog__actions"><button type="button" class="btn" data-act="puzzles">${esc(t("puzzle.button"))}</button><button type="button" class="btn" data-act="close">${esc(t("action.close"))}</button></div>`;
  if (picked) sayDay(d);
  if (focusAct) (d.querySelector(`[data-act=${focusAct}]:not([disabled])`) || d.querySelector("[data-act=prev]")).focus();
}

/** Start today's deal in `variant`: the engine says whether it is the day's try or a replay and notes
 *  the start in the history (leaving and starting again is a replay); the table deals it. */
async function start(variant) {
  // a match under way is not dropped without a question, as New game asks (the tablet review:
  // a match at 3-3 of 21 gone); Cancel leaves the day's deal untried
  if (!(await askBeforeDropping())) return;
  const r = await game("daily_start", { day: today(), variant, history: history() });
  const err = writeJSON(HISTORY_KEY, r.history);
  if (err) console.warn(`Settebello: today's deal not kept (${err.message})`);
  dailyDialog().close();
  emit("command", { type: "new-game", config: r.config });
}

// ------------------------------------------------------------------ the comparison

let comparing = null;

function resultDialog() {
  return modal("daily-result", "dialog dialog--wide daily", "daily-result-title", (d) => {
    d.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-act]");
      if (!b) return;
      if (b.dataset.act === "close") d.close();
      else if (b.dataset.act === "copy") copy(d);
      else if (b.dataset.act === "share") share(d);
    });
    onLanguageChange(() => { if (d.open && d.dataset.state === "done" && last) drawResult(d, last); });
  });
}

let last = null;  // the last comparison drawn: {answer, streak}

/** The master plays the finished day's deal from the person's seat; then both are compared. */
export function compareWithMaster() {
  if (!comparing) comparing = runComparison().finally(() => { comparing = null; });
  return comparing;
}

async function runComparison() {
  await stylesheet("daily");
  const d = resultDialog();
  d.dataset.state = "playing";
  const playing = currentView()?.daily?.day;
  d.innerHTML = `<h2 id="daily-result-title">${esc(!playing || playing === today() ? t("daily.resultTitle") : t("daily.resultTitleDay", { date: shortDate(playing) }))}</h2>
    <p class="daily__progress" role="status" data-testid="daily-progress">${esc(t("daily.masterPlays"))}</p>
    <div class="dialog__actions"><button type="button" class="btn" data-act="close">${esc(t("action.close"))}</button></div>`;
  if (!d.open) d.showModal();
  const progress = d.querySelector(".daily__progress");
  let answer;
  const stored = readJSON(KEPT_KEY, null), day = currentView()?.daily?.day;
  let ask = stored && stored.day === day ? { plays: 4, kept: stored.record } : { plays: 4 };
  try {
    for (;;) {
      answer = await game("daily_step", ask);
      ask = { plays: 4 };
      if (answer.done) break;
      progress.textContent = t("daily.masterHands", { count: answer.hands + 1 });
    }
  } catch (err) {  // another game was started meanwhile: nothing to compare any more
    progress.textContent = refused(err);
    d.dataset.state = "stopped";
    return;
  }
  d.dataset.kept = String(answer.kept);  // the duplicate this device kept, not played again
  if (!answer.kept) writeJSON(KEPT_KEY, { day: answer.day, record: answer.record }, { report: false });
  let streak = null;
  try {
    const kept = await game("daily_remember", { history: history(), today: today() });
    const err = writeJSON(HISTORY_KEY, kept.history);
    if (err) console.warn(`Settebello: today's deal not kept (${err.message})`);
    streak = kept.streak;
  } catch (err) { console.warn(`Settebello: today's deal not kept (${refused(err)})`); }
  last = { answer, streak };
  drawResult(d, last);
  announce(() => scoreLine(answer));
}

function scoreLine(answer) {
  const s = answer.sheet;
  return t("daily.score", { ours: s.you[0], theirs: s.you[1], master_ours: s.master[0], master_theirs: s.master[1] });
}

/** The result to share in the page's language: the engine's lines (words by key, marks as they are). */
function shareText(answer) {
  return answer.share.map((line) => (typeof line === "string" ? line : t(line.key, line.params))).join("\n");
}

function drawResult(d, { answer, streak }) {
  const s = answer.sheet;
  const pair = (p) => (p ? `${p[0]} – ${p[1]}` : "—");
  const verdict = (n) => t(`daily.verdict.v${n + 1}`);
  const rows = s.hands.map((h) => `<tr data-hand="${h.hand}"><th scope="row">${h.hand}</th><td>${pair(h.you)}</td><td>${pair(h.master)}</td><td>${h.you && h.master ? esc(verdict(h.verdict)) : ""}</td></tr>`).join("");
  const link = answer.link ? viewerHref(`from=game&hand=${answer.link.hand}&play=${answer.link.play}`) : null;
  const parted = s.parted
    ? `<p class="daily__parted" data-testid="daily-parted">${esc(t("daily.parted", { hand: s.parted.hand, play: s.parted.play }))} <a href="${esc(link)}" data-act="replay">${esc(t("daily.seeReplay"))}</a></p>`
    : `<p class="daily__parted" data-testid="daily-parted">${esc(t("daily.sameLine"))}</p>`;
  d.dataset.state = "done";
  const title = answer.day === today() ? t("daily.resultTitle") : t("daily.resultTitleDay", { date: shortDate(answer.day) });
  d.innerHTML = `<h2 id="daily-result-title">${esc(title)}${answer.replay ? ` <span class="daily__replay">${esc(t("daily.replayMark"))}</span>` : ""}</h2>
    <p class="daily__date">${esc(longDate(answer.day))}</p>
    <p class="daily__score" data-testid="daily-score">${esc(scoreLine(answer))}</p>
    <p class="daily__verdict">${esc(t(`daily.overall.v${s.verdict + 1}`))}</p>
    <div class="sheet__scroll"><table class="daily__sheet" data-testid="daily-sheet">
      <thead><tr><th scope="col">${esc(t("daily.hand"))}</th><th scope="col">${esc(t("daily.you"))}</th><th scope="col">${esc(t("daily.masterInSeat"))}</th><th scope="col">${esc(t("daily.compared"))}</th></tr></thead>
      <tbody>${rows}</tbody>
      <tfoot><tr><th scope="row">${esc(t("daily.total"))}</th><td>${pair(s.you)}</td><td>${pair(s.master)}</td><td>${esc(verdict(s.verdict))}</td></tr></tfoot>
    </table></div>
    ${parted}
    ${streak === null ? "" : `<p class="daily__streak" data-testid="daily-streak" data-streak="${streak}">${esc(t("daily.streak", { count: streak }))}</p>`}
    <h3 class="daily__sharetitle">${esc(t("daily.shareTitle"))}</h3>
    <pre class="daily__share" data-testid="daily-share" tabindex="0" aria-label="${esc(t("daily.shareTitle"))}">${esc(shareText(answer))}</pre>
    <p class="daily__msg" role="status"></p>
    <div class="dialog__actions">
      <button type="button" class="btn" data-act="copy">${esc(t("daily.copy"))}</button>
      ${navigator.share ? `<button type="button" class="btn" data-act="share">${esc(t("daily.share"))}</button>` : ""}
      <button type="button" class="btn btn--primary" data-act="close">${esc(t("action.close"))}</button>
    </div>`;
  // the replay viewer reads the master's record from the hand-off key (records.js), at the parting play
  d.querySelector("[data-act=replay]")?.addEventListener("click", () => {
    const err = writeJSON(REPLAY_KEY, answer.record);
    if (err) console.warn(`Settebello: could not hand the record to the viewer (${err.message})`);
  });
  d.querySelector("[data-act=close]:last-child").focus();
}

async function copy(d) {
  const text = shareText(last.answer);
  try {
    await navigator.clipboard.writeText(text);
    message(d, t("daily.copied"));
  } catch {
    // no clipboard here (an embed, an old browser): the text is selected for the player to copy
    const pre = d.querySelector(".daily__share");
    getSelection()?.selectAllChildren(pre);
    message(d, t("daily.selectToCopy"));
  }
}

async function share(d) {
  try { await navigator.share({ text: shareText(last.answer) }); }
  catch (err) { if (err?.name !== "AbortError") copy(d); }
}
