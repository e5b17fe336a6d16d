// Board geometry, pure (no DOM): where each point, bar, tray and checker is drawn for a
// numbering and a flip. GEOMETRY holds the numbers of nardcore/geometry.json (tests check).

/**
 * The view's numbering (presenter.numbering): index p, a point in White's numbering, holds
 * Black's number for it.
 * @typedef {number[]} Numbering
 */
/**
 * Where a place is drawn: its x, the y of its first checker and the way its stack grows (+1
 * down, -1 up); a point also says whether it is in the top row and its number for the viewer.
 * @typedef {{x: number, baseY: number, dir: 1 | -1, kind: "bar"} | {x: number, baseY: number, dir: 1 | -1, kind: "off"}
 *   | {x: number, baseY: number, dir: 1 | -1, kind: "point", top: boolean, index: number}} Slot
 */

export const GEOMETRY = {
  "bar_width": 64, "border": 24, "checker_radius": 29, "half": 300, "height": 736, "point_width": 64, "side": 16,
  "slab_gap": 19, "slab_height": 16, "tray_gap": 8, "tray_width": 64, "visible": 5, "width": 960,
};

export const WIDTH = GEOMETRY.width;
export const HEIGHT = GEOMETRY.height;
export const BORDER = GEOMETRY.border; // top and bottom frame, where the point numbers sit
export const SIDE = GEOMETRY.side; // left and right frame
export const PW = GEOMETRY.point_width;
export const R = GEOMETRY.checker_radius;
export const HALF = GEOMETRY.half; // height of one row of points
export const LEFT_X = SIDE;
export const BAR_X = SIDE + 6 * PW;
export const BAR_W = GEOMETRY.bar_width;
export const RIGHT_X = BAR_X + BAR_W;
export const BOARD_RIGHT = RIGHT_X + 6 * PW;
export const TRAY_X = BOARD_RIGHT + SIDE + GEOMETRY.tray_gap;
export const TRAY_W = GEOMETRY.tray_width;
export const TOP_Y = BORDER;
export const BOTTOM_Y = HEIGHT - BORDER;
export const MID_Y = HEIGHT / 2;
export const VISIBLE = GEOMETRY.visible; // checkers drawn at full spacing before a stack is squeezed
export const SLAB_H = GEOMETRY.slab_height;
export const SLAB_GAP = GEOMETRY.slab_gap;

// The other side's number for a point (the map is its own inverse: the geometry is symmetric).
/**
 * @param {number} point
 * @param {Numbering} numbering
 * @returns {number}
 */
export function otherNumbering(point, numbering) {
  return numbering[point];
}

// Where a point id is drawn: {x, baseY, dir} with dir +1 (stack grows down) or -1 (up).
/**
 * @param {string} id
 * @param {Numbering} numbering
 * @param {boolean} flipped
 * @returns {Slot}
 */
export function slotGeometry(id, numbering, flipped) {
  const other = (/** @type {string} */ side) => (side === "w" ? "b" : "w");
  if (id.startsWith("bar-") || id.startsWith("off-")) {
    let side = id.slice(4);
    if (flipped) side = other(side);
    const top = side === "b"; // unflipped: Black's tray and bar half at the top
    if (id.startsWith("bar-")) {
      return { x: BAR_X + BAR_W / 2, baseY: top ? MID_Y - 44 - R : MID_Y + 44 + R, dir: top ? -1 : 1, kind: "bar" };
    }
    return { x: TRAY_X + TRAY_W / 2, baseY: top ? TOP_Y + 6 : BOTTOM_Y - 6, dir: top ? 1 : -1, kind: "off" };
  }
  const abs = Number(id);
  const index = flipped ? otherNumbering(abs, numbering) : abs; // the viewer's number
  let x;
  let top;
  if (index <= 12) {
    top = false;
    x = index <= 6 ? RIGHT_X + (6 - index) * PW + PW / 2 : LEFT_X + (12 - index) * PW + PW / 2;
  } else {
    top = true;
    x = index <= 18 ? LEFT_X + (index - 13) * PW + PW / 2 : RIGHT_X + (index - 19) * PW + PW / 2;
  }
  return { x, baseY: top ? TOP_Y + R : BOTTOM_Y - R, dir: top ? 1 : -1, kind: "point", top, index };
}

/** The distance between the checkers of a stack of `count` on a point or the bar. */
export function stackSpacing(/** @type {number} */ count, /** @type {Slot["kind"]} */ kind) {
  const room = kind === "bar" ? 3 * 2 * R : HALF - 2 * R - 4;
  if (count <= VISIBLE || kind === "bar" && count <= 4) return 2 * R;
  return Math.min(2 * R, room / (count - 1));
}

// Centre of checker number `index` (0 = first placed) in a stack of `count` at slot `id`.
/**
 * @param {string} id
 * @param {number} index
 * @param {number} count
 * @param {Numbering} numbering
 * @param {boolean} flipped
 * @returns {{x: number, y: number}}
 */
export function checkerCenter(id, index, count, numbering, flipped) {
  const g = slotGeometry(id, numbering, flipped);
  if (g.kind === "off") {
    const y = g.dir === 1 ? g.baseY + index * SLAB_GAP + SLAB_H / 2 : g.baseY - index * SLAB_GAP - SLAB_H / 2;
    return { x: g.x, y };
  }
  const spacing = stackSpacing(count, g.kind);
  return { x: g.x, y: g.baseY + g.dir * index * spacing };
}
