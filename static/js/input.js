// How the player last acted: a tap or click, or a key. The table moves the focus for a keyboard
// player (to the next card, back into the table) and leaves it alone for a pointer player, so no
// card shows a focus ring a mouse or finger player would take for a suggestion.

/** True when the last action was a tap or click; before any action, true on a touch screen
 *  (a coarse pointer), so a phone shows no ring at the first deal. */
export let pointerInput = matchMedia("(pointer: coarse)").matches;
addEventListener("pointerdown", () => { pointerInput = true; }, true);
addEventListener("keydown", () => { pointerInput = false; }, true);

// In someone else's page (an embed in a blog, any frame) the game never takes the keyboard by
// itself: a reader typing in the host page keeps typing there while the game boots, the computers
// play and a sheet opens (else their spaces played cards). A focus() while the frame does not have
// the focus is ignored; once the reader clicks or tabs into the frame, the table moves the focus
// as on a page of its own. (At the top, a window in the background keeps its focus moves.)
if (window.top !== window.self) {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusInFrame(options) {
    if (document.hasFocus()) focus.call(this, options);
  };
}
