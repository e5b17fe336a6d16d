// <nard-board>: a board for any web page, drawn at once by board/board.js with no Python.
// The build bundles this module with the board's modules into one plain script, dist/embed.js,
// and puts the board's stylesheet, each game's numbering and the words it shows in the place of
// BUILT (tools/site.py embed_script). docs/embed.md says how a page uses it.
//
//   <script src="…/embed.js"> in the page, then
//   <nard-board position="narde:w:24x14,19:24x15"></nard-board>
//
// Attributes: position (docs/RULES.md), dice ("52": a roll already thrown), flip, record
// (positions to step through, below), interactive (a click turns the board into the app in an
// iframe; "computer": against the computer), puzzle (a puzzle's id: the app in an iframe asks it,
// below), app (the app's address; default: index.html beside this script), lang.
//
// A puzzle (puzzle="narde-12") is drawn from `position` and `dice` when given (the Share dialog
// writes them), with its task under it; a click turns it into the app in an iframe at
// #puzzle=ID, which checks the answer, says right or wrong and explains (web/worker/study.py).
// Without a position the frame is there at once. This script compares no plays: docs/embed.md.
//
// A record is a list of frames. A frame is a position string (it holds ":"), optionally followed
// by the dice that reached it and the play, in the app's notation: the words up to the next
// position. Frames are separated by spaces or lines:
//
//   narde:w:24x15:24x15  narde:b:24x14,13:24x15 65 24/13  narde:w:24x14,13:24x13,16 53 24/16
//
// Parsing a position string into counts is all this module knows of the games; it never decides
// what is legal. The Share dialog of the app writes a record of the game on its board.

import { createBoard } from "../board/board.js";

/** @typedef {import("../view-model.js").BoardView} BoardView */
/** @typedef {import("../view-model.js").Checker} Checker */
/** @typedef {import("../view-model.js").PointInfo} PointInfo */
/** @typedef {import("../view-model.js").Side} Side */
/** @typedef {import("../i18n.js").Translate} Translate */
/**
 * What the build puts in this script's place for it (tools/site.py embed_script).
 * @typedef {object} BuiltData
 * @property {string} style the board's stylesheet
 * @property {Record<string, number[]>} numberings each game's numbering, by name
 * @property {Record<string, Record<string, string | PluralText>>} strings the words shown, by language
 */
/** @typedef {{plural: string} & Record<string, string>} PluralText a string whose words follow a number (docs/i18n.md) */
/**
 * A position read: each side's 26 counts in its own numbering (0 borne off, 25 bar).
 * @typedef {{text: string, variant: string, numbering: number[], turn: Side, boards: Record<Side, number[]>}} Position
 */
/** @typedef {{value: number, owner: Side | null}} Cube the cube off its centre (`cube=2b`) */
/** @typedef {{kind: string, cube: number}} CubeAction a frame's cube action: double, take, drop, beaver */
/** @typedef {{position: Position, dice: string, play: string, own?: boolean, cube?: Cube, action?: CubeAction}} Frame */

/** @type {BuiltData | null} */
const BUILT = /* BUILT */ null;
/** @type {BuiltData} */
const DATA = BUILT || { style: "", numberings: {}, strings: {} };
const CHECKERS = 15; // each side's checkers: those not on the board are borne off
const SCRIPT = /** @type {HTMLScriptElement | null} */ (document.currentScript); // a plain script, in an HTML page
const SCRIPT_URL = (SCRIPT && SCRIPT.src) || location.href;

// -- position strings -------------------------------------------------------------------------

// What cannot be read, in English (`message`, for the console and the tests) and as a key of the
// language files with its arguments (`why`, `args`: the words the element shows, docs/embed.md).
class PositionTextError extends Error {
  /**
   * @param {string} message
   * @param {string} why a key of web/i18n, `why.position…` (the same reasons as the app's)
   * @param {Record<string, string | number>} [args]
   */
  constructor(message, why, args = {}) {
    super(message);
    this.why = why;
    this.args = args;
  }
}

