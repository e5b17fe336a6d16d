// The reading of web/page/embed/embed.js (<nard-board>) under Node's own test runner: position
// strings and records, each refusal with its reason, and the board view made of a position.
// (tests/worker/test_link_properties.py ties the record reading to the core over thousands of games,
// tests/page/test_embed_board.py the board view to the worker's.)
import assert from "node:assert/strict";
import { test } from "node:test";

// What the module reaches of the browser when it is loaded: the element it defines is not used here.
Object.assign(globalThis, {
  document: { currentScript: null },
  location: { href: "file:///" },
  HTMLElement: class {},
  customElements: { get: () => true, define: () => {} },
});
const { boardView, frameHeight, parsePosition, parseRecord } = await import("../../web/page/embed/embed.js");

const OPPOSITE = [0, ...Array.from({ length: 24 }, (_, k) => 24 - k)]; // Black's 1 is White's 24
const SAME = [0, ...Array.from({ length: 24 }, (_, k) => ((k + 12) % 24) + 1)]; // Black's 1 is White's 13
const NUMBERINGS = { backgammon: OPPOSITE, narde: SAME };

/** The reason (a key of web/i18n) and its arguments with which `read` refuses. */
function refusal(/** @type {() => unknown} */ read) {
  try {
    read();
  } catch (error) {
    const { why, args } = /** @type {{why: string, args: object}} */ (error);
    return { why, args };
  }
  assert.fail("read, not refused");
}

test("a position: each side's counts in its own numbering, the rest borne off", () => {
  const position = parsePosition("narde+end-block:b:24x14,13:bar,24x13,2", NUMBERINGS);
  assert.equal(position.variant, "narde");
  assert.equal(position.turn, "b");
  assert.equal(position.numbering, SAME);
  assert.equal(position.boards.w[24], 14);
  assert.equal(position.boards.w[13], 1);
  assert.equal(position.boards.w[0], 0);
  assert.equal(position.boards.b[25], 1);
  assert.equal(position.boards.b[2], 1);
  assert.equal(position.boards.b[0], 0);
  assert.equal(parsePosition("backgammon:w::6x2", NUMBERINGS).boards.w[0], 15);
});

test("a position that cannot be read is refused with the reason the player reads", () => {
  const read = (/** @type {string} */ text) => refusal(() => parsePosition(text, NUMBERINGS));
  assert.equal(read("backgammon:w:24x2").why, "why.position_fields");
  assert.deepEqual(read("chess:w::"), { why: "why.position_game", args: { name: "chess" } });
  assert.deepEqual(read(`${"x".repeat(30)}:w::`).args, { name: `${"x".repeat(20)}…` }, "untrusted text cut short");
  assert.equal(read("backgammon:x::").why, "why.position_turn");
  assert.deepEqual(read("backgammon:w:25x2:").args, { item: "25x2" });
  assert.deepEqual(read("backgammon:w:6x0:").args, { item: "6x0" });
  assert.equal(read("backgammon:w:6x2,6:").why, "why.position_repeat");
  assert.deepEqual(read("backgammon:w:6x10,8x6:"), { why: "why.position_checkers", args: { n: 16 } });
  // White's 6 is Black's 19 in backgammon, Black's 18 in narde
  assert.deepEqual(read("backgammon:w:6:19"), { why: "why.position_both", args: { point: 6 } });
  assert.equal(parsePosition("narde:w:6:19", NUMBERINGS).boards.b[19], 1);
  assert.deepEqual(read("narde:w:6:18"), { why: "why.position_both", args: { point: 6 } });
});

test("a record: positions, each followed by the dice that reached it and the play", () => {
  const frames = parseRecord(`narde:w:24x15:24x15
    narde:b:24x14,13:24x15 65 24/13  narde:w:24x14,13:24x13,16 53 24/16 narde:b:24x14,13:24x13,16 11`, NUMBERINGS);
  assert.deepEqual(frames.map((f) => [f.position.text, f.dice, f.play]), [
    ["narde:w:24x15:24x15", "", ""],
    ["narde:b:24x14,13:24x15", "65", "24/13"],
    ["narde:w:24x14,13:24x13,16", "53", "24/16"],
    ["narde:b:24x14,13:24x13,16", "11", ""],
  ]);
  assert.equal(refusal(() => parseRecord("65 24/13 narde:w::", NUMBERINGS)).why, "why.position_record_start");
  assert.equal(refusal(() => parseRecord("   ", NUMBERINGS)).why, "why.position_record_empty");
  assert.equal(refusal(() => parseRecord("narde:w:: 65 24/13 narde:w:25:", NUMBERINGS)).why, "why.position_count");
});

test("the board view of a position: point ids in White's numbering, checkers bar first, the dice higher first", () => {
  // Black's 12 is White's 13
  const view = boardView(parsePosition("backgammon+cube-limit-8:w:24x2,bar:12x3", NUMBERINGS), { dice: "33", flipped: true });
  assert.deepEqual(view.points, { 24: { side: "w", count: 2 }, "bar-w": { side: "w", count: 1 },
    "off-w": { side: "w", count: 12 }, 13: { side: "b", count: 3 }, "off-b": { side: "b", count: 12 } });
  assert.deepEqual(view.checkers.filter((c) => c.side === "w").slice(0, 3), [
    { id: "w0", side: "w", at: "bar-w", i: 0 }, { id: "w1", side: "w", at: "24", i: 0 }, { id: "w2", side: "w", at: "24", i: 1 }]);
  assert.equal(view.checkers.length, 30);
  assert.deepEqual(view.dice.map((die) => die.value), [3, 3, 3, 3]);
  assert.equal(view.cube_face, 8, "a cube in the middle shows the game's highest face");
  assert.equal(view.dice_text, "33");
  assert.equal(view.cube_limit, 8);
  assert.equal(view.flipped, true);
  const higherFirst = boardView(parsePosition("backgammon:w::", NUMBERINGS), { dice: "25" });
  assert.deepEqual(higherFirst.dice.map((die) => die.value), [5, 2]);
  assert.equal(higherFirst.dice_text, "52");
});

test("the app's frame: as tall as its board and players' lines where the controls are beside, room under the board where they are under it", () => {
  // 720 wide: the controls take 30% beside, the board the rest, 736/960 as high, and the two players' lines
  const board = (720 - 8 - 4 - 0.3 * 712) * (736 / 960);
  assert.equal(frameHeight(720, false), Math.round(board + 72));
  assert.ok(frameHeight(720, true) >= frameHeight(720, false)); // a puzzle's panel beside: at least as tall
  // 360 wide: the board the whole width, the controls and the message line under it
  const narrow = (360 - 8) * (736 / 960);
  assert.ok(frameHeight(360, false) > narrow + 124 && frameHeight(360, false) < narrow + 240);
  assert.ok(frameHeight(360, true) > frameHeight(360, false)); // and a puzzle's task, verdict and why
  assert.equal(frameHeight(0, false), 240); // never below the app's smallest frame
});
