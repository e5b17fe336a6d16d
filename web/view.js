// The page around the board: players, controls, messages, the start screen, settings,
// language, keyboard, saving. It holds no rules: every decision comes from the engine's
// view model (web/ui.py), and every action goes back as an intent.
//
// Text from the engine or a URL is only ever set with textContent / setAttribute.

import { Board } from "./board.js";
import { Games } from "./games.js";
import { Share } from "./share.js";
import { EditorPanel } from "./editor.js";
import { linkSave, paintLink } from "./linkplay.js";
import { gameKey, keepGame, lastStoreProblem, readStore, saveToOpen, writeStore } from "./store.js";

const VIEW_KEY = "nard.view";
const LANG_KEY = "nard.lang";
const ASIDE_KEY = "nard.save.set-aside";
const DIED_KEY = "nard.engine-died"; // sessionStorage: when the engine last stopped

const $ = (id) => document.getElementById(id);
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// -- interface text ----------------------------------------------------------------------------

const FALLBACK = { "app.loading": "Loading…" };
let strings = FALLBACK;
let english = FALLBACK;

export function t(key, args = {}) {
  let text = strings[key];
  if (text === undefined) text = english[key];
  if (text === undefined) return key;
  if (Array.isArray(text)) text = text.join("\n");
  return String(text).replace(/\{(\w+)\}/g, (_, name) => (args[name] === undefined ? "" : String(args[name])));
}

async function loadStrings(lang) {
  const fetchJson = async (code) => {
    const response = await fetch(new URL(`./i18n/${code}.json`, import.meta.url));
    if (!response.ok) throw new Error(`no language file ${code}`);
    return response.json();
  };
  if (english === FALLBACK) english = await fetchJson("en").catch(() => FALLBACK);
  if (lang === "en") {
    strings = english;
  } else {
    strings = await fetchJson(lang).catch(() => english);
  }
  document.documentElement.lang = strings._code || lang;
}

function guessLanguage() {
  const stored = readStore(LANG_KEY);
  if (stored && /^[a-z-]{2,12}$/.test(stored)) return stored;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return nav === "ru" ? "ru" : "en";
}

// -- a view to paint before Python is up: the last one seen, or backgammon's start --------------

// The engine's view of a fresh default session (web/presenter.py start_view), which the build
// puts into the page as JSON; an empty board where a page lacks it.
function startView() {
  try {
    const view = JSON.parse(document.getElementById("nard-start-view")?.textContent || "null");
    if (view && Array.isArray(view.checkers) && typeof view.position === "string") {
      return { ...view, screen: "board" };
    }
  } catch (_) {
    /* an empty board instead */
  }
  return { variant: "backgammon", geometry: "opposite", position: "", phase: "opening", turn: "w", checkers: [],
    points: {}, movable: [], destinations: [], selected: null, dice: [], dice_text: "", prefs: { flip: false },
    cube: { enabled: false, value: 1, owner: null, offered: false }, players: {} };
}

function storedView() {
  try {
    const view = JSON.parse(readStore(VIEW_KEY) || "null");
    if (view && Array.isArray(view.checkers) && typeof view.position === "string") {
      return { ...view, movable: [], destinations: [], selected: null, can: {}, screen: "board" };
    }
  } catch (_) {
    /* painted from the start position instead */
  }
  return null;
}

// -- the page -------------------------------------------------------------------------------------

class Page {
  constructor(root, app) {
    this.app = app;
    this.view = null;
    this.queue = Promise.resolve();
    this.botTimer = null;
    this.ready = false;
    this.board = new Board(root, { onIntent: (intent) => this.send(intent), t });
    this.lang = guessLanguage();
    let first = storedView() || startView();
    try {
      this.board.render(first);
      this.paintPanels(first);
    } catch (error) {
      console.warn("the last board could not be drawn again:", error);
      first = startView();
      this.board.render(first);
      this.paintPanels(first);
    }
    this.bindControls();
    this.games = new Games({
      t,
      send: (intent) => this.send(intent),
      currentId: () => this.gameId,
      lang: () => this.lang,
      download: (text, name) => download(text, name),
    });
    this.share = new Share({
      t,
      variant: () => (this.view && this.view.variant) || "game",
      download: (blob, name) => download(blob, name),
      send: (intent) => this.send(intent),
    });
    this.editorPanel = new EditorPanel({ t, send: (intent) => this.send(intent), catalogue: () => this.catalogue() });
    loadStrings(this.lang).then(() => {
      this.translateStatic();
      if (!this.view) {
        this.board.render(first);
        this.paintPanels(first);
      }
    });
  }