// "narde:w:24x14,13:24x15" -> {text, variant, numbering, turn, boards: {w, b}}, each board 26
// counts in that side's own numbering (0 borne off, 25 bar). Throws PositionTextError.
/**
 * @param {string} text
 * @param {Record<string, number[]>} [numberings] each game's numbering (the built ones; tests give theirs)
 * @returns {Position}
 */
export function parsePosition(text, numberings = DATA.numberings) {
  const fields = String(text).trim().split(":");
  if (fields.length !== 4) throw new PositionTextError(`a position is VARIANT:TURN:WHITE:BLACK, not "${text}"`, "why.position_fields");
  const [token, turn, white, black] = fields;
  const variant = token.split("+")[0];
  const numbering = numberings[variant];
  if (!numbering) throw new PositionTextError(`unknown game "${variant}"`, "why.position_game", { name: short(variant) });
  if (turn !== "w" && turn !== "b") throw new PositionTextError(`the side to move is w or b, not "${turn}"`, "why.position_turn", { turn: short(turn) });
  const boards = { w: sideCounts(white, "white"), b: sideCounts(black, "black") };
  for (let point = 1; point <= 24; point++) {
    if (boards.w[point] && boards.b[numbering[point]]) throw new PositionTextError(`both sides on point ${point}`, "why.position_both", { point });
  }
  return { text: fields.join(":"), variant, numbering, turn, boards };
}

/** @returns {number[]} */
function sideCounts(/** @type {string} */ text, /** @type {string} */ name) {
  const counts = new Array(26).fill(0);
  let total = 0;
  for (const item of text ? text.split(",") : []) {
    const match = /^(bar|[1-9]|1[0-9]|2[0-4])(?:x([1-9][0-9]?))?$/.exec(item);
    if (!match) throw new PositionTextError(`"${item}" is not a point with a count (like 13x5)`, "why.position_count", { item: short(item) });
    const slot = match[1] === "bar" ? 25 : Number(match[1]);
    if (counts[slot]) throw new PositionTextError(`${name} names ${match[1]} twice`, "why.position_repeat", { point: match[1] });
    counts[slot] = match[2] ? Number(match[2]) : 1;
    total += counts[slot];
  }
  if (total > CHECKERS) throw new PositionTextError(`${name} has ${total} checkers (at most ${CHECKERS})`, "why.position_checkers", { n: total });
  counts[0] = CHECKERS - total;
  return counts;
}

