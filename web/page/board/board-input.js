// Input on the board: pointer (click and drag, mouse and touch) and keys on the points,
// turned into intents for `board.onIntent`. `bindInput(board)` attaches the listeners to
// board.svg and returns the function that takes them off again.
//
// A second click or tap on the same movable checker within DOUBLE_TAP_MS is a double click:
// `quick_step`, the checker played at once (by the larger die it may use, or to its only
// destination), instead of the click that would put the selection down again.
//
// On a set-up being edited (view phase "edit") every checker may be dragged and a click is the
// editor's tool at that point: the intents are `edit_point` and `edit_move` instead.

import { MID_Y, slotGeometry } from "./geometry.js";

/** @typedef {import("./board.js").BoardDrawing} Board */

export const DOUBLE_TAP_MS = 400;

/**
 * The board's pointer and key listeners, on its svg.
 * @param {Board} board
 * @returns {() => void} what takes them off again
 */
export function bindInput(board) {
  /** @type {Record<string, (event: any) => void>} */
  const listeners = {
    pointerdown: (/** @type {PointerEvent} */ e) => pointerDown(board, e),
    pointermove: (/** @type {PointerEvent} */ e) => pointerMove(board, e),
    pointerup: (/** @type {PointerEvent} */ e) => pointerUp(board, e),
    pointercancel: () => cancelDrag(board),
    keydown: (/** @type {KeyboardEvent} */ e) => keyDown(board, e),
  };
  for (const [type, listener] of Object.entries(listeners)) board.svg.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of Object.entries(listeners)) board.svg.removeEventListener(type, listener);
  };
}

/** The place under a screen position, if it is one of this board's. */
function pointAt(/** @type {Board} */ board, /** @type {number} */ clientX, /** @type {number} */ clientY) {
  const hit = document.elementFromPoint(clientX, clientY);
  const g = hit && hit.closest ? hit.closest("[data-point]") : null;
  return g && board.svg.contains(g) ? g.getAttribute("data-point") : null;
}

function toSvg(/** @type {Board} */ board, /** @type {PointerEvent} */ e) {
  const pt = board.svg.createSVGPoint();
  pt.x = e.clientX;
  pt.y = e.clientY;
  const m = board.svg.getScreenCTM();
  return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
}

function topChecker(/** @type {Board} */ board, /** @type {string} */ id) {
  /** @type {import("../view-model.js").Checker | null} */
  let best = null;
  let bestIndex = -1;
  for (const c of (board.view && board.view.checkers) || []) {
    if (c.at === id && c.i > bestIndex) {
      best = c;
      bestIndex = c.i;
    }
  }
  return best ? board.checkerEls.get(best.id) || null : null;
}

/** What a board without a view offers: nothing to move. */
const NOTHING_TO_MOVE = { movable: /** @type {string[]} */ ([]), destinations: /** @type {string[]} */ ([]), selected: /** @type {string | null} */ (null) };

const editing = (/** @type {Board} */ board) => Boolean(board.view && board.view.phase === "edit");

function pointerDown(/** @type {Board} */ board, /** @type {PointerEvent} */ e) {
  if (e.button !== undefined && e.button !== 0) return;
  const id = pointAt(board, e.clientX, e.clientY);
  if (!id) return;
  const view = board.view || NOTHING_TO_MOVE;
  const movable = editing(board) ? Boolean(topChecker(board, id)) : view.movable.includes(id);
  board.drag = { id, x: e.clientX, y: e.clientY, moved: false, checker: movable ? topChecker(board, id) : null, pointerId: e.pointerId };
  if (movable) {
    try { board.svg.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ }
  }
}

function pointerMove(/** @type {Board} */ board, /** @type {PointerEvent} */ e) {
  const d = board.drag;
  if (!d || !d.checker) return;
  if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
  if (!d.moved) {
    d.moved = true;
    d.checker.classList.add("dragging");
    board.checkerLayer.appendChild(d.checker); // drawn above the others
    if (board.view && !editing(board) && board.view.selected !== d.id) board.onIntent({ type: "click", point: d.id });
  }
  const p = toSvg(board, e);
  d.checker.style.transform = `translate(${p.x}px, ${p.y}px)`;
  e.preventDefault();
}

