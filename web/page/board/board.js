// The SVG board: draws the view model it is given and reports what the player did.
// It knows no rules: movable points, destinations and dice all come from the view.
//
//   const board = createBoard(rootElement, { onIntent, t });  // draws an <svg> inside root
//   board.paint(view);         // redraw by key: checkers keep their element per id
//   board.destroy();           // listeners and drawing gone
//
// A board to look at only (<nard-board>): createBoard(root, { t, label, still: true }), its
// points neither focusable nor buttons, the whole drawing named by `label`.
//
// Layers: geometry.js (pure: where everything is drawn), this module (drawing a view),
// board-input.js (pointer and keys -> intents, with an unbind).
//
// Geometry (viewBox 0 0 960 736): two halves of six points with the bar between them,
// the trays for borne-off checkers on the right. Points are laid out by the viewer's
// numbering: White's unless the board is flipped, then Black's.

import {
  WIDTH, HEIGHT, SIDE, PW, R, HALF, LEFT_X, BAR_X, BAR_W, RIGHT_X, BOARD_RIGHT, TRAY_X, TRAY_W, TOP_Y, BOTTOM_Y, MID_Y,
  VISIBLE, SLAB_H, otherNumbering, slotGeometry, checkerCenter,
} from "./geometry.js";
import { bindInput } from "./board-input.js";
import { reducedMotion, setAttr, setText } from "../dom.js";

/** @typedef {import("../view-model.js").BoardView} BoardView */
/** @typedef {import("../view-model.js").Guide} Guide */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {import("../i18n.js").Translate} Translate */
/** @typedef {import("./geometry.js").Numbering} Numbering */
/**
 * A checker being dragged, or a press on a point that may become one.
 * @typedef {{id: string, x: number, y: number, moved: boolean, checker: SVGGElement | null, pointerId: number}} Drag
 */
/**
 * @typedef {object} BoardOptions
 * @property {(intent: Intent) => void} [onIntent] what a click, a drag or a key on a point asks for
 * @property {Translate} [t] the words of the labels
 * @property {string} [label] the drawing's own label
 * @property {boolean} [still] a board to look at only: its points are no buttons
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElementTagNameMap[K]}
 */
function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** @type {Record<number, number[][]>} */

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

// A board on `root`: `paint(view)` draws the engine's view, `destroy()` takes it off again.
// Several boards can live on one page (each its own root).
/**
 * @param {HTMLElement} root
 * @param {BoardOptions} [options]
 * @returns {import("../dom.js").Part<BoardView>}
 */
export function createBoard(root, options = {}) {
  const board = new Board(root, options);
  board.still = Boolean(options.still);
  if (options.label !== undefined) board.svg.setAttribute("aria-label", options.label);
  if (options.still) {
    for (const point of board.pointEls.values()) {
      point.removeAttribute("tabindex"); // nothing to press on it
      point.setAttribute("role", "img");
    }
  }
  return { paint: (view) => board.render(view), destroy: () => board.destroy() };
}

/**
 * Which throw of the dice a view shows ("" for none): the side and dice of a roll, or the
 * opening's; a new key is a new throw (the same roll painted again keeps its key).
 * @param {BoardView} view
 */
function rollKey(view) {
  if (view.dice.length) return `${view.turn}:${view.dice_text}`;
  if (view.opening_dice) return `opening:${view.opening_dice.w}:${view.opening_dice.b}`;
  return "";
}

