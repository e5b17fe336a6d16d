// The game's review, drawn from the engine's view: its progress, in two passes (every turn's
// plays ranked, then each roll's luck); White's winning chances after each turn as a graph with
// its axes, a legend and a tooltip on each turn (hover, focus or tap); each side's error rate,
// skill and luck (the luck once measured); every decision with its loss (a click shows that
// position: a marked play shows the position before it with the better play, and "Try it from
// here" plays it again against the computer). A shown turn's rollout is panels/rollout.js's,
// mounted by page.js where `rollableTurn` says. `send` takes its intents.

import { $, button, make } from "../dom.js";
import { isolate, notation, t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Review} Review */
/** @typedef {import("../view-model.js").Decision} Decision */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

const SVG_NS = "http://www.w3.org/2000/svg";
const MARKS = ["inaccuracy", "mistake", "blunder"];
// the graph's drawing box (viewBox units: CSS pixels, the box's own width, so that its words
// keep their size) and its margins for the axes' labels
const WIDTH = 320;
const H = 150;
const LEFT = 34;
const RIGHT = 10;
const TOP = 18;
const BOTTOM = 30;

/**
 * The review: its progress, the graph of White's chances, each side's figures, every decision.
 * @param {HTMLElement} root the review's section (#review)
 * @param {{send: Send}} deps
 * @returns {import("../dom.js").Part}
 */
export function createReview(root, { send }) {
  const tryButton = $("review-try", HTMLButtonElement);
  /** @type {Review | null} */
  let shown = null;
  /** @type {Drawn} */
  const drawn = { list: "", graph: "", review: null, showTip: null };
  const onTry = () => {
    if (shown && shown.shown !== null) send({ type: "review", try: shown.shown });
  };
  tryButton.addEventListener("click", onTry);
  return {
    paint(view) {
      root.hidden = !view.review;
      shown = view.review;
      if (view.review) paintReview(view.review, send, drawn);
      else Object.assign(drawn, { list: "", graph: "", review: null, showTip: null });
    },
    destroy() {
      tryButton.removeEventListener("click", onTry);
      for (const id of ["review-list", "review-graph", "review-legend", "review-sides"]) $(id).replaceChildren();
      Object.assign(drawn, { list: "", graph: "", review: null, showTip: null });
    },
  };
}

/**
 * What the review last drew: an answer that brings only luck or progress (the second pass)
 * leaves the graph and the list as they are, so a tooltip hovered and an entry focused stay;
 * the tooltips then read the latest review.
 * @typedef {object} Drawn
 * @property {string} list the list's content, as a key
 * @property {string} graph the graph's content, as a key
 * @property {Review | null} review the review last painted
 * @property {((turn: number) => void) | null} showTip the drawn graph's tooltip
 */

/** A figure kept left to right in a right-to-left line ("−0.674", not "0.674−"): i18n.js isolate. */
const num = isolate;

/**
 * The turn the review shows, when it may be rolled out: the worker says so (web/worker/rollouts.py
 * `rollable`: every play ranked, a turn shown whose play had a choice).
 * @param {View} view
 * @returns {boolean}
 */
export function rollableTurn(view) {
  return Boolean(view.review && view.review.rollable);
}

/** "+0.123" or "−0.123": a signed figure, its sign always shown. */
function signed(/** @type {number} */ value, digits = 3) {
  return (value >= 0 ? "+" : "−") + Math.abs(value).toFixed(digits);
}

/** The play decision of a turn (a turn may also hold a cube answer). */
function playOf(/** @type {Review} */ review, /** @type {number} */ turn) {
  return (review.decisions || []).find((d) => d.turn === turn && d.kind === "play");
}

/** A play in the page's words ("6/off" with "off" translated), kept left to right; "no play". */
function playName(/** @type {string} */ play) {
  return play ? isolate(notation(play)) : t("hint.pass");
}

/** A decision's verdict in words: its mark, no choice, or a good play. */
function verdict(/** @type {Decision} */ d) {
  if (d.mark) return t(`review.mark.${d.mark}`);
  return d.forced ? t("review.verdict.forced") : t("review.verdict.good");
}

/**
 * @param {Review} review
 * @param {Send} send
 * @param {Drawn} drawn
 */
