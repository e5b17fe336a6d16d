// The coach's hint, drawn from the engine's view: the best plays with their value, a click
// draws one on the board, or the cube action (the review is panels/review.js). `send` takes
// its intents.

import { $, button } from "../dom.js";
import { isolate, t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Hint} Hint */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

/**
 * The hint: the best plays, a click draws one on the board; or the cube action.
 * @param {HTMLElement} root the hint's box (#hint)
 * @param {{send: Send}} deps
 * @returns {{paint: (view: View) => void, destroy: () => void}}
 */
export function createHint(root, { send }) {
  const list = $("hint-list");
  return {
    paint(view) {
      list.textContent = "";
      root.hidden = !view.hint;
      if (view.hint) paintHint(list, view.hint, send);
    },
    destroy: () => list.replaceChildren(),
  };
}

/**
 * @param {HTMLElement} list
 * @param {Hint} hint
 * @param {Send} send
 */
function paintHint(list, hint, send) {
  if (hint.cube) {
    const item = document.createElement("li");
    item.textContent = t(`hint.cube.${hint.cube}`);
    list.appendChild(item);
    return;
  }
  hint.plays.forEach((play, index) => {
    const item = document.createElement("li");
    // each figure in its own left-to-right isolate: its sign stays in front in any direction
    const value = isolate((play.equity >= 0 ? "+" : "−") + Math.abs(play.equity).toFixed(3));
    const loss = index ? `  (${isolate(`−${play.loss.toFixed(3)}`)})` : "";
    const book = play.book ? `  · ${t("hint.book")}` : ""; // a play of the opening book
    const choice = button("link hint-play", `${play.play ? isolate(play.play) : t("hint.pass")}  ${value}${loss}${book}`);
    if (index === hint.shown) choice.setAttribute("aria-current", "true");
    choice.addEventListener("click", () => send({ type: "hint", show: index }));
    item.appendChild(choice);
    list.appendChild(item);
  });
}
