// A look back at a hand (issue 28): the score sheet's "Review the hand" and what it shows, the
// person's plays that cost most against the computer's best play (py/scopa_ai/review.py judges
// them from what the person could see; py/settebello/lookback.py keeps the judgements). Each look
// draws the position with the game's cards (the table and the person's hand, as deck.js draws them),
// says the play made and the better one, why (coach.js's words for the reason) and the points it
// cost (in the unit the review gives: the hand's points, or the match's chance beside them), and
// links to that play in the replay viewer. This module holds no rule: whether a game has a review
// is the view's `can_review`.
//
//   lookAhead()                      the worker judges the persons' plays made so far, saying nothing
//                                    (the table asks while the computers play, so the review is ready
//                                    when the sheet shows)
//   reviewButton(v, hand)            the button, as HTML ("" where the game has no review)
//   reviewRegion(v, hand, {level})   the region it opens, empty and hidden, as HTML
//   wireReview(box, v)               make the buttons under box work (again after a redraw)
import { game } from "./engine.js";
import { t, cardName, theCard, theCards, language } from "./i18n.js";
import { art } from "./deck.js";
import { reasonText } from "./coach.js";
import { esc, levelName, refusalText } from "./names.js";
import { writeJSON } from "./storage.js";
import { REPLAY_KEY, viewerHref } from "./records.js";
import { view } from "./store.js";

// Per view (the table's current one: a new hand or game is a new view), the reviews asked for,
// by hand: {open, data}. A redraw of the same sheet (the language changed) shows them again.
const asked = new WeakMap();

/** Judge the persons' plays made so far in the worker, in the background; nothing comes back. */
export function lookAhead() {
  game("review_ahead").catch(() => {});
}

/** The button that opens hand `hand`'s review (the sheet's number) in view v, as HTML; "" where the
 *  game has no review. Its region is `reviewRegion`'s, anywhere under the same box. `numbered`:
 *  the hand's number in its words, where several hands' buttons are on one sheet (the match's
 *  story: a screen reader's list of buttons said "Review the hand" three times). */
export function reviewButton(v, hand, { numbered = false } = {}) {
  if (!v.can_review) return "";
  const words = numbered ? t("review.buttonHand", { n: hand }) : t("review.button");
  return `<button type="button" class="btn review__toggle" id="review-${hand}-btn" data-review-hand="${hand}" aria-expanded="false" aria-controls="review-${hand}">${esc(words)}</button>`;
}

/** The (empty, hidden) region of hand `hand`'s review, its heading at `level`, the looks' below. */
export function reviewRegion(v, hand, { level = 3 } = {}) {
  if (!v.can_review) return "";
  const id = `review-${hand}`;
  return `<section class="review" id="${id}" data-testid="review" data-level="${level}" aria-labelledby="${id}-title" hidden>
      <h${level} id="${id}-title" class="review__title">${esc(t("review.title", { n: hand }))}</h${level}>
      <p class="review__intro">${esc(t("review.intro"))}</p>
      <p class="review__status" role="status"></p>
      <ol class="review__looks"></ol>
    </section>`;
}

/** Wire every review button under box for view v (a review open before a redraw opens again). */
export function wireReview(box, v) {
  if (!asked.has(v)) asked.set(v, new Map());
  const state = asked.get(v);
  for (const btn of box.querySelectorAll("button[data-review-hand]")) {
    const hand = Number(btn.dataset.reviewHand);
    const region = box.querySelector(`#${btn.getAttribute("aria-controls")}`);
    if (!region) continue;
    btn.addEventListener("click", () => toggle(btn, region, hand, state));
    if (state.get(hand)?.open) show(btn, region, hand, state);
  }
}

function toggle(btn, region, hand, state) {
  const entry = state.get(hand);
  if (entry?.open) {
    entry.open = false;
    btn.setAttribute("aria-expanded", "false");
    region.hidden = true;
    return;
  }
  show(btn, region, hand, state, true);
}

/** Open the review of `hand`: asked of the worker once per view, then drawn; `scroll`: brought into
 *  the sheet's view (a click; a redraw leaves the sheet where the reader had it). */