function paintReview(review, send, drawn) {
  drawn.review = review;
  const lang = document.documentElement.lang;
  const progress = $("review-progress", HTMLProgressElement);
  progress.hidden = review.complete;
  // first every turn's plays, then each roll's luck: two runs of the bar
  const [done, total] = review.ranked ? [review.luck_done, review.luck_turns] : [review.done, review.total];
  progress.max = Math.max(total, 1);
  progress.value = done;
  const running = review.ranked ? "review.luck_running" : "review.running";
  $("review-rates").textContent = review.complete ? t("review.units") : t(running, { done, total });
  paintSides(review);
  paintGames(review, send);
  paintSummary(review);
  paintGraph(review, send, drawn, lang);
  paintLegend(review);
  const marked = review.shown !== null ? playOf(review, review.shown) : undefined;
  $("review-try", HTMLButtonElement).hidden = !(review.ranked && marked && marked.mark);
  paintWhy(review, marked);
  const list = $("review-list");
  const key = JSON.stringify([lang, review.shown, review.decisions.map((d) => [d.turn, d.kind, d.side, d.dice, read(d).chosen, read(d).best, d.loss, d.mark])]);
  if (key === drawn.list) return; // only the luck or the progress changed: the list stays, and its focus
  drawn.list = key;
  list.textContent = "";
  for (const d of review.decisions) {
    const item = make("li");
    // notation and numbers isolated: a right-to-left line keeps "24/18 13/9" and "−0.050" in order
    const what = d.kind === "play" ? `${isolate(d.dice)}: ${playName(read(d).chosen)}` : t(`review.cube.${d.kind}`); // a cube decision: its verb
    const best = d.kind === "play" ? playName(read(d).best) : t(`review.cube.${d.best}`);
    const mark = d.mark ? ` — ${t(`review.mark.${d.mark}`)} (${num(`−${d.loss.toFixed(3)}`)}; ${t("review.best")} ${best})` : "";
    const decision = button(`link review-item${d.mark ? ` mark-${d.mark}` : ""}`, "");
    // the number in its own column: it stays beside the first line when the entry wraps
    decision.append(make("span", "review-no", `${d.turn + 1}.`), make("span", "review-text", `${t(`side.${d.side}`)} ${what}${mark}`));
    if (review.shown === d.turn) decision.setAttribute("aria-current", "true");
    decision.addEventListener("click", () => send({ type: "review", show: review.shown === d.turn ? null : d.turn }));
    item.appendChild(decision);
    list.appendChild(item);
  }
}

/**
 * A play's made and best plays as the player reads them: in the numbering the board shows
 * (web/worker/point_numbers.py), the mover's own where the worker gives none.
 * @param {Decision} d
 */
const read = (d) => ({ chosen: d.chosen_read ?? d.chosen, best: d.best_read ?? d.best });

/**
 * Why the shown marked turn's best play beats the one made: a title naming both, the facts
 * largest first, and which arrow on the board is which.
 * @param {Review} review
 * @param {Decision | undefined} marked
 */
function paintWhy(review, marked) {
  const box = $("review-why");
  box.replaceChildren();
  box.hidden = !(marked && marked.mark && review.why && review.why.length);
  if (box.hidden || !marked || !review.why) return;
  box.append(make("p", "why-title", t("explain.title", { best: playName(read(marked).best), other: playName(read(marked).chosen) })));
  const facts = make("ul", "why-list");
  for (const fact of review.why) facts.append(make("li", "", t(fact.key, fact.args)));
  const legend = make("ul", "why-legend");
  for (const [swatch, key] of [["played", "explain.legend_made"], ["better", "explain.legend_best"]]) {
    const item = make("li");
    item.append(make("span", `swatch arrow-${swatch}`), make("span", "", t(key)));
    legend.append(item);
  }
  box.append(facts, legend);
}

/** Each side's error rate, skill and luck, as a small table, once every play is ranked (the
 * luck "…" until it is measured); with cube decisions, the checker plays' and the cube's own
 * rate and skill under it (a table of their own: narrow enough for a phone and the side column). */
