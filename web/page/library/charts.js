// The Statistics screen's two plots, drawn as small SVGs (no chart library: docs/statistics.md):
// a scatter of values over time with a line through their moving average, and bars of counts
// beside the counts fair dice would give. Always drawn left to right (`direction: ltr` in
// style.css), as the review's graph; every word on them comes from the caller, in the page's language.

const SVG_NS = "http://www.w3.org/2000/svg";
// Drawn at the width they are shown at (`width`, in CSS pixels), so their words keep their size
// on a phone: a plot scaled down from a wide drawing would shrink them out of reading.
const MIN_W = 280;
const MAX_W = 820;
const PAD = 10; // between the plot's first and last dot and its edges
const LEFT = 44;
const RIGHT = 10;
const TOP = 22;
const BOTTOM = 26;

/**
 * An SVG element with its attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 * @returns {SVGElement}
 */
function svgEl(tag, attributes, text) {
  const made = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attributes)) made.setAttribute(k, String(v));
  if (text !== undefined) made.textContent = text;
  return made;
}

/** A round step for about `count` ticks over `span`. */
function niceStep(/** @type {number} */ span, count = 4) {
  const raw = span / count || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  return Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw); // whole steps: counts and rates
}

/**
 * Every value over time (a dot each) and their moving average (a line).
 * @param {{when: number, value: number | null}[]} points oldest first
 * @param {(number | null)[]} average the moving average at each point
 * @param {{label: string, axis: string, format: (n: number) => string, date: (ms: number) => string, dotLabel: (i: number) => string}} words
 * @param {number} width in CSS pixels
 * @returns {SVGElement}
 */
export function timePlot(points, average, words, width) {
  const W = Math.round(Math.min(MAX_W, Math.max(MIN_W, width)));
  const H = 200;
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": words.label, class: "stats-svg stats-time" });
  const values = points.map((p) => p.value).filter((v) => v !== null).map(Number);
  const top = Math.max(1, ...values) * 1.1;
  const step = niceStep(top);
  const y = (/** @type {number} */ v) => TOP + (H - TOP - BOTTOM) * (1 - v / top);
  const n = points.length;
  const x = (/** @type {number} */ i) => LEFT + PAD + (W - LEFT - RIGHT - 2 * PAD) * (n > 1 ? i / (n - 1) : 0.5);
  for (let v = 0; v <= top; v += step) {
    svg.append(svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(svgEl("text", { x: LEFT - 4, y: y(v) + 3, "text-anchor": "end", class: "tick" }, words.format(v)));
  }
  svg.append(svgEl("line", { x1: LEFT, x2: LEFT, y1: TOP, y2: H - BOTTOM, class: "axis-line" }));
  svg.append(svgEl("text", { x: LEFT, y: TOP - 8, "text-anchor": "start", class: "axis-title" }, words.axis));
  if (n) {
    svg.append(svgEl("text", { x: LEFT, y: H - 8, "text-anchor": "start", class: "tick" }, words.date(points[0].when)));
    if (n > 1) svg.append(svgEl("text", { x: W - RIGHT, y: H - 8, "text-anchor": "end", class: "tick" }, words.date(points[n - 1].when)));
  }
  const line = average.map((v, i) => (v === null ? "" : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
  if (line.length > 1) svg.append(svgEl("polyline", { points: line.join(" "), class: "average" }));
  points.forEach((p, i) => {
    if (p.value === null) return;
    const dot = svgEl("circle", { cx: x(i).toFixed(1), cy: y(p.value).toFixed(1), r: 3.5, class: "dot" });
    dot.append(svgEl("title", {}, words.dotLabel(i)));
    svg.append(dot);
  });
  return svg;
}

/**
 * Bars of counts with the expected count of each as a mark across its bar.
 * @param {{label: string, count: number, expected: number}[]} bars
 * @param {{label: string, format: (n: number) => string}} words
 * @param {number} width in CSS pixels
 * @returns {SVGElement}
 */
export function barPlot(bars, words, width) {
  const W = Math.round(Math.min(MAX_W, Math.max(MIN_W, width)));
  const slot = (W - LEFT - RIGHT) / Math.max(1, bars.length);
  const narrow = slot < 22; // the labels in two rows, every other one lower, so that none touches the next
  const H = narrow ? 182 : 170;
  const bottom = narrow ? BOTTOM + 12 : BOTTOM;
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": words.label, class: "stats-svg stats-bars" });
  const top = Math.max(1, ...bars.map((b) => Math.max(b.count, b.expected))) * 1.1;
  const step = niceStep(top);
  const y = (/** @type {number} */ v) => TOP + (H - TOP - bottom) * (1 - v / top);
  for (let v = 0; v <= top; v += step) {
    svg.append(svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(svgEl("text", { x: LEFT - 4, y: y(v) + 3, "text-anchor": "end", class: "tick" }, words.format(v)));
  }
  bars.forEach((bar, i) => {
    const x0 = LEFT + i * slot + slot * 0.15;
    const barWidth = slot * 0.7;
    const rect = svgEl("rect", { x: x0.toFixed(1), y: y(bar.count).toFixed(1), width: barWidth.toFixed(1),
      height: Math.max(0, y(0) - y(bar.count)).toFixed(1), class: "bar" });
    rect.append(svgEl("title", {}, `${bar.label}: ${words.format(bar.count)} / ${words.format(bar.expected)}`));
    svg.append(rect);
    svg.append(svgEl("line", { x1: (x0 - 2).toFixed(1), x2: (x0 + barWidth + 2).toFixed(1), y1: y(bar.expected).toFixed(1),
      y2: y(bar.expected).toFixed(1), class: "expected" }));
    svg.append(svgEl("text", { x: (x0 + barWidth / 2).toFixed(1), y: narrow && i % 2 ? H - 6 : H - 18 + (narrow ? 0 : 10),
      "text-anchor": "middle", class: "tick" }, bar.label));
  });
  svg.append(svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: y(0), y2: y(0), class: "axis-line" }));
  return svg;
}
