// The position editor's panel beside the board: the tool a click on a point uses, the form
// (game, side on roll, dice, cube, match score, opponent), what is wrong with the set-up, the
// position string to copy or to type in, and Clear / Start position / Share / Play.
// The board itself is the page's board drawing the engine's editing view (phase "edit");
// board-input.js sends its clicks and drags as `edit_point` / `edit_move`.
//
// Every rule lives in web/worker/editor.py: this panel shows the engine's view and sends intents.
// Text from the engine is only ever set with textContent and input values.

import { $, copyText, listeners } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").EditorForm} EditorForm */
/** @typedef {import("../view-model.js").EditorProblem} EditorProblem */
/** @typedef {Partial<import("../view-model.js").Catalogue>} Catalogue the hello's, or nothing before it */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

/** @type {string[]} */
const ROLLS = [];
for (let high = 6; high >= 1; high--) for (let low = high; low >= 1; low--) ROLLS.push(`${high}${low}`);
const MAX_NUMBER = 999;
// The number boxes and the names the engine knows them by.
const NUMBERS = [["editor-length", "length"], ["editor-score-w", "score_w"], ["editor-score-b", "score_b"]];

/**
 * @param {HTMLElement} root the editor's section (#editor)
 * @param {{send: Send, catalogue: () => Catalogue}} deps
 * @returns {import("../dom.js").Part}
 */
export function createEditorPanel(root, { send, catalogue }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  const set = (/** @type {string} */ name, /** @type {unknown} */ value) => send({ type: "edit_set", name, value });
  const paint = (/** @type {View} */ view) => {
    current = view;
    paintEditor(root, view.editor, catalogue);
  };
  bindOpeners(events, send);
  bindForm(events, set, send);
  for (const [id, name] of NUMBERS) {
    events.on($(id), "change", () => {
      // a number the engine would refuse is said at the box, and the engine's value comes back
      if (!setNumber($(id, HTMLInputElement), name, set) && current) paint(current);
    });
  }
  return { paint, destroy: () => events.off() };
}

// The buttons that open the editor: in the header, in the Games screen, in the share dialog.
function bindOpeners(/** @type {import("../dom.js").Listeners} */ events, /** @type {Send} */ send) {
  const open = (extra = {}) => send({ type: "edit_open", ...extra });
  events.click("btn-edit", () => open());
  events.click("games-edit", () => {
    $("games", HTMLDialogElement).close();
    open({ start: "start" });
  });
  events.click("share-edit", () => {
    $("share", HTMLDialogElement).close();
    open();
  });
}

/**
 * The editor's own buttons, tools and form fields (the number boxes apart).
 * @param {import("../dom.js").Listeners} events
 * @param {(name: string, value: unknown) => unknown} set
 * @param {Send} send
 */
function bindForm(events, set, send) {
  events.click("editor-close", () => send({ type: "edit_close" }));
  events.click("editor-clear", () => send({ type: "edit_reset", to: "clear" }));
  events.click("editor-start", () => send({ type: "edit_reset", to: "start" }));
  events.click("editor-play", () => send({ type: "edit_play" }));
  events.click("editor-share", () => send({ type: "edit_share" }));
  events.click("editor-read", () => send({ type: "edit_set", name: "position", value: $("editor-text", HTMLInputElement).value.trim() }));
  events.click("editor-copy", () => copyText($("editor-text", HTMLInputElement))); // else selected, to copy by hand
  events.on($("editor-text"), "keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      $("editor-read").click();
    }
  });
  for (const tool of document.querySelectorAll(".editor-tool")) {
    events.on(tool, "click", () => set("tool", tool.getAttribute("data-tool")));
  }
  /** @type {[string, string, (value: string) => unknown][]} */
  const selects = [["editor-variant", "variant", String], ["editor-turn", "turn", String], ["editor-dice", "dice", String],
    ["editor-cube", "cube", Number], ["editor-owner", "owner", String], ["editor-opponent", "opponent", String]];
  for (const [id, name, read] of selects) {
    const select = $(id, HTMLSelectElement);
    events.on(select, "change", () => set(name, read(select.value)));
  }
  const crawford = $("editor-crawford", HTMLInputElement);
  events.on(crawford, "change", () => set("crawford", crawford.checked));
}

// A number box: a whole number 0..999 goes to the engine; anything else is said at the box.
// False when it was refused.
/**
 * @param {HTMLInputElement} input
 * @param {string} name
 * @param {(name: string, value: unknown) => unknown} set
 */
