// The Settings dialog (issue 24, "Settings" in the bar's More menu): the cards' style (deck.js's
// STYLES, with a preview) and their corner indices (issue 45), the display (text size, contrast,
// motion: display.js keeps them, the Help dialog shows them too), the sound (on or off, the volume: sound.js), the pace (how long the
// computer takes over a play, how long a card takes to slide: animate.js) and the coach (issue 28,
// off by default: coach.js asks before a play that leaves a scopa or the Settebello). A choice applies at
// once and is remembered in this browser (storage.js, one key), and applied again on the next visit.
// Reduced motion (chosen here or in Help, else the system's) still wins over the animation length: cards
// do not slide, whatever is chosen here.
//
//   openSettings()        the dialog (the More menu's "Settings" button)
//   applySettings()       what is stored, applied (at load; the test hook's reset after it forgets it)
//   settings()            {deck, indices, sound, volume, pace, animation, coach, autoDeclare, meet,
//                         relays, stun} as they stand
//   meeting()             how Play with people's devices meet (people.js): the relays and STUN
import { t, cardName, onLanguageChange } from "./i18n.js";
import { readJSON, writeJSON, ownKey } from "./storage.js";
import { esc } from "./names.js";
import { setPace, setAnimation, motion } from "./animate.js";
import { setSound, sound, SOUND_BY_DEFAULT, DEFAULT_VOLUME } from "./sound.js";
import { STYLES, style, setStyle, art, INDEX_MODES, indexMode, setIndexMode } from "./deck.js";
import { info } from "./store.js";
import { modal, stylesheet } from "./modal.js";
import { focusBack } from "./moremenu.js";
import { TEXT_SIZES, textSize, highContrast, reducedMotion, setDisplay } from "./display.js";

export const SETTINGS_KEY = ownKey("settebello.settings");  // this deployment's (storage.js)
/** The computer's pace: a factor on the table's pauses between plays (normal: about 1 s a play). */
export const PACES = { relaxed: 1.8, normal: 1, fast: 0.4, instant: 0 };
/** The cards' animation length: a factor on each slide (off: none). */
export const ANIMATIONS = { slow: 1.6, normal: 1, fast: 0.5, off: 0 };
/** The preview's cards: one of each suit, by rank (the Settebello first, then figures and an ace). */
const PREVIEW_RANKS = [7, 1, 10, 9];
/** How Play with people's devices meet (issue 41, docs/PEOPLE.md): through the meeting library's
 *  public relays, through the relays listed here, or only by hand (the reply code back). */
