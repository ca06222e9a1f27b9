// The first lesson (issue 24, part 4): one guided hand of classic Scopa on a fixed deal. Python
// owns the lesson (py/settebello/lesson.py: the deck, both sides' plays, each step and its words'
// key); the view carries `lesson` = {step, text, cards, table, plays, options, say, turn, turns}
// and, at the hand's end, {step: "end", summary, sides, levels, level}. This module only shows it:
//
// - on a first visit a small welcome card in the notices' band below the title bar ("New to Scopa?
//   Play a guided hand" / "Skip"; notice.js: the table gives it room, nothing dealt is under it),
//   never in an embed, after a restored game, or with ?test unless the address says lesson=offer;
//   the game dealt meanwhile goes on (a computer that leads plays): an invitation, not a question
//   the table waits for; either answer is remembered (settebello.lesson) so it is not offered again;
// - during the lesson a coach bubble (its words in a polite live region) pointing at the card to
//   play, that card and the table cards it takes lit; another card is not played: the bubble
//   says which one to play;
// - at the end, inside the score sheet (titled as the lesson's end, layout.js's winnerLine saying
//   who took the hand), what the hand was worth count by count, the primiera with each side's
//   cards and values, then the levels to play against (Python's list, the easiest first in line
//   for a newcomer) — a press starts that game;
// - the game the lesson interrupts waits for its end: "End the lesson", or "Back to your match" on
//   the end's sheet, puts it back on the table as it was (a match under way waits in Records
//   meanwhile, history.js, so a closed page never loses it); Help says whether it waits, or why the
//   lesson cannot be played now (people on other devices at the table: access.js).
// It starts the lesson and the chosen game through store.js's "command" news (table.js's
// startGame), and is started again from the Help dialog ({type: "lesson"} command, access.js).
import { on, onView, emit, view as currentView, info } from "./store.js";
import { showNotice } from "./notice.js";
import { t, hasText, theCard, theCards, cardName, language, onLanguageChange } from "./i18n.js";
import { readText, writeText, ownKey } from "./storage.js";
import { levelName, sideName, categoryName } from "./names.js";
import { announce } from "./announce.js";
import { computerName, loadPrefs, savePrefs } from "./dialog.js";
import { pointerInput } from "./input.js";
import { game } from "./tablestate.js";
import { underWay, keepMatch, keptSave, forget } from "./history.js";
import { readJSON, writeJSON, remove, scoped } from "./storage.js";
import { slot } from "./tabs.js";
import { focusTheDeal } from "./table.js";

export const LESSON_KEY = ownKey("settebello.lesson");  // this deployment's (storage.js)
const LESSON_ID = "first";
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

let firstOp = null;   // the request that brought the page's first view ("restore": not a first visit)
let coach = null;     // the bubble
let wanted = [];      // the hand cards the step allows

/** Put the offer away (the band below the title bar goes, the table has its room back). */
function closeOffer() {
  $("lesson-offer")?.remove();
}

/** Remember that the lesson was offered and answered (played or skipped). */
function markSeen() { writeText(LESSON_KEY, "seen"); }

/** Whether to offer the lesson now: a first visit of a player, not an embed or a test. */
function shouldOffer() {
  if (params.get("embed") === "1") return false;
  if (params.has("test") && params.get("lesson") !== "offer") return false;
  if (readText(LESSON_KEY) !== null) return false;
  if (firstOp === "restore" || readText(ownKey("settebello.stats")) !== null) return false;
  return !currentView()?.lesson;
}

/** "the Seven of Coins or the Seven of Cups". */
function orList(items) {
  try { return new Intl.ListFormat(language(), { type: "disjunction" }).format(items); }
  catch { return items.join(" / "); }
}

function button(text, cls, onClick, testid) {
  const b = document.createElement("button");
  b.type = "button"; b.className = cls; b.textContent = text;
  if (testid) b.dataset.testid = testid;
  b.addEventListener("click", onClick);
  return b;
}

// ------------------------------------------------------------------ the welcome card

