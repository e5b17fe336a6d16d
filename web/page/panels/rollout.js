// A rollout, drawn from the engine's view: the hint's (view.hint.rollout, under the hinted
// plays) or a reviewed turn's (view.review.rollout, page.js mounts a second one with its own
// ids, state and intent). A "Roll out" button, then a progress bar and a Cancel button while
// the worker plays the games (a slice per request: page.js asks for the next one), then each
// play's figures: its points a game with their 95% interval and its share of wins. `send`
// takes the intents.

import { $, listeners, make } from "../dom.js";
import { isolate, notation, t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").HintRollout} HintRollout */
/** @typedef {import("../view-model.js").RolloutFigures} RolloutFigures */
/** @typedef {import("../view-model.js").Intent} Intent */

/**
 * What a rollout box shows and sends: the hint's by default.
 * @typedef {object} RolloutSource
 * @property {string} [prefix] its elements' ids: `btn-${prefix}rollout`, `${prefix}rollout-cancel`, ...
 * @property {(view: View) => boolean} [offered] whether the box is shown
 * @property {(view: View) => HintRollout | null | undefined} [state] its figures in the view
 * @property {"hint" | "review"} [of] what its rollout is of, in the `rollout` intent its buttons send
 */

/** @type {Required<RolloutSource>} */
const HINT_SOURCE = {
  prefix: "",
  offered: (view) => Boolean(view.hint && view.hint.plays.length),
  state: (view) => view.hint && view.hint.rollout,
  of: "hint",
};

/**
 * @param {HTMLElement} root the rollout's box (#rollout inside the hint, #review-rollout in the review)
 * @param {{send: (intent: Intent) => unknown} & RolloutSource} deps
 * @returns {import("../dom.js").Part}
 */
export function createRollout(root, { send, ...source }) {
  const { prefix, offered, state, of } = { ...HINT_SOURCE, ...source };
  const intent = (/** @type {"start" | "cancel"} */ action) => send({ type: "rollout", of, action });
  const start = $(`btn-${prefix}rollout`, HTMLButtonElement);
  const cancel = $(`${prefix}rollout-cancel`, HTMLButtonElement);
  const progress = $(`${prefix}rollout-progress`, HTMLProgressElement);
  const status = $(`${prefix}rollout-status`);
  const table = $(`${prefix}rollout-table`, HTMLTableElement);
  const events = listeners();
  events.on(start, "click", () => intent("start"));
  events.on(cancel, "click", () => intent("cancel"));
  return {
    paint(view) {
      root.hidden = !offered(view);
      const rollout = root.hidden ? null : state(view);
      const running = Boolean(rollout && rollout.running);
      start.hidden = running;
      cancel.hidden = !running;
      progress.hidden = !running;
      if (rollout) {
        progress.max = Math.max(rollout.total, 1);
        progress.value = rollout.done;
      }
      status.textContent = rollout ? statusText(rollout) : "";
      paintTable(table, rollout ? rollout.plays : []);
    },
    destroy() {
      events.off();
      table.replaceChildren();
    },
  };
}

/** @param {HintRollout} rollout */
function statusText(rollout) {
  if (rollout.running) return t("rollout.running", { done: rollout.done, total: rollout.total });
  if (rollout.stopped) return t("rollout.stopped", { done: rollout.done, total: rollout.total });
  return t("rollout.done", { n: rollout.games });
}

/** A signed number with three decimals, "−" for minus. */
function signed(/** @type {number} */ value) {
  return (value >= 0 ? "+" : "−") + Math.abs(value).toFixed(3);
}

/**
 * @param {HTMLTableElement} table
 * @param {RolloutFigures[]} plays
 */
function paintTable(table, plays) {
  table.replaceChildren();
  table.hidden = !plays.length;
  if (!plays.length) return;
  const head = make("tr");
  for (const key of ["rollout.col.play", "rollout.col.equity", "rollout.col.win"]) {
    head.appendChild(make("th", key === "rollout.col.play" ? "" : "num", t(key))); // numbers' headings over them
  }
  table.appendChild(make("thead")).appendChild(head);
  const body = table.appendChild(make("tbody"));
  const best = Math.max(...plays.filter((p) => p.games).map((p) => p.equity));
  for (const figures of plays) {
    const row = make("tr", figures.games && figures.equity === best ? "best" : "");
    row.dataset.games = String(figures.games);
    row.appendChild(make("td", "rollout-play", figures.play ? isolate(notation(figures.play)) : t("hint.pass")));
    const spread = figures.low === null || figures.high === null ? "" : ` ±${((figures.high - figures.low) / 2).toFixed(3)}`;
    row.appendChild(make("td", "num", figures.games ? isolate(`${signed(figures.equity)}${spread}`) : "…"));
    const win = figures.outcomes.win;
    row.appendChild(make("td", "num", figures.games && win !== undefined ? isolate(`${(100 * win).toFixed(1)}%`) : "…"));
    body.appendChild(row);
  }
}
