// Dice entered by hand (a game over a real board): the roll picker, a 6×6 grid of rolls (the row
// is the first die, in the opening White's; the column the second, Black's), or two digits typed.
// The engine says whose roll it asks for (view.hand) and plays it.

import { $, button, listeners } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Intent} Intent */

/**
 * @param {HTMLElement} root the picker (#hand-dice)
 * @param {{send: (intent: Intent) => unknown}} deps
 * @returns {import("../dom.js").Part}
 */
export function createHandDice(root, { send }) {
  const events = listeners();
  const grid = $("hand-grid");
  /** @type {number | null} */
  let typed = null; // the first digit typed, waiting for the second
  /** @param {number} first @param {number} second */
  const enter = (first, second) => {
    typed = null;
    send({ type: "roll", dice: [first, second] });
  };
  for (let first = 1; first <= 6; first++) {
    for (let second = 1; second <= 6; second++) {
      const cell = button("hand-roll", `${first}-${second}`);
      cell.dataset.roll = `${first}${second}`;
      grid.append(cell);
    }
  }
  events.on(grid, "click", (/** @type {MouseEvent} */ event) => {
    const cell = event.target instanceof Element ? event.target.closest("[data-roll]") : null;
    if (!(cell instanceof HTMLElement) || root.hidden) return;
    const roll = String(cell.dataset.roll);
    enter(Number(roll[0]), Number(roll[1]));
  });
  events.on(document, "keydown", (/** @type {KeyboardEvent} */ event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (root.hidden || (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
    if (!/^[1-6]$/.test(event.key)) return;
    event.preventDefault();
    if (typed === null) {
      typed = Number(event.key);
      markTyped(grid, typed);
    } else {
      enter(typed, Number(event.key));
      markTyped(grid, null);
    }
  });
  return {
    paint(view) {
      const hand = view.hand;
      root.hidden = !hand;
      if (!hand) return;
      $("hand-title").textContent = hand.opening ? t("hand.opening") : t("hand.roll", { side: t(`side.${hand.side}`) });
      typed = null;
      markTyped(grid, null);
    },
    destroy() {
      events.off();
      grid.replaceChildren();
    },
  };
}

/** @param {HTMLElement} grid @param {number | null} first the row of the first digit typed */
function markTyped(grid, first) {
  for (const cell of grid.querySelectorAll("[data-roll]")) {
    cell.classList.toggle("typed", first !== null && String(/** @type {HTMLElement} */ (cell).dataset.roll)[0] === String(first));
  }
}
