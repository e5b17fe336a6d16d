// A game's rules: a part of the page with its paint and destroy, opened from the header or the
// start screen.

import { $, listeners } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../dom.js").Part} Part */

/**
 * A game's rules, opened from the header (the game on the board) or from the start screen:
 * each section a heading and its paragraphs, as the engine's catalogue lists them for the game
 * (web/worker/rules_text.py), in the page's language.
 * @param {HTMLDialogElement} root the dialog (#rules)
 * @param {{catalogue: () => Partial<import("../view-model.js").Catalogue>}} deps
 * @returns {Part & {open: (name: string) => void}}
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
