// A game's rules: a part of the page with its paint and destroy, opened from the header or the
// start screen.

import { $, listeners } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../dom.js").Part} Part */

/**
 * A game's rules, opened from the header (the game on the board) or from the start screen.
 * @param {HTMLDialogElement} root the dialog (#rules)
 * @returns {Part & {open: (name: string) => void}}
 */
export function createRules(root) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  const open = (/** @type {string} */ name) => {
    $("rules-title").textContent = t(`variant.${name}.title`);
    const body = $("rules-body");
    body.textContent = "";
    for (const line of t(`rules.${name}`).split("\n")) {
      const p = document.createElement("p");
      p.textContent = line;
      body.appendChild(p);
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
