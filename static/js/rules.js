// The rules page, in a <dialog>: short, in the current language, illustrated with the
// project's own cards (cardart.js). Shown from the header's "Rules" button (the game on the table)
// and from the New game dialog (the game chosen there). For any game but classic Scopa it opens
// with what that game changes, as the engine lists it (py/settebello/rulebook.py), and an example
// of each capture rule that differs, the cards it may take being the engine's own answer.
import { t, cardName, theCard, joinList, hasText, suitName } from "./i18n.js";
import { art as cardDataURL, deckOptions, setDeck } from "./deck.js";
import { game } from "./engine.js";
import { esc, variantName } from "./names.js";
import { info, view } from "./store.js";
import { rulesFigures } from "./mechanics/index.js";
import { stylesheet } from "./modal.js";

function card(code, note = "") {
  return `<figure class="rc"><img data-art="${esc(code)}" src="${cardDataURL(code)}" alt="${esc(cardName(code))}">${note ? `<figcaption>${esc(note)}</figcaption>` : ""}</figure>`;
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

/** The rules as HTML in the current language, naming the cards as the deck on screen does; `page`,
 *  the game's rulebook (null: classic Scopa), says whether its figures count a number. */
export function rulesHTML(page = null) {
  const p = (k, params) => `<p>${esc(t(k, params))}</p>`;
  const prim = primieraExamples();
  const ace = (suit) => info().deck.cards.find((c) => c.suit === suit && c.rank === 1).code;
  const pics = info().rules_page;  // the engine's pictures of the classic rules (rulebook.classic_page)
  const presa = (cards) => cards.map((c) => card(c)).join(plus);
  return `
  <section><h3>${esc(t("rules.deckTitle"))}</h3>
    ${p("rules.deck", { suits: joinList(info().deck.suits.map(suitName)) })}
    ${row(...info().deck.suits.map((s) => card(ace(s), suitName(s))))}
    ${p(page?.figures_count === false ? "rules.valuesNumbers" : "rules.values")}
    ${row(...pics.figures.map(([c, value]) => card(c, String(value))))}
  </section>
  <section><h3>${esc(t("rules.playTitle"))}</h3>
    ${p("rules.deal")}
    ${p("rules.capture")}
    ${row(card(pics.capture.card), arrow, presa(pics.capture.takes[0]))}
    ${p("rules.single")}
    ${row(card(pics.single.card), arrow, presa(pics.single.takes[0]), `<span class="rules__not">${esc(t("rules.notSum"))}</span>`, presa(pics.single.not[0]))}
    ${p("rules.noCapture")}
  </section>
  <section><h3>${esc(t("rules.scopaTitle"))}</h3>
    ${p("rules.scopa")}
    <div class="rules__cards rules__pile" aria-hidden="true"><div class="rules__stack"></div>${card(pics.sweep)}</div>
    ${p("rules.handEnd")}
  </section>
  <section><h3>${esc(t("rules.scoreTitle"))}</h3>
    <ul class="rules__list">
      <li><strong>${esc(t("category.carte"))}</strong> — ${esc(t("rules.carte"))}</li>
      <li><strong>${esc(t("category.denari"))}</strong> — ${esc(t("rules.denari"))}</li>
      <li><strong>${esc(t("category.settebello"))}</strong> — ${esc(t("rules.settebello"))} ${row(card(pics.settebello))}</li>
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

/** One change from classic Scopa as a sentence: "rulebook.<key>.<value>" for a switch or a
 *  choice, "rulebook.<key>" with {value} for a number, said by the game's own word for the key
 *  when it has one (`words`); the engine's words when the page has none. */
function changeText({ key, value }, words = {}) {
  // the game's own word for it (the engine's `words`, e.g. {napola: "piccola"}, R27)
  if (words[key] && hasText(`rulebook.${words[key]}.${value}`)) return t(`rulebook.${words[key]}.${value}`);
  if (hasText(`rulebook.${key}.${value}`)) return t(`rulebook.${key}.${value}`);
  if (hasText(`rulebook.${key}`)) return t(`rulebook.${key}`, { value });
  return `${key}: ${value}`;
}

/** The table of a game as one sentence: how many play, how they sit, the deal. */
function tableText(table) {
  const sitting = `${t("dialog.players", { count: table.players })}, ${t(`teams.${table.teams}`)}`;
  const deal = t(table.table_cards ? "dialog.deal" : "dialog.dealNoTable", { count: table.hand_size, table: table.table_cards });
  return `${sitting}: ${deal}.`;
}

/** An example: the card played, the table (and the other side's pile tops, where piles are taken), and what
 *  it may take ("or" between the choices). */
function exampleHTML(ex) {
  const takes = ex.takes.length
    ? `<div class="rules__takes">${ex.takes.map((presa) => `<div class="rules__cards">${card(ex.card)}${arrow}${presa.map((c) => card(c)).join(plus)}</div>`)
      .join(`<span class="rules__or">${esc(t("rulebook.or"))}</span>`)}</div>`
    : `<p>${esc(t("rulebook.takesNothing"))}</p>`;
  const caption = hasText(`rulebook.scene.${ex.scene}`) ? `rulebook.scene.${ex.scene}` : "rulebook.scene";
  const tops = ex.tops || [];  // the other side's pile tops a card may take (Python's example, SB20)
  return `<figure class="rules__example"><figcaption>${esc(t(caption, {
    card: theCard(ex.card), table: joinList(ex.table.map(cardName)), tops: joinList(tops.map(cardName)) }))}</figcaption>
    ${row(...ex.table.map((c) => card(c)), ...tops.map((c) => card(c, t("rulebook.pileTop"))))}${takes}
    ${tops.length && ex.takes.length ? `<p class="rules__steals">${esc(t("rulebook.steals"))}</p>` : ""}</figure>`;
}

/** What a game changes from classic Scopa, or "" for classic Scopa itself. */
function changesHTML(page) {
  if (!page?.changes.length) return "";
  return `<section class="rules__changes"><h3>${esc(t("rulebook.changesTitle", { variant: variantName(page.variant) }))}</h3>
    <ul class="rules__list">${page.changes.map((c) => `<li>${esc(c.key === "table" ? tableText(c) : changeText(c, page.words))}</li>`).join("")}</ul>
    ${rulesFigures(page, { card, row, esc })}
    ${page.examples.map(exampleHTML).join("")}
    ${(page.offers || []).length ? `<h4 class="rules__offers">${esc(t("rulebook.offersTitle", { variant: variantName(page.variant) }))}</h4>
    <ul class="rules__list">${page.offers.map((o) => `<li>${esc(changeText(o, page.words))}</li>`).join("")}</ul>
    ${page.offers.flatMap((o) => o.examples).map(exampleHTML).join("")}` : ""}
    <p class="rules__then">${esc(t("rulebook.then"))}</p></section>`;
}

/** Open the rules dialog (filled in the current language) for a game ({variant, options}; classic
 *  Scopa when none): what it changes first, then the rules of classic Scopa. */
export async function openRules(dialog, which = null) {
  let page = null;
  if (which?.variant) {
    try { page = await game("rulebook", { variant: which.variant, options: which.options ?? {} }); }
    catch { page = null; }  // a refusal: the classic rules alone (the engine's error went to the console if a bug)
  }
  await stylesheet("rules");  // (its looks: static/css/rules.css, linked the first time)
  const title = page?.changes.length ? t("rulebook.title", { variant: variantName(page.variant) }) : t("rules.title");
  const onScreen = deckOptions();  // the game's own cards come back when the page closes
  setDeck(page?.rules);  // SB37: the page draws its game's cards
  dialog.addEventListener("close", () => setDeck(onScreen), { once: true });
  dialog.innerHTML = `<div class="rules">
    <header class="rules__head"><h2 id="rules-title">${esc(title)}</h2>
      <button type="button" class="btn rules__close">${esc(t("action.close"))}</button></header>
    <div class="rules__body">${changesHTML(page)}${rulesHTML(page)}</div></div>`;
  dialog.setAttribute("aria-labelledby", "rules-title");
  dialog.querySelector(".rules__close").addEventListener("click", () => dialog.close());
  // over the table alone (not over New game), a wide screen shows the page at its side and the
  // cards beside it in sight, so a rule can be read against them (table.css); a table of two only,
  // whose felt has room to move aside (the seats around a larger one would go under the page or
  // off the screen: the review of 2026-12-02)
  dialog.classList.toggle("rules--beside", !document.querySelector("dialog[open]") && view()?.players?.length === 2);
  dialog.onclick = (e) => {  // beside the table, a click on the table's side closes it, as a side sheet does
    const r = dialog.getBoundingClientRect();
    if (e.target === dialog && dialog.classList.contains("rules--beside") && e.clientX < r.left) dialog.close();
  };
  dialog.showModal();
  dialog.scrollTop = 0;  // a new page starts at its top, whatever was read before
  dialog.querySelector(".rules__close").focus();
}