// Untrusted text quoted in a reason, cut short.
function short(/** @type {string} */ text) {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

// Where a side's slot is on the board: web/worker/layout.py's point ids (White's numbering).
/**
 * @param {Side} side
 * @param {number} slot
 * @param {number[]} numbering
 */
function pointId(side, slot, numbering) {
  if (slot === 25) return `bar-${side}`;
  if (slot === 0) return `off-${side}`;
  return String(side === "w" ? slot : numbering.indexOf(slot));
}

// The board's part of the view model (view-model.d.ts BoardView, as web/worker/presenter.py's
// board_part makes it) for a still board: nothing to move, no cube, no arrows.
/**
 * @param {Position} position
 * @param {{flipped?: boolean, dice?: string, cube?: Cube, offered?: boolean}} [options]
 * @returns {BoardView}
 */
export function boardView(position, { flipped = false, dice = "", cube, offered = false } = {}) {
  /** @type {Checker[]} */
  const checkers = [];
  /** @type {Record<string, PointInfo>} */
  const points = {};
  for (const side of /** @type {Side[]} */ (["b", "w"])) { // presenter.checkers' order: by side, then id
    let number = 0;
    const counts = position.boards[side];
    for (const slot of [25, ...Array.from({ length: 24 }, (_, k) => 24 - k), 0]) {
      if (!counts[slot]) continue;
      const at = pointId(side, slot, position.numbering);
      points[at] = { side, count: counts[slot] };
      for (let i = 0; i < counts[slot]; i++) checkers.push({ id: `${side}${number++}`, side, at, i });
    }
  }
  // presenter.rolled_dice: higher first, four for a double
  const values = dice ? [...dice].map(Number).sort((a, b) => b - a) : [];
  const shown = values.length === 2 && values[0] === values[1] ? [...values, ...values] : values;
  const token = position.text.split(":")[0] || position.variant;
  const options = token.split("+").slice(1).sort();
  const limit = options.find((option) => /^cube-limit-\d+$/.test(option));
  const cubeLimit = limit ? Number(limit.slice("cube-limit-".length)) : 64;
  // a cube at 1 in the middle shows the highest face (nardcore/svg.py cube_face); a record's cube its own
  const face = cube && (cube.value > 1 || cube.owner) ? cube.value : cubeLimit;
  const shownCube = cube || offered ? { enabled: true, value: cube ? cube.value : 1, owner: cube ? cube.owner : null, offered } : undefined;
  return {
    variant: position.variant, token, options, cube_limit: cubeLimit, cube_face: offered && cube ? cube.value * 2 : offered ? 2 : face,
    geometry: position.numbering[1] === 24 ? "opposite" : "same", numbering: position.numbering,
    position: position.text, phase: "", turn: position.turn, to_act: null, checkers, points,
    movable: [], selected: null, destinations: [], dice: shown.map((value) => ({ value, used: false })),
    dice_text: values.join(""),
    opening_dice: null, cube: shownCube || { enabled: false, value: 1, owner: null, offered: false }, flipped, arrows: [], guide: null,
    numbers: [flipped ? "b" : "w"], // a board to look at: labelled as it is drawn
  };
}

// An empty board, where the element has no position to show.
/** @returns {Position} */
function emptyPosition() {
  const numbering = DATA.numberings.backgammon || [0, ...Array.from({ length: 24 }, (_, k) => 24 - k)];
  const nothing = () => new Array(26).fill(0);
  return { text: "", variant: "backgammon", numbering, turn: "w", boards: { w: nothing(), b: nothing() } };
}

// A record's frames: [{position, dice, play}], the first one usually without dice and play.
/**
 * @param {string} text
 * @param {Record<string, number[]>} [numberings] as parsePosition's
 * @returns {Frame[]}
 */
export function parseRecord(text, numberings = DATA.numberings) {
  /** @type {{position: Position, dice: string, play: string[], cube?: Cube, action?: CubeAction}[]} */
  const frames = [];
  for (const word of String(text).trim().split(/\s+/)) {
    if (!word) continue;
    if (word.includes(":")) frames.push({ position: parsePosition(word, numberings), dice: "", play: [] });
    else if (!frames.length) throw new PositionTextError(`a record starts with a position, not "${word}"`, "why.position_record_start", { word: short(word) });
    else {
      const frame = frames[frames.length - 1];
      // backgammon's cube: where it stands (`cube=2b`) and a frame's cube action (`double=2`, `take` ...)
      const cube = /^cube=([1-9][0-9]{0,3})([wb]?)$/.exec(word);
      const action = /^(?:(double|beaver)=([1-9][0-9]{0,3})|(take|drop))$/.exec(word);
      if (cube) frame.cube = { value: Number(cube[1]), owner: cube[2] === "w" || cube[2] === "b" ? cube[2] : null };
      else if (action && !frame.dice && !frame.play.length) frame.action = { kind: action[1] || action[3], cube: Number(action[2] || 0) };
      else if (!frame.dice && !frame.play.length && /^[1-6][1-6]$/.test(word)) frame.dice = word;
      else frame.play.push(word);
    }
  }
  if (!frames.length) throw new PositionTextError("the record holds no position", "why.position_record_empty");
  return frames.map((frame) => ({ ...frame, play: frame.play.join(" ") }));
}

// -- words ---------------------------------------------------------------------------------------

// The words of the element's language, as the app's i18n.js has them: a plural string's form by
// Intl.PluralRules, and each argument isolated where the element reads right to left.
/** @returns {Translate} */
function wordsFor(/** @type {Element} */ element) {
  const wanted = (element.getAttribute("lang") || element.closest("[lang]")?.getAttribute("lang") || navigator.language || "en")
    .slice(0, 2).toLowerCase();
  const strings = DATA.strings[wanted] || {};
  const english = DATA.strings.en || {};
  const rtl = readsRightToLeft(element);
  return (key, args = {}) => {
    let text = strings[key];
    let lang = wanted;
    if (text === undefined) {
      text = english[key];
      lang = "en";
    }
    if (text === undefined) return key;
    if (typeof text === "object") text = pluralForm(text, args, lang);
    return String(text).replace(/\{(\w+)\}/g, (_, name) => {
      const value = args[name] === undefined || args[name] === null ? "" : String(args[name]);
      return rtl && value ? `\u2068${value}\u2069` : value;
    });
  };
}

/**
 * @param {PluralText} text
 * @param {Record<string, unknown>} args
 * @param {string} lang
 * @returns {string}
 */
function pluralForm(text, args, lang) {
  const value = args[text.plural];
  const number = typeof value === "number" || (typeof value === "string" && value.trim() !== "") ? Number(value) : NaN;
  let category = "other";
  try {
    if (Number.isFinite(number)) category = new Intl.PluralRules(lang).select(number);
  } catch (_) {
    /* no plural rules here: "other" */
  }
  return String(text[category] ?? text.other ?? "");
}

function readsRightToLeft(/** @type {Element} */ element) {
  return element.isConnected && getComputedStyle(element).direction === "rtl";
}

// -- the element ---------------------------------------------------------------------------------

const EMBED_CSS = `
:host { display: block; max-width: 100%; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #2b241d; container-type: inline-size; }
:host([hidden]), [hidden] { display: none !important; }
.wrap { display: flex; flex-direction: column; gap: 6px; }
.board { position: relative; }
.board-svg { display: block; width: 100%; height: auto; aspect-ratio: 960 / 736; user-select: none; -webkit-user-select: none; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
.nav { display: flex; align-items: center; gap: 4px; }
.nav button { direction: ltr; unicode-bidi: isolate; }
button { font: inherit; color: inherit; background: #fffaf2; border: 1px solid #d9c9b0; border-radius: 8px;
  min-width: 34px; min-height: 30px; padding: 2px 8px; cursor: pointer; }
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible, a:focus-visible { outline: 3px solid #1d6fd6; outline-offset: 2px; }
.frame-count { font-variant-numeric: tabular-nums; min-width: 4.5em; text-align: center; direction: ltr; unicode-bidi: isolate; }
.caption { flex: 1 1 8em; color: #7b6d5e; font-variant-numeric: tabular-nums; }
.play { margin-inline-start: auto; color: #b8541f; }
/* under the board, never over it: over it, it would hide the dice on a narrow page */
.live { background: #b8541f; color: #fff; border-color: #b8541f; font-weight: 600; padding: 6px 16px; }
.task { margin: 0; font-weight: 600; }
.problem { margin: 0; color: #c62828; }
iframe { display: block; width: 100%; height: 360px; border: 0; }
/* on a board under 480 pixels wide the point numbers would be a few pixels high: they go */
@container (max-width: 480px) { .board-svg .numbers { display: none; } }
@media (prefers-color-scheme: dark) {
  :host { color: #eee4d4; }
  button { background: #231f1b; border-color: #3a322b; }
  .caption { color: #a8998a; }
  .play { color: #d9743c; }
}
`;

function sheetsFor(/** @type {string} */ css) {
  // a constructed stylesheet: a page's Content-Security-Policy for inline styles does not apply
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return [sheet];
  } catch (_) {
    return null;
  }
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} name
 * @param {Record<string, string>} [attrs]
 * @param {Node | null} [parent]
 * @returns {HTMLElementTagNameMap[K]}
 */
