// The "New game" dialog: a variant from the engine's presets (with its description), the seats
// of that variant (a person with a name, or the computer at a level), the teams, the target and
// a few common rule options, and under "Advanced" (folded) the seed and the hint level. The choice,
// but not the seed, is remembered in localStorage for next time. It returns the config Session.new_game takes.
import { t } from "./i18n.js";
import { readJSON, writeJSON } from "./storage.js";
import { esc, variantText, levelName, refusalText, typedNumber } from "./names.js";

export const PREFS_KEY = "settebello.newgame";

/** The remembered choice, or null. */
export function loadPrefs() { return readJSON(PREFS_KEY); }
/** Remember the choice for next time. */
export function savePrefs(p) { writeJSON(PREFS_KEY, p); }

const NAMES = ["Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia"];
/** The name of a computer player at seat i (a name, as at a real table). */
export function computerName(i) { return NAMES[(i + NAMES.length - 1) % NAMES.length]; }

/** Default seats for a variant: the first a person ("You"), the others computers at `level`. */
export function defaultSeats(players, level, you) {
  return Array.from({ length: players }, (_, i) => i === 0 ? { human: true, name: you } : { human: false, level });
}

/**
 * Open the dialog with `prefs` filled in; resolves with {config, prefs} on Start, or null on
 * Cancel. `info` is Python's description (store.js): presets with the side of each seat for each
 * team choice, levels, hint levels, the toggled options, the target's bounds. Start first asks
 * `check(config)` (the engine's check_game); a refusal is shown in the dialog, which stays open.
 */
