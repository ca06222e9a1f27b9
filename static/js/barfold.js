// The header bar's fold (html.bar-fold, table.css): the less used buttons go into "More ▾" on a
// phone, in a short window, and wherever the full bar would not keep its buttons on one row within
// two rows in all (a tablet's width, a larger text, a longer language). A classic script run right
// after the bar (index.html), so the first paint has the bar it keeps; moremenu.js runs it again
// when the bar's words change (window.settebelloBarFold) and closes the menu as it unfolds
// ("settebello:barfold").
(() => {
  const bar = document.querySelector("header.bar"), nav = bar?.querySelector(".actions");
  if (!bar || !nav) return;
  const root = document.documentElement;
  const NARROW = matchMedia("(max-width: 700px), (max-height: 560px)");

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
    const shown = (e) => e && e.getClientRects().length;
    const items = [...nav.children, ...(document.getElementById("more-menu")?.children || [])]
      .filter((e) => shown(e) && e.id !== "more-menu").map((e) => e.getBoundingClientRect());
    const others = [bar.querySelector(".brand"), bar.querySelector(".scores")].filter(shown).map((e) => e.getBoundingClientRect());
    const fits = items.length > 0 && rowsOf([...items]) === 1 && rowsOf([...items, ...others]) <= 2;
    root.classList.toggle("bar-fold", folded);
    return fits;
  };

  const fold = () => {
    const want = NARROW.matches || !fullBarFits();
    const changed = want !== root.classList.contains("bar-fold");
    root.classList.toggle("bar-fold", want);
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
