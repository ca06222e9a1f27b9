// The deck the game on screen is played with (SB37): its size (40, 52 or 80 cards) and whether its
// suits are French, as the view's rules say. The card art and the cards' names read it from here,
// so the table, the score sheet, the rules page and the replay all draw and name the same cards.
//
// And the deck's look, a player's preference apart from the rules (issue 24): the regional style
// the cards are drawn in. The Napoletane are cardart.js's own drawing and load with the page;
// every other style is a module of static/js/decks/, imported the first time it is chosen, so the
// first load does not grow (the service worker caches those modules with the site: they work
// offline once the site is cached, chosen or not).
//
//   STYLES                      [{id, nameKey}]: the styles, in the order a settings dialog lists them
//   style()                     the style in use ("napoletane", ...)
//   await setStyle(id)          load that style, remember it, then fire `deckstyle` on document
//                               ({detail: {id}}): the table, the sheet and the replay redraw on it
//   await previewSVG(id, code)  one card in a style (deck 40 unless opts.deck), for a preview
//
// The style is a look: a card's name (i18n cardName, what screen readers say) never depends on it,
// and a 40-card game shown in the French style keeps its Italian suits' names. A game whose rules
// are French-suited (the option `french`) is drawn with French suits in every style: a regional
// Italian deck has no hearts. `?style=ID` in the address shows that style on this page without
// remembering it (embeds, screenshots).

import { backSVG, cardDataURL, cardSVG, NAPOLETANE } from "./cardart.js";
import { readText, writeText, ownKey } from "./storage.js";
import { onView } from "./store.js";

let current = { deck: 40, french: false };

/** Take the deck from a game's rules ({deck, french, ...}); any other rules mean the 40 cards. */
export function setDeck(rules) {
  current = { deck: Number(rules?.deck) || 40, french: !!rules?.french };
}

/** The deck on screen: {deck, french} (the rules' deck: what names the cards). */
export const deckOptions = () => ({ ...current });

// ---------------------------------------------------------------- styles

export const STYLE_KEY = ownKey("settebello.deckstyle");  // this deployment's (storage.js)
export const DEFAULT_STYLE = "napoletane";

/** The styles a player can choose, with the i18n key of each one's name. */
export const STYLES = ["napoletane", "piacentine", "siciliane", "trevigiane", "bergamasche", "french"]
  .map((id) => ({ id, nameKey: `deckstyle.${id}` }));

// Each style's module, imported on demand (written out so that every one is a plain static path).
const LOADERS = {
  piacentine: () => import("./decks/piacentine.js"),
  siciliane: () => import("./decks/siciliane.js"),
  trevigiane: () => import("./decks/trevigiane.js"),
  bergamasche: () => import("./decks/bergamasche.js"),
  french: () => import("./decks/french.js"),
};
const loaded = new Map([[DEFAULT_STYLE, NAPOLETANE]]);
const loading = new Map();

const known = (id) => STYLES.some((s) => s.id === id);

/** The style object of id (what cardart.js's cardSVG takes as `style`), loading its module the
 *  first time (the card preview page draws every style with it). */
export async function loadStyle(id) { return load(known(id) ? id : DEFAULT_STYLE); }

async function load(id) {
  if (loaded.has(id)) return loaded.get(id);
  if (!loading.has(id)) {
    loading.set(id, LOADERS[id]().then((m) => { loaded.set(id, m.default); return m.default; })
      .finally(() => loading.delete(id)));
  }
  return loading.get(id);
}

/** The style a fresh load of this address shows: ?style=, else the remembered one, else the default. */
function initialStyle() {
  let fromURL = null;
  try { fromURL = new URLSearchParams(location.search).get("style"); } catch { /* no location */ }
  if (fromURL && !known(fromURL)) console.warn(`Settebello: no deck style ${JSON.stringify(fromURL)} (${STYLES.map((s) => s.id).join(", ")})`);
  const remembered = readText(STYLE_KEY);
  return known(fromURL) ? fromURL : known(remembered) ? remembered : DEFAULT_STYLE;
}
let chosen = initialStyle();
// The style drawn now: the default until the chosen one's module has arrived.
let drawn = loaded.has(chosen) ? chosen : DEFAULT_STYLE;

let drawnIndices = null;  // whether the cards on the page were last drawn with corner indices
function announce(id) {
  drawnIndices = indicesShown();
  document.documentElement.dataset.deckstyle = id;
  document.dispatchEvent(new CustomEvent("deckstyle", { detail: { id } }));
}

/** The style the player chose (its art may still be on its way: see `deckstyle`). */
export function style() { return chosen; }

/** Use style id from now on and remember it; resolves once its art is ready and `deckstyle` has
 *  been dispatched. An unknown id throws (the dialog lists STYLES). */
export async function setStyle(id) {
  if (!known(id)) throw new Error(`deck: unknown style ${JSON.stringify(id)} (${STYLES.map((s) => s.id).join(", ")})`);
  chosen = id;
  const err = writeText(STYLE_KEY, id);
  if (err) console.warn(`Settebello: could not remember the deck style (${err.message})`);
  await load(id);
  if (chosen !== id) return;   // another choice came after this one: that one announces itself
  drawn = id;
  announce(id);
}

