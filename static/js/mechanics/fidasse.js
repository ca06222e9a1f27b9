// Scopa a fidasse (SB60-SB66): a scopa claimed face down, trusted or doubted. The claim waiting on
// the table (a back where this view may not see its card), the cards face down in a pile, the
// question to the person who answers, the words of a claim and its answer, its replay and sheet.
// Its part of the view (py/scopa/mechanics/fidasse.py `view_json`): {claims: [...], claim:
// {seat, card, answer, true, by} | null (the one waiting), hidden: [n, per side]}.
import { t, cardName, joinList, theCard } from "../i18n.js";

// A claimed card nobody else may see has no element of its own (its code never reaches the page),
// so a back stands for it: `claimBack` on the table while the claim waits, then, trusted, in its
// side's pile (`pileBacks`), the same element, so it slides there.
let claimBack = null;
let adopt = false;       // the waiting claim's back was on the table and the claim no longer waits
const pileBackEls = new Map();  // side -> the backs in its pile, bottom first
let claimFrame = null;

/** The waiting claim on the table: its card, face up only where the view gives it, a tag naming
 *  its claimer, and a name for the screen reader. */
function claimedBox(c, v, stage, sync) {
  if (!claimFrame) {
    claimFrame = document.createElement("div");
    claimFrame.className = "claimed"; claimFrame.setAttribute("role", "img");
    claimFrame.innerHTML = `<div class="claimed__card"></div><span class="claimed__tag" aria-hidden="true"></span>`;
  }
  const mine = c.seat === v.seat;
  let card;
  if (c.card) {
    card = stage.card(c.card);
    card.classList.remove("card--down", "card--pile", "card--scopa", "card--candidate", "card--hint");
    card.tabIndex = -1; card.disabled = true;
  } else {
    claimBack ||= stage.back();
    claimBack.classList.remove("card--pile");
    card = claimBack;
  }
  card.setAttribute("aria-hidden", "true");
  card.style.removeProperty("--i");
  sync(claimFrame.querySelector(".claimed__card"), [card]);
  claimFrame.dataset.side = String(v.side_of[c.seat]);
  // its claimer sees its face through its back until it is turned face up (doubted: SB63, SB64)
  claimFrame.classList.toggle("claimed--mine", mine && !c.answer);
  claimFrame.querySelector(".claimed__tag").textContent = mine ? t("claim.tag.you") : t("claim.tag", { name: v.players[c.seat] });
  claimFrame.setAttribute("aria-label", mine && c.card ? t("claim.label.you", { card: cardName(c.card) })
    : t("claim.label", { name: v.players[c.seat] }));
  return claimFrame;
}

/** The claim waiting on the table, said: whose, and the card if this view has it. */
function sayClaimed(c, v) {
  return c.seat === v.seat && c.card ? t("claim.label.you", { card: cardName(c.card) }) : t("claim.label", { name: v.players[c.seat] });
}

/** A side losing a claim's point (SB63, SB64), said from `isYou`'s point of view. */
function pointLost(v, side, isYou) {
  const seats = v.sides[side] || [];
  const you = seats.find(isYou);
  const names = you === undefined ? seats.map((s) => v.players[s])
    : [t("claim.you"), ...seats.filter((s) => s !== you).map((s) => v.players[s])];
  return t(you === undefined ? "claim.point" : "claim.point.you", { count: seats.length, side: joinList(names) });
}

/**
 * A claimed scopa said as a sentence: made ("Anna lays a card face down and claims a scopa: vi
 * fidate?") or answered ("Bruno trusts you: you take the table.", "Bruno doubts: the Five of Clubs
 * could not sweep — it stays on the table and you lose a point."). `c`: {seat, card, answer, true,
 * by}, card and truth null where the viewer may not know them; `isYou(seat)` which seat is "you";
 * `scopa`: the engine says it was one; `askYou`: a pending claim the person must answer now.
 */