function node(name, attrs = {}, parent = null) {
  const made = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) made.setAttribute(key, value);
  if (parent) parent.appendChild(made);
  return made;
}

/**
 * The element's parts, made by layout().
 * @typedef {object} Parts
 * @property {HTMLDivElement} boardRoot
 * @property {HTMLButtonElement} liveButton
 * @property {HTMLParagraphElement} task
 * @property {HTMLParagraphElement} problem
 * @property {HTMLDivElement} nav
 * @property {Record<Step, HTMLButtonElement>} buttons
 * @property {HTMLSpanElement} count
 * @property {HTMLSpanElement} caption
 * @property {HTMLAnchorElement} link
 */
/** @typedef {"first" | "back" | "forward" | "last"} Step */

// Each step's arrow, left to right and right to left (where "back" points right: docs/i18n.md).
/** @type {[Step, string, string][]} */
const STEPS = [["first", "«", "»"], ["back", "◀", "▶"], ["forward", "▶", "◀"], ["last", "»", "«"]];
/** @type {Record<string, Step>} */
const STEP_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
/** @type {Record<string, Step>} */
const STEP_KEYS_RTL = { ArrowLeft: "forward", ArrowRight: "back", Home: "first", End: "last" };

class NardBoard extends HTMLElement {
  static get observedAttributes() {
    return ["position", "record", "flip", "dice", "interactive", "puzzle", "app", "lang"];
  }

