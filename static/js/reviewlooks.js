// A hand's review drawn (review.js imports it at the first opening): each look, the position with
// the game's cards, the play made and the better one, why, what it cost and a link to that play in
// the replay viewer.
import { t, cardName, theCard, theCards, language } from "./i18n.js";
import { art } from "./deck.js";
import { reasonText } from "./coach.js";
import { esc, levelName } from "./names.js";
import { viewerHref } from "./records.js";
import { view } from "./store.js";

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

/** One look of the review as HTML, its heading at `level`. */
export function lookItem(look, level) {
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
