// The replay viewer (static/replay.html): any game record (RULES §6), step by step, forwards and
// backwards or playing itself at a pace chosen (▶ / ❚❚), with every card shown: each player's hand, the table, the piles, and each hand's
// score sheet. The engine (bridge.py's `replay`, py/scopa/replay.py) checks the record and
// computes every position; this page only renders the step it is on. The DOM holds no state:
// `replay` (the engine's answer) and `at` (the step index) are the whole state.
//
// Where the record comes from: a file the player opens (button, or dropped on the page), or the
// game page's "Replay this match" / "Open a record" (static/js/records.js, localStorage), or a
// play of a hand's review (static/js/review.js: `?from=game&hand=H&play=P` opens at that play).
import { connectEngine, markEngine, game } from "./engine.js";
import { artSVG as cardSVG, setDeck } from "./deck.js";
import { initLanguage, language, onLanguageChange, t, cardName, cardList, theCard, theCards } from "./i18n.js";
import { REPLAY_KEY } from "./records.js";
import { esc, sideName, variantName, categoryName, shownName, refusalOr } from "./names.js";
import { readText } from "./storage.js";
import { setInfo } from "./store.js";
import { checkJSONText, readJSONFile, RECORD_FILE } from "./filecheck.js";
import * as mechanics from "./mechanics/index.js";

/** The text for one of the viewer's strings (static/i18n/*.json, keys "replay.*"). */
function tx(key, params = {}) {
  return t(`replay.${key}`, params);
}

const $ = (id) => document.getElementById(id);
let engine = null;
let replay = null; // the engine's answer for the record being shown
let at = 0; // the step shown

// ------------------------------------------------------------------ loading a record

function message(textContent, bad = false) {
  const m = $("rp-message");
  m.textContent = textContent;
  m.hidden = !textContent;
  m.dataset.kind = bad ? "error" : "info";
  m.setAttribute("role", bad ? "alert" : "status");
}

/** Check a record with the engine and show it from its first step; a bad one changes nothing. */
export async function load(record) {
  let answer;
  try {
    answer = await engine.call("replay", record);
  } catch (err) {
    message(refusalOr(err, (why) => tx("bad", { why })), true);
    return false;
  }
  play(false);  // another record: whatever played stops
  replay = answer;
  setDeck(replay.rules);  // SB37: the record's cards, drawn and named as its game has them
  at = 0;
  message(await dealCheck(record));
  $("rp-view").hidden = false;
  $("rp-slider").max = String(replay.steps.length - 1);
  show();
  return true;
}

/** A record of a match with people on other devices carries each deal's commitments and
 *  reveals (py/settebello/people.py): whether its deals are the ones they drew, in words; "" for
 *  any other record. */
async function dealCheck(record) {
  const text = typeof record === "string" ? record : JSON.stringify(record);
  if (!text.includes('"fair_deal"')) return "";
  try {
    const v = await engine.call("people", { op: "verify", arg: { record } });
    return v.verified ? tx("dealVerified") : tx("dealNotVerified", { why: v.why });
  } catch (err) {
    return tx("dealNotVerified", { why: err.message });
  }
}

/** Show a record given as text or as a file, bounded and typed first (filecheck.js). */
async function loadText(textOrFile) {
  let record;
  try { record = typeof textOrFile === "string" ? checkJSONText(textOrFile, RECORD_FILE) : await readJSONFile(textOrFile, RECORD_FILE); }
  catch (err) { message(tx("bad", { why: err.message }), true); return false; }
  return load(record);
}

// ------------------------------------------------------------------ moving

const last = () => replay.steps.length - 1;
function go(i) {
  if (!replay) return;
  at = Math.max(0, Math.min(last(), i));
  show();
}
function handStart(i) { const h = replay.steps[i].hand; while (i > 0 && replay.steps[i - 1].hand === h) i--; return i; }
function nextHand() { const h = replay.steps[at].hand; let i = at; while (i < last() && replay.steps[i].hand === h) i++; go(i); }
function prevHand() { const s = handStart(at); go(s === at ? handStart(Math.max(0, at - 1)) : s); }