/** Back to the style a fresh load of the page would show (the browser tests' reset, testhook.js). */
export async function restoreStyle() {
  const id = initialStyle();
  chosen = id;
  await load(id);
  if (chosen !== id) return;
  const changed = drawn !== id || (drawnIndices !== null && drawnIndices !== indicesShown());
  drawn = id;
  if (changed) announce(id);
}

/** One card of style id as SVG text (for a settings dialog's preview): deck 40 unless opts.deck. */
export async function previewSVG(id, code, opts = {}) {
  const o = artOptions(await load(known(id) ? id : DEFAULT_STYLE), { deck: 40, ...opts });
  return code === "back" ? backSVG(o) : cardSVG(code, o);
}

// ---------------------------------------------------------------- corner indices
// The rank and suit in each card's corner (issue 45): the regional styles draw none, but a phone's
// long hand lies in rows where only the cards' corners show. "auto" (the default): on a phone-sized
// window or a touch screen, and in a game that deals more than six cards a hand (Scopone's ten,
// Cicera's twelve: the fan overlaps until only a strip of each card shows, on a tablet too); "on":
// always; "off": never (a style that has them keeps them).
export const INDEX_KEY = ownKey("settebello.cardindex");
export const INDEX_MODES = ["auto", "on", "off"];
// a phone upright or sideways (barfold.js's NARROW: the review of 2026-12-01, a phone turned to
// landscape drew its small cards without their numbers), or a tablet: a touch screen held at arm's
// length, where a finger covers the figure (the review of 2026-12-02: the rules teach 8, 9, 10 and
// the tablet's cards did not show them)
const SMALL_OR_TOUCHED = typeof matchMedia === "function"
  ? matchMedia("(max-width: 700px), (max-height: 560px), (pointer: coarse)") : null;

/** The corner indices' mode the player chose ("auto" unless they chose another). */
export function indexMode() {
  const m = readText(INDEX_KEY);
  return INDEX_MODES.includes(m) ? m : "auto";
}

const LONG_HAND = 6;
let longHand = false;  // the game on the table deals more than LONG_HAND cards a hand

/** Whether cards are drawn with their corner index now. */
export function indicesShown() {
  const m = indexMode();
  return m === "on" || (m === "auto" && (!!SMALL_OR_TOUCHED?.matches || longHand));
}

/** The game on the table deals `size` cards a hand: with "auto", a long hand's cards are drawn
 *  again with their corners (and without, back to a short one). */
export function followHandSize(size) {
  const long = size > LONG_HAND;
  if (long === longHand) return;
  longHand = long;
  if (indexMode() === "auto" && drawn) announce(drawn);
}

/** Choose the corner indices' mode, remember it, and redraw every card (the `deckstyle` event). */
export function setIndexMode(mode) {
  if (!INDEX_MODES.includes(mode)) throw new Error(`deck: unknown corner index mode ${JSON.stringify(mode)} (${INDEX_MODES.join(", ")})`);
  const err = writeText(INDEX_KEY, mode);
  if (err) console.warn(`Settebello: could not remember the corner indices (${err.message})`);
  announce(drawn);
}

// each game on the table says how many cards it deals a hand
onView((v) => { if (v?.rules?.hand_size) followHandSize(v.rules.hand_size); });

// a window that crosses the phone's width with "auto": the cards are drawn again
SMALL_OR_TOUCHED?.addEventListener?.("change", () => { if (indexMode() === "auto") announce(drawn); });

/** The art's options for the deck on screen in style st. */
function artOptions(st, opts) {
  const o = { indices: indicesShown(), ...current, ...opts };
  return { ...o, french: o.french || !!st.french, style: st };
}

/** A card's picture (or "back") as a data URL, drawn for the deck on screen in the style in use. */
export const art = (code, opts = {}) => cardDataURL(code, artOptions(loaded.get(drawn), opts));

/** A card's picture as SVG text, drawn for the deck on screen in the style in use. */
export const artSVG = (code, opts = {}) => cardSVG(code, artOptions(loaded.get(drawn), opts));

/** Redraw every picture under root that was made with `art` and marked data-art="CODE" (the score
 *  sheet's, the rules page's and the last trick's small cards), after a `deckstyle` event. */
export function redrawArt(root = document) {
  for (const img of root.querySelectorAll("img[data-art]")) {
    // (a closed dialog's pictures may be another game's deck, a rules page of 52 cards: it draws
    // them afresh when it opens)
    if (img.closest("dialog:not([open])")) continue;
    img.src = art(img.dataset.art);
  }
}

document.documentElement.dataset.deckstyle = drawn;
// A remembered style that is not the default: fetch it now (the engine boots for a second or
// more, so it is here before the first card is dealt) and let the page redraw when it arrives.
if (drawn !== chosen) {
  const want = chosen;
  load(want).then(() => { if (chosen === want) { drawn = want; announce(want); } })
    .catch((err) => console.warn(`Settebello: the ${want} cards could not be loaded (${err.message})`));
}
