"""What the layout tests measure on the table: whether two boxes meet, the person's turn with the
deal's slides over, and where a finger can hit each card of the hand."""

from __future__ import annotations

# settled: every slide over (a thinking seat's endless blink aside), so cards are measured at rest
SETTLED = ("document.getAnimations().every(a => a.playState !== 'running'"
           " || a.effect.getTiming().iterations === Infinity)")

# for each card of the hand: the centre of a square of `side` css px (sampled every 2 px) where
# every point hits that card (document.elementFromPoint); x and y null, with the card's box, when
# there is none
HAND_SQUARES = """(side) => [...document.querySelectorAll('#hand-cards .card')].map(card => {
    const b = card.getBoundingClientRect(), step = 2, k = Math.round(side / step) + 1;
    const xs = [], ys = [];
    for (let x = Math.ceil(b.left) + 1; x < b.right - 1; x += step) xs.push(x);
    for (let y = Math.ceil(b.top) + 1; y < b.bottom - 1; y += step) ys.push(y);
    // run[r][c]: how many points in a row on this card end at column c
    const run = ys.map(y => { let n = 0; return xs.map(x => {
        const e = document.elementFromPoint(x, y);
        n = e && e.closest('.card') === card ? n + 1 : 0; return n; }); });
    for (let c = k - 1; c < xs.length; c++) {
      let tall = 0;
      for (let r = 0; r < ys.length; r++) {
        tall = run[r][c] >= k ? tall + 1 : 0;
        if (tall >= k) return { card: card.dataset.card,
          x: (xs[c] + xs[c - k + 1]) / 2, y: (ys[r] + ys[r - k + 1]) / 2 };
      }
    }
    return { card: card.dataset.card, x: null, y: null, box: [b.left, b.top, b.width, b.height] }; })"""


def meet(a, b) -> bool:
    """Whether two boxes (left, top, right, bottom) overlap by more than a pixel each way."""
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def person_to_play(frame) -> None:
    """The person's turn, with a playable card, and the deal's slides over."""
    frame.wait_for_function("settebello.view && settebello.view.waiting === 'human'"
                            " && document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    frame.wait_for_function(SETTLED)