export const MEETS = ["public", "own", "hand"];
/** The STUN server a device asks for its public address, unless the player lists others. */
export const DEFAULT_STUN = ["stun:stun.l.google.com:19302"];
const MAX_ADDRESSES = 8;
export const RELAY_RE = /^wss?:\/\/[^\s/?#]+[^\s]*$/;
export const STUN_RE = /^(stun|stuns|turn|turns):[^\s]+$/;

/** A list of addresses, one a line: {list} or {bad: the first line that is not one}. */
export function addresses(text, pattern) {
  const list = String(text).split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const bad = list.find((l) => !pattern.test(l) || l.length > 200);
  if (bad !== undefined) return { bad };
  if (list.length > MAX_ADDRESSES) return { bad: list[MAX_ADDRESSES] };
  return { list };
}
const listed = (value, pattern, fallback) =>
  Array.isArray(value) && value.every((v) => typeof v === "string" && pattern.test(v)) ? value.slice(0, MAX_ADDRESSES) : fallback;

const stored = () => {
  const s = readJSON(SETTINGS_KEY, {});
  return s && typeof s === "object" && !Array.isArray(s) ? s : {};
};

/** The settings as they stand: the player's choices, else the defaults. */
export function settings() {
  const s = stored();
  return {
    deck: style(),  // deck.js remembers the style (and takes ?style= over it)
    indices: indexMode(),  // and the corner indices (auto: on a phone)
    sound: typeof s.sound === "boolean" ? s.sound : SOUND_BY_DEFAULT,
    volume: Number.isFinite(s.volume) ? Math.min(1, Math.max(0, s.volume)) : DEFAULT_VOLUME,
    pace: Object.hasOwn(PACES, s.pace) ? s.pace : "normal",
    animation: Object.hasOwn(ANIMATIONS, s.animation) ? s.animation : "normal",
    coach: typeof s.coach === "boolean" ? s.coach : false,  // coach.js: a warning before a risky play
    // a declaration the rules leave to the player (SB14) made without asking (table.js)
    autoDeclare: typeof s.autoDeclare === "boolean" ? s.autoDeclare : false,
    meet: MEETS.includes(s.meet) ? s.meet : "public",  // Play with people (people.js)
    relays: listed(s.relays, RELAY_RE, []),
    stun: listed(s.stun, STUN_RE, DEFAULT_STUN),
  };
}

/** How Play with people's devices meet: `relays` null for the library's public ones, a list of
 *  relay addresses, or none (by hand only); `iceServers` the STUN servers (none: host candidates). */
export function meeting() {
  const s = settings();
  const relays = s.meet === "public" ? null : s.meet === "own" && s.relays.length ? s.relays : [];
  return { relays, iceServers: s.stun.map((urls) => ({ urls })) };
}

/** Apply what is stored: the pace and slides (animate.js), the sound (the deck style is deck.js's). */
export function applySettings() {
  const s = settings(), root = document.documentElement;
  setPace(PACES[s.pace]);
  setAnimation(ANIMATIONS[s.animation]);
  setSound({ on: s.sound, volume: s.volume });
  root.dataset.pace = s.pace;
  root.dataset.animation = s.animation;
  return s;
}

function choose(name, value) {
  if (name === "deck") {
    setStyle(value).catch((err) => console.warn(`Settebello: deck style ${value} not loaded (${err.message})`));
    return;
  }
  if (name === "indices") { setIndexMode(value); return; }
  const err = writeJSON(SETTINGS_KEY, { ...stored(), [name]: value });
  if (err) console.warn(`Settebello: the setting is not remembered (${err.message})`);
  applySettings();
  document.dispatchEvent(new CustomEvent("settingschange", { detail: { name } }));  // the table redraws what it reads
}

// ---------------------------------------------------------------- the dialog

const dialog = () => modal("settings-dialog", "dialog settings", "settings-title", wire);

/** A radio group: a fieldset with its legend and one labelled radio button per value. */
function radios(name, legend, values, chosen) {
  return `<fieldset class="settings__group" data-setting="${name}"><legend>${esc(legend)}</legend>
    <div class="settings__options">${values.map(([value, label]) => `<label class="settings__option">
      <input type="radio" name="settings-${name}" value="${esc(value)}" ${value === chosen ? "checked" : ""}>
      <span>${esc(label)}</span></label>`).join("")}</div></fieldset>`;
}

/** A list of addresses, one a line, with the line that says what is wrong with it. */
function addressField(name, label, list, disabled) {
  return `<label class="settings__addresses" for="settings-${name}"><span>${esc(label)}</span>
    <textarea id="settings-${name}" rows="2" spellcheck="false" autocapitalize="off" aria-describedby="settings-${name}-error"
      ${disabled ? "disabled" : ""}>${esc(list.join("\n"))}</textarea></label>
    <p class="settings__error" id="settings-${name}-error" role="alert"></p>`;
}

/** The preview's cards (codes from Python's deck description), or none before the engine described it. */
function previewCards() {
  const deck = info()?.deck;
  if (!deck) return [];
  return deck.suits.map((suit, i) => deck.cards.find((c) => c.suit === suit && c.rank === PREVIEW_RANKS[i % PREVIEW_RANKS.length]))
    .filter(Boolean).map((c) => c.code);
}

function previewRow() {
  const imgs = previewCards().map((code) => `<img src="${art(code)}" alt="${esc(cardName(code))}" width="56" height="90">`);
  imgs.push(`<img src="${art("back")}" alt="${esc(t("settings.back"))}" width="56" height="90">`);
  return imgs.join("");
}

function render() {
  const d = dialog(), s = settings();
  const calm = !motion() && s.animation !== "off";  // reduced motion wins: say so
  const volume = Math.round(s.volume * 100);
  d.innerHTML = `<form method="dialog" class="settings__form">
    <h2 id="settings-title">${esc(t("settings.title"))}</h2>
    <section class="settings__section" aria-labelledby="settings-cards">
      <h3 id="settings-cards">${esc(t("settings.cards"))}</h3>
      <div class="settings__preview" data-testid="settings-preview" role="group" aria-label="${esc(t("settings.preview"))}">${previewRow()}</div>
      ${radios("deck", t("settings.deckStyle"), STYLES.map((x) => [x.id, t(x.nameKey)]), s.deck)}
      <p class="settings__note">${esc(t("deckstyle.note"))}</p>
      ${radios("indices", t("settings.indices"), INDEX_MODES.map((k) => [k, t(`settings.indices.${k}`)]), s.indices)}
    </section>
    <section class="settings__section" aria-labelledby="settings-display-h">
      <h3 id="settings-display-h">${esc(t("access.help.display"))}</h3>
      <label class="settings__range" for="settings-textsize"><span>${esc(t("access.textsize"))}</span>
        <select id="settings-textsize">${TEXT_SIZES.map((n) => `<option value="${n}" ${n === textSize() ? "selected" : ""}>${n} %</option>`).join("")}</select></label>
      <label class="settings__check"><input type="checkbox" id="settings-contrast" ${highContrast() ? "checked" : ""}>
        <span>${esc(t("access.contrast"))}</span></label>
      <label class="settings__check"><input type="checkbox" id="settings-motion" ${reducedMotion() ? "checked" : ""}>
        <span>${esc(t("access.motion"))}</span></label>
    </section>
    <section class="settings__section" aria-labelledby="settings-sound-h">
      <h3 id="settings-sound-h">${esc(t("settings.sound"))}</h3>
      <label class="settings__check"><input type="checkbox" id="settings-sound" ${s.sound ? "checked" : ""}>
        <span>${esc(t("settings.soundOn"))}</span></label>
      <label class="settings__range" for="settings-volume"><span>${esc(t("settings.volume"))}</span>
        <input type="range" id="settings-volume" min="0" step="5" value="${volume}" aria-valuetext="${volume} %" ${s.sound ? "" : "disabled"}>
        <output id="settings-volume-out" for="settings-volume" aria-hidden="true">${volume} %</output></label>
      <button type="button" class="btn" id="settings-try" ${s.sound ? "" : "disabled"}>${esc(t("settings.try"))}</button>
    </section>
    <section class="settings__section" aria-labelledby="settings-pace-h">
      <h3 id="settings-pace-h">${esc(t("settings.pace"))}</h3>
      ${radios("pace", t("settings.computerPace"), Object.keys(PACES).map((k) => [k, t(`settings.pace.${k}`)]), s.pace)}
      ${radios("animation", t("settings.animation"), Object.keys(ANIMATIONS).map((k) => [k, t(`settings.animation.${k}`)]), s.animation)}
      <p class="settings__note" id="settings-calm" ${calm ? "" : "hidden"}>${esc(t("settings.calm"))}</p>
    </section>
    <section class="settings__section" aria-labelledby="settings-coach-h">
      <h3 id="settings-coach-h">${esc(t("settings.coach"))}</h3>
      <label class="settings__check"><input type="checkbox" id="settings-coach" aria-describedby="settings-coach-note" ${s.coach ? "checked" : ""}>
        <span>${esc(t("settings.coachOn"))}</span></label>
      <p class="settings__note" id="settings-coach-note">${esc(t("settings.coachNote"))}</p>
      <label class="settings__check"><input type="checkbox" id="settings-declare" aria-describedby="settings-declare-note" ${s.autoDeclare ? "checked" : ""}>
        <span>${esc(t("settings.autoDeclare"))}</span></label>
      <p class="settings__note" id="settings-declare-note">${esc(t("settings.autoDeclareNote"))}</p>
    </section>
    <section class="settings__section" aria-labelledby="settings-people-h">
      <h3 id="settings-people-h">${esc(t("settings.people"))}</h3>
      ${radios("meet", t("settings.meet"), MEETS.map((k) => [k, t(`settings.meet.${k}`)]), s.meet)}
      ${addressField("relays", t("settings.relays"), s.relays, s.meet !== "own")}
      ${addressField("stun", t("settings.stun"), s.stun, s.meet === "hand")}
      <p class="settings__note" id="settings-meet-note">${esc(t("settings.meetNote"))}</p>
    </section>
    <div class="dialog__actions"><button value="close" class="btn btn--primary" id="settings-close">${esc(t("action.close"))}</button></div>
  </form>`;
  d.querySelector("#settings-volume").max = "100";
}

/** Redraw the preview's cards (a new deck style is ready). */
function redrawPreview() {
  const box = dialog().querySelector(".settings__preview");
  if (box) box.innerHTML = previewRow();
}

let opener = null;

/** Open the Settings dialog; the focus goes to its first control and comes back where it was. */
export async function openSettings() {
  const d = dialog();
  if (d.open) return;
  opener = document.activeElement;
  await stylesheet("settings");
  render();
  d.showModal();
  d.querySelector("input[name=settings-deck]:checked, input")?.focus();
}

function wire(d) {
  d.addEventListener("change", (e) => {
    const el = e.target;
    if (el.name === "settings-deck") choose("deck", el.value);
    else if (el.name === "settings-indices") choose("indices", el.value);
    else if (el.name === "settings-pace") choose("pace", el.value);
    else if (el.name === "settings-animation") { choose("animation", el.value); d.querySelector("#settings-calm").hidden = motion() || el.value === "off"; }
    else if (el.id === "settings-textsize") setDisplay("textSize", parseInt(el.value, 10));
    else if (el.id === "settings-contrast") setDisplay("contrast", el.checked);
    else if (el.id === "settings-motion") {
      setDisplay("motion", el.checked);
      d.querySelector("#settings-calm").hidden = motion() || settings().animation === "off";
    }
    else if (el.id === "settings-sound") {
      choose("sound", el.checked);
      // the volume and Try do nothing while the sound is off: they say so, and come back with it
      for (const id of ["settings-volume", "settings-try"]) d.querySelector(`#${id}`).disabled = !el.checked;
      if (el.checked) sound("play");
    }
    else if (el.id === "settings-volume") { choose("volume", Number(el.value) / 100); sound("play"); }
    else if (el.id === "settings-coach") choose("coach", el.checked);
    else if (el.id === "settings-declare") choose("autoDeclare", el.checked);
    else if (el.name === "settings-meet") {
      choose("meet", el.value);
      d.querySelector("#settings-relays").disabled = el.value !== "own";
      d.querySelector("#settings-stun").disabled = el.value === "hand";
    }
    else if (el.id === "settings-relays" || el.id === "settings-stun") {
      // a line that is not an address is said, and nothing is remembered until it is fixed
      const name = el.id.slice("settings-".length);
      const { list, bad } = addresses(el.value, name === "relays" ? RELAY_RE : STUN_RE);
      const error = d.querySelector(`#settings-${name}-error`);
      error.textContent = bad === undefined ? "" : t(name === "relays" ? "settings.badRelay" : "settings.badStun", { line: bad });
      el.setAttribute("aria-invalid", String(bad !== undefined));
      if (bad === undefined) choose(name, list);
    }
  });
  d.addEventListener("input", (e) => {
    if (e.target.id !== "settings-volume") return;
    const text = `${e.target.value} %`;
    e.target.setAttribute("aria-valuetext", text);
    d.querySelector("#settings-volume-out").textContent = text;
  });
  d.addEventListener("click", (e) => {
    if (e.target.closest("#settings-try")) sound("scopa");
  });
  d.addEventListener("close", () => {
    // back where the player was; else to Settings' button or "More", whichever the bar shows now
    focusBack(opener, "settings-btn");
    opener = null;
  });
}

applySettings();
document.addEventListener("deckstyle", () => { if (dialog().open) redrawPreview(); });
onLanguageChange(() => { const d = document.getElementById("settings-dialog"); if (d?.open) render(); });
document.getElementById("settings-btn")?.addEventListener("click", () => {
  openSettings().catch((err) => console.warn(`Settebello: settings (${err.message})`));
});
