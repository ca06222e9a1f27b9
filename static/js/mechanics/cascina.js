// Scopa a cascina (SB30-SB36): the builds on the table, each a group of its cards with its value in
// its builder's colour; a build on a choice button and in a play's sentence. Its part of the view
// (py/scopa/mechanics/cascina.py `view_json`): {cascine: [{cards, value, owner}]}.
import { t, joinList, cardName, cardList, theCard, theCards } from "../i18n.js";

const boxes = new Map();  // a build's group on the table, by its first card (it keeps it while raised)

/** The element of the build whose first card is `first`: its cards and a badge with its value. */
function buildBox(first) {
  let box = boxes.get(first);
  if (!box) {
    box = document.createElement("div");
    box.className = "build"; box.setAttribute("role", "group");
    box.innerHTML = `<div class="build__cards"></div><span class="build__value" aria-hidden="true"></span>`;
    boxes.set(first, box);
  }
  return box;
}

export default {
  name: "cascina",

  /** The builds after the table's loose cards; their cards are table cards. */
  tableItems(part, v, stage, sync) {
    const elements = part.cascine.map((b) => {
      const box = buildBox(b.cards[0]);
      sync(box.querySelector(".build__cards"), b.cards.map((c) => stage.card(c)));
      box.querySelector(".build__value").textContent = String(b.value);
      box.dataset.side = String(v.side_of[b.owner]);
      box.setAttribute("aria-label", t("build.label", { value: b.value, name: v.players[b.owner], cards: joinList(b.cards.map(cardName)) }));
      return box;
    });
    return { elements, tableCards: part.cascine.flatMap((b) => b.cards) };
  },

  /** A build on a table card or a build (SB30, SB31), on a choice button. */
  playWords(p) {
    return p.build ? { parts: [t("play.build", { value: p.build.value, cards: cardList(p.build.onto) })] } : null;
  },

  /** A hinted build (SB30), said as a build, not as a lay: "Hint: play the 4 on the 5 and build 9." */
  hintWords(h) {
    return h.build ? t("hint.build", { card: theCard(h.card), cards: theCards(h.build.onto), value: h.build.value }) : null;
  },

  /** A build said as a sentence: "Anna played the 3 on the 4: a build of 7." */
  playSaid(e, { name, you }) {
    const build = e.build;
    if (!build || e.presa.length) return null;
    return t(`play.${you ? "you." : ""}built`, { name, card: theCard(e.card), cards: theCards(build.onto), value: build.value });
  },
};
