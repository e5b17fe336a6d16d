// This game's dice beside the board (the preference "dice_history"): the rolls so far, and how
// often each face and doubles came next to what fair dice give on average (web/worker/fairplay.py).

import { $, make } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */

/**
 * @param {HTMLElement} root the panel (#dice-history)
 * @returns {import("../dom.js").Part}
 */
export function createDiceHistory(root) {
  return {
    paint(view) {
      const history = view.dice_history;
      root.hidden = !history;
      if (!history) return;
      $("history-rolls").textContent = history.rolls.map((roll) => `${roll[0]}-${roll[1]}`).join(" ");
      const row = (/** @type {string} */ label, /** @type {number} */ seen, /** @type {number} */ expected) => {
        const tr = make("tr");
        tr.append(make("th", "", label), make("td", "", String(seen)), make("td", "", expected.toFixed(1)));
        tr.firstElementChild?.setAttribute("scope", "row");
        return tr;
      };
      $("history-body").replaceChildren(
        ...history.faces.map((seen, index) => row(String(index + 1), seen, history.expected_face)),
        row(t("history.doubles"), history.doubles, history.expected_doubles),
      );
    },
    destroy() {},
  };
}
