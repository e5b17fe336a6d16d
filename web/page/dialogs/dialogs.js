// The small dialogs: a game's rules, giving up, and the settings (automation, the board's
// side, the coach, the language), each a part of the page with its paint and destroy.

import { $, button, listeners } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Resign} Resign */
/** @typedef {import("../view-model.js").Language} Language */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */
/** @typedef {{paint: (view: View) => void, destroy: () => void}} Component */

const PREFS = /** @type {const} */ ([
  "auto_roll", "auto_confirm", "auto_forced", "auto_bear_off", "flip", "turn_board", "both_numbers", "coach", "sound", "dice_history",
]);

/**
 * A game's rules, opened from the header (the game on the board) or from the start screen:
 * each section a heading and its paragraphs, as the engine's catalogue lists them for the game
 * (web/worker/rules_text.py), in the page's language.
 * @param {HTMLDialogElement} root the dialog (#rules)
 * @param {{catalogue: () => Partial<import("../view-model.js").Catalogue>}} deps
 * @returns {Component & {open: (name: string) => void}}
 */
export function createRules(root, { catalogue }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  const open = (/** @type {string} */ name) => {
    $("rules-title").textContent = t(`variant.${name}.title`);
    const body = $("rules-body");
    body.textContent = "";
    const entry = (catalogue().variants || []).find((variant) => variant.name === name);
    for (const section of entry ? entry.rules : []) {
      const heading = document.createElement("h3");
      heading.textContent = t(section.heading);
      body.appendChild(heading);
      for (const key of section.text) {
        const p = document.createElement("p");
        p.textContent = t(key);
        body.appendChild(p);
      }
    }
    root.showModal();
    root.scrollTop = 0; // the focus went to Close, at the end: a player reads from the title
  };
  events.click("btn-rules", () => open(current ? current.variant : "backgammon"));
  events.click("rules-close", () => root.close());
  return {
    open,
    paint(view) {
      current = view;
    },
    destroy: () => events.off(),
  };
}

/**
 * Giving up: backgammon offers a single game, a gammon or a backgammon (the other side
 * answers); the other games concede at once, for what the game scores as it stands.
 * @param {HTMLDialogElement} root the dialog (#resign)
 * @param {{send: Send}} deps
 * @returns {Component}
 */
export function createResign(root, { send }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  events.click("btn-resign", () => {
    const costs = current && current.resign;
    if (costs && (costs.levels || costs.concede !== undefined)) openResign(root, costs, send);
  });
  events.click("resign-cancel", () => root.close());
  return {
    paint(view) {
      current = view;
      if (!(view.can || {}).resign && root.open) root.close();
    },
    destroy() {
      events.off();
      $("resign-choices").replaceChildren();
    },
  };
}

/**
 * @param {HTMLDialogElement} root
 * @param {Resign} costs
 * @param {Send} send
 */
function openResign(root, costs, send) {
  const choices = $("resign-choices");
  const choice = (/** @type {string} */ text, /** @type {Intent} */ intent) => {
    const b = button("resign-choice", text);
    b.addEventListener("click", () => {
      root.close();
      send(intent);
    });
    return b;
  };
  if (costs.levels) {
    $("resign-text").textContent = t("resign.offer");
    choices.replaceChildren(...costs.levels.map((c) => {
      const b = choice(t("resign.choice", { level: t(`resign.level.${c.level}`), points: c.points }), { type: "resign", level: c.level });
      b.dataset.level = c.level;
      return b;
    }));
  } else {
    $("resign-text").textContent = t("resign.concede", { points: costs.concede });
    choices.replaceChildren(choice(t("resign.confirm"), { type: "resign" }));
  }
  root.showModal();
}

/**
 * The settings: each preference a checkbox sent to the engine as it changes; the language,
 * here and in the header.
 * @param {HTMLDialogElement} root the dialog (#settings)
 * @param {{send: Send, setLanguage: (code: string) => unknown, fillLanguages: () => void}} deps
 * @returns {Component}
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