  constructor() {
    super();
    /** @type {Frame[]} */
    this.frames = [];
    this.at = 0;
    /** @type {import("../dom.js").Part<import("../board/board.js").BoardView> | null} */
    this.board = null;
    /** @type {Parts | null} */
    this.parts = null;
    this.live = false;
    /** @type {string | undefined} the stylesheet as an element, where a constructed one cannot be */
    this.fallbackStyle = undefined;
    /** @type {Translate} the words of the element's language (wordsFor), once it is on a page */
    this.t = (key) => key;
  }

  connectedCallback() {
    let root = this.shadowRoot;
    if (!root) {
      root = this.attachShadow({ mode: "open" });
      const sheets = sheetsFor(DATA.style + EMBED_CSS);
      if (sheets) root.adoptedStyleSheets = sheets;
      else this.fallbackStyle = DATA.style + EMBED_CSS;
    }
    if (!this.board) this.layout(root);
    this.update();
  }

  disconnectedCallback() {
    this.board?.destroy();
    this.board = null;
    if (this.shadowRoot) this.shadowRoot.textContent = "";
    this.live = false;
    delete this.dataset.live;
  }

  attributeChangedCallback() {
    if (this.board) this.update();
  }

  layout(/** @type {ShadowRoot} */ root) {
    root.textContent = "";
    if (this.fallbackStyle) node("style", {}, root).textContent = this.fallbackStyle;
    const wrap = node("div", { class: "wrap", part: "wrap" }, root);
    const boardRoot = node("div", { class: "board", part: "board" }, wrap);
    this.t = wordsFor(this);
    this.board = createBoard(boardRoot, { t: this.t, label: this.t("aria.board"), still: true });
    boardRoot.addEventListener("click", () => {
      if (this.goesLive()) this.goLive();
    });
    const task = node("p", { class: "task", part: "task", hidden: "" }, wrap);
    const problem = node("p", { class: "problem", role: "alert", hidden: "" }, wrap);
    const bar = node("div", { class: "bar", part: "controls" }, wrap);
    const liveButton = node("button", { type: "button", class: "live", part: "live" }, bar);
    liveButton.addEventListener("click", () => this.goLive());
    const nav = node("div", { class: "nav" }, bar);
    const buttons = /** @type {Record<Step, HTMLButtonElement>} */ ({});
    const rtl = readsRightToLeft(this);
    for (const [name, ltrArrow, rtlArrow] of STEPS) {
      const words = this.t(name === "last" ? "embed.last" : `replay.${name}`);
      const button = node("button", { type: "button", "data-replay": name, "aria-label": words, title: words }, nav);
      button.textContent = rtl ? rtlArrow : ltrArrow;
      button.addEventListener("click", () => this.step(name));
      buttons[name] = button;
    }
    const count = node("span", { class: "frame-count", "aria-live": "polite" });
    nav.insertBefore(count, buttons.forward);
    const caption = node("span", { class: "caption" }, bar);
    const link = node("a", { class: "play", part: "play", target: "_blank", rel: "noopener" }, bar);
    link.textContent = this.t("embed.play_from_here");
    wrap.addEventListener("keydown", (event) => {
      const name = (readsRightToLeft(this) ? STEP_KEYS_RTL : STEP_KEYS)[event.key];
      const target = event.target instanceof Element ? event.target : null;
      if (name && this.frames.length > 1 && !target?.closest?.("a")) {
        event.preventDefault();
        this.step(name);
      }
    });
    this.parts = { boardRoot, liveButton, task, problem, nav, buttons, count, caption, link };
  }

