// Names and formatting shared by the page's modules: HTML escaping, a side's name, a preset's
// name and description, a computer level's name, an engine refusal's words, a typed number.
// Card names are i18n.js's (cardName, theCard...).
import { t, joinList, theCard, theCards, cardName, wordsOf } from "./i18n.js";
import { info } from "./store.js";
import * as mechanics from "./mechanics/index.js";

/** Text made safe inside HTML markup and attribute values. */
export const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** Whether several people take turns at this device (a hot seat): "you" would be whoever holds it
 *  as the words are read, so the screen reader's sentences name each person instead (the review of
 *  2026-12-02: "Final score: Mamma and Giulia 1, You and Papà 4"). */
export const sharedDevice = (v) => (v?.seats || []).filter((s) => s?.human && !s.remote).length > 1;

/**
 * A side's name. Shown (score bar, piles, sheet): its players joined, "Anna & Carla". Spoken
 * (`{spoken: true}`, the screen reader's sentences): the shown player first and called "you",
 * joined as the language lists them, "You and Carla" (on a shared device, by name). `v` has `sides`
 * and `players` (a view, or a replay) and, for the spoken form, `seat`.
 */
export function sideName(v, side, { spoken = false } = {}) {
  const seats = v.sides[side] || [];
  if (!spoken) return seats.map((s) => v.players[s]).join(" & ");
  const me = sharedDevice(v) ? null : v.seat;
  const ordered = seats.includes(me) ? [me, ...seats.filter((s) => s !== me)] : seats;
  return joinList(ordered.map((s) => (s === me ? t("access.you") : v.players[s])));
}

/** A side's name as HTML for a table's header: the eye reads "Anna & Carla", a screen reader
 *  "Anna e Carla" (a reader says "&" as a symbol, "e commerciale"). */
export function sideNameHTML(v, side) {
  const seats = v.sides[side] || [];
  if (seats.length < 2) return esc(sideName(v, side));
  return `<span aria-hidden="true">${esc(sideName(v, side))}</span><span class="visually-hidden">${esc(joinList(seats.map((s) => v.players[s])))}</span>`;
}

/** A person's name as shown: a name the page gave by default ("You", "Player 2": seat.you,
 *  dialog.defaultName, or a computer's level) in whichever language gave it, said in the page's
 *  language now (the engine keeps the name it was given); any other name as it was typed. */
export function shownName(name) {
  if (typeof name !== "string") return name;
  if (wordsOf("seat.you").includes(name)) return t("seat.you");
  if (wordsOf("seat.masterInYourSeat").includes(name)) return t("seat.masterInYourSeat");  // today's deal's duplicate
  // a computer named after its level ("Beginner", "Expert 2": a tournament's entrants, and the
  // players of the matches in Statistics), in whichever language named it (issue 45)
  for (const l of info()?.levels || []) {
    const forms = new Set([...wordsOf(`level.${l.id}`), l.name, l.id.charAt(0).toUpperCase() + l.id.slice(1)]);
    for (const form of forms) {
      if (name === form) return levelName(l.id);
      const n = name.startsWith(`${form} `) ? name.slice(form.length + 1) : "";
      if (/^[1-9]\d?$/.test(n)) return `${levelName(l.id)} ${n}`;
    }
  }
  for (const form of wordsOf("dialog.defaultName")) {
    const [before, after] = form.split("{n}");
    if (after === undefined || !name.startsWith(before) || !name.endsWith(after)) continue;
    const n = name.slice(before.length, name.length - after.length);
    if (/^[1-9]\d?$/.test(n)) return t("dialog.defaultName", { n });
  }
  return name;
}

/** View v (or the engine's answer holding it) with its default names in the page's language
 *  (shownName): a person's ("You", "Player 2") and a computer named after its level (today's
 *  deal's "Master": the review of 2026-11-30); changed in place, so a scene made from it (sharing
 *  its lists) says them so too; called on each view the engine sends and again when the language changes. */
export function showNames(v) {
  if (!Array.isArray(v?.players) || !Array.isArray(v.seats)) return v;
  v.seats.forEach((seat, i) => {
    if (!seat) return;
    v.players[i] = shownName(v.players[i]);
    if (!seat.human) return;
    if (typeof seat.name === "string") seat.name = shownName(seat.name);
    if (v.forfeit?.seat === i) v.forfeit.name = shownName(v.forfeit.name);
  });
  return v;
}

/** A preset's name or description in the page's language, else the engine's words, else its id. */
export function variantText(id, what = "name") {
  const k = `variant.${id}.${what}`, s = t(k);
  if (s !== k) return s;
  const v = info()?.variants.find((x) => x.id === id);
  return v ? (what === "name" ? v.name : v.description) : id;
}

/** A preset's name ("Scopone scientifico"). */
export const variantName = (id) => variantText(id, "name");

/** A number typed in a field, as the engine takes it: "" is none, a whole number is that number,
 *  anything else goes as typed so the engine's refusal says what is wrong with it. */
export function typedNumber(text) {
  const s = String(text).trim();
  if (s === "") return undefined;
  const n = Number(s);
  return Number.isInteger(n) ? n : s;
}

/** What an engine refusal says, in the page's language when its reason has words here
 *  (static/i18n "refusal.<reason>"), else the engine's own sentence. */
export function refusalText(err) {
  if (err?.reason) {
    const k = `refusal.${err.reason}`, s = t(k, err.params || {});
    if (s !== k) return s;
  }
  return err?.message ?? String(err);
}

/** A refusal said in the page's words when they name it (a sentence of its own, put in `own`),
 *  else the engine's message put in `wrap` ("This record cannot be used: {why}"). */
export function refusalOr(err, wrap, own = (said) => said) {
  const said = refusalText(err);
  return err?.reason && said !== err.message ? own(said) : wrap(err?.message ?? String(err));
}

/** The text of a score category: its translated name when there is one, else the engine's id; by
 *  the game's own word for it when it has one (the view's `words`: the primiera's point for the
 *  most sevens is {primiera: "sevens"}, O7). */
export function categoryName(cat, words = {}) {
  if (cat.startsWith("carta:")) return t("category.carta", { card: cardName(cat.slice(6)) });  // SB53
  // the game's own word for it (the view's `words`, e.g. {napola: "piccola"}, R27)
  const k = `category.${words?.[cat] ?? cat}`, s = t(k);
  return s === k ? cat : s;
}

/** A play said as a sentence ("Anna played the Seven of Coins and took ..."), with "Scopa!" when
 *  it was one; `you`: said to the one person at the table who made it ("You played ..."). */
export function playSentence(name, e, { you = false } = {}) {
  // a play of a mechanic's own is said its own way (mechanics/: a build, a pile taken)
  let text = mechanics.playSaid(e, { name, you })
    ?? t(`play.${you ? "you." : ""}${e.presa.length ? "took" : "laid"}`, { name, card: theCard(e.card), cards: theCards(e.presa) });
  if (e.scopa) text += " " + t("play.scopa");
  if (e.special) text += " " + t(`play.special.${e.special}`);  // SB41, SB42
  if (e.tradizionale) text += " " + t("play.tradizionale");  // SB6: a sweep that costs a point
  return text;
}

/** A computer level's name in the page's language, else the engine's. */
export function levelName(id) {
  const k = `level.${id}`, s = t(k);
  if (s !== k) return s;
  return info()?.levels.find((l) => l.id === id)?.name ?? id;
}
