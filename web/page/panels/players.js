// The players beside the board (pips, borne off, score), the title and the last move, drawn
// from the engine's view; also from the view painted before the engine answers.
//
// Text from the engine is only ever set with textContent.

import { $, part, setAttr, setText } from "../dom.js";
import { isolate, notation, t } from "../i18n.js";

/** @typedef {import("../view-model.js").FirstView} FirstView */
/** @typedef {import("../view-model.js").Side} Side */

/**
 * @param {HTMLElement} root the page (#app), which holds both players, the title and the last move
 * @returns {import("../dom.js").Part<FirstView>}
 */
export function createPlayers(root) {
  return {
    paint(view) {
      const flipped = Boolean(view.flipped);
      paintPlayer($("player-top"), flipped ? "w" : "b", view);
      paintPlayer($("player-bottom"), flipped ? "b" : "w", view);
      const title = root.querySelector("#game-title");
      if (title) {
        let text = t(`variant.${view.variant}.title`);
        if (view.match) text += " · " + t("match.to", { n: view.match.length });
        if (view.match && view.match.crawford) text += " · " + t("match.crawford");
        const session = /** @type {Partial<import("../view-model.js").View>} */ (view).money_session;
        if (session) text += " · " + sessionText(session);
        setText(title, text);
      }
      const last = root.querySelector("#last-move");
      if (last) {
        const move = view.last;
        const text = move ? move.read ?? move.text : ""; // in the board's numbering
        const play = text ? isolate(notation(text)) : t("last.pass");
        setText(last, move ? t("last.move", { side: t(`side.${move.side}`), dice: move.dice, play }) : "");
      }
    },
    destroy() {},
  };
}

/**
 * A money session: its games played and the points a game of the side ahead.
 * @param {import("../view-model.js").SessionView} session
 */
function sessionText(session) {
  const games = t("session.games", { n: session.games });
  const lead = session.games ? (session.score[0] - session.score[1]) / session.games : 0;
  if (!lead) return `${games} · ${t("session.even")}`;
  const side = t(`side.${lead > 0 ? "w" : "b"}`);
  return `${games} · ${t("session.ppg", { side, ppg: isolate(`+${Math.abs(lead).toFixed(2)}`) })}`;
}

/**
 * @param {HTMLElement} node
 * @param {Side} side
 * @param {FirstView} view
 */
function paintPlayer(node, side, view) {
  const p = (view.players || {})[side] || { pips: 0, off: 0, score: 0 };
  setAttr(node, "data-side", side);
  node.classList.toggle("to-act", view.to_act === side && view.phase !== "over");
  setText(part(node, ".name"), t(`side.${side}`) + ("kind" in p && p.kind === "computer" ? ` · ${t("player.computer")}` : ""));
  setText(part(node, ".pips"), t("player.pips", { n: p.pips }));
  setText(part(node, ".off"), t("player.off", { n: p.off }));
  setText(part(node, ".score"), view.match ? t("player.score_match", { n: p.score, len: view.match.length }) : t("player.score", { n: p.score }));
}