function pointerUp(/** @type {Board} */ board, /** @type {PointerEvent} */ e) {
  const d = board.drag;
  if (!d) return;
  board.drag = null;
  try { board.svg.releasePointerCapture(d.pointerId); } catch (_) { /* released */ }
  if (d.moved && d.checker) {
    d.checker.classList.remove("dragging");
    const to = pointAt(board, e.clientX, e.clientY);
    if (to && to !== d.id) board.onIntent({ type: editing(board) ? "edit_move" : "drag", from: d.id, to });
    else if (board.view) board.render(board.view); // snap back
    return;
  }
  const id = pointAt(board, e.clientX, e.clientY) || d.id;
  if (id !== d.id) return;
  if (editing(board)) {
    board.onIntent({ type: "edit_point", point: id });
    return;
  }
  const tap = board.lastTap;
  if (tap && tap.id === id && e.timeStamp - tap.at < DOUBLE_TAP_MS) {
    board.lastTap = null;
    board.onIntent({ type: "quick_step", point: id });
    return;
  }
  const view = board.view || NOTHING_TO_MOVE;
  // only a tap that picks a checker up starts a double tap: one that sets a checker down on a
  // point of one's own, then picks a checker there up again, is two moves, not a quick step
  const setsDown = Boolean(view.selected) && view.selected !== id && view.destinations.includes(id);
  board.lastTap = view.movable.includes(id) && !setsDown ? { id, at: e.timeStamp } : null;
  board.onIntent({ type: "click", point: id });
}

function cancelDrag(/** @type {Board} */ board) {
  const d = board.drag;
  board.drag = null;
  if (d && d.checker) {
    d.checker.classList.remove("dragging");
    if (board.view) board.render(board.view);
  }
}

function keyDown(/** @type {Board} */ board, /** @type {KeyboardEvent} */ e) {
  const target = e.target instanceof Element ? e.target : null;
  const g = target && target.closest ? target.closest("[data-point]") : null;
  if (!g) return;
  const id = g.getAttribute("data-point") || "";
  const view = board.view || NOTHING_TO_MOVE;
  if ((e.key === "Enter" || e.key === " ") && editing(board)) {
    e.preventDefault();
    e.stopPropagation();
    board.onIntent({ type: "edit_point", point: id });
    return;
  }
  if (e.key === "Enter" || e.key === " ") {
    const active = view.movable.includes(id) || view.destinations.includes(id) || view.selected === id;
    if (active || view.selected) {
      e.preventDefault();
      e.stopPropagation();
      board.onIntent({ type: "click", point: id });
    }
    return;
  }
  if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
    e.preventDefault();
    focusNeighbour(board, id, e.key);
  }
}

// Arrow keys walk the points as they are drawn: left/right along a row, up/down across.
function focusNeighbour(/** @type {Board} */ board, /** @type {string} */ id, /** @type {string} */ key) {
  const geo = slotGeometry(id, board.numbering, board.flipped);
  /** @type {{other: string, g: SVGGElement, dx: number, sameRow: boolean, row: number, rowHere: number}[]} */
  const candidates = [];
  for (const [other, g] of board.pointEls) {
    if (other === id) continue;
    const o = slotGeometry(other, board.numbering, board.flipped);
    const oy = o.kind === "point" ? (o.top ? 0 : 1) : o.dir === 1 || o.dir === -1 && o.kind === "bar" && o.baseY < MID_Y ? 0 : 1;
    const gy = geo.kind === "point" ? (geo.top ? 0 : 1) : geo.dir === 1 || geo.dir === -1 && geo.kind === "bar" && geo.baseY < MID_Y ? 0 : 1;
    candidates.push({ other, g, dx: o.x - geo.x, sameRow: oy === gy, row: oy, rowHere: gy });
  }
  /** @type {(typeof candidates)[number] | null} */
  let best = null;
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const sign = key === "ArrowLeft" ? -1 : 1;
    for (const c of candidates) {
      if (!c.sameRow || Math.sign(c.dx) !== sign) continue;
      if (!best || Math.abs(c.dx) < Math.abs(best.dx)) best = c;
    }
  } else {
    const wantRow = key === "ArrowUp" ? 0 : 1;
    for (const c of candidates) {
      if (c.row !== wantRow || c.sameRow) continue;
      if (!best || Math.abs(c.dx) < Math.abs(best.dx)) best = c;
    }
  }
  if (best) best.g.focus();
}
