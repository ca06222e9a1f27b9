// The "New game" dialog: a variant from the engine's presets (with its description), the seats
// of that variant (a person with a name, or the computer at a level), the teams, the target and
// a few common rule options, and under "Advanced" (folded) the seed and the hint level. The choice,
// but not the seed, is remembered in localStorage for next time. It returns the config Session.new_game takes.
import { t, language } from "./i18n.js";
import { readJSON, writeJSON, ownKey } from "./storage.js";
import { esc, variantText, levelName, refusalText, typedNumber, shownName } from "./names.js";
import { peopleOffered } from "./address.js";

export const PREFS_KEY = ownKey("settebello.newgame");  // this deployment's (storage.js)

/** The remembered choice, or null: typed as the dialog writes it (cleanPrefs). */
export function loadPrefs() { return cleanPrefs(readJSON(PREFS_KEY)); }

const isPlain = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const shortText = (x, n) => (typeof x === "string" && x.length <= n ? x : undefined);
const wholeOrNull = (x) => (Number.isSafeInteger(x) ? x : null);
const scalar = (v) => typeof v === "boolean" || Number.isFinite(v) || shortText(v, 40) !== undefined;

/** A remembered choice read from storage, with every field of the type the dialog writes and
 *  nothing else (storage is anyone's to edit: a target that is markup, a seat that is a number):
 *  a field of another type is forgotten, as if never chosen; null when it is no choice at all. */
export function cleanPrefs(p) {
  if (!isPlain(p)) return null;
  const seats = Array.isArray(p.seats) && p.seats.length <= 8 && p.seats.every(isPlain)
    ? p.seats.map((s) => (s.human === true ? { human: true, name: shortText(s.name, 24) ?? "" }
      : { human: false, level: shortText(s.level, 40) })) : null;
  const options = isPlain(p.options)
    ? Object.fromEntries(Object.entries(p.options).filter(([k, v]) => k.length <= 40 && scalar(v))) : {};
  return { variant: shortText(p.variant, 60), seats, table: shortText(p.table, 60), target: wholeOrNull(p.target),
    lead: wholeOrNull(p.lead), options, hintLevel: shortText(p.hintLevel, 40) };
}
/** Remember the choice for next time. */
export function savePrefs(p) { writeJSON(PREFS_KEY, p); }

/** The deal at table x of a preset (describe's tables) with `options` chosen over the preset's
 *  `rules`: the table's own, or the one describe gives for a switch that changes the deal (misère
 *  deals all the cards, O12, SB70) while `options` flip that switch. */
export function dealAt(x, options, rules) {
  return Object.entries(x.switched || {}).reduce(
    (d, [k, alt]) => (alt && k in options && options[k] !== rules[k] ? alt : d), x);
}

/** The name a person's seat i gets when nobody typed one: "You" when one person plays, else (the
 *  device passed round, hot seat) "Player 1", "Player 2"... so the pass screen never says "Pass
 *  the device to You". */
export function personName(i, people) {
  return people > 1 ? t("dialog.defaultName", { n: i + 1 }) : t("seat.you");
}

/** Whether `name` at seat i is one the page gave (none, "You", "Player <i+1>"), not one typed. */
export function givenName(name, i) {
  const s = (name || "").trim();
  return !s || s === t("seat.you") || s === t("dialog.defaultName", { n: i + 1 });
}

/** The seats with every person's given name made right for how many persons sit (personName);
 *  a typed name stays. */
export function namePeople(seats) {
  const people = seats.filter((s) => s.human).length;
  return seats.map((s, i) => (s.human && givenName(s.name, i) ? { ...s, name: personName(i, people) } : s));
}

const offersPeople = peopleOffered();  // a seat on another device offered (an embed: only with people=1)
const NAMES = ["Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia"];
/** The name of a computer player at seat i (a name, as at a real table). */
export function computerName(i) { return NAMES[(i + NAMES.length - 1) % NAMES.length]; }

/**
 * Open the dialog with `prefs` filled in; resolves with {config, prefs} on Start, or null on
 * Cancel. `info` is Python's description (store.js): presets with every table they may be played
 * at (players, teams, the deal, each seat's side), levels, hint levels, the toggled options, the
 * bounds of the target and the lead. Start first asks
 * `check(config)` (the engine's check_game); a refusal is shown in the dialog, which stays open.
 */
