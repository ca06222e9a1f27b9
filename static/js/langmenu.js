// The language menu (issue 6): a labelled <select> in the page header listing every language
// the build has (static/i18n/*.json, each shown by its own name, "Italiano", "Español").
// i18n.js does the choosing (URL, remembered choice, browser languages) and the remembering;
// this module only shows the current language and switches when the player picks another.
//
//   <div id="lang-menu"></div>   in the header, or the menu adds itself to the page header.
//
// It works whether it loads before or after table.js's initLanguage(): it draws what i18n.js
// knows now and redraws on every language change (the first one is the initial choice).
import { t, languages, language, setLanguage, onLanguageChange } from "./i18n.js";

const MENU_ID = "lang-menu";
const SELECT_ID = "lang-select";

/** The menu's container: #lang-menu if the page has one, else a new one in the header. */
function mount() {
  let box = document.getElementById(MENU_ID);
  if (!box) {
    box = document.createElement("div");
    box.id = MENU_ID;
    const header = document.querySelector("header.bar, body > header, header");
    (header || document.body).append(box);
  }
  box.classList.add("lang-menu");
  return box;
}

/** Draw (or redraw) the menu for the current language list and choice. */
function render() {
  const box = mount();
  let select = document.getElementById(SELECT_ID);
  if (!select) {
    const label = document.createElement("label");
    label.htmlFor = SELECT_ID;
    label.className = "visually-hidden";
    label.dataset.i18n = "lang.label";
    select = document.createElement("select");
    select.id = SELECT_ID;
    select.addEventListener("change", async () => {
      const code = select.value;
      select.disabled = true;
      try { await setLanguage(code); } finally { select.disabled = false; select.focus(); }
    });
    box.replaceChildren(label, select);
  }
  if (languages().length > 1) box.querySelector("label").textContent = t("lang.label"); // else translatePage fills it
  const current = language();
  const options = languages().map(({ code, name }) => {
    const o = document.createElement("option");
    o.value = code;
    o.lang = code;            // a screen reader says "Italiano" with an Italian voice
    o.textContent = name;
    o.selected = code === current;
    return o;
  });
  select.replaceChildren(...options);
  select.value = current;
}

/** Start the menu: draw it now and keep it in step with every language change. */
export function startLanguageMenu() {
  render();
  onLanguageChange(render);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startLanguageMenu, { once: true });
else startLanguageMenu();
