// Boot and address: the game the page's address asks for (?variant=&players=&teams=&level=&target=
// &lead=&seed=, README's embed section), each bad value said (address.js) and the default used
// instead; the remembered choice (dialog.js) when the address asks for none. table.js starts it.
import { info as described } from "./store.js";
import { languages, t } from "./i18n.js";
import { variantName, typedNumber } from "./names.js";
import { loadPrefs, computerName, dealAt, personName, namePeople } from "./dialog.js";
import { addressProblem, shortValue } from "./address.js";
import { STYLES } from "./deck.js";

let urlParams = new URLSearchParams(location.search);
/** The page's address, as read last (`readAddress`). */
export const address = () => urlParams;
/** Read the page's address again (a restart after the test hook or an embed changed it). */
export function readAddress() { urlParams = new URLSearchParams(location.search); return urlParams; }

// bootConfig reads the address quietly when it only compares it with a restored match (a bad
// value in it is said when the address's game is started)
let quiet = false;
/** Say a bad value of the address (address.js), unless it is read quietly. */
function problem(param, value, text) { if (!quiet) addressProblem(param, value, text); }
/** fn() with the address read quietly. */
export function quietly(fn) { quiet = true; try { return fn(); } finally { quiet = false; } }

/** The address's values that the table does not read itself (the language, the deck style, the
 *  seed, level= beside players=): a bad one is said (address.js); the default is used instead. */
export function checkAddress() {
  const params = urlParams;
  const lang = params.get("lang");
  if (params.has("lang") && !languages().some((l) => l.code === String(lang).toLowerCase().split("-")[0])) {
    addressProblem("lang", lang, t("inputs.badLang", { lang: shortValue(lang), langs: languages().map((l) => l.code).join(", ") }));
  }
  const style = params.get("style");
  if (params.has("style") && !STYLES.some((x) => x.id === style)) {
    addressProblem("style", style, t("inputs.badStyle", { style: shortValue(style), styles: STYLES.map((x) => x.id).join(", ") }));
  }
  const seed = typedNumber(params.get("seed"));
  if (params.has("seed") && !Number.isInteger(seed)) {
    addressProblem("seed", params.get("seed"), t("inputs.badSeed", { seed: shortValue(params.get("seed")) }));
  } else if (params.has("seed") && !Number.isSafeInteger(seed)) {
    // a whole number past what the page's numbers hold exactly (the review of 2026-12-01: a
    // 26-digit seed was said to be "not a whole number")
    addressProblem("seed", params.get("seed"), t("inputs.bigSeed", { seed: shortValue(params.get("seed")), max: Number.MAX_SAFE_INTEGER }));
  }
}

/** The table asked for by the URL: as many players as ?players= lists, sitting as ?teams= says
 *  (else as the preset's tables first seat that many); the preset's own table when neither is
 *  given, or when no table of the preset fits (said in a notice). */
function tableFromURL(pre, params) {
  const listed = params.get("players")?.split(",").map((s) => s.trim()).filter(Boolean).length;
  const teams = params.get("teams");
  if (!listed && !teams) return null;
  const players = listed || pre.tables[0].players;
  const found = pre.tables.find((x) => x.players === players && (!teams || x.teams === teams));
  if (!found) {
    const sitting = (x) => `${t("dialog.players", { count: x.players })} ${t(`teams.${x.teams}`)}`;
    const offered = pre.tables.map(sitting).join(", ");
    const asked = pre.tables.some((x) => x.teams === teams) ? t(`teams.${teams}`) : teams || "";
    problem(listed ? "players" : "teams", listed ? params.get("players") : teams,
      t("url.noTable", { variant: variantName(pre.id), tables: offered,
        table: [t("dialog.players", { count: players }), shortValue(asked)].filter(Boolean).join(" ") }));
  }
  return found || null;
}

/** The seats asked for by the URL (?players=human,expert,... and/or ?level=), or null: with both,
 *  players= says who sits where and level= is every computer's level (README's embed section). */
