// The registry of the mechanics' renderers (issue 42): one module a mechanic in this folder, each
// drawing and wording its own part of the view (`v.mechanics[name]`, made by the engine mechanic's
// `view_json`) and its own plays and events. The rest of the page asks these generic calls and
// never names a mechanic. The interface: /work/notes/registry_api.md (docs/SITE.md "Mechanics").

/** Every renderer, in the engine's order of the mechanics (py/scopa/mechanics/__init__.py ORDER). */
const RENDERERS = [];

/** Register a renderer module's default export ({name, ...hooks}); its name must be new. */
export function register(renderer) {
  if (!renderer || typeof renderer.name !== "string" || !renderer.name) throw new Error("a renderer needs a name");
  if (RENDERERS.some((r) => r.name === renderer.name)) throw new Error(`renderer ${renderer.name} registered twice`);
  RENDERERS.push(renderer);
}

/** The renderers of the mechanics view v plays, each with its part: [[renderer, part]]. */
export function active(v) {
  const parts = (v && v.mechanics) || {};
  return RENDERERS.filter((r) => r.name in parts).map((r) => [r, parts[r.name]]);
}

/** Ask `hook` of each active renderer of v with (part, v, ...args); the answers that are not null. */
function ask(v, hook, ...args) {
  return active(v).filter(([r]) => r[hook]).map(([r, part]) => r[hook](part, v, ...args)).filter((x) => x != null);
}

/** The first non-null answer of any registered renderer to `hook` (a play's or event's own). */
function first(hook, ...args) {
  for (const r of RENDERERS) {
    const x = r[hook] ? r[hook](...args) : null;
    if (x != null) return x;
  }
  return null;
}

/** Everything the mechanics put on the table after its loose cards: {elements, cards}. */
export function tableItems(v, stage) {
  const out = { elements: [], cards: [] };
  for (const x of ask(v, "tableItems", stage)) { out.elements.push(...(x.elements || [])); out.cards.push(...(x.cards || [])); }
  return out;
}

/** What side's pile shows beyond its cards: its face-up top (or null) and the cards face down. */
export function pileShows(v, side) {
  const out = { top: null, hidden: 0 };
  for (const x of ask(v, "pileShows", side)) {
    if (x.top != null) out.top = x.top;
    out.hidden += x.hidden || 0;
  }
  return out;
}

/** The screen reader's sentences about the table beyond its loose cards. */
export const describeTable = (v) => ask(v, "describeTable").flat();
/** The screen reader's sentences about side's pile beyond the cards it sees. */
export const describePile = (v, side) => ask(v, "describePile", side).flat();
/** The turn prompt's i18n key when a mechanic asks the person something, else null. */
export const status = (v) => ask(v, "status")[0] ?? null;

/** A legal play of a mechanic's own, in phrases (a choice button's words); null: a core play. */
export const playWords = (play, v) => first("playWords", play, v);
/** The whole sentence of an event of a mechanic's own (replacing the core's), else null. */
export const eventSentence = (e, v, opts = {}) => first("eventSentence", e, v, opts);
/** Words a mechanic adds after a play's sentence, joined ("" when none). */
export function eventWords(e, v) {
  return RENDERERS.map((r) => (r.eventWords ? r.eventWords(e, v) : null)).filter(Boolean).join(" ");
}
/** What is said and called out before the card of event e moves: [{said, callout}]. */
export const calledOut = (e, v) => RENDERERS.flatMap((r) => (r.calledOut ? r.calledOut(e, v) || [] : []));
/** A score sheet cell's note for a mechanic's own category, else null. */
export const sheetNote = (cat, detail) => first("sheetNote", cat, detail);
/** A replay step's words for an event of a mechanic's own, else null. */
export const replayLine = (e, replay) => first("replayLine", e, replay);
/** Extra cards on the replay's table for a step. */
export const replayTable = (step, replay, make) => RENDERERS.flatMap((r) => (r.replayTable ? r.replayTable(step, replay, make) || [] : []));
