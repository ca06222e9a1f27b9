// Rubamazzo's steals (SB20-SB26): a pile lies face up, its top shown; a choice button says a pile
// taken by its top as a steal; a play's sentence says the piles it took, with their tops. Its part of the view
// (py/scopa/mechanics/steal.py `view_json`): {pile_tops: [code | null, per side]}.
import { t, theCard, joinList } from "../i18n.js";

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

  /** A steal said as a take of the piles ("Anna played the Four of Clubs and took the pile of 3
   *  cards topped by the Four of Swords."): an event's piles with their counts, a play of the
   *  view's list (which has none) with its tops alone. */
  playSaid(e, { name, you }) {
    return stealSentence(e, `play.${you ? "you." : ""}took`, name);
  },

  /** A pile stolen, among the match's best moments (story.js): who, how many cards, with which
   *  card, drawn beside the top it took (SB20). */
  momentSaid(m, v, { name }) {
    return m.kind === "steal"
      ? { text: t("story.steal", { name, count: m.count, card: theCard(m.card) }), cards: [m.card, m.top] } : null;
  },

  /** A steal in the view's list of plays, as the review keys say a take (access.js). */
  eventSentence(e, v, { isYou = () => false } = {}) {
    return stealSentence(e, `access.play${isYou(e.seat) ? ".you" : ""}.took`, v?.players?.[e.seat]);
  },
};

/** A play that stole a pile as the take it is (key: a "took" sentence), null for any other play. */
function stealSentence(e, key, name) {
  const tops = e.steal || (e.stolen || []).map((s) => s.cards[s.cards.length - 1]);
  if (!tops.length) return null;
  const piles = e.stolen
    ? e.stolen.map((s) => t("play.pile", { count: s.cards.length, card: theCard(s.cards[s.cards.length - 1]) }))
    : tops.map((c) => t("play.pileTop", { card: theCard(c) }));
  const fromTable = e.presa.filter((c) => !tops.includes(c)).map(theCard);
  return t(key, { name, card: theCard(e.card), cards: joinList([...fromTable, ...piles]) });
}
