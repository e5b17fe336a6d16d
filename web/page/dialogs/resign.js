// Giving up: a part of the page with its paint and destroy.

import { $, button, listeners } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Resign} Resign */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */
/** @typedef {import("../dom.js").Part} Part */

/**
 * Giving up: backgammon offers a single game, a gammon or a backgammon (the other side
 * answers); the other games concede at once, for what the game scores as it stands.
 * @param {HTMLDialogElement} root the dialog (#resign)
 * @param {{send: Send}} deps
 * @returns {Part}
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