function offer() {
  $("lesson-offer")?.remove();
  // in the notices' band (notice.js), not over the table: the cards dealt stay in sight and the
  // game goes on meanwhile (a computer that leads plays; the person may play instead of answering)
  const box = showNotice({ id: "lesson-offer", role: "region", text: t("lesson.offer.text"), testid: "lesson-offer",
    buttons: [
      { label: t("lesson.offer.start"), primary: true, testid: "lesson-start", onClick: () => startLesson() },
      { label: t("lesson.offer.skip"), testid: "lesson-skip", onClick: () => {
        markSeen(); closeOffer();
        // the focus back in the hand, where the game goes on (Help, named in the words, is a Tab away)
        if (!pointerInput) ($("hand-cards").querySelector('.card:not([aria-disabled="true"])') || $("hand-cards")).focus();
        announce(t("lesson.offer.skipped"));
      } }] });
  box.classList.add("lesson-offer");
  const [start, skip] = box.querySelectorAll("button");
  start.classList.add("btn", "btn--primary"); skip.classList.add("btn");
  const h = document.createElement("h2"); h.id = "lesson-offer-title"; h.className = "lesson-offer__title";
  h.textContent = t("lesson.offer.title");
  box.prepend(h);
  box.setAttribute("aria-labelledby", h.id);
  // first in the table's tab order, right after the bar; the question has the focus, not a card
  // of the hand (issue 45), and keeps it (table.js's focusHand leaves a [data-keeps-focus] alone)
  box.dataset.keepsFocus = "";
  announce(`${t("lesson.offer.title")} ${t("lesson.offer.text")}`);
  if (!pointerInput) start.focus({ preventScroll: true });
}

/** Start the lesson (from the welcome card or the Help dialog); the game on the table waits for its end. */
async function startLesson() {
  markSeen();
  closeOffer();
  if (!lessonAllowed()) return;
  await keepForLater(currentView());
  const levels = info()?.levels || [];
  const config = { lesson: LESSON_ID, seats: [{ human: true, name: t("seat.you") },
    { human: false, level: levels[0]?.id, name: computerName(1) }] };
  emit("command", { type: "new-game", config });
}

// ------------------------------------------------------------------ the coach bubble

function ensureCoach() {
  if (coach?.isConnected) return coach;
  coach = document.createElement("aside");
  coach.id = "lesson-coach"; coach.className = "coach"; coach.hidden = true;
  coach.setAttribute("aria-labelledby", "lesson-coach-title");
  coach.dataset.testid = "lesson-coach";
  coach.innerHTML = `<div class="coach__head"><p id="lesson-coach-title" class="coach__title"></p></div>
    <p id="lesson-text" class="coach__text" aria-live="polite" data-testid="lesson-text"></p>
    <p id="lesson-note" class="coach__note" aria-live="assertive" data-testid="lesson-note"></p>`;
  coach.querySelector(".coach__head").append(button(t("lesson.end"), "btn btn--ghost coach__end", endLesson, "lesson-quit"));
  // in the tab order between the table and the hand
  $("me").before(coach);
  return coach;
}

/** End the lesson early: the game it interrupted comes back, else a new game of classic Scopa. */
async function endLesson() {
  hideCoach();
  if (!(await goBack())) emit("command", { type: "new-game", config: defaultConfig() });
}

// ------------------------------------------------------------------ the game the lesson interrupts

// Help's "Play the guided hand" dealt over the match on the table, and "End the lesson" a fresh one
// (the review: a match at 3–10 lost, not even in Records). Now the game on the table waits: a match
// under way in Records (history.js, with a "Play on" of its own should this page be closed), any
// other game (a fresh deal, a finished match) as its save; this tab's key (tabs.js) says which, so
// a reload during the lesson keeps it.
const backKey = () => `${scoped("settebello.lessonback")}:${slot()}`;
let back = null;  // {entry} (Records' id) or {save}, and match: whether a match was under way

const waiting = () => back ?? readJSON(backKey(), null);
/** Whether a match under way waits for the lesson's end (Help says so). */
export const matchWaits = () => !!waiting()?.match;
function setBack(b) {
  back = b;
  if (b) writeJSON(backKey(), b, { report: false });  // (storage full: this page still has it)
  else remove(backKey());
}