  appUrl() {
    return new URL(this.getAttribute("app") || "index.html", SCRIPT_URL).href;
  }

  // The puzzle's id (untrusted: it only ever goes into a link, encoded), or "".
  puzzleId() {
    return (this.getAttribute("puzzle") || "").trim();
  }

  // A click on the board starts the app in its place: a live game, or the puzzle to answer.
  goesLive() {
    return this.hasAttribute("interactive") || Boolean(this.puzzleId());
  }

  // What the board shows now (frames from `record`, else the one `position`); a problem instead
  // of a board when an attribute cannot be read.
  update() {
    this.t = wordsFor(this);
    let problem = null;
    try {
      const record = this.getAttribute("record");
      if (this.puzzleId() && !(this.getAttribute("position") || "").trim()) {
        this.frames = []; // a puzzle with no position to draw: its frame at once (show)
      } else if (record !== null && record.trim()) {
        this.frames = parseRecord(record);
      } else {
        this.frames = [{ position: parsePosition(this.getAttribute("position") || ""), dice: "", play: "", own: true }];
      }
    } catch (error) {
      if (!(error instanceof PositionTextError)) throw error;
      problem = this.t(error.why, error.args);
      this.frames = [];
    }
    this.at = Math.max(0, this.frames.length - 1);
    if (this.parts) {
      this.parts.problem.hidden = problem === null;
      this.parts.problem.textContent = problem === null ? "" : this.t("embed.bad", { why: problem });
    }
    this.show();
  }

  step(/** @type {Step} */ to) {
    const last = this.frames.length - 1;
    this.at = { first: 0, back: Math.max(0, this.at - 1), forward: Math.min(last, this.at + 1), last }[to] ?? this.at;
    this.show();
  }

  show() {
    const parts = this.parts;
    if (!this.board || !parts) return;
    const puzzle = this.puzzleId();
    if (puzzle && !this.frames.length && parts.problem.hidden) {
      this.goLive();
      return;
    }
    const frame = this.frames[this.at];
    const flipped = this.hasAttribute("flip");
    const dice = frame && frame.own && /^[1-6][1-6]$/.test(this.getAttribute("dice") || "") ? this.getAttribute("dice") || "" : "";
    const offered = Boolean(frame && frame.action && frame.action.kind === "double");
    this.board.paint(boardView(frame ? frame.position : emptyPosition(), { flipped, dice, cube: frame?.cube, offered }));
    this.dataset.position = frame ? frame.position.text : "";
    this.dataset.frame = String(this.at);
    const many = this.frames.length > 1;
    parts.nav.hidden = !many;
    parts.count.textContent = many ? `${this.at + 1} / ${this.frames.length}` : "";
    parts.buttons.first.disabled = parts.buttons.back.disabled = this.at === 0;
    parts.buttons.forward.disabled = parts.buttons.last.disabled = this.at >= this.frames.length - 1;
    const moved = frame && frame.dice ? this.t(frame.play ? "embed.moved" : "embed.passed", {
      side: this.t(`side.${frame.position.turn === "w" ? "b" : "w"}`), dice: frame.dice,
      play: frame.play.replace(/\b(off|bar)\b/g, (word) => this.t(`notation.${word}`)) }) : ""; // "6/off" in the reader's words
    parts.caption.textContent = frame && frame.action ? this.cubeCaption(frame.position, frame.action) : moved;
    parts.link.hidden = !frame;
    if (frame) parts.link.href = this.appUrl() + "#" + (puzzle ? this.puzzleFragment() : this.fragment(frame, dice));
    parts.link.textContent = this.t(puzzle ? "embed.open_puzzle" : "embed.play_from_here");
    parts.liveButton.hidden = !frame || !this.goesLive();
    parts.liveButton.textContent = this.t(puzzle ? "embed.solve" : "embed.play_here");
    // the task, as the app words it: whose turn, the roll (the answer waits for the app's frame)
    parts.task.hidden = !(puzzle && frame && dice);
    parts.task.textContent = parts.task.hidden ? "" : this.t("embed.puzzle_task", {
      side: this.t(`side.${frame.position.turn}`), dice: `${dice[0]}-${dice[1]}` });
  }