function seatsFromURL(players, variant, params) {
  const list = params.get("players");
  let level = params.get("level");
  const { levels, address_levels: known } = described();
  // the menu's levels and those an address may name besides (describe's: "random", any legal card)
  const unknown = (lv) => !known.includes(lv);
  const badLevel = (param, lv) => problem(param, lv,
    t("url.unknownLevel", { level: shortValue(lv), levels: levels.map((l) => l.id).join(", ") }));
  if (level && unknown(level)) { badLevel("level", level); level = null; }
  if (list) {
    const kinds = list.split(",").map((s) => s.trim()).filter(Boolean);
    const bad = kinds.find((k) => k !== "human" && unknown(k));
    if (bad !== undefined) { badLevel("players", bad); return null; }
    if (kinds.length !== players) return null;  // no table of the preset seats them: tableFromURL said so
    // one person is "You"; several sharing the device each have a name the pass screen can call
    const people = kinds.filter((k) => k === "human").length;
    return kinds.map((k, i) => k === "human"
      ? { human: true, name: personName(i, people) }
      : { human: false, level: level || k, name: computerName(i) });
  }
  if (level) {
    return Array.from({ length: players }, (_, i) => i === 0 ? { human: true, name: t("seat.you") } : { human: false, level, name: computerName(i) });
  }
  return null;
}

/** The config of the game the page starts with: URL, then the remembered choice, then Scopa
 *  (`address: false` leaves the URL's game out, `targets: false` only its target and lead,
 *  `remembered: false` the remembered choice). */
export function bootConfig({ address = true, targets = true, remembered: usePrefs = true } = {}) {
  const prefs = usePrefs ? loadPrefs() : null, info = described();
  const params = address ? urlParams : new URLSearchParams();
  const variantId = params.get("variant") || prefs?.variant || info.variants[0].id;
  const pre = info.variants.find((x) => x.id === variantId) || info.variants[0];
  if (params.get("variant") && pre.id !== params.get("variant")) {
    problem("variant", params.get("variant"),
      t("url.unknownVariant", { variant: shortValue(params.get("variant")), name: variantName(pre.id) }));
  }
  const remembered = prefs?.variant === pre.id && !params.get("variant");
  const table = tableFromURL(pre, params) || (remembered && pre.tables.find((x) => x.id === prefs.table)) || pre.tables[0];
  let seats = seatsFromURL(table.players, pre.id, params);
  if (!seats && prefs?.variant === pre.id && Array.isArray(prefs.seats) && prefs.seats.length === table.players) {
    // a name the page gave ("You") follows how many persons sit (dialog.js), a typed one stays
    seats = namePeople(prefs.seats.map((s, i) => s.human ? { human: true, name: s.name || "" }
      : { human: false, level: s.level, name: computerName(i) }));
  }
  if (!seats) {
    const lv = info.default_level;
    seats = Array.from({ length: table.players }, (_, i) => i === 0 ? { human: true, name: t("seat.you") } : { human: false, level: lv, name: computerName(i) });
  }
  const options = remembered ? { ...(prefs.options || {}) } : {};
  for (const k of Object.keys(table.options)) delete options[k];
  if (table !== pre.tables[0]) Object.assign(options, dealAt(table, options, pre.rules).options);  // SB70: misère's deal
  if (prefs?.variant === pre.id && prefs.target != null && prefs.target !== pre.target) options.target = prefs.target;
  if (remembered && prefs.lead != null && prefs.lead !== pre.rules.lead) options.lead = prefs.lead;
  // the match's target and lead asked for by the URL go to the engine as typed: it says what is wrong
  if (targets) for (const k of ["target", "lead"]) if (params.has(k)) options[k] = typedNumber(params.get(k));
  const seed = typedNumber(params.get("seed") ?? "");  // not a whole number: a random deal (checkAddress said so)
  return { variant: pre.id, options, seats, seed: Number.isSafeInteger(seed) ? seed : undefined };
}

/** The address's parameters that choose the game (bootConfig reads them). */
export const ADDRESS_GAME = ["variant", "players", "teams", "level", "target", "lead", "seed"];

/** Whether the restored match (its view v and its save's config) is the game the address asks for,
 *  in what the address says (its variant, seats, table, target, lead, deal), `want` being that game
 *  (bootConfig's). */
export function addressGameIs(want, saved, v) {
  const p = urlParams;
  if (saved.lesson) return false;
  if (p.has("variant") && want.variant !== saved.variant) return false;
  const kinds = (seats) => seats.map((x) => (x.human ? "human" : x.level)).join();
  if ((p.has("players") || p.has("level")) && kinds(want.seats) !== kinds(saved.seats)) return false;
  const pre = described().variants.find((x) => x.id === want.variant);
  for (const k of ["target", "lead", "teams"]) {
    if (!p.has(k) && !(k === "teams" && p.has("players"))) continue;
    if ((k in want.options ? want.options[k] : pre?.rules[k]) !== v.rules[k]) return false;
  }
  return !(p.has("seed") && want.seed !== undefined && want.seed !== saved.seed);
}

