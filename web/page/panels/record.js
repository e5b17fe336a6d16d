// The record beside the board: every turn numbered, the cube and resignations; a click (or
// the arrows) shows the position after it, "Play on from here" starts a new game there.
// In a right-to-left language the arrows point the other way: "back" points right, where
// the record starts (docs/i18n.md).
//
// Text from the engine is only ever set with textContent.

import { $, button, setText } from "../dom.js";
import { isolate, isRtl, notation, t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {import("../view-model.js").RecordEntry} RecordEntry */

// The record's arrows: each button, where it steps to, its arrow left to right and right to left.
/** @type {[string, "first" | "back" | "forward" | "last", string, string][]} */
const REPLAY_BUTTONS = [["replay-first", "first", "«", "»"], ["replay-back", "back", "◀", "▶"],
  ["replay-forward", "forward", "▶", "◀"], ["replay-last", "last", "»", "«"]];

/**
 * @param {HTMLElement} root the record's section (#record)
 * @param {{send: (intent: Intent) => unknown}} deps
 * @returns {import("../dom.js").Part}
 */
export function createRecord(root, { send }) {
  const list = $("record-list");
  /** @type {Element | null} the entry the list keeps in view */
  let followed = null;
  // the list's box changes after a paint too (the message beside it comes and goes, the window
  // is resized): the followed entry is brought back into view each time
  const resized = new ResizeObserver(() => keepInView(list, followed));
  resized.observe(list);
  return {
    paint(view) {
      const entries = view.record || [];
      root.hidden = !entries.length;
      const at = view.replay ? view.replay.at : entries.length;
      // a line is made again only when it reads otherwise: a game's record grows by a line or
      // two an answer, and remaking hundreds of lines each time cost more than the whole board
      entries.forEach((entry, k) => {
        const line = recordLine(entry);
        const current = entry.index + 1 === at;
        const shown = /** @type {HTMLElement | undefined} */ (list.children[k]?.firstElementChild);
        if (shown && shown.dataset.index === String(entry.index) && shown.dataset.kind === entry.kind
            && shown.textContent === line) {
          if (current !== (shown.getAttribute("aria-current") === "true")) {
            if (current) shown.setAttribute("aria-current", "true");
            else shown.removeAttribute("aria-current");
          }
          return;
        }
        const li = document.createElement("li");
        const item = button(`link record-item kind-${entry.kind}`, line);
        item.dataset.index = String(entry.index);
        item.dataset.kind = entry.kind;
        if (current) item.setAttribute("aria-current", "true");
        item.addEventListener("click", () => send({ type: "replay", to: entry.index + 1 }));
        li.append(item);
        if (list.children[k]) list.children[k].replaceWith(li);
        else list.append(li);
      });
      while (list.children.length > entries.length) list.lastElementChild?.remove();
      // the list follows the game: the current move in view (the last one while the game is on,
      // the first when the record is shown from its start)
      const current = list.querySelector('[aria-current="true"]');
      followed = current || (view.replay ? list.firstElementChild : list.lastElementChild);
      keepInView(list, followed);
      const rtl = isRtl();
      for (const [id, to, ltrArrow, rtlArrow] of REPLAY_BUTTONS) {
        const b = $(id, HTMLButtonElement);
        setText(b, rtl ? rtlArrow : ltrArrow);
        b.disabled = to === "first" || to === "back" ? at === 0 : !view.replay;
        b.onclick = () => send({ type: "replay", to });
      }
      $("btn-play-on").hidden = !(view.can && view.can.play_on);
    },
    // the record's entries, and their handlers, off the page
    destroy() {
      resized.disconnect();
      followed = null;
      list.replaceChildren();
      for (const [id] of REPLAY_BUTTONS) $(id).onclick = null;
    },
  };
}

// Scrolls `list` (and only it: never the page) just enough to show `item` whole.
function keepInView(/** @type {HTMLElement} */ list, /** @type {Element | null} */ item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const line = item.getBoundingClientRect();
  if (line.top < box.top) list.scrollTop += line.top - box.top;
  else if (line.bottom > box.bottom) list.scrollTop += line.bottom - box.bottom;
}

// One line of the record in the page's language: "3. White 64: 24/18 13/9", "White doubles to 2".
function recordLine(/** @type {RecordEntry} */ entry) {
  const side = entry.side ? t(`side.${entry.side}`) : "";
  const dice = Array.isArray(entry.dice) ? entry.dice.join("") : "";
  if (entry.kind === "opening") {
    const [w, b] = entry.dice || [];
    return t(w === b ? "record.opening_tie" : "record.opening", { w, b });
  }
  if (entry.kind === "play" || entry.kind === "pass") {
    const play = entry.kind === "play" ? entry.read ?? entry.play : t("record.pass"); // in the board's numbering
    return `${entry.number}. ${side} ${isolate(dice)}: ${entry.kind === "play" ? isolate(notation(play)) : play}`;
  }
  if (entry.kind === "resign" && !entry.level) return t("record.concede", { side });
  const level = entry.level ? t(`resign.level.${entry.level}`) : "";
  return t(`record.${entry.kind}`, { side, cube: entry.cube ?? "", level });
}