function setNumber(input, name, set) {
  const text = input.value.trim();
  const value = Number(text);
  if (text === "" || !Number.isInteger(value) || value < 0 || value > MAX_NUMBER) {
    input.setCustomValidity(t("editor.bad_number", { max: MAX_NUMBER }));
    input.reportValidity();
    return false;
  }
  input.setCustomValidity("");
  set(name, value);
  return true;
}

// The engine's view: the panel while the editor is open, nothing of it otherwise.
/**
 * @param {HTMLElement} root
 * @param {EditorForm | null} editor
 * @param {() => Catalogue} catalogue
 */
function paintEditor(root, editor, catalogue) {
  document.body.classList.toggle("editing", Boolean(editor));
  root.hidden = !editor;
  $("btn-edit").setAttribute("aria-pressed", editor ? "true" : "false");
  if (!editor) return;
  for (const tool of document.querySelectorAll(".editor-tool")) {
    tool.setAttribute("aria-pressed", tool.getAttribute("data-tool") === editor.tool ? "true" : "false");
  }
  fillVariants(editor.variant, catalogue);
  $("editor-turn", HTMLSelectElement).value = editor.turn;
  fillOptions($("editor-dice", HTMLSelectElement), ["", ...ROLLS], editor.dice, (roll) => (roll ? roll : t("editor.dice.none")));
  const cube = editor.cube_values.length > 0;
  for (const node of root.querySelectorAll(".editor-cube")) /** @type {HTMLElement} */ (node).hidden = !cube;
  if (cube) fillOptions($("editor-cube", HTMLSelectElement), editor.cube_values.map(String), String(editor.cube), (v) => v);
  $("editor-owner", HTMLSelectElement).value = editor.owner;
  $("editor-opponent", HTMLSelectElement).value = editor.opponent;
  fillNumber($("editor-length", HTMLInputElement), editor.length);
  fillNumber($("editor-score-w", HTMLInputElement), editor.score[0]);
  fillNumber($("editor-score-b", HTMLInputElement), editor.score[1]);
  $("editor-crawford", HTMLInputElement).checked = editor.crawford;
  for (const node of root.querySelectorAll(".editor-score")) {
    /** @type {HTMLElement} */ (node).hidden = !editor.length || (node.classList.contains("editor-cube") && !cube);
  }
  const text = $("editor-text", HTMLInputElement);
  if (document.activeElement !== text) text.value = editor.text;
  $("editor-ok").hidden = !editor.valid;
  $("editor-problems").replaceChildren(...editor.problems.map((problem) => {
    const item = document.createElement("li");
    item.dataset.problem = problem.key;
    item.textContent = reason(problem);
    return item;
  }));
  $("editor-verdict").dataset.valid = editor.valid ? "1" : "";
  $("editor-play", HTMLButtonElement).disabled = !editor.valid;
  $("editor-share", HTMLButtonElement).disabled = !editor.valid;
}

// A problem in the page's language: sides and games by name, points as the board labels them.
function reason(/** @type {EditorProblem} */ problem) {
  const args = { ...(problem.args || {}) };
  if (args.side) args.side = t(`side.${args.side}`);
  if (args.variant) args.variant = t(`variant.${args.variant}.title`);
  return t(`editor.problem.${problem.key}`, args);
}

function fillVariants(/** @type {string} */ current, /** @type {() => Catalogue} */ catalogue) {
  const names = (catalogue().variants || []).map((v) => v.name);
  if (!names.includes(current)) names.push(current);
  fillOptions($("editor-variant", HTMLSelectElement), names, current, (name) => t(`variant.${name}.title`));
}

// A select's options, made again only when they differ from what it holds.
/**
 * @param {HTMLSelectElement} select
 * @param {string[]} values
 * @param {string} current
 * @param {(value: string) => string} label
 */
function fillOptions(select, values, current, label) {
  const same = select.options.length === values.length && values.every((v, i) => select.options[i].value === v
    && select.options[i].textContent === label(v));
  if (!same) {
    select.replaceChildren(...values.map((value) => {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = label(value);
      return option;
    }));
  }
  select.value = current;
}

// The engine's number, unless the person is still correcting what they typed there.
function fillNumber(/** @type {HTMLInputElement} */ input, /** @type {number} */ value) {
  if (document.activeElement === input && input.validity.customError) return;
  input.setCustomValidity("");
  input.value = String(value);
}