export function openNewGame(dialog, info, prefs, check) {
  const levels = info.levels;
  const [targetLow, targetHigh] = info.option_bounds.target;
  const [leadLow, leadHigh] = info.option_bounds.lead;
  const state = {
    variant: prefs?.variant && info.variants.some((v) => v.id === prefs.variant) ? prefs.variant : info.variants[0].id,
    // a default name remembered in another language ("You") is said in this one ("Tu")
    seats: prefs?.seats?.map((s) => (s.human ? { ...s, name: shownName(s.name) } : s)) || null,
    target: prefs?.target ?? null, lead: prefs?.lead ?? null,
    table: prefs?.table ?? null, options: { ...(prefs?.options || {}) },
    // the seed is for one game only: a remembered seed would deal the same cards every time
    seed: "", hintLevel: prefs?.hintLevel || info.default_hint_level, advanced: false, more: false,
  };
  const pre = () => info.variants.find((v) => v.id === state.variant);
  /** The table chosen (describe's tables of the preset: its own first). */
  const table = () => pre().tables.find((x) => x.id === state.table) || pre().tables[0];
  const defaultLevel = info.default_level;
  // a remembered option stands only where this preset leaves it open (the table comes from the
  // table chosen, the target and lead from their own fields)
  for (const k of Object.keys(state.options)) if (!pre().open.includes(k)) delete state.options[k];

  function fitSeats() {
    const n = table().players, old = state.seats || [];
    state.seats = Array.from({ length: n }, (_, i) => old[i] ? { ...old[i] }
      : i === 0 ? { human: true, name: t("seat.you") } : { human: false, level: defaultLevel });
    nameSeats();
  }
  /** The persons' names nobody typed follow how many persons sit: "You" alone, else "Player N". */
  function nameSeats() {
    const people = state.seats.filter((x) => x.human).length;
    state.seats.forEach((x, i) => { if (x.human && !x.typed) x.name = personName(i, people); });
  }
  // a remembered name the page gave is not the person's own: it follows the table too
  if (state.seats) state.seats = state.seats.map((x, i) => (x.human ? { ...x, typed: !givenName(x.name, i) } : x));
  fitSeats();

  /** The side of seat i at the table chosen (Python's answer, describe's tables). */
  const sideOf = (i) => table().side_of[i];

  /** A table's name in the menu: how many, and how they sit when that many may sit otherwise too. */
  function tableName(x) {
    const several = pre().tables.filter((y) => y.players === x.players).length > 1;
    const players = t("dialog.players", { count: x.players });
    return several || x.teams !== "none" ? `${players} · ${t(`teams.${x.teams}`)}` : players;
  }

  /** An option's value on the form: the player's choice, else the preset's. */
  const valueOf = (k) => (k in state.options ? state.options[k] : pre().rules[k]);

  /** The deal at table x as the form stands (misère deals all the cards, O12, SB70). */
  const dealHere = (x) => dealAt(x, state.options, pre().rules);
  const dealText = (d) => t(d.table_cards ? "dialog.deal" : "dialog.dealNoTable", { count: d.hand_size, table: d.table_cards });

  /** The value another option fixes for choice k (describe's fixed_by: Punti a denari counts no
   *  primiera, SB70) as [value, the option, its value], or null while k is the player's to choose. */
  function fixedBy(k) {
    for (const [o, fixes] of Object.entries(info.option_specs[k].fixed_by || {})) {
      const v = valueOf(o);
      if (Object.prototype.hasOwnProperty.call(fixes, v)) return [fixes[v], o, v];
    }
    return null;
  }
  const fixedNote = (k, f) => (f ? t(`implied.${k}.${f[1]}.${f[2]}`) : "");
  /** The note under the points to win, for the value typed: "Played to 11 points; 0: a single hand"
   *  (it said "0: a single hand" whatever the value), "A single hand decides the match" for 0. */
  const targetNote = (value) => {
    const n = typedNumber(value ?? "");
    if (n === 0) return t("dialog.targetSingle");
    return Number.isInteger(n) && n > 0 ? t("dialog.targetNote", { count: n }) : t("dialog.targetHint");
  };

  /** The control of one option, as Python describes it (describe's option_specs): a switch (off
   *  and disabled while the switch it needs is off), a choice of values, or a whole number. */
  function control(k) {
    const spec = info.option_specs[k], v = valueOf(k), name = esc(t(`option.${k}`));
    if (spec.kind === "bool") {
      const blocked = spec.needs && !valueOf(spec.needs);
      return `<label class="ng-check"><input type="checkbox" data-option="${k}" ${v && !blocked ? "checked" : ""} ${blocked ? "disabled" : ""}> ${name}</label>`;
    }
    if (spec.kind === "choice") {
      const f = fixedBy(k), shown = f ? f[0] : v;
      const note = spec.fixed_by ? `<small class="ng-hint" id="ng-fixed-${k}" ${f ? "" : "hidden"}>${esc(fixedNote(k, f))}</small>` : "";
      return `<label class="ng-field">${name}<select data-option="${k}" ${f ? "disabled" : ""} ${note ? `aria-describedby="ng-fixed-${k}"` : ""}>${pre().choices[k].map((c) =>
        `<option value="${esc(c)}" ${c === shown ? "selected" : ""}>${esc(t(`choice.${k}.${c}`))}</option>`).join("")}</select>${note}</label>`;
    }
    return `<label class="ng-field">${name}<input type="number" data-option="${k}" min="${spec.low}" max="${spec.high}" value="${esc(v)}"></label>`;
  }

  function draw() {
    const p = pre();
    const here = table(), teams = here.teams;
    // a seat's controls name its team for a screen reader too ("Seat 2 (Team 2): who plays")
    const seatNo = (i) => (teams === "none" ? i + 1 : `${i + 1} (${t("seat.teamShort", { n: sideOf(i) + 1 })})`);
    const seatRows = state.seats.map((s, i) => `
      <li class="ng-seat" data-side="${teams === "none" ? "" : sideOf(i)}">
        <span class="ng-seat__no">${teams === "none" ? i + 1
          : `<span class="ng-seat__long">${esc(t("seat.teamShort", { n: sideOf(i) + 1 }))}</span><span class="ng-seat__short" aria-hidden="true">${sideOf(i) + 1}</span>`}</span>
        <select data-seat-kind="${i}" aria-label="${esc(t("dialog.seatKind", { n: seatNo(i) }))}">
          <option value="human" ${s.human && !(s.remote && offersPeople) ? "selected" : ""}>${esc(t("dialog.person"))}</option>
          ${offersPeople ? `<option value="remote" ${s.remote ? "selected" : ""}>${esc(t("people.seatKind"))}</option>` : ""}
          <option value="computer" ${s.human ? "" : "selected"}>${esc(t("dialog.computer"))}</option>
        </select>
        ${s.human
          ? `<input data-seat-name="${i}" value="${esc(s.name || "")}" maxlength="24" aria-label="${esc(t("dialog.seatName", { n: seatNo(i) }))}" placeholder="${esc(t("dialog.namePlaceholder"))}">`
          // a computer's name shown beside its level: the name the table will call it by (the
          // review of 2026-12-01: "Carla" and "Dario" turned up at the table, never seen before)
          : `<span class="ng-seat__cpu"><span class="ng-seat__cname" id="ng-cname-${i}">${esc(computerName(i))}</span><select data-seat-level="${i}" aria-label="${esc(t("dialog.seatLevel", { n: seatNo(i) }))}" aria-describedby="ng-cname-${i}">${levels.map((l) =>
              `<option value="${l.id}" ${l.id === s.level ? "selected" : ""}>${esc(levelName(l.id))}</option>`).join("")}</select></span>`}
      </li>`).join("");
    const quick = info.toggles.filter((k) => p.open.includes(k));
    const more = p.open.filter((k) => !quick.includes(k));
    const opts = quick.map(control).join("");
    const moreOpts = more.map(control).join("");
    const tableChoice = `<label class="ng-field">${esc(t("dialog.table"))}
        <select id="ng-table">${p.tables.map((x) =>
          `<option value="${x.id}" ${x.id === here.id ? "selected" : ""}>${esc(tableName(x))}</option>`).join("")}
        </select></label>
        <p class="ng-note" id="ng-deal">${esc(dealText(dealHere(here)))}</p>
        ${here.house ? `<p class="ng-note" id="ng-house">${esc(t("dialog.houseTable"))}</p>` : ""}`;
    const head = `<h2 id="ng-title">${esc(t("dialog.newGame"))}</h2>
      <label class="ng-field">${esc(t("dialog.variant"))}
        <select id="ng-variant">${info.variants.map((v) => `<option value="${v.id}" ${v.id === p.id ? "selected" : ""}>${esc(variantText(v.id, "name"))}</option>`).join("")}</select>
      </label>`;
    const body = `<p class="ng-desc" id="ng-desc">${esc(variantText(p.id, "description"))}
        <button type="button" class="btn btn--ghost ng-rules" id="ng-rules">${esc(t("dialog.rulesOf", { variant: variantText(p.id, "name") }))}</button></p>
      <fieldset class="ng-seats"><legend>${esc(t("dialog.whoPlays"))}</legend>
        ${tableChoice}
        <ol>${seatRows}</ol>
        ${teams !== "none" ? `<p class="ng-note" id="ng-teams-note">${esc(t(teams === "triples" ? "dialog.teamsNoteTriples" : "dialog.teamsNote"))}</p>` : ""}
      </fieldset>
      <div class="ng-row">
        <label class="ng-field">${esc(t("dialog.target"))}
          <input id="ng-target" type="number" min="${targetLow}" max="${targetHigh}" value="${esc(state.target ?? p.target)}"
            aria-describedby="ng-target-hint"><small class="ng-hint" id="ng-target-hint">${esc(targetNote(state.target ?? p.target))}</small></label>
        <label class="ng-field">${esc(t("dialog.lead"))}
          <input id="ng-lead" type="number" min="${leadLow}" max="${leadHigh}" value="${esc(state.lead ?? p.rules.lead)}"></label>
      </div>
      <fieldset class="ng-opts"><legend>${esc(t("dialog.options"))}</legend>${opts}
        ${moreOpts ? `<details class="ng-more" ${state.more ? "open" : ""}><summary>${esc(t("dialog.moreRules"))}</summary>
          <div class="ng-more__body">${moreOpts}</div></details>` : ""}</fieldset>
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
      </div>`;
    // the game's own select stays the same element while the rest is drawn again for its choice: a
    // new one under the keyboard was announced afresh at each arrow key (the screen-reader review)
    const form = dialog.querySelector("form.ng"), select = form?.querySelector("#ng-variant");
    if (select && select.value === p.id && form.dataset.lang === language()) form.querySelector(".ng-body").innerHTML = body;
    else dialog.innerHTML = `<form method="dialog" class="ng" data-lang="${esc(language())}">${head}<div class="ng-body">${body}</div></form>`;
    dialog.setAttribute("aria-labelledby", "ng-title");
  }

  function read() {
    const q = (s) => dialog.querySelector(s);
    state.target = typedNumber(q("#ng-target").value) ?? null;
    state.lead = typedNumber(q("#ng-lead").value) ?? null;
    state.seed = q("#ng-seed").value.trim();
    state.hintLevel = q("#ng-hint").value;
    state.advanced = q(".ng-adv").open;
    for (const i of dialog.querySelectorAll("[data-seat-name]")) state.seats[+i.dataset.seatName].name = i.value;
    for (const s of dialog.querySelectorAll("[data-seat-level]")) state.seats[+s.dataset.seatLevel].level = s.value;
    state.more = q(".ng-more")?.open ?? state.more;
    for (const c of dialog.querySelectorAll("[data-option]")) {
      const k = c.dataset.option, kind = info.option_specs[k].kind;
      if (c.disabled) { delete state.options[k]; continue; }  // off while needed, or fixed by another (SB70)
      const v = kind === "bool" ? c.checked : kind === "number" ? typedNumber(c.value) ?? pre().rules[k]
        : pre().choices[k].find((x) => String(x) === c.value);  // a choice as Python gave it (7, not "7")
      if (v === pre().rules[k]) delete state.options[k];
      else state.options[k] = v;
    }
  }

  draw();
  return new Promise((resolve) => {
    const onChange = (e) => {
      const el = e.target;
      if (el.id === "ng-variant") {
        read(); state.variant = el.value; state.target = null; state.lead = null; state.table = null; state.options = {};
        fitSeats(); draw();
        dialog.querySelector("#ng-variant").focus();
      } else if (el.dataset.seatKind !== undefined) {
        read();
        const i = +el.dataset.seatKind;
        state.seats[i] = el.value === "computer" ? { human: false, level: defaultLevel }
          : { human: true, name: "", ...(el.value === "remote" ? { remote: true } : {}) };  // remote: people.js
        nameSeats();
        draw(); dialog.querySelector(`[data-seat-kind="${i}"]`).focus();
      } else if (el.dataset.option !== undefined) {
        // the switches that need this one are offered only while it is on (changed in place: a
        // redraw here would swallow a click on Start that made this field lose focus)
        read();
        for (const [k, spec] of Object.entries(info.option_specs)) {
          const dep = spec.needs === el.dataset.option && dialog.querySelector(`[data-option="${k}"]`);
          if (!dep) continue;
          dep.disabled = !valueOf(spec.needs);
          if (dep.disabled) { dep.checked = false; delete state.options[k]; }
        }
        // a choice this one fixes (SB70), and the deal a switch changes (O12), in place too
        for (const [k, spec] of Object.entries(info.option_specs)) {
          const dep = spec.fixed_by && el.dataset.option in spec.fixed_by && dialog.querySelector(`select[data-option="${k}"]`);
          if (!dep) continue;
          const f = fixedBy(k);
          dep.disabled = !!f;
          dep.value = String(f ? f[0] : valueOf(k));
          const note = dialog.querySelector(`#ng-fixed-${k}`);
          note.textContent = fixedNote(k, f);
          note.hidden = !f;
        }
        dialog.querySelector("#ng-deal").textContent = dealText(dealHere(table()));
      } else if (el.id === "ng-table") {
        read(); state.table = el.value; fitSeats(); draw();
        dialog.querySelector("#ng-table").focus();
      }
    };
    const onClose = () => {
      dialog.removeEventListener("change", onChange);
      dialog.removeEventListener("input", onInput);
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("close", onClose);
      dialog.removeEventListener("submit", onSubmit, true);
      if (dialog.returnValue !== "start") return resolve(null);
      const p = pre();
      const saved = { variant: p.id, seats: state.seats.map(({ typed, ...x }) => x), table: table().id, target: state.target, lead: state.lead,
        options: state.options, hintLevel: state.hintLevel };
      resolve({ config: config(), prefs: saved });
    };
    /** The config of the form as it stands (Session.new_game's, without the clock). */
    const config = () => {
      const p = pre();
      const options = { ...state.options };
      if (table() !== p.tables[0]) Object.assign(options, dealHere(table()).options);
      if (state.target !== null && state.target !== p.target) options.target = state.target;
      if (state.lead !== null && state.lead !== p.rules.lead) options.lead = state.lead;
      const seats = state.seats.map((s, i) => s.human ? { human: true, name: (s.name || "").trim() || t("dialog.defaultName", { n: i + 1 }), ...(s.remote && offersPeople ? { remote: true } : {}) }
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
    // the rules of the game as the form stands (rules.js, over this dialog)
    const onClick = (e) => {
      if (!e.target.closest("#ng-rules")) return;
      read();
      const { variant, options } = config();
      // rules.js loads on its first opening (cached after); a failure to load says so in the form
      import("./rules.js").then(({ openRules }) => openRules(document.getElementById("rules-dialog"), { variant, options }))
        .catch((ex) => { dialog.querySelector("#ng-error").textContent = t("error.generic", { message: ex.message }); });
    };
    // a name the person types is theirs: it no longer follows how many persons sit
    const onInput = (e) => {
      const i = e.target.dataset?.seatName;
      if (i !== undefined) state.seats[+i].typed = true;
      if (e.target.id === "ng-target") dialog.querySelector("#ng-target-hint").textContent = targetNote(e.target.value);
    };
    dialog.addEventListener("input", onInput);
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("change", onChange);
    dialog.addEventListener("close", onClose);
    dialog.addEventListener("submit", onSubmit, true);
    dialog.returnValue = "";
    dialog.showModal();
    // opened at its top, on its first control (on a phone it is taller than the screen: the focus
    // on Start, at its foot, opened it scrolled to the middle)
    dialog.scrollTop = 0;
    dialog.querySelector("#ng-variant").focus({ preventScroll: true });
  });
}
