// Declarations (SB10-SB14): said and called out before the card that makes them moves; what each
// side declared on the score sheet. Its part of the view (py/scopa/mechanics/accuse.py
// `view_json`): {accuse: [{seat, kind, name, cards, points}]}, this hand's so far, and {held:
// {seat: cards}}, the cards each other seat declared and still holds.
import { t, cardList, theCard } from "../i18n.js";

/** A declaration's name as said: its kind, and the value a wild card of the hand stands for in it
 *  (the engine's `wild`, the matta of R26): "Buona da dieci (three alike) with the Seven of Cups as 2". */
function kindName(a) {
  const kind = t(`accusa.${a.kind}`);
  return a.wild ? `${kind} ${t("accusa.wild", { card: theCard(a.wild.card), value: a.wild.value })}` : kind;
}

/** A declaration said at the table: "Anna declares ..." or "You declare ...". */
const saying = (a, v, isYou) => () => t(isYou(a.seat) ? "accusa.you" : "accusa.said", { name: v.players[a.seat],
  kind: kindName(a), cards: cardList(a.cards), points: a.points, count: a.points });

export default {
  name: "accuse",

  /** Each declaration an event made, said ("Anna declares ...") and called out, before its card. */
  calledOut(e, v, { isYou }) {
    return (e.accuse || []).map((a) => ({ said: saying(a, v, isYou), callout: kindName(a) }));
  },

  /** The declarations made with the deal itself, before any play (the dealer's table of 15, R24),
   *  with the dealt table's cards they took (shown on the table first, then taken). */
  dealt(part, v, { isYou }) {
    return v.plays.length ? null
      : (part.accuse || []).map((a) => ({ said: saying(a, v, isYou), callout: kindName(a), table: a.cards }));
  },

  /** The cards seat declared and still holds, shown face up in its hand for the hand (R25, SB84). */
  handShown(part, v, seat) {
    return (part.held || {})[seat] || null;
  },

  /** A declaration offered with a play, named (the question "Declare ...?", SB14). */
  declarationName(a) {
    return a && a.kind ? kindName(a) : null;
  },

  /** The rules page's figures of the declarations the game scores (SB10, SB11; the engine's rules
   *  page part `accuse`), each with its example hand; `x` draws: {card, row, esc}. */
  rulesFigures(page, x) {
    return (page.accuse || []).map((a) => `<figure class="rules__example"><figcaption>${x.esc(t("rulebook.accusePoints",
      { kind: t(`accusa.${a.kind}`), points: a.points }))}</figcaption>${x.row(...a.example.map((c) => x.card(c)))}</figure>`);
  },

  /** The sheet's cell for the declarations: what was declared (SB10). */
  sheetNote(cat, d) {
    return cat === "accuse" ? (d.accuse || []).map(kindName).join(", ") : null;
  },
};