  puzzleFragment() {
    return `puzzle=${encodeURIComponent(this.puzzleId())}`;
  }

  // A cube action in words: the doubler is on roll, the other side answers.
  cubeCaption(/** @type {Position} */ position, /** @type {CubeAction} */ action) {
    const doubler = position.turn;
    const side = this.t(`side.${action.kind === "double" ? doubler : doubler === "w" ? "b" : "w"}`);
    return this.t(`embed.cube_${action.kind}`, { side, cube: action.cube });
  }

  // The app's link to a position: p= (docs/ui.md), kept readable.
  fragment(/** @type {Frame} */ frame, /** @type {string} */ dice) {
    const text = encodeURIComponent(frame.position.text).replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%2B/g, "+");
    const vs = this.getAttribute("interactive") === "computer" ? "&vs=computer" : "";
    return `p=${text}${dice ? `&dice=${dice}` : ""}${vs}`;
  }

  // The reader's click: the app itself, in an iframe in the board's place (compact embed mode):
  // a live game from the shown position, or the puzzle, which the app asks and checks.
  goLive() {
    const frame = this.frames[this.at];
    const root = this.shadowRoot;
    const puzzle = this.puzzleId();
    if ((!frame && !puzzle) || this.live || !this.parts || !root) return;
    const url = new URL(this.appUrl());
    url.search = "?embed=1";
    url.hash = puzzle ? this.puzzleFragment() : this.fragment(frame, frame.own ? this.getAttribute("dice") || "" : "");
    const width = this.getBoundingClientRect().width || this.parts.boardRoot.getBoundingClientRect().width;
    this.live = true;
    this.board?.destroy();
    this.board = null;
    root.textContent = "";
    const frameEl = node("iframe", { src: url.href, title: this.t(puzzle ? "embed.puzzle_title" : "embed.live_title"),
      part: "game", allow: "clipboard-write" }, root);
    frameEl.style.height = `${frameHeight(width, Boolean(puzzle))}px`;
    this.dataset.live = "1";
  }
}

// The height of the app's frame `width` pixels wide: as tall as the app's embed layout needs
// (web/page/style.css, html.embed), no taller, so that no blank band is left under its board.
// From 560 pixels wide the controls go beside the board, which takes what they leave; narrower,
// under it, with room for the message line (and a puzzle's task, verdict and why).
/**
 * @param {number} width
 * @param {boolean} puzzle
 * @returns {number}
 */
export function frameHeight(width, puzzle) {
  const BOARD = 736 / 960; // the board's height to its width
  const PAD = 8; // the app's padding, both sides
  if (width >= 560) {
    const side = Math.max(170, 0.3 * (width - PAD));
    const board = (width - PAD - 4 - side) * BOARD;
    return Math.round(Math.max(board + 72, puzzle ? 430 : 240)); // 72: the players' lines (style.css)
  }
  const board = (width - PAD) * BOARD;
  return Math.round(Math.max(240, board + (puzzle ? 300 : 190))); // the controls, the message (a puzzle's panel)
}

if (!customElements.get("nard-board")) customElements.define("nard-board", NardBoard);
