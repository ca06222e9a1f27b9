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
import { t } from "./i18n.js";
import { esc, refusalText } from "./names.js";
import { writeJSON } from "./storage.js";
import { REPLAY_KEY } from "./records.js";
import { stylesheet } from "./modal.js";

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
  // drawn, and styled, from the first opening on (not among an embed's first bytes)
  const drawing = Promise.all([import("./reviewlooks.js"), stylesheet("review")]);
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
  const [{ lookItem }] = await drawing;
  if (!region.isConnected) return;
  list.innerHTML = data.looks.map((look) => lookItem(look, level)).join("");
  // said when ready (the status line is a live region): how many plays there are to look at
  status.textContent = data.looks.length ? t("review.ready", { count: data.looks.length }) : t("review.none");
  region.dataset.ready = "true";
  if (scroll) region.scrollIntoView({ block: "start" });
}
