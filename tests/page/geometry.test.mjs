// web/page/board/geometry.js under Node's own test runner: where the board draws each place.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  BAR_X, BAR_W, BOTTOM_Y, GEOMETRY, HALF, MID_Y, R, TOP_Y, VISIBLE, WIDTH,
  checkerCenter, otherNumbering, slotGeometry, stackSpacing,
} from "../../web/page/board/geometry.js";

const OPPOSITE = [0, ...Array.from({ length: 24 }, (_, k) => 24 - k)]; // backgammon: Black's 1 is White's 24
const SAME = [0, ...Array.from({ length: 24 }, (_, k) => ((k + 12) % 24) + 1)]; // narde: Black's 1 is White's 13
const POINTS = Array.from({ length: 24 }, (_, k) => String(k + 1));

test("GEOMETRY is nardcore/geometry.json", () => {
  const shared = JSON.parse(readFileSync(new URL("../../nardcore/geometry.json", import.meta.url), "utf-8"));
  assert.deepEqual(GEOMETRY, shared);
});

test("the 24 points take 24 places, 1-12 in the bottom row right to left, 13-24 in the top row left to right", () => {
  const places = POINTS.map((id) => slotGeometry(id, OPPOSITE, false));
  assert.equal(new Set(places.map((p) => `${p.x}/${p.baseY}`)).size, 24);
  for (const [k, place] of places.entries()) {
    assert.equal(place.kind, "point");
    assert.equal(place.kind === "point" && place.top, k >= 12, `point ${k + 1}`);
    assert.equal(place.dir, k >= 12 ? 1 : -1, "a stack grows away from its edge");
  }
  const xs = places.map((p) => p.x);
  for (let k = 1; k < 12; k++) assert.ok(xs[k] < xs[k - 1], `point ${k + 1} left of ${k}`);
  for (let k = 13; k < 24; k++) assert.ok(xs[k] > xs[k - 1], `point ${k + 1} right of ${k}`);
  // no point under the bar
  for (const x of xs) assert.ok(x < BAR_X || x > BAR_X + BAR_W);
});

test("flipped, a point is drawn where the other side's number for it is drawn unflipped", () => {
  for (const numbering of [OPPOSITE, SAME]) {
    for (const id of POINTS) {
      const flipped = slotGeometry(id, numbering, true);
      const unflipped = slotGeometry(String(numbering[Number(id)]), numbering, false);
      assert.deepEqual({ ...flipped }, { ...unflipped });
    }
  }
});

test("each side's bar and tray are on its half, and swap when the board is flipped", () => {
  for (const side of ["w", "b"]) {
    const bar = slotGeometry(`bar-${side}`, OPPOSITE, false);
    const off = slotGeometry(`off-${side}`, OPPOSITE, false);
    assert.equal(bar.kind, "bar");
    assert.equal(off.kind, "off");
    const bottom = side === "w"; // White plays from the bottom
    assert.equal(bar.baseY > MID_Y, bottom);
    assert.equal(off.baseY > MID_Y, bottom);
    const other = side === "w" ? "b" : "w";
    assert.deepEqual(slotGeometry(`bar-${side}`, OPPOSITE, true), slotGeometry(`bar-${other}`, OPPOSITE, false));
    assert.deepEqual(slotGeometry(`off-${side}`, OPPOSITE, true), slotGeometry(`off-${other}`, OPPOSITE, false));
  }
});

test("a stack stays inside its half of the board however many checkers it holds", () => {
  for (const id of ["1", "13", "bar-w", "bar-b"]) {
    for (let count = 1; count <= 15; count++) {
      const centres = Array.from({ length: count }, (_, i) => checkerCenter(id, i, count, OPPOSITE, false));
      for (const { y } of centres) {
        assert.ok(y - R >= TOP_Y - 1e-9 && y + R <= BOTTOM_Y + 1e-9, `${id} x${count}: ${y}`);
        if (id.startsWith("bar-")) assert.ok(id === "bar-b" ? y < MID_Y : y > MID_Y);
        else if (Number(id) > 12) assert.ok(y + R <= TOP_Y + HALF + 1e-9, "inside the top row");
        else assert.ok(y - R >= BOTTOM_Y - HALF - 1e-9, "inside the bottom row");
      }
      const gaps = centres.slice(1).map((c, i) => Math.abs(c.y - centres[i].y));
      for (const gap of gaps) assert.ok(gap > 0 && gap <= 2 * R + 1e-9, "checkers overlap at most, never swap");
    }
  }
  assert.equal(stackSpacing(VISIBLE, "point"), 2 * R);
  assert.ok(stackSpacing(VISIBLE + 1, "point") < 2 * R);
});

test("a borne-off checker is a slab in its tray, stacked from the tray's edge", () => {
  const first = checkerCenter("off-w", 0, 15, OPPOSITE, false);
  const second = checkerCenter("off-w", 1, 15, OPPOSITE, false);
  assert.ok(second.y < first.y, "White's tray fills upwards from the bottom");
  assert.ok(first.x > WIDTH - GEOMETRY.tray_width - GEOMETRY.side);
  const black = checkerCenter("off-b", 1, 15, OPPOSITE, false);
  assert.ok(black.y > checkerCenter("off-b", 0, 15, OPPOSITE, false).y);
});

test("a numbering maps each point to the other side's number for it", () => {
  assert.equal(otherNumbering(1, OPPOSITE), 24);
  assert.equal(otherNumbering(1, SAME), 13);
});
