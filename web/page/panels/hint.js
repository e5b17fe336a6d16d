// The coach's hint, drawn from the engine's view: the best plays with their chance to win and
// their value, a click draws one on the board, and why the best play beats the one shown (the
// best itself: why it beats the second); or the cube action (the review is panels/review.js).
// `send` takes its intents.

import { $, button, make } from "../dom.js";
import { isolate, notation, t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Hint} Hint */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

/**
 * The hint: the best plays, a click draws one on the board; or the cube action.
 * @param {HTMLElement} root the hint's box (#hint)
 * @param {{send: Send}} deps
 * @returns {import("../dom.js").Part}
 */
export function createHint(root, { send }) {
  const list = $("hint-list");
  const why = $("hint-why");
  const title = /** @type {HTMLElement} */ (root.querySelector(".hint-title"));
  return {
    paint(view) {
      list.textContent = "";
      why.textContent = "";
      root.hidden = !view.hint;
      // the heading says what the figures are: plays' chances, or the cube's equities
      const advice = view.hint?.cube_advice;
      const heading = advice ? (advice.money ? "hint.cube.title_money" : "hint.cube.title_match") : "hint.title";
      title.dataset.i18n = heading;
      title.textContent = t(heading, advice ? { side: t(`side.${advice.doubler}`) } : {});
      if (view.hint) paintHint(list, why, view.hint, send);
      why.hidden = !why.childElementCount;
    },
    destroy: () => {
      list.replaceChildren();
      why.replaceChildren();
    },
  };
}

/** "54.8%": a chance to win, or "" when the game has no network to give it. */
function percent(/** @type {number | null | undefined} */ chance) {
  return typeof chance === "number" ? `${(100 * chance).toFixed(1)}%` : "";
}

/**
 * @param {HTMLElement} list
 * @param {HTMLElement} why
 * @param {Hint} hint
 * @param {Send} send
 */
function paintHint(list, why, hint, send) {
  if (hint.cube) {
    const item = document.createElement("li");
    item.textContent = t(`hint.cube.${hint.cube}`);
    list.appendChild(item);
    if (hint.cube_advice) paintCubeAdvice(list, hint.cube_advice);
    return;
  }
  hint.plays.forEach((play, index) => {
    const item = document.createElement("li");
    // the chance to win first, the expected points after it for those who want them; each
    // figure in its own left-to-right isolate: its sign stays in front in any direction
    const chance = percent(play.win);
    const value = isolate((play.equity >= 0 ? "+" : "−") + Math.abs(play.equity).toFixed(3));
    const loss = index ? `  ${isolate(`−${play.loss.toFixed(3)}`)}` : ""; // what it gives up against the best
    const figures = chance ? `${isolate(chance)}  (${value}${loss})` : `${value}${loss}`;
    const text = play.play ? isolate(notation(play.play)) : t("hint.pass");
    const book = play.book ? `  · ${t("hint.book")}` : ""; // a play of the opening book
    // the whole line in one left-to-right isolate too: its brackets and spaces keep their order
    const choice = button("link hint-play", `${isolate(`${text}  ${figures}`)}${book}`);
    if (index === hint.shown) choice.setAttribute("aria-current", "true");
    choice.addEventListener("click", () => send({ type: "hint", show: index }));
    item.appendChild(choice);
    list.appendChild(item);
  });
  const shown = hint.shown !== null ? hint.plays[hint.shown] : undefined;
  if (!shown || !shown.why || !shown.why.length || hint.plays.length < 2) return;
  // the best against the play shown, or the best against the second
  const [best, other] = hint.shown ? [hint.plays[0], shown] : [shown, hint.plays[1]];
  const name = (/** @type {string} */ p) => (p ? isolate(notation(p)) : t("hint.pass"));
  why.append(make("p", "why-title", t("explain.title", { best: name(best.play), other: name(other.play) })));
  const facts = make("ul", "why-list");
  for (const fact of shown.why) facts.append(make("li", "", t(fact.key, fact.args)));
  why.append(facts);
}

/** A signed equity, "+0.129" or "−0.167", kept left to right. */
function signed(/** @type {number} */ value) {
  return isolate((value >= 0 ? "+" : "−") + Math.abs(value).toFixed(3));
}

/**
 * The cube decision spelled out: the proper action, the three equities (the best one marked),
 * the take point at this score beside the doubled side's chance.
 * @param {HTMLElement} list
 * @param {import("../view-model.js").CubeAdvice} advice
 */
function paintCubeAdvice(list, advice) {
  list.append(make("li", "hint-cube-action", t("hint.cube.proper", { action: t(`hint.cube.action.${advice.action}`) })));
  const { equity, emg } = advice;
  const doubled = Math.min(equity.double_take, equity.double_pass);
  const doubling = equity.double_take <= equity.double_pass ? "double_take" : "double_pass";
  const best = advice.action === "unavailable" || doubled <= equity.no_double ? "no_double" : doubling;
  for (const key of /** @type {const} */ (["no_double", "double_take", "double_pass"])) {
    // money: points per unit cube; match: the chance to win the match, its money equity after it
    const figure = advice.money ? signed(equity[key]) : `${isolate(percent(equity[key]))}  (${signed(emg ? emg[key] : 0)})`;
    const row = make("li", "hint-cube-equity", `${t(`hint.cube.${key}`)}: ${figure}`);
    if (key === best) row.setAttribute("aria-current", "true");
    row.dataset.cube = key;
    list.append(row);
  }
  const point = { point: isolate(percent(advice.take_point)), chance: isolate(percent(advice.taker_chance)) };
  list.append(make("li", "hint-cube-take-point", t("hint.cube.take_point", { ...point, side: t(`side.${advice.taker}`) })));
}
