// The rules page, in a <dialog>: short, in the current language, illustrated with the
// project's own cards (cardart.js). Shown from the header's "Rules" button.
import { t, cardName } from "./i18n.js";
import { cardDataURL } from "./cardart.js";

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

function card(code, note = "") {
  return `<figure class="rc"><img src="${cardDataURL(code)}" alt="${esc(cardName(code))}">${note ? `<figcaption>${esc(note)}</figcaption>` : ""}</figure>`;
}
const row = (...items) => `<div class="rules__cards">${items.join("")}</div>`;
const plus = `<span class="rules__op" aria-hidden="true">+</span>`;
const arrow = `<span class="rules__op" aria-hidden="true">⟶</span>`;

/** The rules as HTML in the current language. */
export function rulesHTML() {
  const p = (k, params) => `<p>${esc(t(k, params))}</p>`;
  const prim = [["7D", 21], ["6C", 18], ["1B", 16], ["5S", 15], ["4D", 14], ["3C", 13], ["2B", 12], ["10S", 10]];
  return `
  <section><h3>${esc(t("rules.deckTitle"))}</h3>
    ${p("rules.deck")}
    ${row(card("1D", t("suit.D")), card("1C", t("suit.C")), card("1B", t("suit.B")), card("1S", t("suit.S")))}
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