/** Go to the step of play `play` of hand `hand` (the hand's review links here: `?hand=&play=`), or
 *  stay at the start when the record has no such play. */
function jump(hand, play) {
  const i = replay.steps.findIndex((s) => s.hand === hand && s.play === play);
  if (i >= 0) go(i);
}

// ------------------------------------------------------------------ playing itself

/** How long each step shows while the replay plays itself (ms), by the pace chosen. */
const PACES = { slow: 2200, normal: 1200, fast: 450 };
let playing = null;  // the timer of the next step while the replay plays itself, else null

/** ▶ plays on from the step shown (from the start if it is at the end), one step at the pace
 *  chosen, until the end or ❚❚. */
function play(on) {
  clearTimeout(playing);
  playing = null;
  if (on && replay) {
    if (at === last()) go(0);
    const tick = () => {
      if (at >= last()) { play(false); return; }
      go(at + 1);
      playing = setTimeout(tick, PACES[$("rp-pace").value] ?? PACES.normal);
    };
    playing = setTimeout(tick, PACES[$("rp-pace").value] ?? PACES.normal);
  }
  const button = $("rp-play");
  button.setAttribute("aria-pressed", String(!!playing));
  button.setAttribute("aria-label", tx(playing ? "pause" : "play"));
  button.firstElementChild.textContent = playing ? "❚❚" : "▶";
}

function onKey(e) {
  if (!replay || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target instanceof HTMLInputElement && e.target.type === "range") return; // the slider moves itself
  const act = { ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), PageDown: nextHand, PageUp: prevHand,
    Home: () => go(0), End: () => go(last()) }[e.key];
  if (act) { act(); e.preventDefault(); }
}

// ------------------------------------------------------------------ drawing one step

function card(code, cls = "") {
  const d = document.createElement("span");
  d.className = `rp-card ${cls}`.trim();
  d.dataset.card = code;
  d.setAttribute("role", "img");
  d.setAttribute("aria-label", cardName(code));
  d.innerHTML = cardSVG(code);
  d.querySelector("svg")?.setAttribute("aria-hidden", "true");
  return d;
}
function cards(box, codes, cls) {
  box.replaceChildren(...codes.map((c) => card(c, cls)));
  if (!codes.length) { const e = document.createElement("span"); e.className = "rp-empty"; e.textContent = tx("empty"); box.append(e); }
}
const sideOf = (seat) => replay.side_of[seat];
const sideLabel = (side) => sideName(replay, side);

/** Whether a seat's player is the page's own "You" (the name a person gets when they give none):
 *  said in the second person ("You play…"), as the table says it, not "You plays…". */
const isYou = (seat) => replay.players[seat] === t("seat.you");
/** A sentence about `seat`'s doing: the "replay.you.*" words when it is "You". */
const said = (key, seat, params) => tx(isYou(seat) ? `you.${key}` : key, params);

function describe(step) {
  const name = (s) => replay.players[s];
  if (step.redeal) return tx("redeal", { hand: step.hand });
  const e = step.event;
  if (!e) return said("deal", step.dealer, { dealer: name(step.dealer), hand: step.hand });
  const own = mechanics.replayLine(e, wording);  // an event of a mechanic's own (mechanics/: a claim)
  if (own) return own;
  let s = e.presa.length ? said("took", e.seat, { name: name(e.seat), card: theCard(e.card), cards: theCards(e.presa) })
    : said("played", e.seat, { name: name(e.seat), card: theCard(e.card) });
  if (e.scopa) s += " " + tx("scopa");
  if (e.sweep && e.sweep.cards.length && e.sweep.seat !== null) s += " " + said("sweep", e.sweep.seat, { name: name(e.sweep.seat), cards: cardList(e.sweep.cards) });
  return s;
}

/** What a mechanic's renderer words a replay's events with (mechanics/): the replay's words,
 *  its players' names, sides and "You", and its cards. */
const wording = { tx, said, isYou, sideOf, sideLabel, name: (s) => replay.players[s], card: (code, cls) => card(code, cls) };

