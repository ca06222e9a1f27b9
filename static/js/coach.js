// The coach (issue 28): the words of a hint's reason, and the coach's question before a play.
// Python says why (py/scopa_ai/explain.py: a reason is {key, params}); this module only words
// it in the player's language, and holds no rule: which play leaves a scopa or gives the
// Settebello away is the engine's answer to "coach" (py/settebello/game.py).
//
//   reasonText({key: "coach.safe", params: {card: "3D", other: "6C", sum: 9, left: 12, name: "Bruno"}})
//     -> "The Six of Cups would leave 9 on the table and Bruno could sweep it; the Three of Coins leaves 12, ..."
//   hintWhy(hint)             a hint's reason and its belief ("Bruno probably holds no card of value 7: ...")
//   coachOn()                 the Settings dialog's "Coach" (off unless the player turned it on)
//   await confirmPlay(reason) the warning in a dialog: true to play anyway, false to choose again
//
// A reason's params: `card` and `other` are card codes (said with their article, "the Three of
// Coins"), a list is cards, `margin` is points said with one decimal, `count` chooses the plural;
// names and other numbers are said as they are (py/scopa_ai/principles.py `Reason`).
import { t, theCard, theCards, language } from "./i18n.js";
import { settings } from "./settings.js";
import { shownName } from "./names.js";

const CARD_PARAMS = ["card", "other"];

/** A reason's words in the current language, its first letter capitalised ("" for none). */
export function reasonText(reason) {
  if (!reason?.key) return "";
  const params = {};
  for (const [k, v] of Object.entries(reason.params || {})) {
    if (CARD_PARAMS.includes(k)) params[k] = theCard(v);
    else if (Array.isArray(v)) params[k] = theCards(v);
    else if (k === "margin") params[k] = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
    else if (k === "name") params[k] = shownName(v);  // a name the page gave ("Master", "You") in its language
    else params[k] = v;
  }
  const text = t(reason.key, params);
  return text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
}

/** A hint's words under the play: its reason, then what the coach believes an opponent probably
 *  holds (py/scopa_ai/holds.py), each a sentence ("" for neither). */
export function hintWhy(hint) {
  return [reasonText(hint?.reason), reasonText(hint?.belief)].filter(Boolean).join(" ");
}

/** Whether the coach warns before a play (Settings: off by default). */
export function coachOn() { return settings().coach; }

/** Ask the player about the coach's warning (index.html's #coach-dialog): resolves true when they
 *  play anyway, false when they choose again (the button, Escape or the dialog closed otherwise).
 *  The focus starts on "Choose again" and comes back where it was. */
export function confirmPlay(reason) {
  const d = document.getElementById("coach-dialog");
  const back = document.activeElement;
  d.querySelector("#coach-text").textContent = reasonText(reason);
  d.returnValue = "";
  d.showModal();
  d.querySelector("button[value=again]").focus();
  return new Promise((resolve) => {
    d.addEventListener("close", () => {
      if (back?.isConnected && !back.disabled) back.focus();
      resolve(d.returnValue === "play");
    }, { once: true });
  });
}
