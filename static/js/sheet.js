// The score sheet at the end of a hand: every category per side with what it counted, the
// primiera detail (the card counted in each suit, drawn small, and the totals), the napola's run
// (its denari drawn small), the hand points and the match score; "Review the hand" (review.js)
// and "Next hand". When the match is over, story.js draws the match's story instead, each hand's
// sheet made here by sheetTable.
import { t, cardName, suitName } from "./i18n.js";
import { art as cardDataURL } from "./deck.js";
import { winnerLine } from "./layout.js";
import { esc, sideName, sideNameHTML, categoryName } from "./names.js";
import { info } from "./store.js";
import { reviewButton, reviewRegion, wireReview } from "./review.js";
import * as mechanics from "./mechanics/index.js";


export function small(code) {
  return `<img class="mini" data-art="${esc(code)}" src="${cardDataURL(code)}" alt="${esc(cardName(code))}" title="${esc(cardName(code))}">`;
}

/** What a side's cell says under its points for a category ("22 cards"), as on a paper score
 *  sheet: nothing the points say already. The scope are counted by their points (one each), so
 *  their count is said only when a variant makes them worth something else; the Settebello's
 *  point says who took it. */
function counted(cat, d, pts, words) {
  if (words?.[cat] === "sevens") return t("sheet.sevensCount", { count: d.sevens });
  switch (cat) {
    case "scope": return pts === d.scope ? "" : t("sheet.scopeCount", { count: d.scope });
    case "carte": return t("sheet.cardCount", { count: d.cards });
    case "denari": return t("sheet.denariCount", { count: d.denari });
    case "settebello": return "";  // its point says who took it
    case "primiera": return d.primiera && "total" in d.primiera ? String(d.primiera.total) : "";
    case "settanta": return t("sheet.sevensCount", { count: d.sevens });
    default: return mechanics.sheetNote(cat, d) ?? "";  // a mechanic's own category (mechanics/: declarations, claims)
  }
}

/** The runs of denari (O8 napola; SB52 Cicera's napula, of spade) that scored, drawn small: the
 *  engine's scoring detail lists each run's cards (py/scopa/scoring.py). */
function runCell(runs) {
  return (runs || []).map((run) => `<div class="prim run" data-testid="napola-run">${run.map(small).join("")}</div>`).join("");
}

function primieraCell(d) {
  const p = d.primiera;
  if (!p) return "";
  if ("cards" in p) {
    const cards = info().deck.suits.map((s) => p.cards[s] ? small(p.cards[s]) : `<span class="mini mini--none" title="${esc(t("sheet.noSuit", { suit: suitName(s) }))}">–</span>`).join("");
    // the total is in the Primiera row just above: here only the cards, and a missing suit said
    return `<div class="prim">${cards}</div>${p.complete ? "" : `<div class="prim__total">${esc(t("sheet.incomplete"))}</div>`}`;
  }
  return esc(t("sheet.milanese", { sevens: p.sevens, sixes: p.sixes, assi: p.assi }));
}

/** The table of one hand's sheet: `r` a hand's result of view `v`, `running` the match score after
 *  it. A misère game (O12) marks every point as lost, and its scores are not drawn as good ones. */
