// Embedding: the game inside another site's page, in one line.
//
//   <iframe src="https://USER.github.io/REPO/index.html?embed=1&variant=scopone&lang=it
//                &players=human,expert,expert,expert&parent=https://blog.example"
//           width="900" height="640" title="Settebello" style="border:0"></iframe>
//
// With `embed=1` the page drops its title bar chrome (compact) and talks to the page around it
// with postMessage (every other URL parameter works as on the game's own page: variant, seed,
// level, players, lang, fast).
//
// Trust: the game talks to ONE origin, the one `parent=` names (an origin such as
// https://blog.example). Without it, or when it is no http(s) address (said on the page, as every
// bad value of the address), no page around the game is trusted: the referrer is not proof of who
// frames the game (any page can frame it), so nothing is posted (no event, no player's name) and
// no command is obeyed. Events are posted to that origin only, and a command is obeyed only when
// it comes from the parent window AND that origin. Anything else (another origin, another window,
// a message of the wrong shape) is ignored with a console warning and changes nothing.
// A new-game command sets the match in progress aside first (persist.js: Records lists it, to
// restore), as a new game asked by the address does: the page around never overwrites a reader's
// match.
//
// Events the game posts (the message's `type`), public information only - never a card in a
// hand or in the mazzo:
//   "settebello:ready"      {variant, players, sides, target, people}   (the first game is on the
//                            table; people: whether the frame offers Play with people)
//   "settebello:new-game"   {variant, players, sides, target}   (a new game started, e.g. by a command)
//   "settebello:hand-end"   {sheet: {hand, categories, points, totals, match_totals, target,
//                            sides, over, winner, detail}}   (the score sheet)
//   "settebello:match-end"  {winner, totals, sides}
//   "settebello:people"     {state, remote}   (Play with people, only with people=1: state
//                            "inviting" (the invitations shown), "playing" (the match with them
//                            dealt, or resumed after a reload) or "ended"; remote: the seats on
//                            other devices. Never an invitation link: it is a seat's key)
//   "settebello:rejected"   {reason, param?, value?}  (a command from the trusted parent was
//                            refused: an unknown command, or a config the engine refused, with the
//                            engine's reason; or a value of the frame's address cannot be used:
//                            `param` names it (lang, seed, variant, players, level, teams, style,
//                            parent; "config" when the engine refused the game it asks for),
//                            `value` repeats it cut short, `reason` is the page's notice, in the
//                            page's language; the default is used instead. Posted as soon as it is
//                            found: before "ready" for most of them)
// Commands the parent may post:
//   {type: "settebello:new-game", config: {variant, options, seats, seed}}
//     seats: [{human: true, name} | {human: false, level}], as the new-game dialog builds them (a
//     computer without a name gets the one it has in the game's own page);
//     the config goes to the engine as it is, which checks all of it (unknown variant, wrong
//     number of seats ...) and changes nothing when it refuses. A seat {human: true, remote: true}
//     (a person on another device) only with people=1 in the frame's address, else refused.
//
// Play with people (issue 41): the New game dialog offers seats on other devices in a frame
// only when its address says people=1 (address.js peopleOffered); the parent is told each step.
import { startGame } from "./table.js";
import { on, onView } from "./store.js";
import { computerName } from "./dialog.js";
import { addressProblem, peopleOffered } from "./address.js";
import { t } from "./i18n.js";
import { game } from "./engine.js";
import { setAside } from "./persist.js";
import { underWay } from "./history.js";
import { view as currentView } from "./store.js";

export const PROTOCOL = 1;
const PREFIX = "settebello:";
const params = new URLSearchParams(location.search);
export const EMBEDDED = params.get("embed") === "1";

/** The origin of an http(s) address, else null. */
function httpOrigin(text) {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch { return null; }
}

/** Whether ?parent= is given and names no http(s) origin (javascript:..., a typo). */
export function badParent(parentParam = params.get("parent")) {
  return Boolean(parentParam) && !httpOrigin(parentParam);
}

/** The origin the embedder trusts: ?parent= when it is an http(s) origin, else none (the
 *  referrer, which any framing page gives, is never taken for it). */
export function trustedOrigin(parentParam = params.get("parent")) {
  return parentParam && !badParent(parentParam) ? httpOrigin(parentParam) : null;
}

/** A parent's new game: checked by the engine first (a refusal changes nothing), then the match
 *  under way set aside (Records), then started. */
async function parentsNewGame(config) {
  if (!peopleOffered() && Array.isArray(config?.seats) && config.seats.some((s) => plain(s) && s.remote)) {
    throw new Error("a seat on another device (remote) needs people=1 in the frame's address");
  }
  await game("check_game", config);
  const v = currentView();
  if (underWay(v)) {  // (a computer's opening play alone is nobody's match yet)
    const match = await game("save");
    if (!setAside(JSON.stringify(match), null, t("storage.why_embed"))) {
      throw new Error("the match in progress could not be set aside (storage full or blocked): it is kept");
    }
  }
  await startGame(config, { report: false });
}