  async start() {
    this.fillLanguages(); // the engine's list of languages (its hello) is in now
    await loadStrings(this.lang).catch(() => {});
    this.translateStatic();
    const fragment = location.hash.replace(/^#/, "");
    // off the address bar before it is read: a link that hurts the engine must not come back on reload
    if (fragment) history.replaceState(null, "", location.pathname + location.search);
    const opening = saveToOpen();
    const answer = await this.app.request({
      type: "boot",
      save: opening ? opening.save : null,
      fragment,
      link_save: linkSave(fragment),
      query: location.search,
      lang: this.lang,
    });
    this.ready = true;
    document.body.classList.add("engine-ready");
    $("btn-new").disabled = false;
    $("btn-share").disabled = false;
    $("btn-games").disabled = false;
    this.apply(answer);
    // the first boot shows the start screen; the language from the save wins over the guess
  }

  send(intent) {
    if (!this.ready) return Promise.resolve();
    this.queue = this.queue.then(async () => {
      const answer = await this.app.request(intent);
      this.apply(answer);
    }).catch((error) => this.engineDied(error));
    return this.queue;
  }

  apply(answer) {
    if (!answer || answer.error) {
      this.showMessage(t("msg.engine_error", { error: answer ? answer.error : "?" }), "error");
      console.error("engine:", answer && answer.error);
      return;
    }
    if (answer.set_aside && !writeStore(`${ASIDE_KEY}.${Date.now()}`, answer.set_aside)) {
      // the engine said the old data was kept aside: it was not, so say that instead
      const m = answer.view && answer.view.message;
      if (m && m.key === "save_corrupt") m.key = "save_corrupt_lost";
    }
    if (this.syncing) {
      this.syncing = false;
      this.ownChange = false;
      if (typeof answer.save === "string") this.lastSave = answer.save;
    } else if (typeof answer.save === "string" && !this.conflict) {
      if (answer.save !== this.lastSave) this.ownChange = true; // this tab changed the game
      this.lastSave = answer.save;
      this.saveProblem = keepGame(answer.save, answer.entry) ? null : lastStoreProblem() || "failed";
    }
    if (answer.entry && answer.entry.id !== this.gameId) {
      this.gameId = answer.entry.id; // another game on the board: another tab's turns are not ours
      this.conflict = null;
      this.ownChange = false;
    }
    if ($("games").open) this.games.paint();
    this.paintNotices();
    const view = answer.view;
    this.view = view;
    if (!view.editor) writeStore(VIEW_KEY, JSON.stringify(view)); // a reload goes back to the game
    if (view.prefs && view.prefs.lang && view.prefs.lang !== this.lang) {
      this.lang = view.prefs.lang;
      writeStore(LANG_KEY, this.lang);
      loadStrings(this.lang).then(() => {
        this.translateStatic();
        this.render();
      });
    }
    if (answer.share) this.share.show(answer.share);
    if (typeof answer.url === "string") this.showShare(answer.url);
    this.render();
    this.seq = (this.seq || 0) + 1;
    this.board.root.dataset.seq = String(this.seq); // tests wait for this to change
    this.scheduleBot();
  }

  render() {
    const view = this.view;
    if (!view) return;
    this.board.render(view);
    this.paintPanels(view);
    this.paintControls(view);
    this.paintMessage(view);
    paintLink(view, t);
    this.editorPanel.paint(view);
    if (view.screen === "setup") this.openSetup();
    else if ($("setup").open && !this.setupByHand) $("setup").close();
  }

  scheduleBot() {
    clearTimeout(this.botTimer);
    if (this.view && this.view.review && !this.view.review.complete) {
      // the review runs a slice per request: ask for the next one (the worker does the work)
      this.botTimer = setTimeout(() => this.send({ type: "review" }), 0);
      return;
    }
    if (this.view && this.view.bot_pending && this.view.screen !== "setup" && !this.view.review) {
      const delay = reducedMotion() ? 120 : this.view.phase === "move" ? 420 : 650;
      this.botTimer = setTimeout(() => this.send({ type: "bot" }), delay);
    }
  }

  // -- panels --------------------------------------------------------------------------------

  paintPanels(view) {
    const flipped = "flipped" in view ? Boolean(view.flipped) : Boolean(view.prefs && view.prefs.flip);
    const top = flipped ? "w" : "b";
    const bottom = flipped ? "b" : "w";
    this.paintPlayer($("player-top"), top, view);
    this.paintPlayer($("player-bottom"), bottom, view);
    const title = $("game-title");
    if (title) {
      let text = t(`variant.${view.variant}.title`);
      if (view.match) text += " · " + t("match.to", { n: view.match.length });
      if (view.match && view.match.crawford) text += " · " + t("match.crawford");
      title.textContent = text;
    }
    const last = $("last-move");
    if (last) {
      last.textContent = view.last ? t("last.move", { side: t(`side.${view.last.side}`), dice: view.last.dice, play: view.last.text || t("last.pass") }) : "";
    }
  }

  paintPlayer(node, side, view) {
    if (!node) return;
    const p = (view.players || {})[side] || { pips: 0, off: 0, score: 0 };
    node.dataset.side = side;
    node.classList.toggle("to-act", view.to_act === side && view.phase !== "over");
    const name = node.querySelector(".name");
    name.textContent = t(`side.${side}`) + (p.kind === "computer" ? ` · ${t("player.computer")}` : "");
    node.querySelector(".pips").textContent = t("player.pips", { n: p.pips });
    node.querySelector(".off").textContent = t("player.off", { n: p.off });
    const score = node.querySelector(".score");
    score.textContent = view.match ? t("player.score_match", { n: p.score, len: view.match.length }) : t("player.score", { n: p.score });
  }

  paintControls(view) {
    const can = view.can || {};
    const show = (id, on) => {
      const b = $(id);
      if (b) {
        b.hidden = !on;
        b.disabled = !on;
      }
    };
    show("btn-roll", can.roll);
    show("btn-double", can.double);
    show("btn-take", can.take);
    show("btn-beaver", can.beaver);
    show("btn-drop", can.drop);
    show("btn-confirm", can.confirm);
    show("btn-next", can.next_game);
    show("btn-new-match", can.new_match);
    show("btn-hint", can.hint);
    show("btn-resign", can.resign);
    show("btn-accept-resign", can.answer_resign);
    show("btn-decline-resign", can.answer_resign);
    if (!can.resign && $("resign").open) $("resign").close();
    show("btn-review", can.review && !view.review);
    this.paintHint(view);
    this.paintReview(view);
    this.paintRecord(view);
    const undo = $("btn-undo");
    undo.hidden = view.phase !== "move" || view.bot_pending;
    undo.disabled = !can.undo;
    const confirm = $("btn-confirm");
    const passing = view.phase === "move" && can.confirm && view.dice.every((d) => !d.used);
    confirm.textContent = passing ? t("btn.pass") : t("btn.confirm");
    $("btn-roll").textContent = view.phase === "opening" ? t("btn.roll_opening") : t("btn.roll");
    const flip = $("btn-flip");
    flip.setAttribute("aria-pressed", view.prefs && view.prefs.flip ? "true" : "false");
  }

  // The hint: the best plays with their value (a click draws one on the board), or the cube action.
  paintHint(view) {
    const hint = view.hint;
    const box = $("hint");
    const list = $("hint-list");
    list.textContent = "";
    box.hidden = !hint;
    if (!hint) return;
    if (hint.cube) {
      const item = document.createElement("li");
      item.textContent = t(`hint.cube.${hint.cube}`);
      list.appendChild(item);
      return;
    }
    hint.plays.forEach((play, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link hint-play";
      if (index === hint.shown) button.setAttribute("aria-current", "true");
      const value = (play.equity >= 0 ? "+" : "−") + Math.abs(play.equity).toFixed(3);
      const loss = index ? `  (−${play.loss.toFixed(3)})` : "";
      button.textContent = `${play.play || t("hint.pass")}  ${value}${loss}`;
      button.addEventListener("click", () => this.send({ type: "hint", show: index }));
      item.appendChild(button);
      list.appendChild(item);
    });
  }

  // The review: progress while it runs, White's winning chances after each turn as a graph,
  // each side's error rate, and every decision with its loss; a click shows that position.
  // The record beside the board: every turn numbered, the cube and resignations; a click (or
  // the arrows) shows the position after it, "Play on from here" starts a new game there.
  paintRecord(view) {
    const entries = view.record || [];
    const box = $("record");
    box.hidden = !entries.length;
    const at = view.replay ? view.replay.at : entries.length;
    const list = $("record-list");
    list.replaceChildren(...entries.map((entry) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = `link record-item kind-${entry.kind}`;
      button.textContent = this.recordLine(entry);
      if (entry.index + 1 === at) button.setAttribute("aria-current", "true");
      button.addEventListener("click", () => this.send({ type: "replay", to: entry.index + 1 }));
      li.append(button);
      return li;
    }));
    const current = list.querySelector('[aria-current="true"]');
    if (current && view.replay) current.scrollIntoView({ block: "nearest" });
    for (const [id, to, off] of [["replay-first", "first", at === 0], ["replay-back", "back", at === 0],
      ["replay-forward", "forward", !view.replay], ["replay-last", "last", !view.replay]]) {
      const b = $(id);
      b.disabled = off;
      b.onclick = () => this.send({ type: "replay", to });
    }
    $("btn-play-on").hidden = !(view.can && view.can.play_on);
  }

