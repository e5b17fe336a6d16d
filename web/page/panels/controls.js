// The buttons under the board: each one shown and enabled exactly when the view says it may be
// used, and the intent each sends when clicked.

import { $, listeners, setAttr, setText } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Intent} Intent */

// The buttons that only send an intent.
/** @type {Record<string, Intent>} */
const INTENTS = {
  "btn-roll": { type: "roll" },
  "btn-undo": { type: "undo" },
  "btn-confirm": { type: "confirm" },
  "btn-hint": { type: "hint" },
  "btn-review": { type: "review" },
  "review-close": { type: "review", close: true },
  "btn-double": { type: "double" },
  "btn-take": { type: "take" },
  "btn-beaver": { type: "beaver" },
  "btn-drop": { type: "drop" },
  "btn-next": { type: "next_game" },
  "btn-play-on": { type: "play_on" },
  "btn-accept-resign": { type: "answer_resign", accept: true },
  "btn-decline-resign": { type: "answer_resign", accept: false },
  "btn-share": { type: "share" },
};

/**
 * @param {HTMLElement} root the row of buttons (.controls)
 * @param {{send: (intent: Intent) => unknown}} deps
 * @returns {import("../dom.js").Part}
 */
export function createControls(root, { send }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  for (const [id, intent] of Object.entries(INTENTS)) events.click(id, () => send({ ...intent }));
  events.click("btn-flip", () => send({ type: "set", name: "flip", value: !(current && current.prefs.flip) }));
  return {
    paint(view) {
      current = view;
      paintButtons(root, view);
    },
    destroy: () => events.off(),
  };
}

/**
 * @param {HTMLElement} root
 * @param {View} view
 */
function paintButtons(root, view) {
  const can = view.can || {};
  /** @type {Record<string, boolean>} */
  const shown = {
    "btn-roll": can.roll, "btn-double": can.double, "btn-take": can.take, "btn-beaver": can.beaver, "btn-drop": can.drop,
    "btn-confirm": can.confirm, "btn-next": can.next_game, "btn-new-match": can.new_match, "btn-hint": can.hint,
    "btn-resign": can.resign, "btn-accept-resign": can.answer_resign, "btn-decline-resign": can.answer_resign,
    "btn-review": can.review && !view.review,
  };
  for (const [id, on] of Object.entries(shown)) {
    const b = document.getElementById(id);
    if (b instanceof HTMLButtonElement) {
      b.hidden = !on;
      b.disabled = !on;
    }
  }
  const undo = $("btn-undo", HTMLButtonElement);
  // a study board with nothing to play (a puzzle answered, the opening book) has no Undo either
  const studied = Boolean(view.study && (view.study.result || view.study.kind === "openings"));
  undo.hidden = view.phase !== "move" || view.bot_pending || studied;
  undo.disabled = !can.undo;
  const confirm = $("btn-confirm");
  const passing = view.phase === "move" && can.confirm && view.dice.every((d) => !d.used);
  setText(confirm, passing ? t("btn.pass") : t("btn.confirm"));
  setText($("btn-roll"), view.phase === "opening" ? t("btn.roll_opening") : t("btn.roll"));
  const flip = root.querySelector("#btn-flip");
  if (flip) {
    setAttr(flip, "aria-pressed", view.prefs && view.prefs.flip ? "true" : "false");
    setAttr(flip, "title", t("btn.flip")); // its words, where a small frame shows it as an arrow
  }
}
