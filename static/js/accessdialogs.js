// The screen reader's dialogs (access.js opens them: Help, ?, and V): how to play and the keys, and
// everything on the table as lists to read at leisure. A module of its own, imported the first time
// one is opened.
import { t, cardName, joinList, translatePage, deckCard } from "./i18n.js";
import { focusBack } from "./moremenu.js";
import * as mechanics from "./mechanics/index.js";
import { TEXT_SIZES, highContrast, reducedMotion, textSize, setDisplay } from "./display.js";
import { emit, info } from "./store.js";
import { underWay } from "./history.js";
import { lessonAllowed, matchWaits } from "./lesson.js";
import { parts, current, playSentence, unseen, suitGroups } from "./access.js";

const { el, KEYS, rescueFocus, sayWhoseTurn, sayDeck, sayHand, sidesMineFirst, pileOf, pileItems, saidSide, capturedItems,
  sayScore } = parts;

/** A new modal dialog titled by titleKey (an old one with that id is replaced). */
function dialogShell(id, titleKey) {
  document.getElementById(id)?.remove();
  const title = el("h2", { id: `${id}-title`, i18n: titleKey });
  return el("dialog", { id, class: "access-dialog", "aria-labelledby": title.id }, title);
}

/** Show dlg modally; when it closes, it goes away and the focus returns where it was. */
function showDialog(dlg) {
  const opener = document.activeElement;
  dlg.addEventListener("close", () => {
    dlg.remove();
    // (opened from the bar, which a larger text chosen here may fold: Help's button or "More")
    if (!focusBack(opener, opener?.closest?.("header.bar") ? "help-button" : null)) rescueFocus();
  });
  document.body.append(dlg);
  translatePage(dlg);
  dlg.tabIndex = -1;
  dlg.showModal();
  // start at the top, on the dialog itself (a screen reader says its title), not on its first
  // control, which may be far down a long help or review and would scroll the title away
  dlg.focus();
  dlg.scrollTop = 0;
  return dlg;
}

function closeRow(dlg) {
  const close = el("button", { type: "button", i18n: "access.close", "data-testid": "access-close" });
  close.addEventListener("click", () => dlg.close());
  return el("div", { class: "dialog-actions" }, close);
}

/** The help dialog: how to play by touch or mouse (most players, a phone's all of them: the help was
 *  all keys), the first lesson, then the keys for keyboard players, the display settings and the
 *  screen-reader note. */
