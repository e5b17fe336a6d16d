// Interface text: the page's language from web/i18n/<code>.json, English where it lacks a
// string, the key itself where English does too. `t` is the one door to it; the catalogues
// stay inside this module (the inlined page copies exports once, so no exported `let`).
//
// A string whose words change with a number is an object, its form chosen by Intl.PluralRules
// of the language: {"plural": "n", "one": "{n} pip", "other": "{n} pips"}. In a right-to-left
// language (`"_dir": "rtl"`) every argument is set in a Unicode isolate, so that move
// notation, numbers and names keep their own order inside the sentence (docs/i18n.md).

import { readStore, writeStore } from "./keep.js";

/** @typedef {(key: string, args?: Record<string, unknown>) => string} Translate */
/** @typedef {{plural: string} & Record<string, string>} PluralText */
/** @typedef {Record<string, string | string[] | PluralText>} Strings */
/** @typedef {{code: string, name: string}} Language */

const LANG_KEY = "nard.lang";
/** @type {Strings} */
const FALLBACK = { "app.loading": "Loading…" };
// Unicode's isolates and their end: an argument inside a right-to-left sentence. A word takes
// the direction of its first strong letter (first-strong isolate); a number, a sign, the dice or
// a play's notation is always left to right (left-to-right isolate), so "−0.674" keeps its sign
// in front and "24/18 13/9" its order, whatever the browser makes of a run without letters.
const FSI = "\u2068";
const LRI = "\u2066";
const PDI = "\u2069";
// an argument with a digit and no letter: a figure ("−0.674", "45%", "3–1", "64")
const FIGURE = /^[^\p{L}]*\p{N}[^\p{L}]*$/u;

/**
 * The languages there is a file for in web/i18n/, each by its own name, in the order of their
 * codes: the language switch before the engine's hello (which lists the same files) and the
 * first visit's guess. tests/page/test_i18n.py keeps it equal to the files.
 * @type {Language[]}
 */
export const LANGUAGES = [
  { code: "ar", name: "العربية" },
  { code: "az", name: "Azərbaycanca" },
  { code: "de", name: "Deutsch" },
  { code: "el", name: "Ελληνικά" },
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "fa", name: "فارسی" },
  { code: "fr", name: "Français" },
  { code: "he", name: "עברית" },
  { code: "hy", name: "Հայերեն" },
  { code: "ka", name: "ქართული" },
  { code: "ru", name: "Русский" },
  { code: "tr", name: "Türkçe" },
  { code: "uk", name: "Українська" },
];

let strings = FALLBACK;
let english = FALLBACK;
let code = "en";
let rtl = false;
/** @type {Map<string, Intl.PluralRules | null>} */
const pluralRules = new Map();

/** @type {Translate} */
export function t(key, args = {}) {
  let text = strings[key];
  let lang = code;
  if (text === undefined) {
    text = english[key];
    lang = "en";
  }
  if (text === undefined) return key;
  if (Array.isArray(text)) text = text.join("\n");
  else if (typeof text === "object" && text !== null) text = pluralForm(text, args, lang);
  return String(text).replace(/\{(\w+)\}/g, (_, name) => {
    const value = argumentText(args[name]);
    if (!rtl || !value) return value;
    return (FIGURE.test(value) ? LRI : FSI) + value + PDI;
  });
}

/**
 * An argument as text: a reason given as a key with its arguments (`{key: "why.link_twice",
 * args: {name: "p"}}`, web/worker/reasons.py) in the page's language, anything else as it is.
 * @param {unknown} value
 * @returns {string}
 */
function argumentText(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "object" && typeof (/** @type {{key?: unknown}} */ (value)).key === "string") {
    const reason = /** @type {{key: string, args?: unknown}} */ (value);
    const args = reason.args && typeof reason.args === "object" ? /** @type {Record<string, unknown>} */ (reason.args) : {};
    return reason.key.startsWith("why.") ? t(reason.key, args) : "";
  }
  return String(value);
}

/**
 * The form of a plural string for its number: Intl.PluralRules of `lang` on Number(args[plural])
 * (with as many fraction digits as a decimal text shows: "1.0" is not "1"); "other" when the
 * argument is no finite number or the language has no form of that category.
 * @param {PluralText} text
 * @param {Record<string, unknown>} args
 * @param {string} lang
 * @returns {string}
 */
