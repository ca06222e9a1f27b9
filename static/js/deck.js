// The deck the game on screen is played with (SB37): its size (40, 52 or 80 cards) and whether its
// suits are French, as the view's rules say. The card art and the cards' names read it from here,
// so the table, the score sheet, the rules page and the replay all draw and name the same cards.

import { cardDataURL, cardSVG } from "./cardart.js";

let current = { deck: 40, french: false };

/** Take the deck from a game's rules ({deck, french, ...}); any other rules mean the 40 cards. */
export function setDeck(rules) {
  current = { deck: Number(rules?.deck) || 40, french: !!rules?.french };
}

/** The deck on screen: {deck, french}. */
export const deckOptions = () => ({ ...current });

/** A card's picture (or "back") as a data URL, drawn for the deck on screen. */
export const art = (code, opts = {}) => cardDataURL(code, { ...current, ...opts });

/** A card's picture as SVG text, drawn for the deck on screen. */
export const artSVG = (code, opts = {}) => cardSVG(code, { ...current, ...opts });

// ---- deck styles (issue 24): the regional pictures the player picks in the Settings dialog
// (settings.js remembers the choice). Until the regional decks are drawn there is one style, the
// art above; the card's name (its accessible name) never depends on the style.
export const STYLES = [{ id: "napoletane", nameKey: "deckstyle.napoletane" }];
let chosenStyle = STYLES[0].id;

/** The deck style on screen (an id of STYLES). */
export function style() { return chosenStyle; }

/** Draw with style `id` from now on (an unknown id: the first); its art is loaded when first asked
 *  for, then a `deckstyle` event ({detail: {id}}) on document says the cards may be redrawn. */
export async function setStyle(id) {
  chosenStyle = (STYLES.find((s) => s.id === id) || STYLES[0]).id;
  document.dispatchEvent(new CustomEvent("deckstyle", { detail: { id: chosenStyle } }));
  return chosenStyle;
}

/** A card's picture (or "back") in style `id`, for a preview (the Settings dialog). */
export const previewArt = (code, id = chosenStyle, opts = {}) => art(code, opts);