/** Whether the lesson may take the table: not while people on other devices play at it (their
 *  game would stop with nobody telling them). */
export function lessonAllowed(v = currentView()) {
  return !v?.seats?.some((s) => s.remote) && !location.hash.startsWith("#join=");
}

/** Keep the game on the table (view v) for the lesson's end; the lesson started again keeps what waits. */
async function keepForLater(v) {
  if (!v || v.lesson) return;
  const match = underWay(v);
  try {
    if (match) return setBack({ entry: (await keepMatch(v)).id, match });
  } catch (err) { console.warn(`Settebello: ${err.message}`); }  // Records full: its save, here
  try { setBack({ save: await game("save"), match }); } catch { setBack(null); }
}

/** The game the lesson interrupted, back on the table as it was; false when none waits (or the
 *  engine refuses its save: then it stays in Records). */
async function goBack() {
  const b = waiting();
  setBack(null);
  const save = b?.entry ? keptSave(b.entry) : b?.save;
  if (!save) return false;
  let view;
  try { view = await game("restore", save); } catch (err) {
    console.warn(`Settebello: the game before the lesson did not come back (${err.message})`);
    return false;
  }
  if (b.entry) forget(b.entry);  // on the table again, no longer waiting in Records
  await new Promise((done) => emit("command", { type: "restored", view, done }));
  focusTheDeal();  // the lesson's button that was pressed is gone: the focus goes to the hand
  return true;
}

function defaultConfig() {
  const d = info(), lv = d?.default_level;
  return { variant: d?.lesson.variant, options: {}, seats: [{ human: true, name: t("seat.you") }, { human: false, level: lv, name: computerName(1) }] };
}

function hideCoach() {
  if (coach) { coach.hidden = true; coach.querySelector("#lesson-note").textContent = ""; }
  wanted = [];
  $("lesson-style")?.remove();
}

/** The words of a step of the person's turn. */
function stepText(v, s) {
  // "Your {card}": the card's name; "Play {card}": with its article
  const card = s.cards[0] ? cardName(s.cards[0]) : "";
  switch (s.step) {
    case "capture": return t("lesson.step.capture", { card, taken: theCards(s.table) });
    case "choice": return t("lesson.step.choice", { card, options: orList(s.options.map(theCards)) });
    case "single": return t("lesson.step.single", { card, taken: theCards(s.table), sum: theCards(s.say.sum || []) });
    case "scopa": return t("lesson.step.scopa", { card, cards: theCards(s.table) });
    case "play_on": return `${t("lesson.step.play_on")} ${playText(s)}`;
    default: return playText(s);
  }
}

function playText(s) {
  const card = theCard(s.cards[0]);
  return s.table.length ? t("lesson.step.play.take", { card, cards: theCards(s.table) }) : t("lesson.step.play.lay", { card });
}

/** Light the step's cards: a style rule per card, so cards drawn later are lit too. */
function light(s) {
  let style = $("lesson-style");
  if (!style) { style = document.createElement("style"); style.id = "lesson-style"; document.head.append(style); }
  const sel = (where, codes) => codes.map((c) => `${where} .card[data-card="${c}"]`).join(", ");
  style.textContent = [
    s.cards.length ? `${sel("#hand-cards", s.cards)} { outline: 4px solid var(--coach, #ffd54a); outline-offset: 3px; animation: lesson-glow 1.6s ease-in-out infinite; }` : "",
    s.table.length ? `${sel("#table-cards", s.table)} { outline: 3px dashed var(--coach, #ffd54a); outline-offset: 3px; }` : "",
  ].join("\n");
}

