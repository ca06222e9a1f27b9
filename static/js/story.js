// The match's story, the final sheet once a match is over: who won, who won what (each category's
// points over the match, the hands each side won, the final score), the score hand by hand, the
// match's best moments (each scopa with who made it and in which hand, who took the Settebello,
// special sweeps, napola runs, declarations, a mechanic's own), then every hand's own sheet with its review
// (review.js); Rematch (the same table, a new deal) and New game; at another device's table, that
// the host may deal the rematch. Everything in it comes from
// Python: the view's `story` (py/settebello/story.py, added by py/settebello/session.py once the
// match is over).
import { t, theCard } from "./i18n.js";
import { winnerLine } from "./layout.js";
import { lostOnTime } from "./clock.js";
import { esc, sideName, sideNameHTML, categoryName } from "./names.js";
import { sheetTable, misereNote, small } from "./sheet.js";
import { reviewButton, reviewRegion, wireReview } from "./review.js";
import * as mechanics from "./mechanics/index.js";

const dot = (side) => `<span class="side-dot" data-side="${side}"></span>`;

/** Who a moment names: the seat's player when the engine knows the seat, else the side. */
function who(v, m) {
  return m.seat !== null && m.seat !== undefined ? v.players[m.seat] : sideName(v, m.side);
}

/** One moment of the match as a line: its hand, its words, its cards drawn small. */
function momentLine(v, m) {
  const name = who(v, m);
  let text, cards = [];
  switch (m.kind) {
    case "scopa":
      text = m.card ? t("story.scopa", { name, card: theCard(m.card) }) : t("story.scopaHidden", { name });
      if (m.card) cards = [m.card];
      break;
    case "special":
      text = t("story.special", { sweep: categoryName(m.special, v.words), name });
      if (m.card) cards = [m.card];
      break;
    case "settebello":
      text = t(m.rest ? "story.settebelloRest" : "story.settebello", { settebello: categoryName("settebello", v.words), name });
      cards = [m.card];
      break;
    case "napola": case "napula":
      text = t("story.run", { run: categoryName(m.kind, v.words), name: sideName(v, m.side), points: t("story.points", { count: m.cards.length }) });
      cards = m.cards;
      break;
    case "accusa":
      text = t("story.accusa", { kind: t(`accusa.${m.accusa}`), name, points: t("story.points", { count: m.points }) });
      cards = m.cards;
      break;
    case "napoleone":
      text = t("story.napoleone", { name: sideName(v, m.side) });
      break;
    default: {  // a moment of a mechanic's own (mechanics/: a pile taken whole)
      const own = mechanics.momentSaid(m, v, { name });
      if (!own) return "";
      ({ text, cards } = own);
    }
  }
  return `<li class="story__moment" data-kind="${esc(m.kind)}" data-hand="${m.hand}">
    <span class="story__what">${dot(m.side)}${esc(text)}</span>
    ${cards.length ? `<span class="story__cards">${cards.map(small).join("")}</span>` : ""}</li>`;
}

/** Each category's points over the match per side, the hands each side won and the final score. */
function whoWonWhat(v, st) {
  const sides = v.sides.map((_, i) => i);
  const misere = !!st.misere;
  const head = `<tr><th scope="col"><span class="visually-hidden">${esc(t("sheet.category"))}</span></th>${sides.map((i) =>
    `<th scope="col"${i === st.winner ? ' class="story__winner"' : ""}>${dot(i)}${sideNameHTML(v, i)}</th>`).join("")}</tr>`;
  const rows = st.categories.map((cat) => `<tr data-category="${esc(cat)}"><th scope="row">${esc(categoryName(cat, v.words))}</th>${sides.map((i) => {
    const pts = st.by_category[i][cat] ?? 0;
    // the side that made the most of a category over the match (a misère game's most is its worst)
    const most = Math.max(...sides.map((k) => st.by_category[k][cat] ?? 0));
    const mark = pts < 0 ? "lost" : pts > 0 && pts === most ? (misere ? "lost" : "won") : "nil";  // nil: plain (table.css)
    return `<td class="${mark}"><strong>${pts}</strong></td>`;
  }).join("")}</tr>`).join("");
  return `<div class="sheet__scroll"><table data-testid="story-totals" data-sides="${sides.length}"${misere ? ' class="sheet--misere"' : ""}>
    <caption class="story__caption">${esc(t("story.whoWon"))}</caption>
    <thead>${head}</thead>
    <tbody>${rows}<tr class="story__hands-won"><th scope="row">${esc(t(misere ? "story.handsWonMisere" : "story.handsWon"))}</th>${st.hands_won.map((n) => `<td>${n}</td>`).join("")}</tr></tbody>
    <tfoot><tr class="sheet__match"><th scope="row">${esc(t("story.finalScore"))}</th>${st.totals.map((x) => `<td>${x}</td>`).join("")}</tr></tfoot>
  </table></div>`;
}

