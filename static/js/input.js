// How the player last acted: a tap or click, or a key. The table moves the focus for a keyboard
// player (to the next card, back into the table) and leaves it alone for a pointer player, so no
// card shows a focus ring a mouse or finger player would take for a suggestion.

/** True when the last action was a tap or click; before any action, true on a touch screen
 *  (a coarse pointer), so a phone shows no ring at the first deal. */
export let pointerInput = matchMedia("(pointer: coarse)").matches;
addEventListener("pointerdown", () => { pointerInput = true; }, true);
addEventListener("keydown", () => { pointerInput = false; }, true);