let lastShown = "";
function showStep(v) {
  const s = v?.lesson;
  // on a phone the table's cards sit low while the lesson runs: the bubble's room is above them (lesson.css)
  document.body.classList.toggle("lesson-on", !!s);
  if (!s) { hideCoach(); lastShown = ""; return; }
  if (s.step === "end") { hideCoach(); return; }
  if (s.step === "wait" || v.waiting !== "human") { hideCoach(); return; }
  const box = ensureCoach();
  wanted = s.cards;
  light(s);
  box.querySelector("#lesson-coach-title").textContent = t("lesson.turn", { n: s.turn + 1, total: s.turns });
  const text = stepText(v, s);
  const key = `${s.turn}|${text}`;
  box.hidden = false;
  box.dataset.step = s.step;
  // the live region is shown before its words change, so a screen reader says them
  if (key !== lastShown) {
    lastShown = key;
    box.querySelector("#lesson-note").textContent = "";
    const el = box.querySelector("#lesson-text");
    el.textContent = "";
    requestAnimationFrame(() => { el.textContent = text; place(); });
  }
  place();
}

/** Put the bubble where it hides neither the choices of the step (the hand, the capture buttons,
 *  the table cards it points at) nor, where there is room, the rest of the table: beside the hand
 *  on a wide screen (its arrow on the card to play), else in the band between the bar and the
 *  table, else between the table and the hand, else just above the table's cards (over the bar's
 *  edge if it must), in smaller print if that is what fits, clear of the seats' name plates and
 *  piles; over a seat only where nothing else fits (a phone's capture choice); just above the hand
 *  as a last resort. */
