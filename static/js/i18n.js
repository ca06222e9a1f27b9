// Every word the player reads comes from here: t("key", {params}) looks the key up in the
// current language's file static/i18n/<code>.json and falls back to English. Adding a language
// is adding one file: scripts/build.py lists static/i18n/*.json in static/vendor/languages.json.
//
//   await initLanguage();                 // ?lang=, then the remembered choice, then the browser's
//   t("hand.yours")                       // "Your hand" / "La tua mano" / "Tu mano"
//   t("deck.left", {count: 3})            // plural forms: "deck.left.one" / "deck.left.other"
//   cardName("7D")                        // "Seven of Coins" / "Sette di Denari" / "Siete de Oros"
//   translatePage(document)               // fills [data-i18n] text and [data-i18n-attr] attributes
//   onLanguageChange(() => render())      // after setLanguage("it")
//
// A language file is a flat object of keys to strings with {name} placeholders; its "_name" key
// is the language's own name ("Italiano"), shown in the language menu. A card's name is made from
// the rank and suit Python gives for its code (describe's deck, store.js): "rank.7", "suit.D".
import { readText, writeText, ownKey } from "./storage.js";
import { info } from "./store.js";
import { deckOptions } from "./deck.js";

export const FALLBACK = "en";
export const STORE_KEY = ownKey("settebello.lang");  // this deployment's (storage.js)

const files = new Map();        // code -> strings
const warned = new Set();
const listeners = new Set();
let current = FALLBACK;
let available = [{ code: FALLBACK, name: "English" }];

async function fetchJSON(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.json();
}

async function load(code) {
  if (!files.has(code)) files.set(code, await fetchJSON(new URL(`../i18n/${code}.json`, import.meta.url)));
  return files.get(code);
}

/** The languages this build has, as [{code, name}] (from static/vendor/languages.json). */
export function languages() { return available; }

/** The current language code ("en", "it", "es", ...). */
export function language() { return current; }

/** Text with its first letter raised as the page's language raises it, the rest as written
 *  ("Octubre de 2026", where CSS's capitalize made "Octubre De 2026"; a play's button). */
export const firstUp = (s) => s.charAt(0).toLocaleUpperCase(current) + s.slice(1);

function pick(requested) {
  const codes = available.map((l) => l.code);
  for (const want of requested) {
    if (!want) continue;
    const base = String(want).toLowerCase().split("-")[0];
    if (codes.includes(base)) return base;
  }
  return FALLBACK;
}

/** Choose the language (URL ?lang=, remembered choice, browser languages) and load it. */
export async function initLanguage() {
  let index = null;
  try {
    index = await fetchJSON(new URL("../vendor/languages.json", import.meta.url));
  } catch (err) {
    console.warn(`Settebello: language list unavailable, English only (${err.message})`);
  }
  const remembered = readText(STORE_KEY);
  const url = new URLSearchParams(location.search).get("lang");
  await load(FALLBACK);
  // the list once English is here: access.js takes a list of several languages for "words ready"
  // (before, a module starting in between asked for words there were none of yet)
  if (Array.isArray(index) && index.length) available = index;
  await setLanguage(pick([url, remembered, ...(navigator.languages || [navigator.language])]), false);
  // no other language's file: the list holds each one's name words (build.py NAME_WORDS), so a name
  // the page gave in one ("You", "Tu") is known as its own default name in all (wordsOf), and an
  // embed's first bytes are not two languages it does not show (50 kB, the review of 2026-12-02)
}

/** Switch language (remembered unless remember is false) and tell every listener. */
export async function setLanguage(code, remember = true) {
  const chosen = pick([code]);
  await load(chosen);
  current = chosen;
  document.documentElement.lang = chosen;
  if (remember) writeText(STORE_KEY, chosen);
  translatePage(document);
  for (const fn of listeners) fn(chosen);
}

/** Call fn(code) after every language change; returns a function that stops it. */
export function onLanguageChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

/** Key's words in every language, e.g. wordsOf("seat.you") is ["You", "Tú", "Tu"]: the page's own
 *  default names, whatever language gave them (a name word in every language, from the list; any
 *  other key in the languages loaded). */
export function wordsOf(key) {
  const said = [...files.values()].map((f) => f[key]);
  for (const { names } of available) said.push(names?.[key]);
  return [...new Set(said.filter((x) => typeof x === "string"))];
}

/** Whether the page has words for key (in this language or in English), asked without a warning. */
export function hasText(key) {
  return key in (files.get(current) || {}) || key in (files.get(FALLBACK) || {});
}

