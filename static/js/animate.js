// Card elements and their movement. Each card of the deck is ONE element, made once and then
// moved from container to container (hand -> table -> pile); a move is animated FLIP-style with
// the CSS `translate`/`scale` properties (so a card's own `transform`, e.g. a fan or a scopa
// turned across the pile, is kept). Moves run from a queue, one step after another.
//
//   const stage = new CardStage({ label: cardName });
//   const first = stage.measure();          // where every card is now
//   ...move elements between containers...  // stage.card("7D"), stage.back()
//   await stage.play(first, { origin });   // slide each from where it was to where it is
import { art as cardDataURL } from "./deck.js";

/** Reduced motion: the player's choice (access.js sets <html data-motion="reduce|full">), else the system's. */
const reduced = () => {
  const chosen = document.documentElement.dataset.motion;
  return chosen ? chosen === "reduce" : !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
};

/** Animation timings in ms; all 0 in fast mode (?fast=1). `pace` (the computer's pace) scales every
 *  pause between plays and `length` every card's slide: the player's settings (settings.js); a
 *  length of 0, like reduced motion, means no slide at all. */
export const timing = { move: 320, fast: false, pace: 1, length: 1 };
export function setFast(fast) { timing.fast = !!fast; }
/** The computer's pace: a factor on the pauses between plays (1 as before, 0 for none). */
export function setPace(factor) { timing.pace = Number.isFinite(factor) ? Math.max(0, factor) : 1; }
/** The length of the cards' slides: a factor on each (1 as before, 0 for none). */
export function setAnimation(factor) { timing.length = Number.isFinite(factor) ? Math.max(0, factor) : 1; }
export function motion() { return !(timing.fast || reduced() || !timing.length); }
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Wait ms times the pace, unless the pace is instant or the page in fast mode. Reduced motion and
 *  animations turned off do not shorten it: cards that jump instead of sliding still need the time
 *  to be seen. Each wait is told as a `settebello:pause` event ({ms}: 0 when none), so a test reads
 *  the pace the page keeps from the page, not from a stopwatch. */
export function pause(ms) {
  const wait = timing.fast || !timing.pace ? 0 : ms * timing.pace;
  globalThis.dispatchEvent?.(new CustomEvent("settebello:pause", { detail: { ms: wait } }));
  return wait ? sleep(wait) : Promise.resolve();
}

let artOpts = {};
/** Card art options (e.g. {highContrast: true}); re-drawn by the caller's next render. */
export function setArt(opts) { artOpts = { ...opts }; }

function img(src) {
  const i = document.createElement("img");
  i.src = src; i.alt = ""; i.draggable = false;
  return i;
}

/** The registry of card elements (one per card code) and back elements (opponents, deck). */
export class CardStage {
  constructor({ label }) {
    this.label = label; // code -> accessible name
    this.cards = new Map();
    this.art = "";
  }

  /** The element of card `code` (a <button>), made the first time it is asked for. */
  card(code) {
    let el = this.cards.get(code);
    if (!el) {
      el = document.createElement("button");
      el.type = "button";
      el.className = "card";
      el.dataset.card = code;
      const face = img(cardDataURL(code, artOpts)); face.className = "card__face";
      const back = img(cardDataURL("back", artOpts)); back.className = "card__back";
      el.append(face, back);
      this.cards.set(code, el);
    }
    el.setAttribute("aria-label", this.label(code));
    return el;
  }

  /** Re-draw every card with the current art options (after a contrast change, a deck style
   *  chosen), the anonymous backs too (an opponent's hand, the mazzo). A card no longer
   *  on the page is forgotten instead (made afresh if asked for again): it may belong to the deck
   *  of a game before (Cicera's 11D), which the current deck cannot draw. */
  redraw() {
    for (const [code, el] of this.cards) {
      if (!el.isConnected) { this.cards.delete(code); continue; }
      el.querySelector(".card__face").src = cardDataURL(code, artOpts);
      el.querySelector(".card__back").src = cardDataURL("back", artOpts);
    }
    for (const back of document.querySelectorAll(".card--down:not([data-card]) > img")) back.src = cardDataURL("back", artOpts);
  }

  /** A face-down card with no identity (an opponent's hand, the mazzo). */
  back() {
    const el = document.createElement("div");
    el.className = "card card--down";
    el.setAttribute("aria-hidden", "true");
    el.append(img(cardDataURL("back", artOpts)));
    return el;
  }

  /** Forget cards no longer in play (a new hand): remove their elements. */
  drop(keep) {
    for (const [code, el] of this.cards) if (!keep.has(code)) { el.remove(); this.cards.delete(code); }
  }

  /** Where every card element on the page is now: Map element -> DOMRect. */
  measure(root = document) {
    const m = new Map();
    for (const el of root.querySelectorAll(".card")) m.set(el, el.getBoundingClientRect());
    return m;
  }

  /**
   * Slide every element from its `first` rect to where it is now. Elements new since `first`
   * start from origin(el) (a DOMRect, e.g. the hand of the seat that played them) or fade in.
   * Resolves when the moves are done.
   */
  async play(first, { origin = () => null, ms = timing.move * timing.length } = {}) {
    if (!motion()) return;
    const moving = [];
    for (const el of document.querySelectorAll(".card")) {
      const last = el.getBoundingClientRect();
      if (!last.width) continue;
      const from = first.get(el) || origin(el);
      if (!from || !from.width) {
        if (!first.has(el)) { el.animate?.([{ opacity: 0 }, { opacity: 1 }], { duration: ms }); }
        continue;
      }
      const dx = from.left - last.left, dy = from.top - last.top;
      const sx = from.width / last.width, sy = from.height / last.height;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.02) continue;
      // centre-based so that a card turned by its own transform still lands where it should
      const cx = from.left + from.width / 2 - (last.left + last.width / 2);
      const cy = from.top + from.height / 2 - (last.top + last.height / 2);
      moving.push([el, cx, cy, sx, sy]);
    }
    if (!moving.length) return;
    for (const [el, cx, cy, sx, sy] of moving) {
      el.style.transition = "none";
      el.style.translate = `${cx}px ${cy}px`;
      el.style.scale = `${sx} ${sy}`;
      el.classList.add("card--flying");
    }
    document.body.getBoundingClientRect(); // one reflow for all
    for (const [el] of moving) {
      el.style.transition = `translate ${ms}ms cubic-bezier(.2,.7,.3,1), scale ${ms}ms cubic-bezier(.2,.7,.3,1)`;
      el.style.translate = "";
      el.style.scale = "";
    }
    await sleep(ms + 20);
    for (const [el] of moving) { el.style.transition = ""; el.classList.remove("card--flying"); }
  }
}

/** A queue that runs async steps one after another (renders and their animations). */
export class Queue {
  #tail = Promise.resolve();
  /** Run fn after every step queued before it; resolves with its result. */
  run(fn) {
    const r = this.#tail.then(fn);
    this.#tail = r.catch(() => {});
    return r;
  }
}