function claimSentence(v, c, { isYou = () => false, scopa = false, askYou = false } = {}) {
  const name = v.players[c.seat], by = c.by === null || c.by === undefined ? null : v.players[c.by];
  let text;
  if (!c.answer) {
    text = isYou(c.seat) && c.card ? t("claim.made.you", { card: theCard(c.card) })
      : t(askYou ? "claim.made.toYou" : "claim.made", { name });
  } else if (c.answer === "trust") {
    const key = isYou(c.by) ? "claim.trust.you" : isYou(c.seat) ? "claim.trust.yours" : "claim.trust";
    text = t(key, { name: by, claimer: name });
  } else {
    // doubted: the card is shown to everyone; the claimer's side loses a point if it was false,
    // the doubter's if it was true
    const loser = v.side_of[c.true ? c.by : c.seat];
    const key = `claim.${c.true ? "true" : "false"}${isYou(c.by) ? ".you" : ""}`;
    text = t(key, { name: by, card: theCard(c.card), point: pointLost(v, loser, isYou) });
  }
  if (scopa) text += " " + t("play.scopa");
  return text;
}

/** Made, the card goes face down from the claimer's hand to the table ("Vi fidate?"); answered,
 *  trusted, the table and the card (unseen) go to the claimer's pile; doubted, the card is turned
 *  face up where it lies, then taken with the table (true) or left there (false). */
async function showClaim(x, prev, next, e) {
  const c = e.claim;
  const askYou = !c.answer && next.waiting === "human" && next.pass_to === null && next.turn === next.seat;
  const said = () => claimSentence(next, c, { isYou: (s) => x.isYou(next, s), scopa: e.scopa, askYou });
  const text = said();
  x.status(said); x.announce(said);
  x.verdict(c.answer ? text : "");
  x.setView(next);
  if (!c.answer) {
    x.sound("play");
    x.callout(t("callout.claim"));
    await x.show(next, { from: e.seat, hideHand: next.pass_to !== null && prev.seat !== e.seat });
    await x.pause(x.PACE.show);
    return;
  }
  const waiting = prev.mechanics?.fidasse?.claim;
  if (e.moves.some((m) => m.kind === "reveal") && waiting) {
    // doubted: turned face up on the table, where it lay face down
    const part = { ...prev.mechanics.fidasse, claim: { ...waiting, card: c.card, answer: c.answer } };
    await x.show({ ...x.sceneOf(prev, next), mechanics: { ...next.mechanics, fidasse: part } });
    if (x.stop()) return;
    const el = x.$("table-cards").querySelector(".claimed .card");
    if (el && x.motion()) el.animate([{ rotate: "y 90deg" }, { rotate: "y 0deg" }], { duration: 280, easing: "ease-out" });
    await x.pause(x.PACE.show);
    if (x.stop()) return;
  }
  if (e.moves.some((m) => m.to.startsWith("pile:"))) {
    // trusted, or doubted and true: the whole table is taken with the claimed card, lit, then to the pile
    const lit = [...x.$("table-cards").querySelectorAll(".card")];
    for (const b of lit) b.classList.add("card--taking");
    x.sound(e.scopa ? "scopa" : "capture");
    if (e.scopa) x.callout(t("callout.scopa"));
    await x.pause(x.PACE.show);
    for (const b of lit) b.classList.remove("card--taking");
  } else {
    x.callout(t("callout.bluff"));
    await x.pause(x.PACE.after);
  }
  if (x.stop()) return;
  if (e.moves.some((m) => m.kind === "deal")) {
    // the table goes to its place before the fresh cards come: the engine's view without the deal
    await x.show({ ...x.sceneOf(next, next), hand: [...prev.hand], hand_counts: [...prev.hand_counts], deck_left: prev.deck_left });
    await x.pause(x.PACE.after);
    if (x.stop()) return;
  }
  await x.show(next);
  await x.pause(x.PACE.verdict);  // time to read who loses a point
}

/** Whether `e` is a play's event (it has moves) rather than a play in a view's list. */
const isEvent = (e) => Array.isArray(e.moves);

