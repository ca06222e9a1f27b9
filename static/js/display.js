// The display settings (high contrast, reduced motion, text size): stored for this deployment,
// applied to <html>, and told to the table (it redraws its card art). Help (access.js) and
// Settings (settings.js) both show them; this module alone keeps them.
import { readJSON, writeJSON, ownKey } from "./storage.js";
import { emit } from "./store.js";

const STORE_KEY = ownKey("settebello.access");  // this deployment's (storage.js)
/** The text sizes offered, in per cent of the browser's own. */
export const TEXT_SIZES = [100, 125, 150, 175, 200];

const load = () => readJSON(STORE_KEY, {});

const media = (q) => (window.matchMedia ? window.matchMedia(q) : { matches: false, addEventListener() {} });
const systemContrast = media("(prefers-contrast: more)");
const systemMotion = media("(prefers-reduced-motion: reduce)");

/** True when the page is in high contrast (the player's choice, else the system's). */
export function highContrast() {
  const s = load();
  return typeof s.contrast === "boolean" ? s.contrast : systemContrast.matches;
}

/** True when animations should be skipped (the player's choice, else the system's). */
export function reducedMotion() {
  const s = load();
  return typeof s.motion === "boolean" ? s.motion : systemMotion.matches;
}

/** The text size chosen, in per cent (100: the browser's own). */
export function textSize() {
  const n = load().textSize;
  return TEXT_SIZES.includes(n) ? n : 100;
}

/** Apply the display settings to <html> and tell the table. */
export function applyDisplay() {
  const root = document.documentElement, size = textSize();
  const hc = highContrast(), calm = reducedMotion();
  root.classList.toggle("hc", hc);
  root.classList.toggle("reduce-motion", calm);
  root.dataset.motion = calm ? "reduce" : "full";   // animate.js reads it; access.css follows it
  root.style.fontSize = size !== 100 ? `${size}%` : "";
  if (size !== 100) root.dataset.textSize = String(size); else delete root.dataset.textSize;  // access.css
  emit("display", { highContrast: hc, reducedMotion: calm, textSize: size });
}

/** One display setting chosen ("contrast", "motion": a boolean; "textSize": one of TEXT_SIZES). */
export function setDisplay(name, value) {
  writeJSON(STORE_KEY, { ...load(), [name]: value });
  applyDisplay();
}

/** Follow the system's contrast and motion while the person has not chosen. */
export function followSystem() {
  systemContrast.addEventListener?.("change", applyDisplay);
  systemMotion.addEventListener?.("change", applyDisplay);
}