function show() {
  // the players' names as the page says them now ("You" is "Tu": then said in the you form, issue 45)
  replay.named ??= [...replay.players];
  replay.players = replay.named.map(shownName);
  const step = replay.steps[at];
  const plays = replay.steps.filter((s) => s.hand === step.hand).length - 1;
  $("rp-info").textContent = tx("info", { variant: variantName(replay.variant), players: replay.players.join(", "), count: replay.hands });
  $("rp-pos").textContent = step.play ? tx("pos", { hand: step.hand, play: step.play, plays }) : tx("posDeal", { hand: step.hand });
  $("rp-pos").dataset.hand = step.hand;
  $("rp-pos").dataset.play = step.play;
  $("rp-slider").value = String(at);
  $("rp-slider").setAttribute("aria-valuetext", $("rp-pos").textContent);
  $("rp-prev").disabled = $("rp-first").disabled = at === 0;
  $("rp-next").disabled = $("rp-last").disabled = at === last();
  const ev = $("rp-event");
  const words = document.createElement("span");
  words.className = "rp-event__text";
  words.textContent = describe(step);
  ev.replaceChildren(words);
  ev.classList.toggle("rp-event--scopa", Boolean(step.event?.scopa));
  // an event of a mechanic's own marked, its card face up beside its words: the replay shows
  // everything (mechanics/: a claim)
  const mark = step.event ? mechanics.replayEvent(step.event) : null;
  for (const cls of [...ev.classList].filter((c) => c.startsWith("rp-event--") && c !== "rp-event--scopa")) ev.classList.remove(cls);
  if (mark) ev.classList.add(mark.cls);
  if (mark?.card) ev.prepend(card(mark.card, "rp-card--event"));

  cards($("rp-table"), step.table, "rp-card--table");
  const extra = mechanics.replayTable(step, wording);  // what a mechanic leaves on the table (a claim waiting)
  if (extra.length) {
    $("rp-table").querySelector(".rp-empty")?.remove();
    $("rp-table").append(...extra);
  }
  $("rp-deck").textContent = tx("deckLeft", { count: step.deck_left });
  const played = step.event && !step.redeal ? step.event.card : null;
  const seats = $("rp-seats");
  seats.replaceChildren(...replay.players.map((player, seat) => {
    const box = document.createElement("article");
    box.className = `rp-seat rp-seat--side${sideOf(seat)}`;
    box.dataset.seat = seat;
    if (step.turn === seat) box.classList.add("rp-seat--turn");
    const head = document.createElement("h3");
    // who deals, who just played (said in words: a bare dot said nothing, the review of 2026-11-30)
    // and who plays next
    const just = played !== null && step.event.seat === seat;
    // said to the person when the seat is "You" ("Tu · hai appena giocato", the review of 2026-12-01)
    const badges = [seat === step.dealer ? said("dealer", seat) : "", just ? said("justPlayed", seat) : "",
      step.turn === seat ? said("turn", seat) : ""].filter(Boolean);
    head.textContent = player + (badges.length ? ` · ${badges.join(" · ")}` : "");
    const hand = document.createElement("div");
    hand.className = "rp-cards rp-cards--hand";
    cards(hand, step.hands[seat], "rp-card--hand");
    box.append(head, hand);
    if (just) box.classList.add("rp-seat--just");
    // the pile belongs to the side; it is shown with the side's first seat
    if (replay.sides[sideOf(seat)][0] === seat) {
      const side = sideOf(seat);
      const pile = document.createElement("div");
      pile.className = "rp-pile";
      const label = document.createElement("p");
      label.className = "rp-pile__label";
      // with partners, say whose pile it is (it is shown with the side's first seat only)
      const owner = replay.sides[side].length > 1 ? `${sideLabel(side)} · ` : "";
      label.textContent = `${owner}${tx("pile", { count: step.prese[side].length })} · ${tx("scope", { count: step.scope[side] })}`;
      label.dataset.pile = step.prese[side].length;
      label.dataset.scope = step.scope[side];
      const row = document.createElement("div");
      row.className = "rp-cards rp-cards--pile";
      cards(row, step.prese[side], "rp-card--pile");
      pile.append(label, row);
      box.append(pile);
    }
    return box;
  }));
  drawSheet(step);
}