function paintSides(/** @type {Review} */ review) {
  const table = $("review-sides");
  table.replaceChildren();
  table.hidden = !review.ranked;
  const partsBox = $("review-parts");
  partsBox.replaceChildren();
  partsBox.hidden = true;
  if (!review.ranked) return;
  const head = make("tr");
  head.append(make("td"), ...["review.col.error", "review.col.skill", "review.col.luck"].map((key) => {
    const cell = make("th", "", t(key));
    cell.scope = "col";
    return cell;
  }));
  const rows = (/** @type {("w" | "b")[]} */ (["w", "b"])).map((side) => {
    const row = make("tr");
    row.dataset.side = side;
    const name = make("th", "", t(`side.${side}`));
    name.scope = "row";
    const skill = (review.skill || {})[side];
    row.append(
      name,
      // the rate in points per choice, the review's one unit (the worker counts thousandths)
      make("td", "review-rate", num((((review.error_rate || {})[side] || 0) / 1000).toFixed(3))),
      make("td", "review-skill", skill ? t(`skill.${skill}`) : "—"),
      make("td", "review-luck", review.complete ? num(signed((review.luck || {})[side] || 0, 2)) : "…"),
    );
    return row;
  });
  const thead = make("thead");
  thead.append(head);
  const tbody = make("tbody");
  tbody.append(...rows);
  table.append(thead, tbody);
  const cube = review.cube || {};
  if ((cube.w?.choices || 0) + (cube.b?.choices || 0) === 0) return;
  partsBox.hidden = false;
  partsBox.append(bySide([
    ["checker", "review.col.checker", (side) => partCell((review.checker || {})[side])],
    ["cube", "review.col.cube", (side) => partCell(cube[side])],
  ]));
}

/** A part's rate, its skill under it ("—" without a choice). */
function partCell(/** @type {import("../view-model.js").ReviewPart | undefined} */ figures) {
  const cell = make("td", "review-part");
  if (!figures || !figures.choices) cell.textContent = "—";
  else {
    const skill = make("span", "review-part-skill", figures.skill ? t(`skill.${figures.skill}`) : "");
    cell.append(make("span", "review-part-rate", num((figures.error_rate / 1000).toFixed(3))), skill);
  }
  return cell;
}

/**
 * A table with a column for each side and a row for each measure: [name, its words' key, its cell].
 * @param {[string, string, (side: "w" | "b") => HTMLElement][]} measures
 */
function bySide(measures) {
  const table = make("table", "review-sides review-by-side");
  const head = make("tr");
  head.append(make("td"), ...(/** @type {("w" | "b")[]} */ (["w", "b"])).map((side) => {
    const cell = make("th", "", t(`side.${side}`));
    cell.scope = "col";
    return cell;
  }));
  const thead = make("thead");
  thead.append(head);
  const tbody = make("tbody");
  for (const [name, key, cell] of measures) {
    const row = make("tr");
    row.dataset.part = name;
    const label = make("th", "", t(key));
    label.scope = "row";
    row.append(label);
    for (const side of /** @type {("w" | "b")[]} */ (["w", "b"])) {
      const shown = cell(side);
      shown.dataset.side = side;
      row.append(shown);
    }
    tbody.append(row);
  }
  table.append(thead, tbody);
  return table;
}

/**
 * A match's games, one button each (the one under review marked), and the match summary's.
 * @param {Review} review
 * @param {Send} send
 */
function paintGames(review, send) {
  const box = $("review-games");
  box.replaceChildren();
  const games = review.games || 0;
  box.hidden = games < 2;
  if (box.hidden) return;
  const current = review.game === null || review.game === undefined ? games - 1 : review.game;
  for (let number = 0; number < games; number++) {
    const choice = button("link review-game", t("review.game", { n: number + 1 }));
    if (number === current) choice.setAttribute("aria-current", "true");
    choice.addEventListener("click", () => send({ type: "review", game: number }));
    box.append(choice);
  }
  const sum = button("link review-summary-open", t("review.summary.open"));
  sum.addEventListener("click", () => send({ type: "review", summary: true }));
  box.append(sum);
}

/** The match summary: each side's checker, cube and overall error rate with its skill, its luck
 * and gnubg's rating estimate; while it runs, how many games are reviewed. */
