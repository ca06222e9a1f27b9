// The header bar's fold (html.bar-fold, table.css): the less used buttons go into "More ▾" on a
// phone, in a short window, and wherever the full bar would not keep its buttons on one row within
// two rows in all (a tablet's width, a larger text, a longer language). A classic script run right
// after the bar (index.html), so the first paint has the bar it keeps; moremenu.js runs it again
// when the bar's words change (window.settebelloBarFold) and closes the menu as it unfolds
// ("settebello:barfold"). Where even the folded bar's four buttons would take two rows (a phone
// with a larger text: 150-200 %), New game goes into the menu too, first, and the game's line with
// it (html.bar-tight, table.css): the bar stays two short rows, the hand in sight.
(() => {
  const bar = document.querySelector("header.bar"), nav = bar?.querySelector(".actions");
  if (!bar || !nav) return;
  const root = document.documentElement;
  const NARROW = matchMedia("(max-width: 700px), (max-height: 560px)");
  // a phone held sideways or a short window (table.css's landscape rules): its bar is one row
  const SHORT = matchMedia("(min-width: 701px) and (max-height: 560px), (orientation: landscape) and (max-height: 500px)");
  const newGame = document.getElementById("new"), menu = document.getElementById("more-menu");
  const shown = (e) => e && e.getClientRects().length;

  /** The rows the boxes lie on: a box whose middle is within half a row of a row's joins it. */
  const rowsOf = (boxes) => {
    const rows = [];
    for (const r of boxes.sort((a, b) => a.top - b.top)) {
      const mid = r.top + r.height / 2;
      if (!rows.some((m) => Math.abs(m - mid) < Math.max(r.height, 20) / 2)) rows.push(mid);
    }
    return rows.length;
  };

  /** Whether the full bar keeps every button on one row, in two rows at most with the name and the
   *  score: measured unfolded within one task, so nothing of it is painted. */
  const fullBarFits = () => {
    const folded = root.classList.contains("bar-fold");
    root.classList.remove("bar-fold");
    const items = [...nav.children, ...(menu?.children || [])]
      .filter((e) => shown(e) && e !== menu).map((e) => e.getBoundingClientRect());
    const others = [bar.querySelector(".brand"), bar.querySelector(".scores")].filter(shown).map((e) => e.getBoundingClientRect());
    const fits = items.length > 0 && rowsOf([...items]) === 1 && rowsOf([...items, ...others]) <= 2;
    root.classList.toggle("bar-fold", folded);
    return fits;
  };

  /** Whether the folded bar keeps New game, Undo, Hint and More on one row, and in a short window the
   *  whole bar on one row: measured with New game in the bar, within one task. A focused New game
   *  is never moved: the bar stays as it is. */
  const foldedRowFits = () => {
    const tight = root.classList.contains("bar-tight");
    if (!newGame || !menu || (tight && document.activeElement === newGame)) return !tight;
    root.classList.remove("bar-tight");
    if (newGame.parentNode !== nav) nav.prepend(newGame);
    const items = [...nav.children].filter((e) => shown(e) && e !== menu).map((e) => e.getBoundingClientRect());
    const others = SHORT.matches ? [bar.querySelector(".brand"), bar.querySelector(".scores")].filter(shown).map((e) => e.getBoundingClientRect()) : [];
    const fits = rowsOf([...items]) <= 1 && rowsOf([...items, ...others]) <= 1;
    root.classList.toggle("bar-tight", tight);
    if (tight) place(menu);
    return fits;
  };

  /** New game first in the bar, or in the menu under the game's line. */
  const place = (home) => {
    if (newGame.parentNode === home) return;
    if (home === nav) nav.prepend(newGame);
    else menu.insertBefore(newGame, document.getElementById("more-game")?.nextSibling ?? menu.firstChild);
  };

  /** html.bar-tight, and New game where it says. */
  const tighten = (tight) => {
    root.classList.toggle("bar-tight", tight);
    if (newGame && menu) place(tight ? menu : nav);
  };

  const fold = () => {
    const want = NARROW.matches || !fullBarFits();
    const tight = want && !foldedRowFits();
    const changed = want !== root.classList.contains("bar-fold") || tight !== root.classList.contains("bar-tight");
    root.classList.toggle("bar-fold", want);
    tighten(tight);
    // where the More menu opens, so it ends at the screen's foot (table.css): the bar may be
    // three rows tall on a phone at 200 %
    root.style.setProperty("--bar-foot", `${Math.ceil(bar.getBoundingClientRect().bottom)}px`);
    if (changed) dispatchEvent(new Event("settebello:barfold"));
  };
  window.settebelloBarFold = fold;
  fold();
  addEventListener("resize", fold);
  if (typeof ResizeObserver === "function") new ResizeObserver(fold).observe(bar);
})();
