// A bad value in the page's address (a mistyped link, an embed's src): said on the page (a notice
// the player closes) and told to the other modules as store.js's "url-problem" news
// {param, value, reason} (embed.js sends it to the parent page as settebello:rejected). The game
// goes on with the default for that value.
//
//   addressProblem("seed", "abc", t("url.badSeed", { seed: "abc" }));
import { emit } from "./store.js";
import { showNotice } from "./notice.js";
import { t } from "./i18n.js";

/** Whether this page offers Play with people (seats on other devices, people.js): always on the
 *  game's own page; in an embed only when the frame's address allows it (`people=1`, docs/SITE.md). */
export function peopleOffered(params = new URLSearchParams(location.search)) {
  return params.get("embed") !== "1" || params.get("people") === "1";
}

/** At most this many characters of a bad value are repeated (in the notice, to the parent). */
export const VALUE_CHARS = 60;

/** A bad value as the page repeats it: text, cut short. */
export function shortValue(value) {
  const s = String(value ?? "");
  return s.length > VALUE_CHARS ? `${s.slice(0, VALUE_CHARS)}…` : s;
}

const said = new Set();  // each bad value is said once per start of the page's game

/** Forget what was said (the page starts its game afresh). */
export function forgetProblems() { said.clear(); }

/** Say that the address's `param` has a value that cannot be used (`text`, in the page's language). */
export function addressProblem(param, value, text) {
  const key = `${param}\n${value}`;
  if (said.has(key)) return;
  said.add(key);
  console.warn(`Settebello: ${text}`);
  showNotice({ role: "alert", kind: "error", text, testid: "url-notice",
    buttons: [{ label: t("save.ok"), i18n: "save.ok", primary: true, onClick: (_, box) => box.remove() }] });
  emit("url-problem", { param, value: shortValue(value), reason: text });
}