function paintSummary(/** @type {Review} */ review) {
  const box = $("review-summary");
  box.replaceChildren();
  const summary = review.summary;
  box.hidden = !summary;
  if (!summary) return;
  if (!("sides" in summary)) {
    box.append(make("p", "review-rates", t("review.summary.running", { done: summary.done, total: summary.total })));
    return;
  }
  box.append(make("p", "review-summary-title", t("review.summary.title", { n: summary.games })));
  const sides = summary.sides;
  const figure = (/** @type {string} */ text) => make("td", "", text);
  box.append(bySide([
    ["checker", "review.col.checker", (side) => partCell(sides[side]?.checker)],
    ["cube", "review.col.cube", (side) => partCell(sides[side]?.cube)],
    ["overall", "review.col.error", (side) => partCell(sides[side]?.overall)],
    ["luck", "review.col.luck", (side) => figure(num(signed(sides[side]?.luck || 0, 2)))],
    ["rating", "review.col.rating", (side) => {
      const rating = sides[side]?.rating;
      if (rating !== null && rating !== undefined) return figure(num(String(rating)));
      // none for money; in a match, none until there are choices enough to tell
      if (sides[side]?.overall.skill !== "too_few") return figure("—");
      const cell = make("td", "review-part");
      cell.append(make("span", "review-part-skill", t("skill.too_few")));
      return cell;
    }],
  ]));
}

/** What the line and the marks of the graph are. */
function paintLegend(/** @type {Review} */ review) {
  const legend = $("review-legend");
  legend.replaceChildren();
  if (!(review.chances || []).length) return;
  const entry = (/** @type {string} */ swatch, /** @type {string} */ text) => {
    const item = make("li");
    item.append(make("span", `swatch ${swatch}`), make("span", "", text));
    return item;
  };
  legend.append(entry("line", t("review.legend.line")), entry("dot", t("review.legend.turn")));
  for (const mark of MARKS) legend.append(entry(`dot mark-${mark}`, t(`review.mark.${mark}`)));
}

/**
 * An SVG element with its attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function svgEl(tag, attributes, text) {
  const made = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attributes)) made.setAttribute(k, String(v));
  if (text !== undefined) made.textContent = text;
  return made;
}

/** Tick numbers for turns 1..n: at most about seven, on a round step. */
function ticks(/** @type {number} */ n) {
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => n / s <= 7) || Math.ceil(n / 7);
  const found = [1];
  for (let turn = step; turn <= n; turn += step) if (turn > 1) found.push(turn);
  return found;
}

/**
 * The graph: White's chance after each turn, with its axes, and a tooltip on each turn.
 * @param {Review} review
 * @param {Send} send
 * @param {Drawn} drawn
 * @param {string} lang
 */