/** The score hand by hand: each hand's points per side and the match score after it. */
function byHand(v, st) {
  const sides = v.sides.map((_, i) => i);
  const head = `<tr><th scope="col">${esc(t("story.handCol"))}</th>${sides.map((i) => `<th scope="col">${dot(i)}${sideNameHTML(v, i)}</th>`).join("")}</tr>`;
  const rows = st.hands.map((h) => `<tr data-hand="${h.hand}"><th scope="row">${esc(t("story.hand", { n: h.hand }))}</th>${sides.map((i) =>
    `<td><strong>${h.result.totals[i]}</strong><small>${esc(t("story.after", { score: h.running[i] }))}</small></td>`).join("")}</tr>`).join("");
  return `<div class="sheet__scroll"><table data-testid="story-by-hand" data-sides="${sides.length}">
    <caption class="story__caption">${esc(t("story.byHand"))}</caption>
    <thead>${head}</thead><tbody>${rows}</tbody></table></div>`;
}

/** Fill `box` with the story of view v's finished match; returns the button to focus. */
export function renderStory(box, v, { onRematch, onNewGame }) {
  const st = v.story;
  // the moments hand by hand, in the order they happened
  const moments = st.hands.filter((h) => h.moments.length).map((h) => `<li class="story__group">
      <span class="story__when">${esc(t("story.hand", { n: h.hand }))}</span>
      <ul class="story__list">${h.moments.map((m) => momentLine(v, m)).join("")}</ul></li>`).join("");
  const hands = st.hands.map((h) => `<section class="story__hand" id="story-hand-${h.hand}" data-testid="story-hand" data-hand="${h.hand}" aria-labelledby="story-hand-${h.hand}-title">
      <h3 id="story-hand-${h.hand}-title">${esc(t("sheet.title", { n: h.hand }))}</h3>
      ${sheetTable(v, h.result, { running: h.running, testid: "story-sheet" })}
      ${v.can_review ? `<div class="story__review">${reviewButton(v, h.hand, { numbered: true })}</div>${reviewRegion(v, h.hand, { level: 4 })}` : ""}
    </section>`).join("");
  // a match lost on time says so (the clock's words); one lost before any hand ended has no
  // tables, moments or sheets to show (the review of 2026-11-30: empty tables, and "every point
  // came from the count" of a match without a point)
  const f = v.forfeit;
  const over = f ? lostOnTime(f, v).join(" ") : winnerLine(v);
  const told = st.hands.length ? `${whoWonWhat(v, st)}
    ${byHand(v, st)}
    <section class="story__section" aria-labelledby="story-moments-title">
      <h3 id="story-moments-title">${esc(t("story.moments"))}</h3>
      ${moments ? `<ol class="story__moments" data-testid="story-moments">${moments}</ol>` : `<p>${esc(t("story.noMoments"))}</p>`}
    </section>
    <section class="story__section" aria-labelledby="story-sheets-title">
      <h3 id="story-sheets-title">${esc(t("story.sheets"))}</h3>
      ${hands}
    </section>` : "";
  box.innerHTML = `<div class="sheet__card story" data-sides="${v.sides.length}" data-testid="story">
    <h2 id="sheet-title">${esc(t("sheet.finalTitle"))}</h2>
    <p id="over" class="sheet__winner"${f ? ' data-on-time=""' : ""}>${esc(over)}</p>
    ${misereNote(v)}
    ${told}
    ${v.seats?.[v.seat]?.remote ? `<p class="sheet__note" data-testid="story-host-rematch">${esc(t("people.hostRematch"))}</p>` : ""}
    <div class="sheet__actions story__actions">
      ${st.rematch ? `<button id="rematch" class="btn btn--primary" type="button">${esc(t("story.rematch"))}</button>` : ""}
      <button id="sheet-new" class="btn${st.rematch ? "" : " btn--primary"}" type="button">${esc(t("action.newGame"))}</button>
    </div>
  </div>`;
  box.setAttribute("aria-labelledby", "sheet-title");
  box.hidden = false;
  wireReview(box, v);
  const rematch = box.querySelector("#rematch"), again = box.querySelector("#sheet-new");
  rematch?.addEventListener("click", () => onRematch(st.rematch));
  again.addEventListener("click", onNewGame);
  return rematch || again;
}
