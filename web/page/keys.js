// The page's keyboard: letters (Latin or the same keys on a Russian layout), Enter, Escape and
// the record's arrows -> intents. Only what the view painted last allows is sent; keys on the
// board's own points are board-input.js's. In a right-to-left language → steps back and ←
// forward, as the record's buttons then point (docs/i18n.md).
//
//   const keys = createKeys(document, { send });   keys.paint(view); keys.destroy();

import { listeners } from "./dom.js";
import { isRtl } from "./i18n.js";

/** @typedef {import("./view-model.js").View} View */
/** @typedef {import("./view-model.js").Intent} Intent */

/**
 * @param {Document | HTMLElement} root where the keys are heard (the whole document)
 * @param {{send: (intent: Intent) => unknown}} deps
 * @returns {import("./dom.js").Part}
 */
export function createKeys(root, { send }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  const keyDown = (/** @type {KeyboardEvent} */ e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (document.querySelector("dialog[open]")) return;
    const target = e.target instanceof Element ? e.target : null;
    const typing = target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
    if (typing) return;
    const onButton = target && target.tagName === "BUTTON";
    const view = current;
    if (!view) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const can = view.can || {};
    if (key === "r" || key === "к") {
      if (can.roll) send({ type: "roll" });
    } else if (key === "u" || key === "г" || key === "Backspace") {
      e.preventDefault();
      if (can.undo) send({ type: "undo" });
    } else if (key === "h" || key === "р") {
      if (can.hint) send({ type: "hint" });
    } else if (key === "f" || key === "а") {
      send({ type: "set", name: "flip", value: !view.prefs.flip });
    } else if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(key) && can.replay) {
      // step through the record (arrows on a focused point move the focus instead: board-input.js)
      e.preventDefault();
      /** @type {["forward", "back"] | ["back", "forward"]} */
      const [left, right] = isRtl() ? ["forward", "back"] : ["back", "forward"];
      /** @type {Record<string, "first" | "back" | "forward" | "last">} */
      const steps = { ArrowLeft: left, ArrowRight: right, Home: "first", End: "last" };
      send({ type: "replay", to: steps[key] });
    } else if (key === "Escape") {
      if (view.replay) send({ type: "replay", to: "last" });
      else if (view.selected) send({ type: "click", point: view.selected });
    } else if (key === "Enter" && !onButton) {
      if (!view.selected && can.confirm) {
        e.preventDefault();
        send({ type: "confirm" });
      } else if (!view.selected && can.roll) {
        e.preventDefault();
        send({ type: "roll" });
      } else if (can.next_game) {
        send({ type: "next_game" });
      }
    }
  };
  events.on(root, "keydown", keyDown);
  return {
    paint(view) {
      current = view;
    },
    destroy: () => events.off(),
  };
}
