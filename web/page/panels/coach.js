// The coach's panels, drawn from the engine's view: the hint (the best plays with their
// value, a click draws one on the board, or the cube action) and the review (progress while
// it runs, White's winning chances after each turn as a graph, each side's error rate, and
// every decision with its loss; a click shows that position). `send` takes their intents.

import { $, button } from "../dom.js";
import { isolate, t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Hint} Hint */
/** @typedef {import("../view-model.js").Review} Review */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

const SVG_NS = "http://www.w3.org/2000/svg";

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
 * The review: its progress, the graph of White's chances, the error rates, every decision.
 * @param {HTMLElement} root the review's section (#review)
 * @param {{send: Send}} deps
 * @returns {{paint: (view: View) => void, destroy: () => void}}
 */
export function createReview(root, { send }) {
  return {
    paint(view) {
      root.hidden = !view.review;
      if (view.review) paintReview(view.review, send);
    },
    destroy() {
      for (const id of ["review-list", "review-graph"]) $(id).replaceChildren();
    },
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
    const value = (play.equity >= 0 ? "+" : "−") + Math.abs(play.equity).toFixed(3);
    const loss = index ? `  (−${play.loss.toFixed(3)})` : "";
    const choice = button("link hint-play", `${play.play || t("hint.pass")}  ${value}${loss}`);
    if (index === hint.shown) choice.setAttribute("aria-current", "true");
    choice.addEventListener("click", () => send({ type: "hint", show: index }));
    item.appendChild(choice);
    list.appendChild(item);
  });
}

/**
 * @param {Review} review
 * @param {Send} send
 */
function paintReview(review, send) {
  const progress = $("review-progress", HTMLProgressElement);
  progress.hidden = review.complete;
  progress.max = Math.max(review.total, 1);
  progress.value = review.done;
  const rates = review.error_rate || {};
  $("review-rates").textContent = review.complete
    ? t("review.rates", { w: (rates.w || 0).toFixed(1), b: (rates.b || 0).toFixed(1) })
    : t("review.running", { done: review.done, total: review.total });
  paintReviewGraph(review, send);
  const list = $("review-list");
  list.textContent = "";
  for (const d of review.decisions) {
    const item = document.createElement("li");
    // notation and numbers isolated: a right-to-left line keeps "24/18 13/9" and "−0.050" in order
    const what = d.kind === "play" ? `${isolate(d.dice)}: ${d.chosen ? isolate(d.chosen) : t("hint.pass")}` : t(`review.cube.${d.kind}`);
    const mark = d.mark ? ` — ${t(`review.mark.${d.mark}`)} (${isolate(`−${d.loss.toFixed(3)}`)}; ${t("review.best")} ${isolate(d.best)})` : "";
    const decision = button(`link review-item${d.mark ? ` mark-${d.mark}` : ""}`, `${t(`side.${d.side}`)} ${what}${mark}`);
    if (review.shown === d.turn) decision.setAttribute("aria-current", "true");
    decision.addEventListener("click", () => send({ type: "review", show: review.shown === d.turn ? null : d.turn }));
    item.appendChild(decision);
    list.appendChild(item);
  }
}

/**
 * @param {Review} review
 * @param {Send} send
 */
function paintReviewGraph(review, send) {
  const holder = $("review-graph");
  holder.textContent = "";
  const chances = review.chances || [];
  if (!chances.length) return;
  const w = 320;
  const h = 120;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("review.graph"));
  svg.classList.add("review-svg");
  const x = (/** @type {number} */ i) => (chances.length === 1 ? w / 2 : 6 + ((w - 12) * i) / (chances.length - 1));
  const y = (/** @type {number} */ p) => 6 + (h - 12) * (1 - p);
  const mid = document.createElementNS(SVG_NS, "line");
  for (const [k, v] of Object.entries({ x1: 0, x2: w, y1: y(0.5), y2: y(0.5), class: "axis" })) mid.setAttribute(k, String(v));
  svg.appendChild(mid);
  const line = document.createElementNS(SVG_NS, "polyline");
  line.setAttribute("points", chances.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" "));
  line.setAttribute("class", "chances");
  svg.appendChild(line);
  chances.forEach((p, i) => {
    const dot = document.createElementNS(SVG_NS, "circle");
    const decision = (review.decisions || []).find((d) => d.turn === i && d.kind === "play");
    for (const [k, v] of Object.entries({ cx: x(i), cy: y(p), r: review.shown === i ? 5 : 3 })) dot.setAttribute(k, String(v));
    dot.setAttribute("class", `turn${decision && decision.mark ? ` mark-${decision.mark}` : ""}`);
    dot.setAttribute("data-turn", String(i));
    dot.addEventListener("click", () => send({ type: "review", show: i }));
    svg.appendChild(dot);
  });
  holder.appendChild(svg);
}