/** A new-game command's config with each computer seat that has no name given the one it has on
 *  the game's own page (Bruno, Carla...); anything else is left as it is, for the engine to check. */
export function namedSeats(config) {
  if (!plain(config) || !Array.isArray(config.seats)) return config;
  return { ...config, seats: config.seats.map((s, i) =>
    plain(s) && s.human === false && s.name === undefined ? { ...s, name: computerName(i) } : s) };
}

const plain = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

const pick = (obj, keys) => Object.fromEntries(keys.filter((k) => obj && k in obj).map((k) => [k, obj[k]]));
// Keys that could carry a hidden card; never copied out, at any depth.
const SECRET = new Set(["hand", "hands", "deck", "mazzo", "legal", "record", "rng"]);

/** A JSON copy of value without any key that could carry a hidden card. */
export function publicCopy(value) {
  if (Array.isArray(value)) return value.map(publicCopy);
  if (!plain(value)) return value;
  // (a number under such a key is a count or an index, e.g. the sheet's hand number: kept)
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => !SECRET.has(k) || typeof v === "number")
    .map(([k, v]) => [k, publicCopy(v)]));
}

/** The score sheet as posted to the parent: public fields only. */
export function publicSheet(sheet) {
  const s = pick(sheet, ["hand", "categories", "points", "totals", "target", "sides", "over", "winner", "detail"]);
  if (sheet && "totals_match" in sheet) s.match_totals = sheet.totals_match;
  return publicCopy(s);
}

function startEmbed() {
  const root = document.documentElement;
  root.dataset.embed = "1";
  const style = document.createElement("style");
  style.textContent = "html[data-embed] .brand{display:none}html[data-embed] .bar{padding-block:.25rem}";
  document.head.append(style);

  const origin = trustedOrigin();
  if (!origin) {
    console.warn("Settebello embed: no trusted parent origin: no events are posted and no command is accepted " +
      "(to allow your page, add &parent=https://your.site to the frame's address)");
  }
  root.dataset.embedParent = origin || "";
  const parentWindow = window.parent !== window ? window.parent : null;

  // Where the browser says the page around us is from (Chromium, Safari): posting to a trusted
  // origin that is not there would only fail (with a console error), so say why once instead.
  const actual = location.ancestorOrigins?.length ? location.ancestorOrigins[0] : null;
  const mismatch = Boolean(origin && actual && actual !== origin);
  if (mismatch) console.warn(`Settebello embed: the page around the game is ${actual}, not the trusted ${origin}; no events are posted to it`);
  const post = (type, detail) => {
    if (!origin || !parentWindow || mismatch) return;
    parentWindow.postMessage({ type: PREFIX + type, protocol: PROTOCOL, ...detail }, origin);
  };

  // a bad value of the address (table.js, address.js): the parent is told too
  on("url-problem", (d) => post("rejected", { reason: d.reason, param: d.param, value: d.value }));

  let ready = false; // the first game is announced by "ready" alone
  on("ready", (d) => {
    ready = true;
    // said once the page has its language (the other values of the address are said by then)
    if (badParent()) addressProblem("parent", params.get("parent"), t("inputs.badParent"));
    const v = d?.view || {};
    post("ready", { variant: v.variant, players: v.players, sides: v.sides, target: v.rules?.target, people: peopleOffered() });
  });
  onView((v, op) => {
    if (!ready || op !== "new_game") return;
    post("new-game", { variant: v.variant, players: v.players, sides: v.sides, target: v.rules?.target });
  });
  on("hand-end", (d) => post("hand-end", { sheet: publicSheet(d?.sheet) }));
  on("match-end", (d) => post("match-end", publicCopy(pick(d, ["winner", "totals", "sides"]))));
  on("people", (d) => post("people", { state: d?.state, remote: [...(d?.remote || [])] }));  // (people.js)

  window.addEventListener("message", (e) => {
    const data = e.data;
    // other traffic (extensions, other frames) is no concern of ours unless it speaks our protocol
    const ours = plain(data) && typeof data.type === "string" && data.type.startsWith(PREFIX);
    if (!origin || e.origin !== origin || e.source !== parentWindow) {
      if (ours) console.warn(`Settebello embed: ignored a message from ${e.origin || "an unknown origin"} (trusted: ${origin || "none"})`);
      return;
    }
    if (!ours) {
      console.warn("Settebello embed: ignored a message that is not {type: \"settebello:...\"}");
      return;
    }
    if (data.type !== PREFIX + "new-game") {
      console.warn(`Settebello embed: ignored unknown command ${JSON.stringify(data.type)}`);
      post("rejected", { reason: `unknown command ${data.type}` });
      return;
    }
    // the engine checks the config; a refused one changes nothing and its reason goes back
    parentsNewGame(namedSeats(structuredClone(data.config))).catch((err) => {
      console.warn(`Settebello embed: ignored a new-game command: ${err.message}`);
      post("rejected", { reason: err.message });
    });
  });
}

if (EMBEDDED) startEmbed();
