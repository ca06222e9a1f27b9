// Files a player opens (a game record, statistics) are bounded and typed on the page before
// anything reads them: the size before the file is read, the nesting of its brackets before it is
// parsed, then the type of each field it may have (any other field is refused). The engine checks
// them again (py/scopa/inputs.py, bridge.py): this is what lets the page say what is wrong in the
// player's language, and never hand Python a value it would choke on.
//
//   const record = await readJSONFile(file, RECORD_FILE);   // throws an Error saying what is wrong
import { t } from "./i18n.js";

export const MAX_DEPTH = 20;  // nested arrays/objects (py/scopa/inputs.py's MAX_DEPTH): a record is 4 deep

const isPlain = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const isText = (x) => typeof x === "string";
const texts = (x) => Array.isArray(x) && x.every(isText);
const whole = (x) => Number.isSafeInteger(x);

/** A record of RULES §6: its fields and the type of each (py/scopa/record.py's). */
export const RECORD_FILE = {
  maxBytes: 4_000_000,  // py/scopa/inputs.py's RECORD_CHARS (a 1,000-point match is some 300,000)
  fields: {
    format: isText, variant: isText, options: isPlain, rules_revision: whole, players: texts, first_dealer: whole,
    hands: (hands) => Array.isArray(hands) && hands.every((h) => isPlain(h)
      && Object.keys(h).every((k) => k === "deck" || k === "plays") && texts(h.deck) && (h.plays === undefined || texts(h.plays))),
    fair_deal: isPlain,  // a match with people on other devices: each deal's commitments and reveals (py/settebello/people.py)
    // the game's own extra fields, which RULES §6 readers ignore and the engine checks: the searches
    // the person's thinking time bought the master's replies (py/settebello/game.py), a clock's
    // times and a forfeit (py/settebello/timing.py)
    thinking: (x) => Array.isArray(x) && x.every((r) => isPlain(r) && Object.values(r).every(whole)),
    clock: isPlain,
    forfeit: (x) => x === null || isPlain(x),
  },
};

/** A best or worst match of the statistics (py/settebello/stats.py's BRIEF), or none. */
const briefMatch = (m) => m === null || (isPlain(m) && texts(m.players) && Array.isArray(m.totals) && m.totals.every(whole)
  && isText(m.variant));
const counts = (x) => isPlain(x) && Object.values(x).every(whole);

/** The statistics file (py/settebello/stats.py's FIELDS): the Statistics dialog shows its fields. */
export const STATS_FILE = {
  maxBytes: 4_000_000,  // some 100,000 remembered matches (stats.py's MAX_SEEN); a file keeps 1,000
  fields: {
    format: isText, variants: (v) => isPlain(v) && Object.values(v).every(counts), totals: counts,
    best: briefMatch, worst: briefMatch, tournaments: (x) => isPlain(x) && Object.values(x).every(whole),
    seen: texts, added: () => true, levels: (v) => isPlain(v) && Object.values(v).every(counts),
  },
};

/** How deeply arrays and objects nest in JSON text, counted without parsing it (brackets inside
 *  strings do not count); stops counting past `limit`. */
export function jsonDepth(text, limit = Infinity) {
  let depth = 0, most = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;            // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > most) { most = depth; if (most > limit) return most; } }
    else if (c === 93 || c === 125) depth--;
  }
  return most;
}

/** The text of a file of at most `maxBytes`, parsed when its brackets nest at most MAX_DEPTH deep,
 *  an object whose every field is one `fields` names, of its type. Throws an Error whose message
 *  says what is wrong (in the page's language). */
export async function readJSONFile(file, { maxBytes, fields }) {
  if (file.size > maxBytes) {
    throw new Error(t("inputs.tooBig", { size: kilobytes(file.size), max: kilobytes(maxBytes) }));
  }
  return checkJSONText(await file.text(), { maxBytes, fields });
}

/** As readJSONFile, for text already read. */
export function checkJSONText(text, { maxBytes, fields }) {
  if (typeof text !== "string") throw new Error(t("inputs.notObject"));
  if (text.length > maxBytes) throw new Error(t("inputs.tooBig", { size: kilobytes(text.length), max: kilobytes(maxBytes) }));
  if (jsonDepth(text, MAX_DEPTH) > MAX_DEPTH) throw new Error(t("inputs.tooDeep", { max: MAX_DEPTH }));
  let value;
  try { value = JSON.parse(text); }
  catch { throw new Error(t("inputs.notJson")); }
  if (!isPlain(value)) throw new Error(t("inputs.notObject"));
  for (const [key, item] of Object.entries(value)) {
    if (!Object.hasOwn(fields, key)) throw new Error(t("inputs.unknownField", { field: short(key) }));
    if (!fields[key](item)) throw new Error(t("inputs.badField", { field: short(key) }));
  }
  return value;
}

const kilobytes = (n) => Math.ceil(n / 1000).toLocaleString(document.documentElement.lang || undefined);
const short = (s) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
