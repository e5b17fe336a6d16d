// Interface text: the page's language from web/i18n/<code>.json, English where it lacks a
// string, the key itself where English does too. `t` is the one door to it; the catalogues
// stay inside this module (the inlined page copies exports once, so no exported `let`).

import { readStore, writeStore } from "./library/store.js";

/** @typedef {(key: string, args?: Record<string, unknown>) => string} Translate */
/** @typedef {Record<string, string | string[]>} Strings */

const LANG_KEY = "nard.lang";
/** @type {Strings} */
const FALLBACK = { "app.loading": "Loading…" };
let strings = FALLBACK;
let english = FALLBACK;

/** @type {Translate} */
export function t(key, args = {}) {
  let text = strings[key];
  if (text === undefined) text = english[key];
  if (text === undefined) return key;
  if (Array.isArray(text)) text = text.join("\n");
  return String(text).replace(/\{(\w+)\}/g, (_, name) => (args[name] === undefined ? "" : String(args[name])));
}

/** The catalogue of `lang` (and English, once) from web/i18n/. */
export async function loadStrings(/** @type {string} */ lang) {
  /** @returns {Promise<Strings>} */
  const fetchJson = async (/** @type {string} */ code) => {
    const response = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
    if (!response.ok) throw new Error(`no language file ${code}`);
    return response.json();
  };
  if (english === FALLBACK) english = await fetchJson("en").catch(() => FALLBACK);
  if (lang === "en") {
    strings = english;
  } else {
    strings = await fetchJson(lang).catch(() => english);
  }
  document.documentElement.lang = String(strings._code || lang);
}

// The language chosen last in this browser, else the browser's own when there is a file for it.
/** @returns {string} a language code */
export function guessLanguage() {
  const stored = readStore(LANG_KEY);
  if (stored && /^[a-z-]{2,12}$/.test(stored)) return stored;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return nav === "ru" ? "ru" : "en";
}

/** @param {string} code */
export function rememberLanguage(code) {
  writeStore(LANG_KEY, code);
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