const MARGIN = 8, GAP = 13, INSET = 17, LIFT = 20;  // px: from the window's edge, from what it points at, the arrow from a corner, a card raised
function place() {
  if (!coach || coach.hidden) return;
  const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height });
  const rectOf = (el) => box(el.getBoundingClientRect());
  const seen = (r) => r.width > 0 && r.height > 0;
  const grow = (r, by) => ({ ...r, left: r.left - by, top: r.top - by, right: r.right + by, bottom: r.bottom + by });
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const s = currentView()?.lesson;
  const target = $("hand-cards").querySelector(`.card[data-card="${wanted[0]}"]`);
  const handBox = rectOf($("hand-cards")), me = rectOf($("me"));
  const bar = rectOf(document.querySelector("header.bar"));
  const tr = target ? rectOf(target) : handBox;
  // what the bubble must leave in sight: every card of the hand (raised when chosen), the capture
  // choices and the table cards the step points at; and rather also the other table cards, the mazzo and the bar
  const handCards = [...$("hand-cards").querySelectorAll(".card")].map(rectOf).filter(seen)
    .map((r) => ({ ...r, top: r.top - LIFT }));
  const lit = new Set(s?.table || []);
  const tableCards = [...$("center").querySelectorAll("#table-cards .card, #deck")];
  // (each with room around it for the bubble's arrow; the bar without: the bubble may sit just below it)
  // and, just as much, who sits at the table: each opponent's name plate, hand and pile, and the piles
  // (on a phone the bubble sat on the top plate all lesson long: issue 45)
  const seats = [...document.querySelectorAll("#opponents .seat__head, #opponents .seat__hand, .pilebox")].map(rectOf).filter(seen);
  const step = [...handCards, ...[...$("choices").querySelectorAll("button")].map(rectOf).filter(seen),
    ...tableCards.filter((el) => lit.has(el.dataset.card)).map(rectOf).filter(seen)].map((r) => grow(r, GAP - 2));
  const must = [...step, ...seats];
  const rather = [...tableCards.map(rectOf).filter(seen).map((r) => grow(r, GAP - 2)), bar];
  const across = Math.max(bar.bottom, ...[...document.querySelectorAll("#opponents .seat")].map(rectOf).filter(seen)
    .filter((r) => r.top < window.innerHeight / 3).map((r) => r.bottom));
  const laid = tableCards.map(rectOf).filter(seen);
  const tableTop = laid.length ? Math.min(...laid.map((r) => r.top)) : rectOf($("center")).top;
  const tableBottom = laid.length ? Math.max(...laid.map((r) => r.bottom)) : rectOf($("center")).bottom;
  const tableRight = laid.length ? Math.max(...laid.map((r) => r.right)) : 0;
  const cards = rectOf($("table-cards"));
  const choices = [...$("choices").querySelectorAll("button")].map(rectOf).filter(seen);
  const below = Math.min(me.top, ...choices.map((r) => r.top), ...handCards.map((r) => r.top));
  const W = window.innerWidth, H = window.innerHeight;
  const size = (w) => { coach.style.width = `${w}px`; return coach.offsetHeight; };
  const clampArrow = (x, len) => Math.max(INSET, Math.min(len - INSET, x));
  const band = Math.min(W - 2 * MARGIN, 420), bandLeft = Math.max(MARGIN, (W - band) / 2);
  const tx = cards.height ? cards.left + cards.width / 2 : W / 2;
  const cx = tr.left + tr.width / 2;
  const show = (side, at, w) => {
    coach.dataset.side = side;
    coach.style.width = `${w}px`;
    coach.style.left = `${at.left}px`; coach.style.top = `${at.top}px`;
    coach.style.setProperty("--arrow", `${at.arrow}px`);
  };
  // each place: its side (where the arrow is), its width, and from the bubble's height its top, left and arrow
  const places = [
    // beside the hand, on its left (a wide screen)
    handBox.left - 30 >= 280 && { side: "left", w: Math.min(400, handBox.left - 30), at: (h, w) => {
      const top = Math.max(bar.bottom + MARGIN, Math.min(H - h - MARGIN, handBox.top + handBox.height / 2 - h / 2));
      return { left: handBox.left - 18 - w, top, arrow: clampArrow(tr.top + tr.height / 2 - top, h) };
    } },
    // the band between the bar and the table, its arrow towards the table
    { side: "top", w: band, at: () => ({ left: bandLeft, top: bar.bottom + MARGIN, arrow: clampArrow(tx - bandLeft, band) }) },
    // the band between the seat across the table and the table (on a phone the bar's band is that seat's)
    { side: "top", w: band, at: () => ({ left: bandLeft, top: across + MARGIN, arrow: clampArrow(tx - bandLeft, band) }) },
    // between the table and the hand, its arrow on the card to play
    { side: "bottom", w: band, at: (h, w) => {
      const left = Math.max(MARGIN, Math.min(W - w - MARGIN, cx - w / 2));
      return { left, top: below - GAP - h, arrow: clampArrow(cx - left, w) };
    } },
    // just above the table's cards, over the bar's edge if it must
    { side: "top", w: band, at: (h) => ({ left: bandLeft, top: tableTop - GAP - h, arrow: clampArrow(tx - bandLeft, band) }) },
    // on the felt beside the table's cards, its arrow towards them (a tablet's width: the bands
    // above the table are the seat across's, the review of 2026-11-30 at 1024 x 768)
    tableRight && W - MARGIN - (tableRight + GAP) >= 240 && { side: "right", w: Math.min(360, W - MARGIN - (tableRight + GAP)), at: (h) => {
      const mid = tableTop + (tableBottom - tableTop) / 2;
      const top = Math.max(bar.bottom + MARGIN, Math.min(below - GAP - h, mid - h / 2));
      return { left: tableRight + GAP, top, arrow: clampArrow(mid - top, h) };
    } },
  ].filter(Boolean);
  const fits = (p, avoid, compact) => {
    coach.classList.toggle("coach--compact", compact);
    const h = size(p.w), at = p.at(h, p.w);
    const r = { left: at.left, top: at.top, right: at.left + p.w, bottom: at.top + h };
    if (r.top < MARGIN || r.bottom > H - MARGIN || r.left < 0 || r.right > W) return null;
    return avoid.some((a) => meets(r, a)) ? null : at;
  };
  for (const [avoid, compact] of [[[...must, ...rather], false], [[...must, ...rather], true], [must, false], [must, true], [step, false], [step, true]]) {
    for (const p of places) {
      const at = fits(p, avoid, compact);
      if (at) return show(p.side, at, p.w);
    }
  }
  // nowhere clear of everything: just above the hand, in small print
  coach.classList.add("coach--compact");
  const h = size(band), left = Math.max(MARGIN, Math.min(W - band - MARGIN, cx - band / 2));
  return show("bottom", { left, top: Math.max(MARGIN, below - h - GAP), arrow: clampArrow(cx - left, band) }, band);
}
let placeTimer;
function placeSoon() { place(); clearTimeout(placeTimer); placeTimer = setTimeout(place, 450); }