// The drawing and its state; board-input.js reads and moves it. Not exported: the board's
// users have createBoard's paint and destroy.
/** @typedef {Board} BoardDrawing */
class Board {
  /**
   * @param {HTMLElement} root
   * @param {BoardOptions} options
   */
  constructor(root, { onIntent = () => {}, t = (key) => key }) {
    this.root = root;
    const svg = el("svg", { class: "board-svg", xmlns: SVG_NS });
    root.textContent = "";
    root.appendChild(svg);
    this.svg = svg;
    this.onIntent = onIntent;
    this.t = t;
    /** @type {BoardView | null} */
    this.view = null;
    this.flipped = false;
    /** @type {Numbering} the view's numbering; until the first view, one of opposite directions */
    this.numbering = [0, ...Array.from({ length: 24 }, (_, k) => 24 - k)];
    /** @type {Map<string, SVGGElement>} */
    this.checkerEls = new Map();
    /** @type {Map<string, SVGGElement>} */
    this.pointEls = new Map();
    /** @type {SVGTextElement[]} */
    this.numberEls = [];
    /** @type {import("../view-model.js").Side[]} the numberings the points are labelled in, the reader's first */
    this.numbers = ["w"];
    /** @type {Drag | null} */
    this.drag = null;
    /** @type {WeakMap<SVGGElement, number>} a checker's timer that lays it flat in the tray */
    this.offTimers = new WeakMap();
    /** @type {number | undefined} */
    this.restackTimer = undefined;
    this.diceKey = ""; // the throw the dice show (rollKey)
    /** @type {{id: string, at: number} | null} the last tap on a movable checker (board-input.js: a double tap) */
    this.lastTap = null;
    this.still = false; // a board only looked at (<nard-board>): its dice never tumble
    /** @type {WeakMap<Element, string>} what each redrawn layer was last drawn from (redraw) */
    this.drawnFrom = new WeakMap();
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.setAttribute("role", "group");
    const layers = this.build();
    this.pointLayer = layers.points;
    this.markLayer = layers.marks;
    this.checkerLayer = layers.checkers;
    this.countLayer = layers.counts;
    this.diceLayer = layers.dice;
    this.cubeLayer = layers.cube;
    this.layoutPoints();
    this.unbind = bindInput(this);
  }

  // Take the board off the page: its listeners and its drawing.
  destroy() {
    this.unbind();
    this.svg.remove();
    this.checkerEls.clear();
    this.pointEls.clear();
    this.view = null;
  }

  // -- the parts that never change --------------------------------------------------

  // The frame, the felt and the layers, bottom to top; the points and their numbers.
  build() {
    const svg = this.svg;
    svg.textContent = "";
    const defs = el("defs", {}, svg);
    const grad = (/** @type {string} */ id, /** @type {string[][]} */ stops) => {
      const g = el("radialGradient", { id, cx: "38%", cy: "32%", r: "75%" }, defs);
      for (const [offset, color] of stops) el("stop", { offset, "stop-color": color }, g);
    };
    grad("grad-w", [["0%", "var(--checker-w-hi)"], ["70%", "var(--checker-w)"], ["100%", "var(--checker-w-lo)"]]);
    grad("grad-b", [["0%", "var(--checker-b-hi)"], ["70%", "var(--checker-b)"], ["100%", "var(--checker-b-lo)"]]);
    const marker = el("marker", {
      id: "arrow-head", viewBox: "0 0 10 10", refX: 7, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse",
    }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }, marker);

    el("rect", { x: 0, y: 0, width: BOARD_RIGHT + SIDE, height: HEIGHT, rx: 14, class: "frame" }, svg);
    el("rect", { x: TRAY_X - 8, y: 0, width: TRAY_W + 16, height: HEIGHT, rx: 14, class: "frame" }, svg);
    el("rect", { x: LEFT_X, y: TOP_Y, width: 6 * PW, height: BOTTOM_Y - TOP_Y, class: "felt" }, svg);
    el("rect", { x: RIGHT_X, y: TOP_Y, width: 6 * PW, height: BOTTOM_Y - TOP_Y, class: "felt" }, svg);
    el("rect", { x: BAR_X, y: TOP_Y, width: BAR_W, height: BOTTOM_Y - TOP_Y, class: "bar" }, svg);

    const layers = {
      points: el("g", { class: "points" }, svg),
      numbers: el("g", { class: "numbers", "aria-hidden": "true" }, svg),
      marks: el("g", { class: "marks", "aria-hidden": "true" }, svg),
      checkers: el("g", { class: "checkers" }, svg),
      counts: el("g", { class: "counts", "aria-hidden": "true" }, svg),
      dice: el("g", { class: "dice" }, svg),
      cube: el("g", { class: "cube-layer" }, svg),
    };

