// The rules page, in a <dialog>: short, in the current language, illustrated with the
// project's own cards (cardart.js). Shown from the header's "Rules" button.
import { t, cardName } from "./i18n.js";
import { cardDataURL } from "./cardart.js";
import { esc } from "./names.js";
import { info } from "./store.js";

function card(code, note = "") {
  return `<figure class="rc"><img src="${cardDataURL(code)}" alt="${esc(cardName(code))}">${note ? `<figcaption>${esc(note)}</figcaption>` : ""}</figure>`;
}
const row = (...items) => `<div class="rules__cards">${items.join("")}</div>`;
const plus = `<span class="rules__op" aria-hidden="true">+</span>`;
const arrow = `<span class="rules__op" aria-hidden="true">⟶</span>`;

/** The primiera's values, highest first, each on one card of its rank (the highest rank of a
 *  value, the suits in turn): Python's values (describe's deck), as [code, value]. */
function primieraExamples() {
  const { cards, suits, primiera } = info().deck;
  const best = new Map();  // value -> the highest rank worth it
  for (const c of cards) if ((best.get(primiera[c.code]) ?? 0) < c.rank) best.set(primiera[c.code], c.rank);
  return [...best].sort((a, b) => b[0] - a[0]).map(([value, rank], i) =>
    [cards.find((c) => c.rank === rank && c.suit === suits[i % suits.length]).code, value]);
}

/** The rules as HTML in the current language. */
export function rulesHTML() {
  const p = (k, params) => `<p>${esc(t(k, params))}</p>`;
  const prim = primieraExamples();
  const ace = (suit) => info().deck.cards.find((c) => c.suit === suit && c.rank === 1).code;
  return `
  <section><h3>${esc(t("rules.deckTitle"))}</h3>
    ${p("rules.deck")}
    ${row(...info().deck.suits.map((s) => card(ace(s), t(`suit.${s}`))))}
    ${p("rules.values")}
    ${row(card("8C", "8"), card("9C", "9"), card("10C", "10"))}
  </section>
  <section><h3>${esc(t("rules.playTitle"))}</h3>
    ${p("rules.deal")}
    ${p("rules.capture")}
    ${row(card("7D"), arrow, card("3C"), plus, card("4B"))}
    ${p("rules.single")}
    ${row(card("5S"), arrow, card("5C"), `<span class="rules__not">${esc(t("rules.notSum"))}</span>`, card("2D"), plus, card("3S"))}
    ${p("rules.noCapture")}
  </section>
  <section><h3>${esc(t("rules.scopaTitle"))}</h3>
    ${p("rules.scopa")}
    <div class="rules__cards rules__pile" aria-hidden="true"><div class="rules__stack"></div>${card("6S")}</div>
    ${p("rules.handEnd")}
  </section>
  <section><h3>${esc(t("rules.scoreTitle"))}</h3>
    <ul class="rules__list">
      <li><strong>${esc(t("category.carte"))}</strong> — ${esc(t("rules.carte"))}</li>
      <li><strong>${esc(t("category.denari"))}</strong> — ${esc(t("rules.denari"))}</li>
      <li><strong>${esc(t("category.settebello"))}</strong> — ${esc(t("rules.settebello"))} ${row(card("7D"))}</li>
      <li><strong>${esc(t("category.primiera"))}</strong> — ${esc(t("rules.primiera"))}</li>
      <li><strong>${esc(t("category.scope"))}</strong> — ${esc(t("rules.scope"))}</li>
    </ul>
    <h4>${esc(t("rules.primieraValues"))}</h4>
    ${row(...prim.map(([c, n]) => card(c, String(n))))}
    ${p("rules.primieraNote")}
  </section>
  <section><h3>${esc(t("rules.winTitle"))}</h3>
    ${p("rules.win")}
    ${p("rules.variants")}
  </section>`;
}

/** Open the rules dialog (filled in the current language). */
export function openRules(dialog) {
  dialog.innerHTML = `<div class="rules">
    <header class="rules__head"><h2 id="rules-title">${esc(t("rules.title"))}</h2>
      <button type="button" class="btn rules__close">${esc(t("action.close"))}</button></header>
    <div class="rules__body">${rulesHTML()}</div></div>`;
  dialog.setAttribute("aria-labelledby", "rules-title");
  dialog.querySelector(".rules__close").addEventListener("click", () => dialog.close());
  dialog.showModal();
  dialog.querySelector(".rules__close").focus();
}
