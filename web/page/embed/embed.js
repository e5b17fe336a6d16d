// <nard-board>: a board for any web page, drawn at once by web/board.js with no Python.
// The build bundles this module with the board's modules into one plain script, dist/embed.js,
// and puts the board's stylesheet, each game's numbering and the words it shows in the place of
// BUILT (tools/site.py embed_script). docs/embed.md says how a page uses it.
//
//   <script src="…/embed.js"> in the page, then
//   <nard-board position="narde:w:24x14,19:24x15"></nard-board>
//
// Attributes: position (docs/RULES.md), dice ("52": a roll already thrown), flip, record
// (positions to step through, below), interactive (a click turns the board into the app in an
// iframe; "computer": against the computer), app (the app's address; default: index.html beside
// this script), lang.
//
// A record is a list of frames. A frame is a position string (it holds ":"), optionally followed
// by the dice that reached it and the play, in the app's notation: the words up to the next
// position. Frames are separated by spaces or lines:
//
//   narde:w:24x15:24x15  narde:b:24x14,13:24x15 65 24/13  narde:w:24x14,13:24x13,16 53 24/16
//
// Parsing a position string into counts is all this module knows of the games; it never decides
// what is legal. The Share dialog of the app writes a record of the game on its board.

import { createBoard } from "./board.js";

const BUILT = /* BUILT */ null;
const DATA = BUILT || { style: "", numberings: {}, strings: {} };
const CHECKERS = 15; // each side's checkers: those not on the board are borne off
const SCRIPT_URL = (document.currentScript && document.currentScript.src) || location.href;

// -- position strings -------------------------------------------------------------------------

class PositionTextError extends Error {}

// "narde:w:24x14,13:24x15" -> {text, variant, numbering, turn, boards: {w, b}}, each board 26
// counts in that side's own numbering (0 borne off, 25 bar). Throws PositionTextError.
export function parsePosition(text) {
  const fields = String(text).trim().split(":");
  if (fields.length !== 4) throw new PositionTextError(`a position is VARIANT:TURN:WHITE:BLACK, not "${text}"`);
  const [token, turn, white, black] = fields;
  const variant = token.split("+")[0];
  const numbering = DATA.numberings[variant];
  if (!numbering) throw new PositionTextError(`unknown game "${variant}"`);
  if (turn !== "w" && turn !== "b") throw new PositionTextError(`the side to move is w or b, not "${turn}"`);
  const boards = { w: sideCounts(white, "white"), b: sideCounts(black, "black") };
  for (let point = 1; point <= 24; point++) {
    if (boards.w[point] && boards.b[numbering[point]]) throw new PositionTextError(`both sides on point ${point}`);
  }
  return { text: fields.join(":"), variant, numbering, turn, boards };
}

function sideCounts(text, name) {
  const counts = new Array(26).fill(0);
  let total = 0;
  for (const item of text ? text.split(",") : []) {
    const match = /^(bar|[1-9]|1[0-9]|2[0-4])(?:x([1-9][0-9]?))?$/.exec(item);
    if (!match) throw new PositionTextError(`"${item}" is not a point with a count (like 13x5)`);
    const slot = match[1] === "bar" ? 25 : Number(match[1]);
    if (counts[slot]) throw new PositionTextError(`${name} names ${match[1]} twice`);
    counts[slot] = match[2] ? Number(match[2]) : 1;
    total += counts[slot];
  }
  if (total > CHECKERS) throw new PositionTextError(`${name} has ${total} checkers (at most ${CHECKERS})`);
  counts[0] = CHECKERS - total;
  return counts;
}

// Where a side's slot is on the board: web/layout.py's point ids (White's numbering).
function pointId(side, slot, numbering) {
  if (slot === 25) return `bar-${side}`;
  if (slot === 0) return `off-${side}`;
  return String(side === "w" ? slot : numbering.indexOf(slot));
}

// The view model web/board.js draws (the fields web/presenter.py sends that a still board needs).
export function boardView(position, { flipped = false, dice = "" } = {}) {
  const checkers = [];
  const points = {};
  for (const side of ["w", "b"]) {
    let number = 0;
    const counts = position.boards[side];
    for (const slot of [25, ...Array.from({ length: 24 }, (_, k) => 24 - k), 0]) {
      if (!counts[slot]) continue;
      const at = pointId(side, slot, position.numbering);
      points[at] = { side, count: counts[slot] };
      for (let i = 0; i < counts[slot]; i++) checkers.push({ id: `${side}${number++}`, side, at, i });
    }
  }
  const values = dice ? [...dice].map(Number) : [];
  const shown = values.length === 2 && values[0] === values[1] ? [...values, ...values] : values;
  return {
    variant: position.variant, position: position.text, numbering: position.numbering, flipped, turn: position.turn,
    phase: "", checkers, points, movable: [], destinations: [], selected: null,
    dice: shown.map((value) => ({ value, used: false })), dice_text: dice, cube: null, last: null,
  };
}

