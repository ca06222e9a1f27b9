// The registry of the mechanics' renderers (issue 42): one module a mechanic in this folder, each
// drawing and wording its own part of the view (`v.mechanics[name]`, made by the engine mechanic's
// `view_json`) and its own plays and events. The rest of the page asks these generic calls and
// never names a mechanic. The interface: docs/SITE.md, "The mechanics' renderers".
// The renderers are found, not listed: scripts/build.py writes static/vendor/mechanics.js, every
// module of this folder but this one, in the engine's order of the mechanics (scopa.mechanics.ORDER).
// Imported statically (not loaded by name with import() once a view names them) so every renderer
// is there for the first table drawn, which stays synchronous, and sw.js caches them with the rest.
import found from "../../vendor/mechanics.js";

/** Every renderer, in the engine's order of the mechanics. */
export const RENDERERS = Object.freeze([...found]);

/** The renderers of the mechanics view v plays, each with its part: [[renderer, part]]. */
export function active(v) {
  const parts = (v && v.mechanics) || {};
  return RENDERERS.filter((r) => r.name in parts).map((r) => [r, parts[r.name]]);
}

/** Ask `hook` of each active renderer of v with (part, v, ...args); the answers that are not null. */
function ask(v, hook, ...args) {
  return active(v).filter(([r]) => r[hook]).map(([r, part]) => r[hook](part, v, ...args)).filter((x) => x != null);
}

/** The first answer that is not null of any renderer to `hook` (a play's or an event's own). */
function first(hook, ...args) {
  for (const r of RENDERERS) {
    const x = r[hook] ? r[hook](...args) : null;
    if (x != null) return x;
  }
  return null;
}

/** Every renderer's answers to `hook` that are not null (a play's or an event's own). */
const every = (hook, ...args) => RENDERERS.map((r) => (r[hook] ? r[hook](...args) : null)).filter((x) => x != null);

/** What the mechanics put on the table after its loose cards: `elements`, in order; `tableCards`,
 *  the codes of cards in them drawn as table cards; `held`, other codes of cards they show. */
export function tableItems(v, stage, sync) {
  const out = { elements: [], tableCards: [], held: [] };
  for (const x of ask(v, "tableItems", stage, sync)) {
    out.elements.push(...(x.elements || [])); out.tableCards.push(...(x.tableCards || [])); out.held.push(...(x.held || []));
  }
  return out;
}

/** What side's pile shows beyond the cards it holds face up for this view: its face-up top (or
 *  null) and how many cards lie in it face down, unseen. */
export function pileShows(v, side) {
  const out = { top: null, hidden: 0 };
  for (const x of ask(v, "pileShows", side)) {
    if (x.top != null) out.top = x.top;
    out.hidden += x.hidden || 0;
  }
  return out;
}

/** The elements at the bottom of side's pile that stand for its cards face down. */
export const pileBacks = (v, side, stage) => ask(v, "pileBacks", side, stage).flat();
/** The cards of another seat's hand shown face up to this view (declared and still held: R25,
 *  SB10), by their codes; the rest of that hand is drawn as backs. */
export const handShown = (v, seat) => [...new Set(ask(v, "handShown", seat).flat())];
/** The screen reader's sentences about the table beyond its loose cards. */
export const describeTable = (v) => ask(v, "describeTable").flat();
/** The turn prompt's i18n key when a mechanic asks the person something, else null. */
export const status = (v) => ask(v, "status")[0] ?? null;
/** The question a mechanic asks over the answers' buttons, else null. */
export const question = (v) => ask(v, "question")[0] ?? null;

/** A legal play's own words on a choice button: `whole` (its words alone), or the table cards it
 *  takes that are not said as taken (`skip`) and the phrases said after the take (`parts`). */
export function playWords(p, v) {
  const out = { whole: null, skip: [], parts: [] };
  for (const x of every("playWords", p, v)) {
    out.whole ??= x.whole ?? null; out.skip.push(...(x.skip || [])); out.parts.push(...(x.parts || []));
  }
  return out;
}
/** Whether a play is offered after a card's other plays. */
export const offeredLast = (p) => first("offeredLast", p) === true;
/** A hint's words when the hinted play is a mechanic's own, else null. */
export const hintWords = (h) => first("hintWords", h);
/** A play said as a sentence when it is a mechanic's own ({name, you}), else null. */
export const playSaid = (e, opts) => first("playSaid", e, opts);
/** A moment of the match's story of a mechanic's own ({text, cards}: its words and the cards
 *  drawn beside them; `name`, who made it), else null. */
export const momentSaid = (m, v, opts) => first("momentSaid", m, v, opts);
/** The whole sentence of an event (or a play of v's list) of a mechanic's own, else null. */
export const eventSentence = (e, v, opts = {}) => first("eventSentence", e, v, opts);
/** What is said and called out before the card of event e moves: [{said, callout}]. */
export const calledOut = (e, v, opts) => every("calledOut", e, v, opts).flat();
/** Show event e on the table its own way (a promise), else null; `x` is the table's toolkit. */
export const showEvent = (e, x, prev, next) => first("showEvent", e, x, prev, next);
/** What is said and called out with the deal itself, before any play: [{said, callout, table}],
 *  `table` the dealt table's cards it took, shown on the table before they go. */
export const dealt = (v, opts) => ask(v, "dealt", opts).flat();
/** A declaration offered with a play, named, else null. */
export const declarationName = (a) => first("declarationName", a);
/** The rules page's figures of the mechanics' own parts of it (`page`, the engine's rulebook),
 *  as HTML; `x` draws a card and a row of them ({card, row, esc}). */
export const rulesFigures = (page, x) => every("rulesFigures", page, x).flat().join("");
/** A score sheet cell's note for a mechanic's own category, else null. */
export const sheetNote = (cat, detail) => first("sheetNote", cat, detail);
/** A replay step's words for an event of a mechanic's own, else null. */
export const replayLine = (e, r) => first("replayLine", e, r);
/** A replay event's mark: {cls, card} (its class, a card shown beside its words), else null. */
export const replayEvent = (e) => first("replayEvent", e);
/** Extra cards on the replay's table for a step. */
export const replayTable = (step, r) => every("replayTable", step, r).flat();
