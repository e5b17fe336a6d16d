// The position editor's panel beside the board: the tool a click on a point uses, the form
// (game, side on roll, dice, cube, match score, opponent), what is wrong with the set-up, the
// position string to copy or to type in, and Clear / Start position / Share / Play.
// The board itself is the page's board drawing the engine's editing view (phase "edit");
// board-input.js sends its clicks and drags as `edit_point` / `edit_move`.
//
// Every rule lives in web/editor.py: this panel shows the engine's view and sends intents.
// Text from the engine is only ever set with textContent and input values.

import { listeners } from "./listen.js";

const $ = (id) => document.getElementById(id);
const ROLLS = [];
for (let high = 6; high >= 1; high--) for (let low = high; low >= 1; low--) ROLLS.push(`${high}${low}`);
const MAX_NUMBER = 999;

export class EditorPanel {
  // page: { t(key, args), send(intent), catalogue() }
  constructor(page) {
    this.page = page;
    this.view = null;
    this.events = listeners();
    const on = (id, fn) => this.events.click(id, fn);
    const open = (extra = {}) => this.page.send({ type: "edit_open", ...extra });
    on("btn-edit", () => open());
    on("games-edit", () => {
      $("games").close();
      open({ start: "start" });
    });
    on("share-edit", () => {
      $("share").close();
      open();
    });
    on("editor-close", () => this.page.send({ type: "edit_close" }));
    on("editor-clear", () => this.page.send({ type: "edit_reset", to: "clear" }));
    on("editor-start", () => this.page.send({ type: "edit_reset", to: "start" }));
    on("editor-play", () => this.page.send({ type: "edit_play" }));
    on("editor-share", () => this.page.send({ type: "edit_share" }));
    on("editor-read", () => this.page.send({ type: "edit_set", name: "position", value: $("editor-text").value.trim() }));
    on("editor-copy", () => this.copy());
    this.events.on($("editor-text"), "keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        $("editor-read").click();
      }
    });
    for (const button of document.querySelectorAll(".editor-tool")) {
      this.events.on(button, "click", () => this.set("tool", button.dataset.tool));
    }
    const select = (id, name, read = (v) => v) => this.events.on($(id), "change", (e) => this.set(name, read(e.target.value)));
    select("editor-variant", "variant");
    select("editor-turn", "turn");
    select("editor-dice", "dice");
    select("editor-cube", "cube", Number);
    select("editor-owner", "owner");
    select("editor-opponent", "opponent");
    this.events.on($("editor-crawford"), "change", (e) => this.set("crawford", e.target.checked));
    for (const [id, name] of [["editor-length", "length"], ["editor-score-w", "score_w"], ["editor-score-b", "score_b"]]) {
      this.events.on($(id), "change", (e) => this.setNumber(e.target, name));
    }
  }

  destroy() {
    this.events.off();
  }

  set(name, value) {
    return this.page.send({ type: "edit_set", name, value });
  }

  // A number box: a whole number 0..999 goes to the engine; anything else is said at the box
  // and the engine's value comes back into it.
  setNumber(input, name) {
    const text = input.value.trim();
    const value = Number(text);
    if (text === "" || !Number.isInteger(value) || value < 0 || value > MAX_NUMBER) {
      input.setCustomValidity(this.page.t("editor.bad_number", { max: MAX_NUMBER }));
      input.reportValidity();
      if (this.view) this.paint(this.view);
      return;
    }
    input.setCustomValidity("");
    this.set(name, value);
  }

  async copy() {
    const input = $("editor-text");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (_) {
      /* selected: the person copies it by hand */
    }
  }

  // Paint the engine's view: the panel while the editor is open, nothing of it otherwise.
  paint(view) {
    this.view = view;
    const editor = view && view.editor;
    document.body.classList.toggle("editing", Boolean(editor));
    $("editor").hidden = !editor;
    $("btn-edit").setAttribute("aria-pressed", editor ? "true" : "false");
    if (!editor) return;
    const { t } = this.page;
    for (const button of document.querySelectorAll(".editor-tool")) {
      button.setAttribute("aria-pressed", button.dataset.tool === editor.tool ? "true" : "false");
    }
    this.fillVariants(editor.variant);
    $("editor-turn").value = editor.turn;
    this.fillOptions($("editor-dice"), ["", ...ROLLS], editor.dice, (roll) => (roll ? roll : t("editor.dice.none")));
    const cube = editor.cube_values.length > 0;
    for (const node of document.querySelectorAll(".editor-cube")) node.hidden = !cube;
    if (cube) this.fillOptions($("editor-cube"), editor.cube_values.map(String), String(editor.cube), (v) => v);
    $("editor-owner").value = editor.owner;
    $("editor-opponent").value = editor.opponent;
    this.fillNumber($("editor-length"), editor.length);
    this.fillNumber($("editor-score-w"), editor.score[0]);
    this.fillNumber($("editor-score-b"), editor.score[1]);
    $("editor-crawford").checked = editor.crawford;
    for (const node of document.querySelectorAll(".editor-score")) node.hidden = !editor.length || (node.classList.contains("editor-cube") && !cube);
    if (document.activeElement !== $("editor-text")) $("editor-text").value = editor.text;
    $("editor-ok").hidden = !editor.valid;
    $("editor-problems").replaceChildren(...editor.problems.map((problem) => {
      const item = document.createElement("li");
      item.dataset.problem = problem.key;
      item.textContent = this.reason(problem);
      return item;
    }));
    $("editor-verdict").dataset.valid = editor.valid ? "1" : "";
    $("editor-play").disabled = !editor.valid;
    $("editor-share").disabled = !editor.valid;
  }

  // A problem in the page's language: sides and games by name, points as the board labels them.
  reason(problem) {
    const { t } = this.page;
    const args = { ...(problem.args || {}) };
    if (args.side) args.side = t(`side.${args.side}`);
    if (args.variant) args.variant = t(`variant.${args.variant}.title`);
    return t(`editor.problem.${problem.key}`, args);
  }

  fillVariants(current) {
    const select = $("editor-variant");
    const names = (this.page.catalogue().variants || []).map((v) => v.name);
    if (!names.includes(current)) names.push(current);
    this.fillOptions(select, names, current, (name) => this.page.t(`variant.${name}.title`));
  }

  fillOptions(select, values, current, label) {
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

  fillNumber(input, value) {
    if (document.activeElement === input && input.validity.customError) return;
    input.setCustomValidity("");
    input.value = String(value);
  }
}
