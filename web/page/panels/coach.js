// The coach's panels, drawn from the engine's view: the hint (the best plays with their
// value, a click draws one on the board, or the cube action) and the review (progress while
// it runs, White's winning chances after each turn as a graph, each side's error rate, and
// every decision with its loss; a click shows that position). `send` takes their intents.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

export function paintHint(view, send) {
  const hint = view.hint;
  const box = $("hint");
  const list = $("hint-list");
  list.textContent = "";
  box.hidden = !hint;
  if (!hint) return;
  if (hint.cube) {
    const item = document.createElement("li");
    item.textContent = t(`hint.cube.${hint.cube}`);
    list.appendChild(item);
    return;
  }
  hint.plays.forEach((play, index) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link hint-play";
    if (index === hint.shown) button.setAttribute("aria-current", "true");
    const value = (play.equity >= 0 ? "+" : "−") + Math.abs(play.equity).toFixed(3);
    const loss = index ? `  (−${play.loss.toFixed(3)})` : "";
    button.textContent = `${play.play || t("hint.pass")}  ${value}${loss}`;
    button.addEventListener("click", () => send({ type: "hint", show: index }));
    item.appendChild(button);
    list.appendChild(item);
  });
}

export function paintReview(view, send) {
  const review = view.review;
  const box = $("review");
  box.hidden = !review;
  if (!review) return;
  const progress = $("review-progress");
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
    const button = document.createElement("button");
    button.type = "button";
    button.className = `link review-item${d.mark ? ` mark-${d.mark}` : ""}`;
    if (review.shown === d.turn) button.setAttribute("aria-current", "true");
    const what = d.kind === "play" ? `${d.dice}: ${d.chosen || t("hint.pass")}` : t(`review.cube.${d.kind}`);
    const mark = d.mark ? ` — ${t(`review.mark.${d.mark}`)} (−${d.loss.toFixed(3)}; ${t("review.best")} ${d.best})` : "";
    button.textContent = `${t(`side.${d.side}`)} ${what}${mark}`;
    button.addEventListener("click", () => send({ type: "review", show: review.shown === d.turn ? null : d.turn }));
    item.appendChild(button);
    list.appendChild(item);
  }
}

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
  const x = (i) => (chances.length === 1 ? w / 2 : 6 + ((w - 12) * i) / (chances.length - 1));
  const y = (p) => 6 + (h - 12) * (1 - p);
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

// The coach's lists, and their handlers, off the page.
export function clearCoach() {
  for (const id of ["hint-list", "review-list", "review-graph"]) $(id).replaceChildren();
}