function drawSheet(step) {
  const box = $("rp-sheet");
  const result = step.event?.hand_result;
  const heads = replay.sides.map((_, i) => `<th scope="col">${esc(sideLabel(i))}</th>`).join("");
  let html = "";
  if (result) {
    const rows = result.categories.map((c) => `<tr><th scope="row">${esc(categoryName(c, replay.words))}</th>${result.points.map((p) => `<td>${p[c] ?? 0}</td>`).join("")}</tr>`).join("");
    html += `<h2>${esc(tx("handPoints", { hand: step.hand }))}</h2><table class="rp-table" data-testid="rp-hand-sheet">
      <tr><th scope="col">${esc(tx("category"))}</th>${heads}</tr>${rows}
      <tr class="rp-total"><th scope="row">${esc(tx("handPoints", { hand: step.hand }))}</th>${result.totals.map((x) => `<td data-hand-total>${x}</td>`).join("")}</tr></table>`;
  }
  html += `<h2>${esc(tx("match"))}</h2><table class="rp-table"><tr>${heads}</tr>
    <tr>${step.totals.map((x) => `<td data-total>${x}</td>`).join("")}</tr></table>`;
  if (at === last()) {
    html += replay.winner !== null ? `<p class="rp-end" data-winner="${replay.winner}">${esc(tx("winner", { side: sideLabel(replay.winner) }))}</p>`
      : `<p class="rp-end">${esc(tx("unfinished"))}</p>`;
  }
  box.innerHTML = html;
}

// ------------------------------------------------------------------ page

function translate() {
  document.title = tx("title").replace(" · ", " — ");
  for (const el of document.querySelectorAll("[data-rp]")) el.textContent = tx(el.dataset.rp);
  for (const el of document.querySelectorAll("[data-rp-attr]")) {
    const [attr, key] = el.dataset.rpAttr.split(":");
    el.setAttribute(attr, tx(key));
  }
  $("rp-play").setAttribute("aria-label", tx(playing ? "pause" : "play"));
  if (replay) show();
}

function wire() {
  $("rp-first").addEventListener("click", prevHand);
  $("rp-prev").addEventListener("click", () => go(at - 1));
  $("rp-next").addEventListener("click", () => go(at + 1));
  $("rp-last").addEventListener("click", nextHand);
  $("rp-slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("rp-play").addEventListener("click", () => play(!playing));
  document.addEventListener("keydown", onKey);
  $("rp-open").addEventListener("click", () => $("rp-file").click());
  $("rp-file").addEventListener("change", async (e) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) await loadText(file);
  });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", async (e) => {
    e.preventDefault();
    const file = e.dataTransfer?.files?.[0];
    if (file && engine) await loadText(file);
  });
  onLanguageChange(translate);
  // deck.js: another deck style was chosen (or the remembered one arrived): draw the step again
  document.addEventListener("deckstyle", () => { if (replay) show(); });
}

async function main() {
  wire();
  // opened in a tab of its own beside a table with people (records.js): back to it is closing this one
  const query = new URLSearchParams(location.search);
  if (query.get("back") === "close") {
    document.getElementById("rp-back")?.addEventListener("click", (e) => { e.preventDefault(); window.close(); });
  } else if (query.has("lang")) {  // the table's language came in the address (records.js viewerHref): back in it
    document.getElementById("rp-back")?.addEventListener("click", (e) => { e.currentTarget.search = `?lang=${encodeURIComponent(language())}`; });
  }
  const languageReady = initLanguage();
  try {
    [engine] = await Promise.all([connectEngine(), languageReady]);
    setInfo(await game("variants"));  // the deck's cards, for their names
  } catch (err) {
    await languageReady.catch(() => {}); // say what went wrong in the player's language
    message(tx("bad", { why: err.message }), true);
    markEngine("error", err.message);
    return;
  }
  translate();
  const handed = readText(REPLAY_KEY), address = new URLSearchParams(location.search);
  if (handed && address.get("from") === "game") {
    if (await loadText(handed)) jump(Number(address.get("hand")), Number(address.get("play")));
  } else message(tx("choose"));
  markEngine("ready");
}
main();