/** A card the step does not ask for: not played; the bubble says which card to play. */
function guard(e) {
  const b = e.target.closest?.("#hand-cards .card");
  const s = currentView()?.lesson;
  if (!b || !s || !wanted.length || s.step === "end" || s.step === "wait") return;
  if (wanted.includes(b.dataset.card)) return;
  e.preventDefault(); e.stopImmediatePropagation();
  const note = coach?.querySelector("#lesson-note");
  if (note) {
    note.textContent = "";
    requestAnimationFrame(() => { note.textContent = t("lesson.wrong", { card: theCard(wanted[0]), tried: theCard(b.dataset.card) }); placeSoon(); });
  }
}

// ------------------------------------------------------------------ the end: the sheet's primiera, the levels

/** A side's number for each of them, as the sheet counts: "You 27, Bruno 13". */
const perSide = (v, counts) => counts.map((n, side) => `${sideName(v, side)} ${n}`).join(", ");

/** One count of the hand (the engine's summary row {category, counts, points}) as the lesson tells
 *  it: what it gives a point for, each side's count, who scored. */
function countLine(v, row) {
  const li = document.createElement("li");
  li.dataset.category = row.category;
  const name = document.createElement("strong");
  name.textContent = categoryName(row.category, v.words);
  const scored = row.points.map((n, side) => [n, side]).filter(([n]) => n > 0);
  const points = scored.length
    ? t("lesson.sum.points", { points: scored.map(([n, side]) => `${sideName(v, side)} ${n}`).join(", ") })
    : t("lesson.sum.none");
  const why = hasText(`lesson.sum.${row.category}`) ? `: ${t(`lesson.sum.${row.category}`)}` : "";
  li.append(name, `${why} — ${perSide(v, row.counts)}. ${points}`);
  return li;
}

/** At the hand's end, inside the score sheet: what the hand was worth, count by count (R7: scope,
 *  carte, denari, settebello, primiera), the primiera told card by card; then the levels to play
 *  next, the easiest (Python's choice for a newcomer) first in line. */
function sheetPanel() {
  const v = currentView(), s = v?.lesson;
  const sheet = $("sheet");
  if (!s || s.step !== "end" || sheet.hidden) return;
  const card = sheet.querySelector(".sheet__card");
  if (!card || card.querySelector(".lesson-end")) return;
  const panel = document.createElement("section");
  panel.className = "lesson-end coach coach--sheet"; panel.dataset.testid = "lesson-end";
  panel.setAttribute("aria-labelledby", "lesson-end-title");
  const h = document.createElement("h3"); h.id = "lesson-end-title"; h.textContent = t("lesson.sum.title");
  const text = document.createElement("p"); text.className = "coach__text"; text.setAttribute("aria-live", "polite");
  text.dataset.testid = "lesson-text";
  const counts = document.createElement("ul"); counts.className = "lesson-end__counts";
  for (const row of s.summary || []) {
    const li = countLine(v, row);
    if (row.category === "primiera") {
      // how the primiera is counted, and each side's cards with their values
      const how = document.createElement("p"); how.className = "lesson-end__how"; how.textContent = t("lesson.step.primiera");
      const lines = document.createElement("ul"); lines.className = "lesson-end__sides";
      for (const side of s.sides) {
        const item = document.createElement("li");
        const sum = side.cards.map((c) => `${cardName(c.card)} ${c.value}`).join(" + ");
        item.textContent = t("lesson.primiera.side", { side: sideName(v, side.side), cards: sum, total: side.total });
        if (side.point) { item.classList.add("lesson-end__won"); item.append(` — ${t("lesson.primiera.point")}`); }
        lines.append(item);
      }
      li.append(how, lines);
    }
    counts.append(li);
  }
  const ask = document.createElement("h3"); ask.textContent = t("lesson.levels.title"); ask.id = "lesson-levels-title";
  const row = document.createElement("div"); row.className = "lesson-end__levels"; row.setAttribute("role", "group");
  row.setAttribute("aria-labelledby", ask.id);
  for (const lv of s.levels) {
    const b = button(levelName(lv.id), lv.id === s.level ? "btn btn--primary" : "btn", () => playLevel(lv.id), `lesson-level-${lv.id}`);
    b.dataset.level = lv.id;
    if (lv.id === s.level) b.setAttribute("aria-describedby", "lesson-level-note");
    row.append(b);
  }
  const note = document.createElement("p"); note.id = "lesson-level-note"; note.className = "lesson-end__note";
  note.textContent = t("lesson.levels.gentle", { level: levelName(s.level) });
  // a match waits (Help's lesson in the middle of it): going back to it comes first, above the
  // hand's counts (under them it lay out of sight on a phone while it had the focus)
  const waits = matchWaits();
  if (waits) {
    const kept = document.createElement("p"); kept.id = "lesson-back-note"; kept.className = "lesson-end__note";
    kept.textContent = t("lesson.back.note");
    const again = button(t("lesson.back"), "btn btn--primary", () => goBack(), "lesson-back");
    again.setAttribute("aria-describedby", kept.id);
    const box = document.createElement("div"); box.className = "lesson-end__back";
    box.append(again, kept);
    panel.append(box);
    for (const b of row.querySelectorAll(".btn--primary")) b.classList.remove("btn--primary");
  }
  panel.append(h, text, counts, ask, row, note);
  card.querySelector(".sheet__actions")?.before(panel);
  requestAnimationFrame(() => { text.textContent = t("lesson.sum.intro"); });
  const first = panel.querySelector(".btn--primary") || row.querySelector("button");
  first?.focus({ preventScroll: true });
  // in sight: the way back with the panel's top, or else the level in focus at its foot
  if (waits) panel.scrollIntoView?.({ block: "start" });
  else first?.scrollIntoView?.({ block: "nearest" });
}

