// The settings (automation, the board's side, the coach, the language): a part of the page with
// its paint and destroy; and the two language lists it shares with the header.

import { $, listeners } from "../dom.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Language} Language */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */
/** @typedef {import("../dom.js").Part} Part */

const PREFS = /** @type {const} */ (["auto_roll", "auto_confirm", "auto_forced", "auto_bear_off", "flip", "turn_board", "both_numbers", "coach", "sound",
  "dice_history", "background_review"]);

/**
 * The settings: each preference a checkbox sent to the engine as it changes; the language,
 * here and in the header.
 * @param {HTMLDialogElement} root the dialog (#settings)
 * @param {{send: Send, setLanguage: (code: string) => unknown, fillLanguages: () => void}} deps
 * @returns {Part}
 */
export function createSettings(root, { send, setLanguage, fillLanguages }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  events.click("btn-settings", () => {
    /** @type {Partial<import("../view-model.js").Prefs>} */
    const prefs = (current && current.prefs) || {};
    for (const name of PREFS) $(`pref-${name}`, HTMLInputElement).checked = Boolean(prefs[name]);
    fillLanguages();
    root.showModal();
  });
  events.click("settings-close", () => root.close());
  for (const name of PREFS) {
    const box = $(`pref-${name}`, HTMLInputElement);
    events.on(box, "change", () => send({ type: "set", name, value: box.checked }));
  }
  for (const id of ["pref-lang", "lang-switch"]) {
    const select = $(id, HTMLSelectElement);
    events.on(select, "change", () => setLanguage(select.value));
  }
  return {
    paint(view) {
      current = view;
    },
    destroy: () => events.off(),
  };
}

// Both language lists (settings and the header) from the engine's catalogue, `lang` chosen.
/**
 * @param {Language[]} languages
 * @param {string} lang
 */
export function fillLanguages(languages, lang) {
  for (const id of ["pref-lang", "lang-switch"]) {
    const select = $(id);
    select.textContent = "";
    for (const language of languages) {
      const option = document.createElement("option");
      option.value = language.code;
      option.textContent = language.name;
      option.selected = language.code === lang;
      select.appendChild(option);
    }
  }
}