export function sheetTable(v, r, { running = v.totals, testid = "sheet" } = {}) {
  const sides = v.sides.map((_, i) => i);
  const misere = !!v.rules.misere;
  const head = `<tr><th scope="col"><span class="visually-hidden">${esc(t("sheet.category"))}</span></th>${sides.map((i) =>
    `<th scope="col"><span class="side-dot" data-side="${i}"></span>${sideNameHTML(v, i)}</th>`).join("")}</tr>`;
  const rows = r.categories.map((cat) => `<tr data-category="${esc(cat)}"><th scope="row">${esc(categoryName(cat, v.words))}</th>${sides.map((i) => {
    const d = r.detail[i] || {};
    const pts = r.points[i][cat] ?? 0, note = counted(cat, d, pts, v.words);
    // points a side wants: won; in a misère game (O12) points, and anywhere a point taken away
    // (a traditional scopa that costs, SB6), are lost; nothing scored is plain (table.css)
    const mark = pts > 0 ? (misere ? "lost" : "won") : pts < 0 ? "lost" : "nil";
    const run = cat === "napola" || cat === "napula" ? runCell(d[cat]) : "";
    // the count in brackets for a screen reader ("0 (20 carte)"), not run into the points ("0 20 carte")
    const said = note ? `<span class="visually-hidden"> (</span><small>${esc(note)}</small><span class="visually-hidden">)</span>` : "";
    return `<td class="${mark}"><strong>${pts}</strong>${said}${run}</td>`;
  }).join("")}</tr>`).join("");
  const hasPrim = r.detail.some((d) => d.primiera);
  const prim = hasPrim ? `<tr class="sheet__prim"><th scope="row">${esc(t("sheet.primieraDetail"))}</th>${sides.map((i) =>
    `<td>${primieraCell(r.detail[i] || {})}</td>`).join("")}</tr>` : "";
  const target = v.rules.target;
  return `<div class="sheet__scroll"><table data-testid="${testid}" data-sides="${sides.length}"${misere ? ' class="sheet--misere"' : ""}>
      <thead>${head}</thead>
      <tbody>${rows}${prim}</tbody>
      <tfoot>
        <tr class="sheet__hand"><th scope="row">${esc(t("sheet.handPoints"))}</th>${r.totals.map((x) => `<td data-hand-total>${x}</td>`).join("")}</tr>
        <tr class="sheet__match"><th scope="row">${esc(t("sheet.matchScore"))}${target ? ` <small>${esc(t(misere ? "sheet.targetLoses" : "sheet.target", { target }))}</small>` : ""}</th>${running.map((x) => `<td data-match-total>${x}</td>`).join("")}</tr>
      </tfoot>
    </table></div>`;
}

/** A misère game's rule said once on its sheets (O12): the lowest score wins. */
export function misereNote(v) {
  return v.rules.misere ? `<p class="sheet__misere" data-testid="misere-note">${esc(t("story.misere"))}</p>` : "";
}

/** Fill `box` with the sheet of the last hand of view v; returns the button to focus. (A finished
 *  match's final sheet is story.js's.) */
export function renderSheet(box, v, { onNext, onNewGame }) {
  const r = v.results[v.results.length - 1];
  if (!r) return null;
  const over = v.phase === "over";
  const hand = v.results.length;
  box.innerHTML = `<div class="sheet__card" data-sides="${v.sides.length}">
    <h2 id="sheet-title">${esc(!over ? t("sheet.title", { n: hand }) : v.lesson ? t("lesson.over.title") : t("sheet.finalTitle"))}</h2>
    ${misereNote(v)}
    ${sheetTable(v, r)}
    ${over ? `<p id="over" class="sheet__winner">${esc(winnerLine(v))}</p>
      <div class="sheet__actions">${reviewButton(v, hand)}<button id="sheet-new" class="btn btn--primary">${esc(t("action.newGame"))}</button></div>`
    : `${playsOnNote(v)}<div class="sheet__actions">${reviewButton(v, hand)}${nextButton(v)}</div>`}
    ${reviewRegion(v, hand)}
  </div>`;
  box.setAttribute("aria-labelledby", "sheet-title");
  box.hidden = false;
  wireReview(box, v);
  const next = box.querySelector("#next"), again = box.querySelector("#sheet-new");
  next?.addEventListener("click", onNext);
  again?.addEventListener("click", onNewGame);
  return next || again || box.querySelector("#next-host");
}

/** Why another hand is played with the target reached (the view's plays_on: sides level at the
 *  top, or no side the lead ahead), in words; "" while the target is not reached. */
export function playsOnText(v) {
  if (!v.plays_on) return "";
  return t(`sheet.playsOn.${v.plays_on}`, { score: Math.max(...v.totals), lead: v.rules.lead });
}

function playsOnNote(v) {
  const text = playsOnText(v);
  return text ? `<p class="sheet__note" data-testid="plays-on">${esc(text)}</p>` : "";
}

/** Next hand; on the page of a seat at another device's table (people.js: its seat is the remote
 *  one), where only the host's device deals, the words that say so instead. */
function nextButton(v) {
  if (v.seats?.[v.seat]?.remote) {
    return `<p id="next-host" class="sheet__note" tabindex="-1" data-testid="sheet-host-deals">${esc(t("people.hostDeals"))}</p>`;
  }
  return `<button id="next" class="btn btn--primary">${esc(t("action.nextHand"))}</button>`;
}

/** The hand result + match totals + side names, as the `settebello:hand-end` event carries it. */
export function sheetData(v) {
  const r = v.results[v.results.length - 1];
  return { ...r, hand: v.results.length, totals_match: [...v.totals], target: v.rules.target,
    sides: v.sides.map((_, i) => sideName(v, i)), over: v.phase === "over", winner: v.winner };
}