/** The lesson's last step: a match of the game it taught (classic Scopa, describe's `lesson`)
 *  against the chosen level, remembered for the next visit as the New game dialog remembers its
 *  choices. */
function playLevel(level) {
  const config = { ...defaultConfig() };
  config.seats = [config.seats[0], { ...config.seats[1], level }];
  const prefs = loadPrefs();
  if (!prefs || prefs.variant === config.variant) savePrefs({ ...(prefs || {}), variant: config.variant, seats: config.seats.map((x) => x.human ? { human: true, name: x.name } : { human: false, level: x.level }) });
  emit("command", { type: "new-game", config });
}

// ------------------------------------------------------------------ wiring

function start() {
  onView((v, op) => {
    if (firstOp === null) firstOp = op;
    if (op === "new_game" || op === "restore") closeOffer();
    // another game took the table after the lesson (a level, New game, Records): what waited stays
    // where it is (a match in Records)
    if ((op === "new_game" || op === "restore") && !v?.lesson) setBack(null);
    showStep(v);
    placeSoon();
  });
  on("ready", () => { if (shouldOffer()) offer(); });
  on("command", (d) => { if (d?.type === "lesson") startLesson(); });
  document.addEventListener("click", guard, true);
  // a player who picks a card of their hand instead of answering the offer is playing: the offer
  // goes (remembered as answered, as Skip is) and leaves the table and its capture choices free
  document.addEventListener("click", (e) => {
    if ($("lesson-offer") && e.target.closest?.("#hand-cards, #choices")) { closeOffer(); markSeen(); }
  }, true);
  new MutationObserver(sheetPanel).observe($("sheet"), { childList: true, attributes: true, attributeFilter: ["hidden"] });
  for (const type of ["resize", "settebello:notices"]) window.addEventListener(type, placeSoon);
  // the hand's section grows when the capture choices open, the table when cards come, the seats
  // across when the deal draws them (the bubble placed before sat on Bruno's seat: 1024 x 768)
  const watch = new ResizeObserver(() => place());
  for (const id of ["me", "center", "table-cards", "opponents"]) watch.observe($(id));
  onLanguageChange(() => {
    const box = $("lesson-offer");
    if (box) offer();
    lastShown = "";
    showStep(currentView());
    $("sheet").querySelector(".lesson-end")?.remove();
    sheetPanel();
  });
}
start();