function pluralForm(text, args, lang) {
  const value = args[text.plural];
  const number = typeof value === "number" || (typeof value === "string" && value.trim() !== "") ? Number(value) : NaN;
  let category = "other";
  if (Number.isFinite(number)) {
    const decimals = typeof value === "string" && /\.\d+$/.test(value.trim()) ? value.trim().split(".")[1].length : 0;
    const rules = rulesFor(lang, decimals);
    if (rules) category = rules.select(number);
  }
  const form = text[category] ?? text.other;
  return typeof form === "string" ? form : "";
}

/** @returns {Intl.PluralRules | null} */
function rulesFor(/** @type {string} */ lang, /** @type {number} */ decimals) {
  const key = `${lang}/${decimals}`;
  if (!pluralRules.has(key)) {
    let rules = null;
    try {
      rules = new Intl.PluralRules(lang, { minimumFractionDigits: decimals });
    } catch (_) {
      /* no plural rules here: "other" */
    }
    pluralRules.set(key, rules);
  }
  return pluralRules.get(key) || null;
}

/** `text` kept left to right inside the sentence around it when the page reads right to left:
 * notation, dice and numbers, in a left-to-right isolate ("−0.674", never "0.674−"). */
export function isolate(/** @type {string} */ text) {
  return rtl && text ? LRI + text + PDI : text;
}

/** A play's notation with its words in the page's language: "6/off" → "6/" + notation.off,
 * "bar/22*" → notation.bar + "/22*". The figures and signs stay as they are. */
export function notation(/** @type {string} */ text) {
  return String(text || "").replace(/\b(off|bar)\b/g, (word) => t(`notation.${word}`));
}

/** Whether the page's language reads right to left (its file says `"_dir": "rtl"`). */
export function isRtl() {
  return rtl;
}

/** The catalogue of `lang` (and English, once) from web/i18n/; `<html lang dir>` follow it. */
export async function loadStrings(/** @type {string} */ lang) {
  /** @returns {Promise<Strings>} */
  const fetchJson = async (/** @type {string} */ name) => {
    const response = await fetch(new URL(`../i18n/${name}.json`, import.meta.url));
    if (!response.ok) throw new Error(`no language file ${name}`);
    return response.json();
  };
  if (english === FALLBACK) english = await fetchJson("en").catch(() => FALLBACK);
  if (lang === "en") {
    strings = english;
  } else {
    strings = await fetchJson(lang).catch(() => english);
  }
  code = String(strings._code || (strings === english ? "en" : lang));
  rtl = strings._dir === "rtl";
  document.documentElement.lang = code;
  document.documentElement.dir = rtl ? "rtl" : "ltr";
}

/**
 * The first of the browser's languages there is a file for: each tag whole, then its language
 * alone (`fa-IR` → fa, `az-Latn-AZ` → az); English when none matches (`pt-BR` → en).
 * @param {readonly string[]} tags the browser's languages, most wanted first
 * @param {readonly string[]} codes the languages there is a file for
 * @returns {string}
 */
export function matchLanguage(tags, codes) {
  for (const tag of tags) {
    const whole = String(tag).trim().toLowerCase().replace(/_/g, "-");
    if (codes.includes(whole)) return whole;
    const language = whole.split("-")[0];
    if (language && codes.includes(language)) return language;
  }
  return "en";
}

// The language chosen last in this browser, else the browser's own when there is a file for it.
/** @returns {string} a language code */
export function guessLanguage() {
  const codes = LANGUAGES.map((language) => language.code);
  const stored = readStore(LANG_KEY);
  if (stored && codes.includes(stored)) return stored;
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  return matchLanguage(tags, codes);
}

/** @param {string} lang */
export function rememberLanguage(lang) {
  writeStore(LANG_KEY, lang);
}

// The page's fixed text: elements marked data-i18n (text), data-i18n-label, data-i18n-title.
/** @returns {void} */
export function translateStatic() {
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.getAttribute("data-i18n") || "");
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.getAttribute("data-i18n-label") || ""));
  for (const node of document.querySelectorAll("[data-i18n-title]")) node.setAttribute("title", t(node.getAttribute("data-i18n-title") || ""));
  const status = document.getElementById("boot-status");
  if (status) status.textContent = t("app.loading");
  document.title = t("app.title");
}