async function show(btn, region, hand, state, scroll = false) {
  let entry = state.get(hand);
  if (!entry) {
    entry = { open: true, data: game("review", { hand }) };
    state.set(hand, entry);
    // the replay viewer's record, so the looks' links open it (records.js hands it over the same way)
    game("record").then((record) => writeJSON(REPLAY_KEY, record)).catch(() => {});
  }
  entry.open = true;
  btn.setAttribute("aria-expanded", "true");
  region.hidden = false;
  const status = region.querySelector(".review__status");
  const list = region.querySelector(".review__looks");
  if (!list.children.length) status.textContent = t("review.loading");
  if (scroll) region.scrollIntoView({ block: "start" });
  let data;
  try { data = await entry.data; }
  catch (err) {
    state.delete(hand);  // asked again at the next click
    status.textContent = t("review.error", { message: refusalText(err) });
    return;
  }
  if (!region.isConnected) return;
  const level = Number(region.dataset.level) + 1;
  list.innerHTML = data.looks.map((look) => lookItem(look, level)).join("");
  // said when ready (the status line is a live region): how many plays there are to look at
  status.textContent = data.looks.length ? t("review.ready", { count: data.looks.length }) : t("review.none");
  region.dataset.ready = "true";
  if (scroll) region.scrollIntoView({ block: "start" });
}

/** One card drawn as the table draws it (deck.js's art), marked: "made", "better" or "taken". */
function cardImg(code, mark = "", note = "") {
  const label = note ? `${cardName(code)} (${note})` : cardName(code);
  const tag = mark === "made" ? t("review.yours") : mark === "better" ? t("review.better") : "";
  return `<li class="review__slot${mark ? ` review__slot--${mark}` : ""}"><img class="review__card" data-art="${esc(code)}" src="${art(code)}" alt="${esc(label)}" title="${esc(label)}">${tag ? `<span class="review__tag" aria-hidden="true">${esc(tag)}</span>` : ""}</li>`;
}

/** A play's words: what the person did ("made") or should have done ("best"). */
function playLine(kind, p) {
  return p.presa.length ? t(`review.${kind}.take`, { card: theCard(p.card), cards: theCards(p.presa) })
    : t(`review.${kind}.lay`, { card: theCard(p.card) });
}

function lookItem(look, level) {
  const { made, better } = look;
  const id = `look-${look.hand}-${look.play}`;
  const tableMark = (c) => better.presa.includes(c) ? ["taken", t("review.taken")] : made.presa.includes(c) ? ["took", t("review.yours")] : ["", ""];
  const handMark = (c) => c === better.card && c === made.card ? ["better", `${t("review.yours")}, ${t("review.better")}`]
    : c === better.card ? ["better", t("review.better")] : c === made.card ? ["made", t("review.yours")] : ["", ""];
  const table = look.table.length ? `<ul class="review__cards" aria-labelledby="${id}-table">${look.table.map((c) => cardImg(c, ...tableMark(c))).join("")}</ul>`
    : `<p class="review__empty">${esc(t("review.tableEmpty"))}</p>`;
  const hand = `<ul class="review__cards" aria-labelledby="${id}-hand">${look.cards.map((c) => cardImg(c, ...handMark(c))).join("")}</ul>`;
  const points = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(look.cost);
  // the unit is the review's (Python's): the hand's points, or the match's stakes said apart
  const cost = look.unit === "match"
    ? t("review.costMatch", { points, chance: new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 }).format(look.match_chance) })
    : t("review.cost", { points });
  const why = reasonText(look.reason);
  // at a table with people on other devices (a remote seat), which this page must not leave: in a
  // tab of its own whose Back to the game closes it (records.js openInViewer)
  const apart = !!view()?.seats?.some((s) => s.remote);
  const href = viewerHref(`from=game&hand=${look.hand}&play=${look.play}${apart ? "&back=close" : ""}`);
  return `<li class="review__look" data-testid="review-look" data-hand="${look.hand}" data-play="${look.play}" data-made="${esc(made.notation)}" data-better="${esc(better.notation)}">
    <h${level} class="review__when">${esc(t("review.play", { n: look.play }))}</h${level}>
    <div class="review__position">
      <div class="review__group"><p class="review__label" id="${id}-table">${esc(t("review.table"))}</p>${table}</div>
      <div class="review__group"><p class="review__label" id="${id}-hand">${esc(t("review.hand"))}</p>${hand}</div>
    </div>
    <p class="review__made">${esc(playLine("made", made))}</p>
    <p class="review__best">${esc(playLine("best", better))}</p>
    ${why ? `<p class="review__why">${esc(why)}</p>` : ""}
    ${look.hint ? `<p class="review__hinted" data-hint="${esc(look.hint)}">${esc(t("review.hinted", { level: levelName(look.hint) }))}</p>` : ""}
    <p class="review__cost" data-cost="${look.cost}" data-unit="${esc(look.unit)}">${esc(cost)}</p>
    <a class="review__replay" href="${esc(href)}"${apart ? ' target="_blank"' : ""}>${esc(t("review.replay", { n: look.play }))}</a>
  </li>`;
}