export function openHelp() {
  const dlg = dialogShell("access-help", "access.help.title");
  const rows = [["← →", "access.help.play"], [{ i18n: "access.help.enterKey" }, "access.help.enter"],  // the key's own name: Invio, Intro
    ...Object.entries(KEYS).map(([k, [desc]]) => [k.toUpperCase(), desc]),
    ["R", "access.key.repeat"], ["V", "access.key.review"], ["?", "access.key.help"]];
  const table = el("table", { "data-testid": "access-keys" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col", i18n: "access.help.key" }), el("th", { scope: "col", i18n: "access.help.does" }))),
    el("tbody", {}, ...rows.map(([k, desc]) => el("tr", {}, el("td", {}, typeof k === "string" ? el("kbd", {}, k) : el("kbd", k)), el("td", { i18n: desc })))));

  const contrast = el("input", { type: "checkbox", id: "access-contrast", checked: highContrast() });
  contrast.addEventListener("change", () => setDisplay("contrast", contrast.checked));
  const motion = el("input", { type: "checkbox", id: "access-motion", checked: reducedMotion() });
  motion.addEventListener("change", () => setDisplay("motion", motion.checked));
  const size = el("select", { id: "access-textsize" },
    ...TEXT_SIZES.map((n) => el("option", { value: String(n), selected: textSize() === n }, `${n} %`)));
  size.addEventListener("change", () => setDisplay("textSize", parseInt(size.value, 10)));

  const howto = el("ul", { "data-testid": "help-howto" }, ...["access.help.howto.play", "access.help.howto.choose",
    "access.help.howto.hint", "access.help.howto.more", "access.help.howto.dealer"].map((key) => el("li", { i18n: key })));
  // the first lesson (lesson.js listens for the command): played again from here; the game on the
  // table waits for its end (said when a match is under way, or waits already), except at a table
  // with people on other devices, where it is not offered (said why)
  const v = current(), allowed = lessonAllowed(v);
  const lessonNote = !allowed ? "lesson.help.people" : underWay(v) || matchWaits() ? "lesson.help.waits" : null;
  const lesson = el("button", { type: "button", class: "btn", i18n: "lesson.help.button", "data-testid": "lesson-help",
    disabled: !allowed, ...(lessonNote ? { "aria-describedby": "lesson-help-note" } : {}) });
  lesson.addEventListener("click", () => { dlg.close(); emit("command", { type: "lesson" }); });
  dlg.append(
    el("h3", { i18n: "access.help.howto" }), howto,
    el("h3", { i18n: "lesson.help.title" }), el("p", { i18n: "lesson.help.text" }), el("p", {}, lesson),
    ...(lessonNote ? [el("p", { id: "lesson-help-note", i18n: lessonNote, "data-testid": "lesson-help-note" })] : []),
    el("h3", { i18n: "access.help.keys" }), el("p", { i18n: "access.help.keys.intro" }), table,
    el("h3", { i18n: "access.help.display" }),  // (in Settings' order: the text size first)
    el("label", {}, el("span", { i18n: "access.textsize" }), size),
    el("label", {}, contrast, el("span", { i18n: "access.contrast" })),
    el("label", {}, motion, el("span", { i18n: "access.motion" })),
    el("h3", { i18n: "access.help.sr" }), el("p", { i18n: "access.help.sr.text" }),
    closeRow(dlg));
  return showDialog(dlg);
}

/** The review dialog (seed [003]'s "list for review"): everything as lists, read at leisure. */
export function openReview() {
  const dlg = dialogShell("access-review", "access.review.title");
  const v = current();
  const section = (key, items) => [el("h3", { i18n: key }), el("ul", {}, ...items.map((x) => el("li", {}, x)))];
  if (!v) dlg.append(el("p", {}, t("access.nogame")));
  else {
    const hidden = v.pass_to !== null && v.pass_to !== undefined;
    dlg.append(
      ...section("access.review.turn", [sayWhoseTurn(v), sayDeck(v)]),
      ...section("access.review.table", [...(v.table.length ? v.table.map(cardName) : [t("access.table.empty")]),
        ...mechanics.describeTable(v)]),
      ...section("access.review.hand", hidden ? [sayHand(v)] : v.hand.length ? v.hand.map(cardName) : [t("access.hand.empty")]),
      ...section("access.review.piles", sidesMineFirst(v).map((i) => (pileOf(v, i).length || v.scope[i]
        ? t("access.pile", { side: saidSide(v, i), items: joinList(pileItems(v, i)) })
        : t("access.pile.empty", { side: saidSide(v, i) })))),
      ...section("access.review.captured", sidesMineFirst(v).flatMap(capturedItems.bind(null, v))
        .concat(v.prese.flat().length || v.sides.some((_, i) => mechanics.pileShows(v, i).hidden) ? [] : [t("access.captured.none")])),
      ...section("access.review.last", (v.plays || []).length ? v.plays.map((p) => playSentence(v, p)) : [t("access.last.none")]),
      ...section("access.review.unseen", unseen(v).length ? info().deck.suits.map((s) => suitGroups(unseen(v).filter((c) => deckCard(c).suit === s))).filter(Boolean)
        : [t("access.unseen.none")]),
      ...section("access.review.score", [sayScore(v)]));
  }
  dlg.append(closeRow(dlg));
  return showDialog(dlg);
}