// A record's frames: [{position, dice, play}], the first one usually without dice and play.
export function parseRecord(text) {
  const frames = [];
  for (const word of String(text).trim().split(/\s+/)) {
    if (!word) continue;
    if (word.includes(":")) frames.push({ position: parsePosition(word), dice: "", play: [] });
    else if (!frames.length) throw new PositionTextError(`a record starts with a position, not "${word}"`);
    else {
      const frame = frames[frames.length - 1];
      if (!frame.dice && !frame.play.length && /^[1-6][1-6]$/.test(word)) frame.dice = word;
      else frame.play.push(word);
    }
  }
  if (!frames.length) throw new PositionTextError("the record holds no position");
  return frames.map((frame) => ({ ...frame, play: frame.play.join(" ") }));
}

// -- words ---------------------------------------------------------------------------------------

function wordsFor(element) {
  const wanted = (element.getAttribute("lang") || element.closest("[lang]")?.getAttribute("lang") || navigator.language || "en")
    .slice(0, 2).toLowerCase();
  const strings = DATA.strings[wanted] || {};
  const english = DATA.strings.en || {};
  return (key, args = {}) => {
    const text = strings[key] ?? english[key] ?? key;
    return String(text).replace(/\{(\w+)\}/g, (_, name) => (args[name] === undefined ? "" : String(args[name])));
  };
}

// -- the element ---------------------------------------------------------------------------------

const EMBED_CSS = `
:host { display: block; max-width: 100%; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #2b241d; }
:host([hidden]), [hidden] { display: none !important; }
.wrap { display: flex; flex-direction: column; gap: 6px; }
.board { position: relative; }
.board-svg { display: block; width: 100%; height: auto; aspect-ratio: 960 / 736; user-select: none; -webkit-user-select: none; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
.nav { display: flex; align-items: center; gap: 4px; }
button { font: inherit; color: inherit; background: #fffaf2; border: 1px solid #d9c9b0; border-radius: 8px; min-width: 34px; min-height: 30px; padding: 2px 8px; cursor: pointer; }
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible, a:focus-visible { outline: 3px solid #1d6fd6; outline-offset: 2px; }
.frame-count { font-variant-numeric: tabular-nums; min-width: 4.5em; text-align: center; }
.caption { flex: 1 1 8em; color: #7b6d5e; font-variant-numeric: tabular-nums; }
.play { margin-left: auto; color: #b8541f; }
.live { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); background: #b8541f; color: #fff; border-color: #b8541f; font-weight: 600; padding: 8px 16px; box-shadow: 0 4px 14px rgba(0, 0, 0, 0.35); }
.problem { margin: 0; color: #c62828; }
iframe { display: block; width: 100%; aspect-ratio: 4 / 3; min-height: 240px; border: 0; }
@media (prefers-color-scheme: dark) {
  :host { color: #eee4d4; }
  button { background: #231f1b; border-color: #3a322b; }
  .caption { color: #a8998a; }
  .play { color: #d9743c; }
}
`;

function sheetsFor(css) {
  // a constructed stylesheet: a page's Content-Security-Policy for inline styles does not apply
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return [sheet];
  } catch (_) {
    return null;
  }
}

function node(name, attrs = {}, parent = null) {
  const made = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) made.setAttribute(key, value);
  if (parent) parent.appendChild(made);
  return made;
}

class NardBoard extends HTMLElement {
  static get observedAttributes() {
    return ["position", "record", "flip", "dice", "interactive", "app", "lang"];
  }

  constructor() {
    super();
    this.frames = [];
    this.at = 0;
    this.board = null;
    this.live = false;
  }

  connectedCallback() {
    if (!this.shadowRoot) {
      const root = this.attachShadow({ mode: "open" });
      const sheets = sheetsFor(DATA.style + EMBED_CSS);
      if (sheets) root.adoptedStyleSheets = sheets;
      else this.fallbackStyle = DATA.style + EMBED_CSS;
    }
    if (!this.board) this.layout(this.shadowRoot);
    this.update();
  }

  disconnectedCallback() {
    this.board?.destroy();
    this.board = null;
    this.shadowRoot.textContent = "";
    this.live = false;
    delete this.dataset.live;
  }

  attributeChangedCallback() {
    if (this.board) this.update();
  }