    const ids = [];
    for (let p = 1; p <= 24; p++) ids.push(String(p));
    ids.push("bar-w", "bar-b", "off-w", "off-b");
    for (const id of ids) {
      const g = el("g", { class: "point", "data-point": id, tabindex: "0", role: "button" }, layers.points);
      if (id.startsWith("off-")) g.classList.add("tray");
      if (id.startsWith("bar-")) g.classList.add("bar-slot");
      el("path", { class: "shape" }, g);
      if (id.startsWith("off-")) el("text", { class: "tray-count", "text-anchor": "middle" }, g);
      el("rect", { class: "hit" }, g);
      this.pointEls.set(id, g);
    }
    this.numberEls = [];
    for (let i = 1; i <= 24; i++) {
      const text = el("text", { class: "number", "text-anchor": "middle" }, layers.numbers);
      this.numberEls.push(text);
    }
    return layers;
  }

  // Point shapes, hit areas and numbers for the current orientation.
  layoutPoints() {
    for (const [id, g] of this.pointEls) {
      const geo = slotGeometry(id, this.numbering, this.flipped);
      const shape = part(g, ".shape");
      const hit = part(g, ".hit");
      if (geo.kind === "point") {
        const tipY = geo.top ? TOP_Y + HALF - 16 : BOTTOM_Y - HALF + 16;
        const baseY = geo.top ? TOP_Y : BOTTOM_Y;
        const x0 = geo.x - PW / 2 + 2;
        const x1 = geo.x + PW / 2 - 2;
        shape.setAttribute("d", `M${x0},${baseY} L${x1},${baseY} L${geo.x},${tipY} Z`);
        g.classList.toggle("odd", geo.index % 2 === 1);
        g.classList.toggle("top", geo.top);
        setNumbers(hit, { x: geo.x - PW / 2, y: geo.top ? TOP_Y : MID_Y, width: PW, height: geo.top ? MID_Y - TOP_Y : BOTTOM_Y - MID_Y });
      } else if (geo.kind === "off") {
        const y = geo.dir === 1 ? TOP_Y : MID_Y + 8;
        const label = part(g, ".tray-count");
        setNumbers(label, { x: TRAY_X + TRAY_W / 2, y: geo.dir === 1 ? MID_Y - 14 : MID_Y + 28 });
        shape.setAttribute("d", `M${TRAY_X},${y} h${TRAY_W} v${MID_Y - 8 - TOP_Y} h${-TRAY_W} Z`);
        setNumbers(hit, { x: TRAY_X - 8, y: geo.dir === 1 ? 0 : MID_Y, width: TRAY_W + 16, height: MID_Y });
      } else {
        const top = geo.dir === -1;
        setNumbers(hit, { x: BAR_X, y: top ? TOP_Y : MID_Y + 30, width: BAR_W, height: MID_Y - 30 - TOP_Y });
        shape.setAttribute("d", "");
      }
    }
    // each point labelled in the reader's numbering; with both sides', the other's after it,
    // each number in its side's colour
    for (let id = 1; id <= 24; id++) {
      const geo = slotGeometry(String(id), this.numbering, this.flipped);
      const text = this.numberEls[id - 1];
      setNumbers(text, { x: geo.x, y: geo.kind === "point" && geo.top ? TOP_Y - 7 : BOTTOM_Y + 18 });
      text.textContent = "";
      for (const side of this.numbers) {
        const span = el("tspan", this.numbers.length > 1 ? { class: `side-${side}`, dx: text.firstChild ? 5 : 0 } : {}, text);
        span.textContent = String(this.numberOf(id, side));
      }
    }
  }

  /** A point (its id: White's number) in `side`'s numbering. */
  numberOf(/** @type {number} */ id, /** @type {import("../view-model.js").Side} */ side) {
    return side === "b" ? otherNumbering(id, this.numbering) : id;
  }

  // -- drawing a view ---------------------------------------------------------------------

  render(/** @type {BoardView} */ view) {
    const flipped = Boolean(view.flipped);
    // the numbers of the view, or the viewer's (a board that does not say: the embed's)
    /** @type {import("../view-model.js").Side[]} */
    const numbers = view.numbers && view.numbers.length ? view.numbers : [flipped ? "b" : "w"];
    const reorient = flipped !== this.flipped || String(view.numbering) !== String(this.numbering)
      || String(numbers) !== String(this.numbers);
    this.flipped = flipped;
    this.numbering = view.numbering;
    this.numbers = numbers;
    if (reorient) this.layoutPoints();
    const first = this.view === null;
    this.view = view;
    const root = this.root;
    root.dataset.position = view.position;
    root.dataset.phase = view.phase;
    root.dataset.dice = view.dice_text;
    root.dataset.turn = view.turn;
    root.dataset.variant = view.variant;
    root.classList.toggle("flipped", flipped);
    this.renderPoints(view);
    this.renderCheckers(view);
    this.renderMarks(view);
    this.renderDice(view, first);
    this.renderCube(view);
  }

  renderPoints(/** @type {BoardView} */ view) {
    const t = this.t;
    const movable = new Set(view.movable);
    const dests = new Set(view.destinations);
    /** @type {Set<string>} */
    const lastTo = new Set();
    for (const arrow of view.arrows) if (arrow.kind === "last") lastTo.add(arrow.to);
    for (const [id, g] of this.pointEls) {
      const info = view.points[id];
      const isMovable = movable.has(id);
      const isDest = dests.has(id);
      const isSelected = view.selected === id;
      setFlag(g, "movable", isMovable);
      setFlag(g, "dest", isDest);
      setFlag(g, "selected", isSelected);
      setFlag(g, "lastTo", lastTo.has(id));
      const count = info ? info.count : 0;
      const trayLabel = g.querySelector(".tray-count");
      if (trayLabel) setText(trayLabel, count ? String(count) : "");
      const sideName = info ? t(`side.${info.side}`) : "";
      let label;
      if (id.startsWith("off-")) label = t("aria.tray", { side: t(`side.${id.slice(4)}`), count });
      else if (id.startsWith("bar-")) label = t("aria.bar", { side: t(`side.${id.slice(4)}`), count });
      else {
        const viewerNumber = this.numberOf(Number(id), this.numbers[0]);
        label = count ? t("aria.point", { n: viewerNumber, count, side: sideName }) : t("aria.point_empty", { n: viewerNumber });
      }
      if (isSelected) label += ". " + t("aria.selected");
      else if (isMovable) label += ". " + t("aria.movable");
      if (isDest) label += ". " + t("aria.dest");
      setAttr(g, "aria-label", label);
      setAttr(g, "aria-pressed", isSelected ? "true" : "false");
    }
  }

  renderCheckers(/** @type {BoardView} */ view) {
    const seen = new Set();
    /** @type {Record<string, number>} */
    const counts = {};
    for (const c of view.checkers) counts[c.at] = (counts[c.at] || 0) + 1;
    const t = this.t;
    for (const c of view.checkers) {
      seen.add(c.id);
      let g = this.checkerEls.get(c.id);
      if (!g) {
        g = el("g", { class: `checker side-${c.side}`, "data-checker": c.id, role: "img" }, this.checkerLayer);
        el("circle", { r: R, class: "body", fill: `url(#grad-${c.side})` }, g);
        el("circle", { r: R - 8, class: "ring" }, g);
        el("rect", { x: -30, y: -SLAB_H / 2, width: 60, height: SLAB_H, rx: 5, class: "slab" }, g);
        this.checkerEls.set(c.id, g);
      }
      const count = counts[c.at];
      const { x, y } = checkerCenter(c.at, c.i, count, this.numbering, this.flipped);
      const transform = `translate(${x}px, ${y}px)`;
      if (!(this.drag && this.drag.checker === g) && g.style.transform !== transform) {
        if (g.style.transform && g.dataset.at !== c.at) {
          // a checker on its way is drawn above the others: move it to the end of the layer,
          // let the browser see where it stands now, then send it off (the transition runs)
          this.checkerLayer.appendChild(g);
          void getComputedStyle(g).transform;
        }
        g.style.transform = transform;
      }
      const off = c.at.startsWith("off-");
      const arriving = off && g.dataset.at && !g.dataset.at.startsWith("off-") && !reducedMotion();
      setAttr(g, "data-at", c.at);
      const checker = g;
      if (arriving) {
        // keep the round look while it travels; lay it flat in the tray on arrival
        g.classList.remove("is-off");
        clearTimeout(this.offTimers.get(g));
        this.offTimers.set(g, setTimeout(() => checker.classList.toggle("is-off", (checker.dataset.at || "").startsWith("off-")), 250));
      } else {
        clearTimeout(this.offTimers.get(g));
        g.classList.toggle("is-off", off);
      }
      setAttr(g, "aria-label", t("aria.checker", { side: t(`side.${c.side}`), where: placeName(c.at, t) }));
    }
    // counts on tall stacks, in a layer above every checker (DOM order is not stack order)
    const tall = Object.entries(counts).filter(([at, count]) => !at.startsWith("off-")
      && count > (at.startsWith("bar-") ? 3 : VISIBLE));
    this.redraw(this.countLayer, [tall, this.numbering, this.flipped], () => {
      for (const [at, count] of tall) {
        const side = view.checkers.find((c) => c.at === at)?.side || "w";
        const { x, y } = checkerCenter(at, count - 1, count, this.numbering, this.flipped);
        const text = el("text", { x, y, class: `count side-${side}`, "text-anchor": "middle", dy: "0.36em" }, this.countLayer);
        text.textContent = String(count);
      }
    });
    for (const [id, g] of this.checkerEls) {
      if (!seen.has(id)) {
        g.remove();
        this.checkerEls.delete(id);
      }
    }
    clearTimeout(this.restackTimer);
    this.restackTimer = setTimeout(() => this.restack(), reducedMotion() ? 0 : 320);
  }

  // Once the checkers stand still: draw each stack bottom-up, so a tall (squeezed) stack
  // overlaps in order and its top checker is the one in front.
  restack() {
    if (this.drag || !this.view) return;
    const order = [...this.view.checkers].sort((a, b) => a.i - b.i).map((c) => this.checkerEls.get(c.id));
    // only the checkers out of place are moved (a move is a removal and an insertion, laid out
    // again): after a play, the one that went to the end of the layer
    const layer = this.checkerLayer;
    let at = 0;
    for (const g of order) {
      if (!g) continue;
      const here = layer.children[at] || null;
      if (here !== g) layer.insertBefore(g, here);
      at += 1;
    }
  }

  // Landing markers for destinations, and the view's arrows (the last move's, the hint's).
  renderMarks(/** @type {BoardView} */ view) {
    /** @type {Record<string, number>} */
    const counts = {};
    for (const c of view.checkers) counts[c.at] = (counts[c.at] || 0) + 1;
    const landings = view.destinations.map((id) => counts[id] || 0);
    this.redraw(this.markLayer, [view.destinations, landings, view.arrows, view.guide, this.numbering, this.flipped],
      () => this.drawMarks(view, counts));
  }

  drawMarks(/** @type {BoardView} */ view, /** @type {Record<string, number>} */ counts) {
    const layer = this.markLayer;
    if (view.guide) this.renderGuide(view.guide);
    for (const id of view.destinations) {
      if (id.startsWith("off-")) {
        const geo = slotGeometry(id, this.numbering, this.flipped);
        const y = geo.dir === 1 ? TOP_Y : MID_Y + 8;
        el("rect", { x: TRAY_X + 3, y: y + 3, width: TRAY_W - 6, height: MID_Y - 8 - TOP_Y - 6, rx: 8, class: "dest-mark" }, layer);
        continue;
      }
      const n = counts[id] || 0;
      const { x, y } = checkerCenter(id, Math.min(n, VISIBLE - 1), Math.max(n + 1, 1), this.numbering, this.flipped);
      el("circle", { cx: x, cy: y, r: R - 3, class: "dest-mark" }, layer);
    }
    for (const { from: a, to: b, kind, side } of view.arrows) {
      const p = this.anchor(a);
      let q = this.anchor(b);
      if (b.startsWith("off-")) {
        // a short arrow off the board's edge, not a line across the whole board
        const from = slotGeometry(a, this.numbering, this.flipped);
        q = { x: p.x + (from.kind === "point" ? 0 : 40), y: from.kind === "point" && from.top ? TOP_Y + 24 : BOTTOM_Y - 24 };
        if (b.startsWith("off-") && slotGeometry(b, this.numbering, this.flipped).x - p.x < 2.5 * PW) q = this.anchor(b);
      }
      const mx = (p.x + q.x) / 2;
      const my = (p.y + q.y) / 2;
      const bend = p.y === q.y ? (p.y < MID_Y ? 60 : -60) : 0;
      const cls = kind === "last" ? `last-move side-${side}` : kind === "played" ? "played-move" : "hint-move";
      el("path", { d: `M${p.x},${p.y} Q${mx},${my + bend} ${q.x},${q.y}`, class: cls, "marker-end": "url(#arrow-head)" }, layer);
    }
  }

  // A lesson's guide, under the checkers: each side's home tinted with a band along its edge,
  // and White's way round as a dashed arrow along each quarter.
  renderGuide(/** @type {Guide} */ guide) {
    const layer = this.markLayer;
    for (const side of /** @type {const} */ (["w", "b"])) {
      for (const id of guide.home[side] || []) {
        const geo = slotGeometry(id, this.numbering, this.flipped);
        if (geo.kind !== "point") continue;
        const x = geo.x - PW / 2;
        el("rect", { x, y: geo.top ? TOP_Y : MID_Y, width: PW, height: MID_Y - TOP_Y, class: `home-tint side-${side}` }, layer);
        el("rect", { x: x + 2, y: geo.top ? TOP_Y : BOTTOM_Y - 10, width: PW - 4, height: 10, class: `home-band side-${side}` }, layer);
      }
    }
    for (const { from: a, to: b } of guide.route || []) {
      const p = this.anchor(a);
      const q = this.anchor(b);
      const y = p.y < MID_Y ? MID_Y - 34 : MID_Y + 34; // between the two rows, clear of the stacks
      el("path", { d: `M${p.x},${y} L${q.x},${y}`, class: "route-arrow", "marker-end": "url(#arrow-head)" }, layer);
    }
  }

  /**
   * Empties `layer` and draws it again (by `draw`, or by the caller when it answers true) only if
   * `from`, what it shows, differs from the last time: most answers change few layers.
   * @param {Element} layer @param {unknown} from @param {() => void} [draw]
   */
  redraw(layer, from, draw) {
    const key = JSON.stringify(from);
    if (this.drawnFrom.get(layer) === key) return false;
    this.drawnFrom.set(layer, key);
    layer.textContent = "";
    if (draw) draw();
    return true;
  }

  /** Where an arrow from or to a place starts or ends. */
  anchor(/** @type {string} */ id) {
    const geo = slotGeometry(id, this.numbering, this.flipped);
    if (geo.kind === "off") return { x: geo.x, y: geo.dir === 1 ? TOP_Y + 120 : BOTTOM_Y - 120 };
    if (geo.kind === "bar") return { x: geo.x, y: geo.baseY };
    return { x: geo.x, y: geo.top ? TOP_Y + 150 : BOTTOM_Y - 150 };
  }

  renderDice(/** @type {BoardView} */ view, /** @type {boolean} */ first = false) {
    const layer = this.diceLayer;
    const t = this.t;
    const size = 50;
    // dice just thrown tumble in (class "rolling", board.css), unless motion is reduced or the
    // board is only looked at; the same dice painted again stand still
    const thrown = rollKey(view);
    const rolling = Boolean(thrown) && thrown !== this.diceKey && !first && !this.still && !reducedMotion();
    this.diceKey = thrown;
    const words = [t("aria.die", { value: 0, state: "" }), t("aria.used")]; // the page's language
    if (!this.redraw(layer, [view.dice, view.opening_dice, view.turn, this.flipped, rolling, words])) return;
    /**
     * @param {number} value
     * @param {number} cx
     * @param {string | undefined} side
     * @param {string} cls
     */
    const drawDie = (value, cx, side, cls) => {
      const g = el("g", {
        class: `die side-${side} ${cls}${rolling ? " rolling" : ""}`,
        transform: `translate(${cx - size / 2}, ${MID_Y - size / 2})`,
        role: "img",
        "aria-label": t("aria.die", { value, state: cls.includes("used") ? t("aria.used") : "" }),
      }, layer);
      const face = el("g", { class: "die-face" }, g);
      el("rect", { width: size, height: size, rx: 10, class: "die-body" }, face);
      for (const [dx, dy] of PIPS[value] || []) el("circle", { cx: size / 2 + dx * 13, cy: size / 2 + dy * 13, r: 5, class: "pip" }, face);
    };
    const rightCenter = RIGHT_X + 3 * PW;
    const leftCenter = LEFT_X + 3 * PW;
    if (view.dice.length) {
      // the mover's dice sit in the mover's right-hand half (as seen from the board's bottom)
      const bottomSide = this.flipped ? "b" : "w";
      const cx0 = view.turn === bottomSide ? rightCenter : leftCenter;
      const n = view.dice.length;
      const gap = n === 4 ? 56 : 62;
      const turn = view.turn;
      view.dice.forEach((die, i) => {
        const cx = cx0 + (i - (n - 1) / 2) * gap;
        drawDie(die.value, cx, turn, die.used ? "used" : die.blocked ? "blocked" : "");
      });
    } else if (view.opening_dice) {
      const bottomSide = this.flipped ? "b" : "w";
      const topSide = bottomSide === "w" ? "b" : "w";
      drawDie(view.opening_dice[bottomSide], rightCenter, bottomSide, "opening");
      drawDie(view.opening_dice[topSide], leftCenter, topSide, "opening");
    }
    this.root.dataset.diceShown = layer.childNodes.length ? "1" : "";
  }

  renderCube(/** @type {BoardView} */ view) {
    const layer = this.cubeLayer;
    const cube = view.cube;
    if (!this.redraw(layer, [cube, view.cube_face, this.flipped, this.t("aria.cube", { value: view.cube_face })])) return;
    if (!cube || !cube.enabled) return;
    const size = 46;
    let y = MID_Y;
    if (cube.owner) {
      const bottomSide = this.flipped ? "b" : "w";
      y = cube.owner === bottomSide ? BOTTOM_Y - size / 2 - 6 : TOP_Y + size / 2 + 6;
    }
    const x = BAR_X + BAR_W / 2;
    const face = view.cube_face; // the worker decides it (nardcore/svg.py cube_face)
    const g = el("g", {
      class: `cube${cube.offered ? " offered" : ""}`,
      transform: `translate(${x - size / 2}, ${y - size / 2})`,
      role: "img",
      "aria-label": this.t("aria.cube", { value: face }),
    }, layer);
    el("rect", { width: size, height: size, rx: 8, class: "cube-body" }, g);
    const text = el("text", { x: size / 2, y: size / 2, "text-anchor": "middle", dy: "0.36em", class: "cube-text" }, g);
    text.textContent = String(face);
  }
}

/** A point's part (its shape, its hit area, a tray's count), which build() made. */
function part(/** @type {Element} */ g, /** @type {string} */ selector) {
  const found = g.querySelector(selector);
  if (!found) throw new Error(`a point without its ${selector}`);
  return found;
}

/** Numeric attributes, each set as text. */
function setNumbers(/** @type {Element} */ node, /** @type {Record<string, number>} */ values) {
  for (const [name, value] of Object.entries(values)) node.setAttribute(name, String(value));
}

/**
 * @param {SVGElement} node
 * @param {string} name
 * @param {boolean} on
 */
function setFlag(node, name, on) {
  if (on) node.dataset[name] = "1";
  else delete node.dataset[name];
}

/**
 * @param {string} id
 * @param {Translate} t
 */
function placeName(id, t) {
  if (id.startsWith("bar-")) return t("aria.on_bar");
  if (id.startsWith("off-")) return t("aria.borne_off");
  return t("aria.on_point", { n: id });
}