function paintGraph(review, send, drawn, lang) {
  const holder = $("review-graph");
  const chances = review.chances || [];
  const W = Math.max(240, Math.round(holder.clientWidth) || WIDTH);
  const key = JSON.stringify([lang, W, review.shown, chances, (review.decisions || []).map((d) => d.mark)]);
  if (key === drawn.graph && chances.length) {
    // the same graph: its tooltips' words (the luck) from the latest review, the one shown kept
    for (const target of holder.querySelectorAll(".hit")) {
      target.setAttribute("aria-label", tipLines(review, Number(target.getAttribute("data-turn"))).join(", "));
    }
    const tip = holder.querySelector(".review-tip");
    if (tip instanceof HTMLElement && !tip.hidden && drawn.showTip) drawn.showTip(Number(tip.dataset.turn));
    return;
  }
  drawn.graph = key;
  // a tooltip shown stays shown when the graph is drawn again (another width: the panel grew)
  const before = holder.querySelector(".review-tip");
  const kept = before instanceof HTMLElement && !before.hidden ? Number(before.dataset.turn) : null;
  holder.textContent = "";
  drawn.showTip = null;
  if (!chances.length) return;
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": t("review.graph"), class: "review-svg" });
  const x = (/** @type {number} */ i) => (chances.length === 1 ? (LEFT + W - RIGHT) / 2 : LEFT + ((W - LEFT - RIGHT) * i) / (chances.length - 1));
  const y = (/** @type {number} */ p) => TOP + (H - TOP - BOTTOM) * (1 - p);
  // the y axis: White's chance, 0 to 100%, the middle line dashed (above it: White ahead)
  const yAxis = svgEl("g", { class: "y-axis" });
  yAxis.append(svgEl("line", { x1: LEFT, x2: LEFT, y1: y(1), y2: y(0), class: "axis-line" }));
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    yAxis.append(svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: y(p), y2: y(p), class: p === 0.5 ? "axis mid" : "grid" }));
    yAxis.append(svgEl("text", { x: LEFT - 4, y: y(p) + 3, "text-anchor": "end", class: "tick" }, `${Math.round(p * 100)}%`));
  }
  yAxis.append(svgEl("text", { x: LEFT, y: TOP - 6, "text-anchor": "start", class: "axis-title" }, t("review.axis.chance")));
  // the x axis: the turns, numbered from 1
  const xAxis = svgEl("g", { class: "x-axis" });
  xAxis.append(svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: y(0), y2: y(0), class: "axis-line" }));
  for (const turn of ticks(chances.length)) {
    xAxis.append(svgEl("line", { x1: x(turn - 1), x2: x(turn - 1), y1: y(0), y2: y(0) + 3, class: "axis-line" }));
    xAxis.append(svgEl("text", { x: x(turn - 1), y: y(0) + 12, "text-anchor": "middle", class: "tick" }, String(turn)));
  }
  xAxis.append(svgEl("text", { x: (LEFT + W - RIGHT) / 2, y: H - 3, "text-anchor": "middle", class: "axis-title" }, t("review.axis.turn")));
  svg.append(yAxis, xAxis);
  svg.append(svgEl("polyline", { points: chances.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" "), class: "chances" }));
  const tip = make("div", "review-tip");
  tip.id = "review-tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  /** @param {number} i */
  const showTip = (i) => {
    tip.replaceChildren(...tipLines(drawn.review || review, i).map((line) => make("div", "", line)));
    tip.hidden = false;
    tip.dataset.turn = String(i);
    // beside the point (on the side with more room), inside the graph's box: the legend
    // and the list below stay in sight
    const box = holder.getBoundingClientRect();
    const scale = box.width / W;
    tip.style.left = "0px";
    tip.style.top = "0px";
    const width = tip.offsetWidth;
    const height = tip.offsetHeight;
    const px = x(i) * scale;
    const left = px > box.width / 2 ? px - width - 10 : px + 10;
    tip.style.left = `${Math.min(Math.max(0, left), Math.max(0, box.width - width))}px`;
    const top = y(chances[i]) * scale - height / 2;
    tip.style.top = `${Math.min(Math.max(0, top), Math.max(0, box.height - height))}px`;
  };
  const hideTip = () => {
    if (review.shown !== null) showTip(review.shown);
    else tip.hidden = true;
  };
  drawn.showTip = showTip;
  chances.forEach((p, i) => {
    const decision = playOf(review, i);
    const mark = decision && decision.mark ? ` mark-${decision.mark}` : "";
    const dot = svgEl("circle", { cx: x(i), cy: y(p), r: review.shown === i ? 5 : 3, class: `turn${mark}`, "data-turn": i });
    // a wider ring to aim at with a finger; focusable, with the tooltip's words as its name
    const target = svgEl("circle", { cx: x(i), cy: y(p), r: 9, class: "hit", "data-turn": i, tabindex: 0, role: "button" });
    target.setAttribute("aria-label", tipLines(review, i).join(", "));
    target.setAttribute("aria-describedby", "review-tip");
    target.addEventListener("pointerenter", () => showTip(i));
    target.addEventListener("focus", () => showTip(i));
    target.addEventListener("pointerleave", hideTip);
    target.addEventListener("blur", hideTip);
    target.addEventListener("click", () => send({ type: "review", show: i }));
    target.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      send({ type: "review", show: i });
    });
    svg.append(dot, target);
  });
  holder.append(svg, tip);
  if (review.shown !== null && review.shown < chances.length) showTip(review.shown);
  else if (kept !== null && kept < chances.length) showTip(kept);
}

/**
 * The tooltip's lines for a turn: the turn, who played what with which roll, White's chance and
 * how it moved, the loss and its verdict, the roll's luck.
 * @param {Review} review
 * @param {number} i
 * @returns {string[]}
 */
function tipLines(review, i) {
  const chances = review.chances || [];
  const d = playOf(review, i);
  const lines = [t("review.tip.turn", { turn: i + 1 })];
  if (d) lines.push(`${t(`side.${d.side}`)} ${isolate(d.dice)}: ${playName(read(d).chosen)}`);
  const before = i > 0 ? chances[i - 1] : 0.5;
  const change = Math.round((chances[i] - before) * 100);
  lines.push(t("review.tip.chance", { chance: num(`${Math.round(chances[i] * 100)}%`), change: num(`${change >= 0 ? "+" : "−"}${Math.abs(change)}%`) }));
  if (d) {
    lines.push(t("review.tip.loss", { loss: num(`−${d.loss.toFixed(3)}`), verdict: verdict(d) }));
    if (d.luck !== null && d.luck !== undefined) lines.push(t("review.tip.luck", { luck: num(signed(d.luck)) }));
  }
  return lines;
}