export default {
  name: "fidasse",

  /** The claim waiting for its answer, after the table's cards, in a frame of its claimer's colour;
   *  the back that stood for it goes to its pile once the claim no longer waits. */
  tableItems(part, v, stage, sync) {
    adopt = !!claimBack?.isConnected && !part.claim;
    if (!part.claim) return { elements: [] };
    return { elements: [claimedBox(part.claim, v, stage, sync)], held: part.claim.card ? [part.claim.card] : [] };
  },

  /** The cards face down in a side's pile that this view does not see (a trusted claim's, SB62). */
  pileShows(part, v, side) {
    return { hidden: part.hidden[side] || 0 };
  },

  /** The backs of side's face-down pile cards; the waiting claim's back joins them when it was on
   *  the table and the claim no longer waits. */
  pileBacks(part, v, side, stage) {
    const count = part.hidden[side] || 0;
    const backs = pileBackEls.get(side) || [];
    while (backs.length > count) backs.pop().remove();
    while (backs.length < count) {
      if (adopt && claimBack) { backs.push(claimBack); claimBack = null; } else backs.push(stage.back());
    }
    for (const e of backs) e.classList.add("card--pile");
    pileBackEls.set(side, backs);
    return backs;
  },

  describeTable(part, v) { return part.claim ? [sayClaimed(part.claim, v)] : []; },
  /** The person answers the claim waiting (SB61). */
  status(part) { return part.claim ? "status.answer" : null; },
  /** The question over the answers' buttons. */
  question(part, v) { return part.claim ? t("claim.ask", { name: v.players[part.claim.seat] }) : null; },

  /** A claim on a choice button, offered after the card's other plays. */
  playWords(p) { return p.claim ? { whole: t("play.claim") } : null; },
  offeredLast(p) { return p.claim ? true : null; },
  /** A hint that is an answer (trust, doubt) or a claim. */
  hintWords(h) {
    return h.answer ? t(`hint.${h.answer}`) : h.claim ? t("hint.claim", { card: theCard(h.card) }) : null;
  },

  /** A claim or an answer said: an event's own claim, or a play in the view's list (the hand's
   *  claims, in order, say who answered what). */
  eventSentence(e, v, opts = {}) {
    if (!e.claim || !v) return null;
    if (isEvent(e)) return claimSentence(v, e.claim, opts);
    const part = v.mechanics?.fidasse;
    const claimed = part && part.claims[(v.plays || []).filter((p) => p.claim).indexOf(e)];
    return claimed ? claimSentence(v, claimed, { ...opts, scopa: !!e.scopa }) : null;
  },

  /** A claim's event shown on the table. */
  showEvent(e, x, prev, next) { return e.claim ? showClaim(x, prev, next, e) : null; },

  /** The sheet's cell for the claims' points: how many (SB65). */
  sheetNote(cat, d) {
    return cat === "fidasse" ? ((d.fidasse || []).length ? t("sheet.claimCount", { count: d.fidasse.length }) : "") : null;
  },

  /** A claimed scopa in the replay (SB66), every card face up: who claimed with which card, who
   *  answered what, and whose side lost a point. */
  replayLine(e, r) {
    const c = e.claim;
    if (!c) return null;
    const params = { name: r.name(c.seat), card: theCard(c.card), by: c.by === null ? "" : r.name(c.by) };
    // "You claim…" when the claimer is You, "…; you trust" when You answered
    const words = (key, more = {}) =>
      r.tx(r.isYou(c.seat) ? `you.${key}` : c.by !== null && r.isYou(c.by) ? `by.you.${key}` : key, { ...params, ...more });
    if (!c.answer) return r.said("claim", c.seat, params);
    if (c.answer === "trust") {
      return words("claim.trust") + (e.scopa ? " " + r.tx("scopa") : "") + (c.true === false ? " " + r.tx("claim.bluff") : "");
    }
    const side = r.sideLabel(r.sideOf(c.true ? c.by : c.seat));
    return words(c.true ? "claim.true" : "claim.false", { side }) + (e.scopa ? " " + r.tx("scopa") : "");
  },
  /** The replay's event marked as a claim, its card face up beside the words. */
  replayEvent(e) { return e.claim ? { cls: "rp-event--claim", card: e.claim.card } : null; },
  /** A claim still waiting for its answer (a record saved then, SB66): its card, marked face down. */
  replayTable(step, r) {
    if (!step.claim) return [];
    const claimed = r.card(step.claim.card, "rp-card--table rp-card--claimed");
    claimed.setAttribute("aria-label", `${cardName(step.claim.card)} (${r.tx("claimed")})`);
    claimed.dataset.claimed = r.tx("claimed");
    return [claimed];
  },
};