  layout(root) {
    root.textContent = "";
    if (this.fallbackStyle) node("style", {}, root).textContent = this.fallbackStyle;
    const wrap = node("div", { class: "wrap", part: "wrap" }, root);
    this.boardRoot = node("div", { class: "board", part: "board" }, wrap);
    this.t = wordsFor(this);
    this.board = createBoard(this.boardRoot, { t: this.t });
    this.board.board.svg.setAttribute("aria-label", this.t("aria.board"));
    for (const point of this.boardRoot.querySelectorAll("[data-point]")) {
      point.removeAttribute("tabindex"); // a still board: nothing to press on it
      point.setAttribute("role", "img");
    }
    this.liveButton = node("button", { type: "button", class: "live", part: "live" }, this.boardRoot);
    this.liveButton.addEventListener("click", () => this.goLive());
    this.boardRoot.addEventListener("click", (event) => {
      if (this.hasAttribute("interactive") && event.target !== this.liveButton) this.goLive();
    });
    this.problem = node("p", { class: "problem", role: "alert", hidden: "" }, wrap);
    const bar = (this.bar = node("div", { class: "bar", part: "controls" }, wrap));
    this.nav = node("div", { class: "nav" }, bar);
    this.buttons = {};
    for (const [name, label] of [["first", "«"], ["back", "◀"], ["forward", "▶"], ["last", "»"]]) {
      const words = this.t(name === "last" ? "embed.last" : `replay.${name}`);
      const button = node("button", { type: "button", "data-replay": name, "aria-label": words, title: words }, this.nav);
      button.textContent = label;
      button.addEventListener("click", () => this.step(name));
      this.buttons[name] = button;
    }
    this.count = node("span", { class: "frame-count", "aria-live": "polite" });
    this.nav.insertBefore(this.count, this.buttons.forward);
    this.caption = node("span", { class: "caption" }, bar);
    this.link = node("a", { class: "play", part: "play", target: "_blank", rel: "noopener" }, bar);
    this.link.textContent = this.t("embed.play_from_here");
    wrap.addEventListener("keydown", (event) => {
      const name = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
      if (name && this.frames.length > 1 && !event.target.closest?.("a")) {
        event.preventDefault();
        this.step(name);
      }
    });
  }

  appUrl() {
    return new URL(this.getAttribute("app") || "index.html", SCRIPT_URL).href;
  }

  // What the board shows now (frames from `record`, else the one `position`); a problem instead
  // of a board when an attribute cannot be read.
  update() {
    this.t = wordsFor(this);
    let problem = null;
    try {
      const record = this.getAttribute("record");
      if (record !== null && record.trim()) {
        this.frames = parseRecord(record);
      } else {
        this.frames = [{ position: parsePosition(this.getAttribute("position") || ""), dice: "", play: "", own: true }];
      }
    } catch (error) {
      if (!(error instanceof PositionTextError)) throw error;
      problem = error.message;
      this.frames = [];
    }
    this.at = Math.max(0, this.frames.length - 1);
    this.problem.hidden = problem === null;
    this.problem.textContent = problem === null ? "" : this.t("embed.bad", { why: problem });
    this.show();
  }

  step(to) {
    const last = this.frames.length - 1;
    this.at = { first: 0, back: Math.max(0, this.at - 1), forward: Math.min(last, this.at + 1), last }[to] ?? this.at;
    this.show();
  }

  show() {
    const frame = this.frames[this.at];
    const flipped = this.hasAttribute("flip");
    const dice = frame && frame.own && /^[1-6][1-6]$/.test(this.getAttribute("dice") || "") ? this.getAttribute("dice") : "";
    if (frame) this.board.render(boardView(frame.position, { flipped, dice }));
    else this.board.render({ checkers: [], points: {}, dice: [], flipped, position: "" });
    this.dataset.position = frame ? frame.position.text : "";
    this.dataset.frame = String(this.at);
    const many = this.frames.length > 1;
    this.nav.hidden = !many;
    this.count.textContent = many ? `${this.at + 1} / ${this.frames.length}` : "";
    this.buttons.first.disabled = this.buttons.back.disabled = this.at === 0;
    this.buttons.forward.disabled = this.buttons.last.disabled = this.at >= this.frames.length - 1;
    this.caption.textContent = frame && frame.dice ? this.t(frame.play ? "embed.moved" : "embed.passed", {
      side: this.t(`side.${frame.position.turn === "w" ? "b" : "w"}`), dice: frame.dice, play: frame.play }) : "";
    this.link.hidden = !frame;
    if (frame) this.link.href = this.appUrl() + "#" + this.fragment(frame, dice);
    this.liveButton.hidden = !frame || !this.hasAttribute("interactive");
    this.liveButton.textContent = this.t("embed.play_here");
  }

  // The app's link to a position: p= (docs/ui.md), kept readable.
  fragment(frame, dice) {
    const text = encodeURIComponent(frame.position.text).replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%2B/g, "+");
    const vs = this.getAttribute("interactive") === "computer" ? "&vs=computer" : "";
    return `p=${text}${dice ? `&dice=${dice}` : ""}${vs}`;
  }

  // The reader's click: the app itself, in an iframe in the board's place (compact embed mode).
  goLive() {
    const frame = this.frames[this.at];
    if (!frame || this.live) return;
    const url = new URL(this.appUrl());
    url.search = "?embed=1";
    url.hash = this.fragment(frame, frame.own ? this.getAttribute("dice") || "" : "");
    const height = Math.max(240, Math.round(this.boardRoot.getBoundingClientRect().height + 120));
    this.live = true;
    this.board.destroy();
    this.board = null;
    const root = this.shadowRoot;
    root.textContent = "";
    const frameEl = node("iframe", { src: url.href, title: this.t("embed.live_title"), part: "game",
      allow: "clipboard-write" }, root);
    frameEl.style.minHeight = `${height}px`;
    this.dataset.live = "1";
  }
}

if (!customElements.get("nard-board")) customElements.define("nard-board", NardBoard);