  // One line of the record in the page's language: "3. White 64: 24/18 13/9", "White doubles to 2".
  recordLine(entry) {
    const side = entry.side ? t(`side.${entry.side}`) : "";
    const dice = Array.isArray(entry.dice) ? entry.dice.join("") : "";
    if (entry.kind === "opening") {
      const [w, b] = entry.dice || [];
      return t(w === b ? "record.opening_tie" : "record.opening", { w, b });
    }
    if (entry.kind === "play" || entry.kind === "pass") {
      const play = entry.kind === "play" ? entry.play : t("record.pass");
      return `${entry.number}. ${side} ${dice}: ${play}`;
    }
    if (entry.kind === "resign" && !entry.level) return t("record.concede", { side });
    const level = entry.level ? t(`resign.level.${entry.level}`) : "";
    return t(`record.${entry.kind}`, { side, cube: entry.cube ?? "", level });
  }

  paintReview(view) {
    const review = view.review;
    const box = $("review");
    box.hidden = !review;
    if (!review) return;
    const progress = $("review-progress");
    progress.hidden = review.complete;
    progress.max = Math.max(review.total, 1);
    progress.value = review.done;
    const rates = review.error_rate || {};
    $("review-rates").textContent = review.complete
      ? t("review.rates", { w: (rates.w || 0).toFixed(1), b: (rates.b || 0).toFixed(1) })
      : t("review.running", { done: review.done, total: review.total });
    this.paintReviewGraph(review);
    const list = $("review-list");
    list.textContent = "";
    for (const d of review.decisions) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = `link review-item${d.mark ? ` mark-${d.mark}` : ""}`;
      if (review.shown === d.turn) button.setAttribute("aria-current", "true");
      const what = d.kind === "play" ? `${d.dice}: ${d.chosen || t("hint.pass")}` : t(`review.cube.${d.kind}`);
      const mark = d.mark ? ` — ${t(`review.mark.${d.mark}`)} (−${d.loss.toFixed(3)}; ${t("review.best")} ${d.best})` : "";
      button.textContent = `${t(`side.${d.side}`)} ${what}${mark}`;
      button.addEventListener("click", () => this.send({ type: "review", show: review.shown === d.turn ? null : d.turn }));
      item.appendChild(button);
      list.appendChild(item);
    }
  }

  paintReviewGraph(review) {
    const holder = $("review-graph");
    holder.textContent = "";
    const chances = review.chances || [];
    if (!chances.length) return;
    const ns = "http://www.w3.org/2000/svg";
    const w = 320;
    const h = 120;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("review.graph"));
    svg.classList.add("review-svg");
    const x = (i) => (chances.length === 1 ? w / 2 : 6 + ((w - 12) * i) / (chances.length - 1));
    const y = (p) => 6 + (h - 12) * (1 - p);
    const mid = document.createElementNS(ns, "line");
    for (const [k, v] of Object.entries({ x1: 0, x2: w, y1: y(0.5), y2: y(0.5), class: "axis" })) mid.setAttribute(k, String(v));
    svg.appendChild(mid);
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", chances.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" "));
    line.setAttribute("class", "chances");
    svg.appendChild(line);
    chances.forEach((p, i) => {
      const dot = document.createElementNS(ns, "circle");
      const decision = (review.decisions || []).find((d) => d.turn === i && d.kind === "play");
      for (const [k, v] of Object.entries({ cx: x(i), cy: y(p), r: review.shown === i ? 5 : 3 })) dot.setAttribute(k, String(v));
      dot.setAttribute("class", `turn${decision && decision.mark ? ` mark-${decision.mark}` : ""}`);
      dot.setAttribute("data-turn", String(i));
      dot.addEventListener("click", () => this.send({ type: "review", show: i }));
      svg.appendChild(dot);
    });
    holder.appendChild(svg);
  }

  paintMessage(view) {
    const m = view.message;
    if (!m) {
      this.showMessage("", "");
      return;
    }
    const args = { ...(m.args || {}) };
    for (const key of ["side", "winner", "loser"]) if (args[key]) args[key] = t(`side.${args[key]}`);
    if (args.level) args.level = t(`resign.level.${args.level}`);
    if (m.key === "held") args.why = t(`held.${args.why}`);
    if (args.kind) args.kind = t(`kind.${args.kind}`);
    if (args.w !== undefined && m.key === "opening") args.ties = args.ties ? t("msg.opening_ties", { n: args.ties }) : "";
    const tone = ["game_over", "match_over", "draw", "resigned"].includes(m.key) ? "result" : ["save_corrupt", "url_bad", "not_now", "bad_dice", "link_refused", "link_wait", "edit_bad_text"].includes(m.key) ? "warn" : "";
    this.showMessage(t(`msg.${m.key}`, args), tone);
  }

  showMessage(text, tone) {
    const node = $("message");
    node.textContent = text;
    node.dataset.tone = tone || "";
    node.hidden = !text;
  }

  // -- static text and controls -----------------------------------------------------------------

  translateStatic() {
    for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
    for (const node of document.querySelectorAll("[data-i18n-title]")) node.setAttribute("title", t(node.dataset.i18nTitle));
    const status = $("boot-status");
    if (status) status.textContent = t("app.loading");
    document.title = t("app.title");
    if ($("setup").open) this.fillSetup();
  }

  bindControls() {
    const on = (id, fn) => $(id) && $(id).addEventListener("click", fn);
    on("btn-roll", () => this.send({ type: "roll" }));
    on("btn-undo", () => this.send({ type: "undo" }));
    on("btn-confirm", () => this.send({ type: "confirm" }));
    on("btn-hint", () => this.send({ type: "hint" }));
    on("btn-review", () => this.send({ type: "review" }));
    on("review-close", () => this.send({ type: "review", close: true }));
    on("btn-double", () => this.send({ type: "double" }));
    on("btn-take", () => this.send({ type: "take" }));
    on("btn-beaver", () => this.send({ type: "beaver" }));
    on("btn-drop", () => this.send({ type: "drop" }));
    on("btn-next", () => this.send({ type: "next_game" }));
    on("btn-resign", () => this.openResign());
    on("btn-play-on", () => this.send({ type: "play_on" }));
    on("resign-cancel", () => $("resign").close());
    on("btn-accept-resign", () => this.send({ type: "answer_resign", accept: true }));
    on("btn-decline-resign", () => this.send({ type: "answer_resign", accept: false }));
    on("btn-new-match", () => this.send({ type: "setup" }));
    on("btn-flip", () => this.setPref("flip", !(this.view && this.view.prefs.flip)));
    on("btn-new", () => {
      this.setupByHand = true;
      this.openSetup();
    });
    on("btn-share", () => this.send({ type: "share" }));
    on("btn-settings", () => this.openSettings());
    on("btn-rules", () => this.openRules(this.view ? this.view.variant : "backgammon"));
    on("message", () => {});
    $("setup-form").addEventListener("submit", (e) => this.submitSetup(e));
    on("setup-cancel", () => {
      this.setupByHand = false;
      $("setup").close();
      this.send({ type: "close_setup" });
    });
    $("setup").addEventListener("cancel", (e) => {
      e.preventDefault();
      $("setup-cancel").click();
    });
    on("rules-close", () => $("rules").close());
    on("settings-close", () => $("settings").close());
    for (const name of ["auto_roll", "auto_confirm", "auto_forced", "flip", "turn_board", "coach"]) {
      const box = $(`pref-${name}`);
      box.addEventListener("change", () => this.setPref(name, box.checked));
    }
    $("pref-lang").addEventListener("change", (e) => this.setLanguage(e.target.value));
    $("lang-switch").addEventListener("change", (e) => this.setLanguage(e.target.value));
    document.addEventListener("keydown", (e) => this.keyDown(e));
    // another tab saved: show its game, unless this tab is in the middle of a turn of its own
    window.addEventListener("storage", (e) => {
      if (e.key !== gameKey(this.gameId) || e.newValue === null || e.newValue === this.lastSave || !this.ready) return;
      const view = this.view;
      // an unfinished turn this tab made itself (steps it played, not ones it was shown)
      const midTurn = this.ownChange && view && view.phase === "move" && view.can && view.can.undo;
      if (midTurn) {
        this.conflict = e.newValue;
        this.paintNotices();
      } else {
        this.takeOtherTab(e.newValue);
      }
    });
    on("tabs-take", () => this.takeOtherTab(this.conflict || readStore(gameKey(this.gameId))));
    on("store-copy", () => this.keepByLink());
    on("store-download", () => this.keepByDownload());
    // a game link pasted into this tab's address bar
    window.addEventListener("hashchange", () => {
      const fragment = location.hash.replace(/^#/, "");
      if (!fragment || !this.ready) return;
      history.replaceState(null, "", location.pathname + location.search);
      this.send({ type: "load_url", fragment, link_save: linkSave(fragment) });
    });
  }

  // Giving up: backgammon offers a single game, a gammon or a backgammon (the other side
  // answers); the other games concede at once, for what the game scores as it stands.
  openResign() {
    const costs = this.view && this.view.resign;
    if (!costs || (!costs.levels && costs.concede === undefined)) return;
    const choices = $("resign-choices");
    const choice = (text, intent) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "resign-choice";
      b.textContent = text;
      b.addEventListener("click", () => {
        $("resign").close();
        this.send(intent);
      });
      return b;
    };
    if (costs.levels) {
      $("resign-text").textContent = t("resign.offer");
      choices.replaceChildren(...costs.levels.map((c) => {
        const b = choice(t("resign.choice", { level: t(`resign.level.${c.level}`), points: c.points }), { type: "resign", level: c.level });
        b.dataset.level = c.level;
        return b;
      }));
    } else {
      $("resign-text").textContent = t("resign.concede", { points: costs.concede });
      choices.replaceChildren(choice(t("resign.confirm"), { type: "resign" }));
    }
    $("resign").showModal();
  }

  setPref(name, value) {
    return this.send({ type: "set", name, value });
  }

  async setLanguage(code) {
    this.lang = code;
    writeStore(LANG_KEY, code);
    await loadStrings(code);
    this.translateStatic();
    this.render();
    this.fillLanguages();
    if (this.ready) this.setPref("lang", code);
  }

  fillLanguages() {
    const languages = this.catalogue().languages || [{ code: "en", name: "English" }, { code: "ru", name: "Русский" }];
    for (const select of [$("pref-lang"), $("lang-switch")]) {
      select.textContent = "";
      for (const lang of languages) {
        const option = document.createElement("option");
        option.value = lang.code;
        option.textContent = lang.name;
        option.selected = lang.code === this.lang;
        select.appendChild(option);
      }
    }
  }

  // -- keyboard -----------------------------------------------------------------------------------

  keyDown(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (document.querySelector("dialog[open]")) return;
    const target = e.target;
    const typing = target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
    if (typing) return;
    const onButton = target && target.tagName === "BUTTON";
    const view = this.view;
    if (!view) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const can = view.can || {};
    if (key === "r" || key === "к") {
      if (can.roll) this.send({ type: "roll" });
    } else if (key === "u" || key === "г" || key === "Backspace") {
      e.preventDefault();
      if (can.undo) this.send({ type: "undo" });
    } else if (key === "h" || key === "р") {
      if (can.hint) this.send({ type: "hint" });
    } else if (key === "f" || key === "а") {
      this.setPref("flip", !view.prefs.flip);
    } else if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(key) && can.replay) {
      // step through the record (arrows on a focused point move the focus instead: board-input.js)
      e.preventDefault();
      this.send({ type: "replay", to: { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[key] });
    } else if (key === "Escape") {
      if (view.replay) this.send({ type: "replay", to: "last" });
      else if (view.selected) this.send({ type: "click", point: view.selected });
    } else if (key === "Enter" && !onButton) {
      if (!view.selected && can.confirm) {
        e.preventDefault();
        this.send({ type: "confirm" });
      } else if (!view.selected && can.roll) {
        e.preventDefault();
        this.send({ type: "roll" });
      } else if (can.next_game) {
        this.send({ type: "next_game" });
      }
    }
  }

  // -- the start screen -------------------------------------------------------------------------------

  openSetup() {
    const dialog = $("setup");
    if (!dialog.open) {
      this.fillSetup();
      dialog.showModal();
    }
  }

  // The games, their options, lengths and cube limits, the levels and languages: sent once by
  // the engine in its hello (web/presenter.py catalogue()).
  catalogue() {
    return (this.app.hello && this.app.hello.catalogue) || {};
  }

  fillSetup() {
    const view = this.view;
    const settings = (view && view.settings) || { variant: "backgammon", match_length: 0, opponent: "human" };
    const variants = this.catalogue().variants || [];
    const current = settings.variant.split("+")[0];
    const chosenOptions = new Set(settings.variant.split("+").slice(1));
    this.setupVariant = current;
    const list = $("variant-list");
    list.textContent = "";
    for (const v of variants) {
      const label = document.createElement("label");
      label.className = "variant-card";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "variant";
      input.value = v.name;
      input.checked = v.name === current;
      input.addEventListener("change", () => this.fillOptions());
      const body = document.createElement("span");
      body.className = "variant-body";
      const title = document.createElement("strong");
      title.textContent = t(`variant.${v.name}.title`);
      const line = document.createElement("span");
      line.className = "variant-line";
      line.textContent = t(`variant.${v.name}.summary`);
      const rules = document.createElement("button");
      rules.type = "button";
      rules.className = "link rules-link";
      rules.textContent = t("setup.rules");
      rules.addEventListener("click", (e) => {
        e.preventDefault();
        this.openRules(v.name);
      });
      const head = document.createElement("span");
      head.className = "variant-head";
      head.append(title, rules);
      body.append(head, line);
      label.append(input, body);
      list.appendChild(label);
    }
    this.chosenOptions = chosenOptions;
    this.setupLength = settings.match_length;
    this.fillOptions();
    for (const input of document.querySelectorAll('input[name="opponent"]')) input.checked = input.value === settings.opponent;
    $("setup-seat").value = settings.seat || "w";
    const level = $("setup-level");
    level.textContent = "";
    for (const name of this.catalogue().levels || []) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = t(`level.${name}`);
      option.selected = name === settings.level;
      level.appendChild(option);
    }
    $("setup-cancel").hidden = !(view && view.screen === "board") && !this.setupByHand;
  }

  selectedVariant() {
    const input = document.querySelector('input[name="variant"]:checked');
    return input ? input.value : "backgammon";
  }

  fillOptions() {
    const name = this.selectedVariant();
    const variant = (this.catalogue().variants || []).find((v) => v.name === name)
      || { options: [], cube: false, cube_limits: [], match_lengths: [0], default_match_length: 0 };
    const box = $("setup-options");
    box.textContent = "";
    for (const option of variant.options) {
      const label = document.createElement("label");
      label.className = "option";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.name = "option";
      input.value = option;
      input.checked = this.chosenOptions && this.chosenOptions.has(option);
      const text = document.createElement("span");
      const strong = document.createElement("strong");
      strong.textContent = t(`option.${option}`);
      const hint = document.createElement("small");
      hint.textContent = t(`option.${option}.hint`);
      text.append(strong, hint);
      label.append(input, text);
      box.appendChild(label);
    }
    if (variant.cube) {
      const label = document.createElement("label");
      label.className = "option";
      const span = document.createElement("span");
      span.textContent = t("option.cube-limit");
      const select = document.createElement("select");
      select.id = "setup-cube-limit";
      let chosen = variant.default_cube_limit;
      for (const o of this.chosenOptions || []) if (o.startsWith("cube-limit-")) chosen = Number(o.slice(11));
      select.dataset.default = String(variant.default_cube_limit);
      for (const n of variant.cube_limits) {
        const option = document.createElement("option");
        option.value = String(n);
        option.textContent = String(n);
        option.selected = n === chosen;
        select.appendChild(option);
      }
      label.append(span, select);
      box.appendChild(label);
    }
    $("setup-options-wrap").hidden = !box.childNodes.length;
    // the lengths this game offers; a game played to a fixed length proposes it when chosen
    const match = $("setup-match");
    const kept = this.setupVariant === name || this.setupVariant === undefined ? Number(this.setupLength) : NaN;
    const lengths = variant.match_lengths;
    const wanted = lengths.includes(kept) ? kept : variant.default_match_length;
    match.textContent = "";
    for (const n of lengths) {
      const option = document.createElement("option");
      option.value = String(n);
      option.textContent = n === 0 ? t("setup.single") : t("setup.match_to", { n });
      option.selected = n === wanted;
      match.appendChild(option);
    }
    match.onchange = () => {
      this.setupLength = Number(match.value);
    };
    this.setupVariant = name;
  }

  submitSetup(e) {
    e.preventDefault();
    const name = this.selectedVariant();
    const options = [...document.querySelectorAll('input[name="option"]:checked')].map((i) => i.value);
    const limit = $("setup-cube-limit");
    if (limit && limit.value !== limit.dataset.default) options.push(`cube-limit-${limit.value}`);
    const token = [name, ...options.sort()].join("+");
    const opponent = document.querySelector('input[name="opponent"]:checked');
    this.setupByHand = false;
    $("setup").close();
    if (opponent && opponent.value === "link") return this.send({ type: "link_new", variant: token, seat: $("setup-seat").value });
    this.send({
      type: "new_game",
      settings: {
        variant: token,
        match_length: Number($("setup-match").value),
        opponent: opponent ? opponent.value : "human",
        ...($("setup-level").value ? { level: $("setup-level").value } : {}),
        seat: $("setup-seat").value,
      },
    });
  }

  openRules(name) {
    $("rules-title").textContent = t(`variant.${name}.title`);
    const body = $("rules-body");
    body.textContent = "";
    for (const line of t(`rules.${name}`).split("\n")) {
      const p = document.createElement("p");
      p.textContent = line;
      body.appendChild(p);
    }
    $("rules").showModal();
  }

  openSettings() {
    const prefs = (this.view && this.view.prefs) || {};
    for (const name of ["auto_roll", "auto_confirm", "auto_forced", "flip", "turn_board", "coach"]) $(`pref-${name}`).checked = Boolean(prefs[name]);
    this.fillLanguages();
    $("settings").showModal();
  }

  showShare(fragment) {
    this.share.show({ game: fragment });
  }

  // The worker is gone (a fatal error in the interpreter): never look ready over a dead engine.
  // Reload once, which restarts it from the last good save; a second death within a minute
  // only says so.
  engineDied(error) {
    console.error("the engine stopped:", error);
    document.documentElement.dataset.ready = "error";
    this.ready = false;
    const text = String((error && error.message) || error).slice(0, 200);
    let recent = 0;
    try {
      recent = Number(sessionStorage.getItem(DIED_KEY) || 0);
      sessionStorage.setItem(DIED_KEY, String(Date.now()));
    } catch (_) {
      recent = Date.now(); // no session storage: do not risk a reload loop
    }
    const again = Date.now() - recent < 60_000;
    this.showMessage(t(again ? "engine.dead_again" : "engine.dead", { error: text }), "warn");
    if (!again) setTimeout(() => location.reload(), 1500);
  }

  takeOtherTab(save) {
    this.conflict = null;
    this.lastSave = save;
    this.syncing = true; // the other tab's save is in storage already: writing it back would echo
    this.send({ type: "sync", save });
  }

  // Lasting notices: storage that does not keep the game, and a game changed in another tab.
  paintNotices() {
    const store = $("store-notice");
    store.hidden = !this.saveProblem;
    if (this.saveProblem) $("store-text").textContent = t("store.off", { why: t(`store.${this.saveProblem}`) });
    $("tabs-notice").hidden = !this.conflict;
  }

  async keepByLink() {
    const answer = await this.app.request({ type: "export_url" });
    const url = `${location.origin}${location.pathname}#${answer.url}`;
    try {
      await navigator.clipboard.writeText(url);
      $("store-status").textContent = t("store.copied");
    } catch (_) {
      this.showShare(answer.url); // the share dialog shows the link to copy by hand
    }
  }

  keepByDownload() {
    download(this.lastSave || "{}", `nard-${(this.view && this.view.variant) || "game"}.json`);
  }

}

// Save `data` (text, kept as JSON, or a Blob) as a file named `name`.
function download(data, name) {
  const blob = data instanceof Blob ? data : new Blob([data], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

export function mountView(root, app) {
  const page = new Page(root, app);
  window.nardPage = page;
  page.fillLanguages();
  return page;
}