export function openNewGame(dialog, info, prefs, check) {
  const levels = info.levels;
  const [targetLow, targetHigh] = info.option_bounds.target;
  const state = {
    variant: prefs?.variant && info.variants.some((v) => v.id === prefs.variant) ? prefs.variant : info.variants[0].id,
    seats: prefs?.seats || null, target: prefs?.target ?? null, options: { ...(prefs?.options || {}) },
    // the seed is for one game only: a remembered seed would deal the same cards every time
    seed: "", hintLevel: prefs?.hintLevel || info.default_level, advanced: false,
  };
  const pre = () => info.variants.find((v) => v.id === state.variant);
  const defaultLevel = info.default_level;

  function fitSeats() {
    const n = pre().players, old = state.seats || [];
    state.seats = Array.from({ length: n }, (_, i) => old[i] ? { ...old[i] }
      : i === 0 ? { human: true, name: t("seat.you") } : { human: false, level: defaultLevel });
  }
  fitSeats();

  /** The side of seat i in the team choice on the form (Python's answer, describe's team_choices). */
  function sideOf(i) {
    const p = pre(), teams = state.options.teams || p.rules.teams;
    return p.team_choices[teams][i];
  }

  function draw() {
    const p = pre();
    const teams = state.options.teams || p.rules.teams;
    const seatRows = state.seats.map((s, i) => `
      <li class="ng-seat" data-side="${teams === "none" ? "" : sideOf(i)}">
        <span class="ng-seat__no">${teams === "none" ? i + 1
          : `<span class="ng-seat__long">${esc(t("seat.teamShort", { n: sideOf(i) + 1 }))}</span><span class="ng-seat__short" aria-hidden="true">${sideOf(i) + 1}</span>`}</span>
        <select data-seat-kind="${i}" aria-label="${esc(t("dialog.seatKind", { n: i + 1 }))}">
          <option value="human" ${s.human ? "selected" : ""}>${esc(t("dialog.person"))}</option>
          <option value="computer" ${s.human ? "" : "selected"}>${esc(t("dialog.computer"))}</option>
        </select>
        ${s.human
          ? `<input data-seat-name="${i}" value="${esc(s.name || "")}" maxlength="24" aria-label="${esc(t("dialog.seatName", { n: i + 1 }))}" placeholder="${esc(t("dialog.namePlaceholder"))}">`
          : `<select data-seat-level="${i}" aria-label="${esc(t("dialog.seatLevel", { n: i + 1 }))}">${levels.map((l) =>
              `<option value="${l.id}" ${l.id === s.level ? "selected" : ""}>${esc(levelName(l.id))}</option>`).join("")}</select>`}
      </li>`).join("");
    const opts = info.toggles.map((k) => {
      const on = k in state.options ? !!state.options[k] : !!p.rules[k];
      return `<label class="ng-check"><input type="checkbox" data-option="${k}" ${on ? "checked" : ""}> ${esc(t(`option.${k}`))}</label>`;
    }).join("");
    const choices = Object.keys(p.team_choices);
    const teamChoice = choices.length > 1 ? `<label class="ng-field">${esc(t("dialog.teams"))}
        <select data-option-teams>${choices.map((c) =>
          `<option value="${c}" ${teams === c ? "selected" : ""}>${esc(t(`teams.${c}`))}</option>`).join("")}
        </select></label>` : "";
    dialog.innerHTML = `<form method="dialog" class="ng">
      <h2 id="ng-title">${esc(t("dialog.newGame"))}</h2>
      <label class="ng-field">${esc(t("dialog.variant"))}
        <select id="ng-variant">${info.variants.map((v) => `<option value="${v.id}" ${v.id === p.id ? "selected" : ""}>${esc(variantText(v.id, "name"))}</option>`).join("")}</select>
      </label>
      <p class="ng-desc" id="ng-desc">${esc(variantText(p.id, "description"))}</p>
      <fieldset class="ng-seats"><legend>${esc(t("dialog.players", { count: p.players }))}${teams !== "none" ? ` · ${esc(t(`teams.${teams}`))}` : ""}</legend>
        ${teamChoice}
        <ol>${seatRows}</ol>
        ${teams !== "none" ? `<p class="ng-note">${esc(t(teams === "triples" ? "dialog.teamsNoteTriples" : "dialog.teamsNote"))}</p>` : ""}
      </fieldset>
      <div class="ng-row">
        <label class="ng-field">${esc(t("dialog.target"))}
          <input id="ng-target" type="number" min="${targetLow}" max="${targetHigh}" value="${state.target ?? p.target}"></label>
      </div>
      <fieldset class="ng-opts"><legend>${esc(t("dialog.options"))}</legend>${opts}</fieldset>
      <details class="ng-adv" ${state.advanced ? "open" : ""}><summary>${esc(t("dialog.advanced"))}</summary>
        <label class="ng-field">${esc(t("dialog.seed"))}
          <input id="ng-seed" inputmode="numeric" value="${esc(state.seed)}" placeholder="${esc(t("dialog.seedPlaceholder"))}"></label>
        <label class="ng-field">${esc(t("dialog.hintLevel"))}
          <select id="ng-hint">${info.hint_levels.map((l) =>
            `<option value="${l}" ${state.hintLevel === l ? "selected" : ""}>${esc(levelName(l))}</option>`).join("")}</select></label>
      </details>
      <p class="ng-error" id="ng-error" role="alert"></p>
      <div class="ng-actions">
        <button value="cancel" id="ng-cancel" class="btn" formnovalidate>${esc(t("action.cancel"))}</button>
        <button value="start" id="ng-start" class="btn btn--primary">${esc(t("action.start"))}</button>
      </div>
    </form>`;
    dialog.setAttribute("aria-labelledby", "ng-title");
  }

  function read() {
    const q = (s) => dialog.querySelector(s);
    state.target = typedNumber(q("#ng-target").value) ?? null;
    state.seed = q("#ng-seed").value.trim();
    state.hintLevel = q("#ng-hint").value;
    state.advanced = q(".ng-adv").open;
    for (const i of dialog.querySelectorAll("[data-seat-name]")) state.seats[+i.dataset.seatName].name = i.value;
    for (const s of dialog.querySelectorAll("[data-seat-level]")) state.seats[+s.dataset.seatLevel].level = s.value;
    for (const c of dialog.querySelectorAll("[data-option]")) {
      if (c.checked === !!pre().rules[c.dataset.option]) delete state.options[c.dataset.option];
      else state.options[c.dataset.option] = c.checked;
    }
  }

  draw();
  return new Promise((resolve) => {
    const onChange = (e) => {
      const el = e.target;
      if (el.id === "ng-variant") {
        read(); state.variant = el.value; state.target = null; state.options = {}; fitSeats(); draw();
        dialog.querySelector("#ng-variant").focus();
      } else if (el.dataset.seatKind !== undefined) {
        read();
        const i = +el.dataset.seatKind;
        state.seats[i] = el.value === "human" ? { human: true, name: t("dialog.defaultName", { n: i + 1 }) } : { human: false, level: defaultLevel };
        draw(); dialog.querySelector(`[data-seat-kind="${i}"]`).focus();
      } else if (el.matches("[data-option-teams]")) {
        read(); if (el.value === pre().rules.teams) delete state.options.teams; else state.options.teams = el.value;
        draw(); dialog.querySelector("[data-option-teams]").focus();
      }
    };
    const onClose = () => {
      dialog.removeEventListener("change", onChange);
      dialog.removeEventListener("close", onClose);
      dialog.removeEventListener("submit", onSubmit, true);
      if (dialog.returnValue !== "start") return resolve(null);
      const p = pre();
      const saved = { variant: p.id, seats: state.seats, target: state.target, options: state.options, hintLevel: state.hintLevel };
      resolve({ config: config(), prefs: saved });
    };
    /** The config of the form as it stands (Session.new_game's, without the clock). */
    const config = () => {
      const p = pre();
      const options = { ...state.options };
      if (state.target !== null && state.target !== p.target) options.target = state.target;
      const seats = state.seats.map((s, i) => s.human ? { human: true, name: (s.name || "").trim() || t("dialog.defaultName", { n: i + 1 }) }
        : { human: false, level: s.level, name: computerName(i) });
      return { variant: p.id, options, seats, seed: typedNumber(state.seed) };
    };
    let checking = false;
    const onSubmit = (e) => {
      if (e.submitter?.value !== "start") return;
      e.preventDefault();
      if (checking) return;
      read();
      const err = dialog.querySelector("#ng-error");
      checking = true;
      check(config()).then(() => dialog.close("start"), (ex) => { err.textContent = refusalText(ex); })
        .finally(() => { checking = false; });
    };
    dialog.addEventListener("change", onChange);
    dialog.addEventListener("close", onClose);
    dialog.addEventListener("submit", onSubmit, true);
    dialog.returnValue = "";
    dialog.showModal();
    dialog.querySelector("#ng-start").focus();
  });
}