function lookup(key) {
  const own = files.get(current);
  if (own && key in own) return own[key];
  const en = files.get(FALLBACK);
  if (!warned.has(`${current}:${key}`)) {
    warned.add(`${current}:${key}`);
    if (!en || !(key in en)) console.warn(`Settebello: no text for "${key}"`);
    else if (current !== FALLBACK) console.warn(`Settebello: "${key}" not translated to ${current}`);
  }
  return en && key in en ? en[key] : key;
}

/** The names a text gives by the deck's codes, in the deck on screen (issue 45: a rules page names
 *  the cards as the table does): {suit:S} a suit, {rank:8} a rank, {card:7D} a card, {the:7D} a
 *  card with its article. The codes are the text's (data); this module only names them. */
const NAMED = { suit: (x) => suitName(x), rank: (x) => rankName(Number(x) || x), card: (x) => cardName(x), the: (x) => theCard(x) };
const named = (text) => text.replace(/\{(suit|rank|card|the):([\w']+)\}/g, (m, kind, code) => NAMED[kind](code));

/** The text for key in the current language, with {name} placeholders filled from params (and
 *  the deck's names, `named`). */
export function t(key, params = {}) {
  let k = key;
  if (typeof params.count === "number") {
    const form = new Intl.PluralRules(current).select(params.count);
    const own = files.get(current) || {};
    k = `${key}.${form}` in own || `${key}.${form}` in (files.get(FALLBACK) || {}) ? `${key}.${form}` : `${key}.other`;
  }
  return named(String(lookup(k)).replace(/\{(\w+)\}/g, (m, name) => (name in params ? inWords(params[name]) : m)));
}

/** A value put in words: a number with a fraction as the language writes it ("0,7" in Italian,
 *  the review of 2026-12-01); whole numbers as they are (a year stays 2026). */
const inWords = (v) => (typeof v === "number" && Number.isFinite(v) && !Number.isInteger(v) ? new Intl.NumberFormat(current).format(v) : String(v));

let deckOf = null;       // the deck Python described: code -> {code, rank, suit, second}
/** A card of the deck on screen (deck.js) as Python described it, by code ({code, rank, suit,
 *  second}; rank is its name's key: "8" a Fante, "n8" the 52 cards' numeral), or null. */
export function deckCard(code) {
  const size = String(deckOptions().deck);
  const deck = info()?.decks?.[size] || info()?.deck;
  if (!deck) return null;
  if (!deckOf || deckOf.deck !== deck) deckOf = { deck, cards: new Map(deck.cards.map((c) => [c.code, c])) };
  return deckOf.cards.get(code) ?? null;
}

/** The key of a rank's words: French-suited cards have their own figures (the Donna, SB37). */
const rankKey = (rank) => (deckOptions().french && hasText(`rank.fr.${rank}`) ? `fr.${rank}` : String(rank));
/** A rank's name in the deck on screen ("Knave", or "Jack" with French suits). */
export const rankName = (rank) => t(`rank.${rankKey(rank)}`);
/** A suit's name in the deck on screen ("Coins", or "Diamonds" with French suits). */
export const suitName = (suit) => t(deckOptions().french ? `suit.fr.${suit}` : `suit.${suit}`);

/** A card's full name, e.g. cardName("7D") -> "Seven of Coins" (its code before the deck is known). */
export function cardName(code) {
  const c = deckCard(code);
  if (!c) return String(code);
  const name = t("card.name", { rank: rankName(c.rank), suit: suitName(c.suit) });
  return c.second ? t("card.second", { card: name }) : name;
}

/** Names joined the way the current language lists things ("A, B and C"). */
export function joinList(items) {
  try { return new Intl.ListFormat(current, { type: "conjunction" }).format(items); }
  catch { return items.join(", "); }
}

/** Card names joined as a list ("Four of Clubs and Five of Swords"). */
export const cardList = (codes) => joinList(codes.map(cardName));

/** A card with its article, for sentences: "the Seven of Coins", "il Sette di Denari", "la Sota de Oros". */
export const theCard = (code) => t(`access.the.${rankKey(deckCard(code)?.rank)}`, { card: cardName(code) });
/** Cards with their articles, joined as a list ("il Due di Coppe e l'Asso di Spade"). */
export const theCards = (codes) => joinList(codes.map(theCard));

/** Fill [data-i18n="key"] text and [data-i18n-attr="attr:key;attr:key"] attributes under root. */
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}
