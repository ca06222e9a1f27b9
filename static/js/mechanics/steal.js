// Rubamazzo's steals (SB20-SB26): a pile lies face up, its top shown; a choice button says a pile
// taken by its top as a steal; a play's sentence says the piles it stole. Its part of the view
// (py/scopa/mechanics/steal.py `view_json`): {pile_tops: [code | null, per side]}.
import { t, theCard, cardList } from "../i18n.js";

export default {
  name: "steal",

  /** A side's pile shows its top face up (null: empty). */
  pileShows(part, v, side) {
    return { top: part.pile_tops[side] ?? null };
  },

  /** The tops a play takes are said as steals, not among the table cards it takes. */
  playWords(p) {
    const tops = p.steal || [];
    return tops.length ? { skip: tops, parts: tops.map((c) => t("play.steal", { card: theCard(c) })) } : null;
  },

  /** "It steals a pile of 3 cards." for each pile an event stole. */
  eventWords(e) {
    return (e.stolen || []).map((s) => t("play.stole", { count: s.cards.length })).join(" ") || null;
  },
};
