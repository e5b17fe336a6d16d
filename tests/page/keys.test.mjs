// web/page/keys.js under Node's own test runner: which key sends which intent, and only when the
// view painted last allows it.
import assert from "node:assert/strict";
import { test } from "node:test";

class FakeElement {
  constructor(/** @type {string} */ tagName) {
    this.tagName = tagName;
  }
}
let dialogOpen = false;
Object.assign(globalThis, {
  Element: FakeElement,
  document: { querySelector: () => (dialogOpen ? {} : null), documentElement: {} },
  location: { search: "", href: "file:///" }, // library/store.js, which i18n.js imports, reads it
});
const { createKeys } = await import("../../web/page/keys.js");

const NOTHING = { roll: false, undo: false, hint: false, confirm: false, replay: false, next_game: false };

/** The page's keys on a root that records its listener, and the intents they send. */
function keyboard() {
  /** @type {((event: object) => void) | null} */
  let listener = null;
  const root = {
    addEventListener: (/** @type {string} */ _type, /** @type {(event: object) => void} */ fn) => { listener = fn; },
    removeEventListener: () => { listener = null; },
  };
  /** @type {object[]} */
  const sent = [];
  const keys = createKeys(/** @type {any} */ (root), { send: (intent) => sent.push(intent) });
  const press = (/** @type {string} */ key, /** @type {object} */ extra = {}) => {
    const event = { key, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, target: null,
      preventDefault() { this.defaultPrevented = true; }, ...extra };
    listener?.(event);
    return event;
  };
  return { keys, sent, press, listening: () => listener !== null };
}

/** A view with only what keys.js reads. */
const view = (/** @type {object} */ can, /** @type {object} */ more = {}) =>
  /** @type {any} */ ({ can: { ...NOTHING, ...can }, prefs: { flip: false }, replay: null, selected: null, ...more });

test("nothing is sent before a view is painted, and only what the view allows after", () => {
  const { keys, sent, press } = keyboard();
  press("r");
  assert.deepEqual(sent, []);
  keys.paint(view({}));
  press("r");
  press("h");
  press("u");
  assert.deepEqual(sent, []);
  keys.paint(view({ roll: true, hint: true, undo: true }));
  press("r");
  press("h");
  press("Backspace");
  assert.deepEqual(sent, [{ type: "roll" }, { type: "hint" }, { type: "undo" }]);
});

test("the same keys on a Russian layout; a key with Ctrl, in a form field or under a dialog is not the page's", () => {
  const { keys, sent, press } = keyboard();
  keys.paint(view({ roll: true }));
  press("К");
  press("r", { ctrlKey: true });
  press("r", { target: new FakeElement("INPUT") });
  dialogOpen = true;
  press("r");
  dialogOpen = false;
  assert.deepEqual(sent, [{ type: "roll" }]);
});

test("f flips the board the other way; Enter confirms, else rolls, else starts the next game", () => {
  const { keys, sent, press } = keyboard();
  keys.paint(view({}, { prefs: { flip: true } }));
  press("f");
  keys.paint(view({ confirm: true, roll: true }));
  press("Enter");
  keys.paint(view({ roll: true }));
  press("Enter");
  press("Enter", { target: new FakeElement("BUTTON") });
  keys.paint(view({ next_game: true }));
  press("Enter");
  assert.deepEqual(sent, [{ type: "set", name: "flip", value: false }, { type: "confirm" }, { type: "roll" },
    { type: "next_game" }]);
});

test("the arrows step through the record when it may be replayed; Escape leaves the replay or drops the selection", () => {
  const { keys, sent, press } = keyboard();
  keys.paint(view({}));
  press("ArrowLeft");
  keys.paint(view({ replay: true }));
  assert.ok(press("ArrowLeft").defaultPrevented);
  press("End");
  keys.paint(view({ replay: true }, { replay: { at: 3, of: 9 } }));
  press("Escape");
  keys.paint(view({}, { selected: "13" }));
  press("Escape");
  assert.deepEqual(sent, [{ type: "replay", to: "back" }, { type: "replay", to: "last" }, { type: "replay", to: "last" },
    { type: "click", point: "13" }]);
});

test("destroy takes the listener off", () => {
  const { keys, listening } = keyboard();
  assert.ok(listening());
  keys.destroy();
  assert.ok(!listening());
});
