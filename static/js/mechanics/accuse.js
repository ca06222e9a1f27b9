// Declarations (SB10-SB14): said and called out before the card that makes them moves; what each
// side declared on the score sheet. Its part of the view (py/scopa/mechanics/accuse.py
// `view_json`): {accuse: [{seat, kind, name, cards, points}]}, this hand's so far.
import { t, cardList } from "../i18n.js";

export default {
  name: "accuse",

  /** Each declaration an event made, said ("Anna declares ...") and called out, before its card. */
  calledOut(e, v, { isYou }) {
    return (e.accuse || []).map((a) => ({
      said: () => t(isYou(a.seat) ? "accusa.you" : "accusa.said", { name: v.players[a.seat],
        kind: t(`accusa.${a.kind}`), cards: cardList(a.cards), points: a.points }),
      callout: t(`accusa.${a.kind}`),
    }));
  },

  /** The sheet's cell for the declarations: what was declared (SB10). */
  sheetNote(cat, d) {
    return cat === "accuse" ? (d.accuse || []).map((a) => t(`accusa.${a.kind}`)).join(", ") : null;
  },
};
