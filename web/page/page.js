// The page around the board, put together: the board (board.js), the panels (panels.js,
// coach.js), the start screen (setup.js), the small dialogs (dialogs.js), the keyboard
// (keys.js), what is kept in storage (saves.js), the library and share screens (games.js,
// share.js), in the page's language (i18n.js). This module holds the order of things: the
// queue of intents to the engine, each answer kept and painted, the computer's turn asked for.
// It holds no rules: every decision comes from the engine's view model (web/ui.py).
//
//   const page = mountPage(root, app);   // paints at once (the last view seen), before Python is up
//   await page.start();                  // once the engine answers: the boot intent, then playable
//   page.render(view);                   // paint a view model
//   page.destroy();                      // every listener and timer gone; mountPage may run again
//
// Text from the engine or a URL is only ever set with textContent / setAttribute.

import { createBoard } from "./board.js";
import { clearCoach, paintHint, paintReview } from "./coach.js";
import { bindDialogs, fillLanguages } from "./dialogs.js";
import { EditorPanel } from "./editor.js";
import { Games } from "./games.js";
import { bindLink, linkSave, paintLink } from "./linkplay.js";
import { guessLanguage, loadStrings, rememberLanguage, t, translateStatic } from "./i18n.js";
import { bindKeys } from "./keys.js";
import { listeners } from "./listen.js";
import { clearRecord, paintControls, paintMessage, paintPanels, paintRecord, showMessage } from "./panels.js";
import { createSaves, download, firstView, startView } from "./saves.js";
import { createSetup } from "./setup.js";
import { Share } from "./share.js";
import { saveToOpen } from "./store.js";

const DIED_KEY = "nard.engine-died"; // sessionStorage: when the engine last stopped
const LANGUAGES = [{ code: "en", name: "English" }, { code: "ru", name: "Русский" }]; // before the hello

const $ = (id) => document.getElementById(id);
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

class Page {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.view = null;
    this.queue = Promise.resolve();
    this.timers = new Set();
    this.botTimer = null;
    this.ready = false;
    this.destroyed = false;
    this.seq = Number(root.dataset.seq) || 0; // a page mounted again counts on
    const send = (intent) => this.send(intent);
    this.board = createBoard(root, { onIntent: send, t });
    this.lang = guessLanguage();
    let first = firstView();
    try {
      this.paintFirst(first);
    } catch (error) {
      console.warn("the last board could not be drawn again:", error);
      first = startView();
      this.paintFirst(first);
    }
    const view = () => this.view;
    this.saves = createSaves({ view, send, ready: () => this.ready, request: (m) => app.request(m), showShare: (url) => this.share.show({ game: url }) });
    this.setup = createSetup({ view, send, catalogue: () => this.catalogue() });
    this.unbindDialogs = bindDialogs({ view, send, setLanguage: (code) => this.setLanguage(code), fillLanguages: () => this.fillLanguages() });
    this.unbindKeys = bindKeys({ view, send });
    this.events = listeners();
    bindLink(this.events);
    this.bindControls(send);
    this.games = new Games({ t, send, currentId: () => this.gameId, lang: () => this.lang, download });
    this.editorPanel = new EditorPanel({ t, send, catalogue: () => this.catalogue() });
    this.share = new Share({ t, variant: () => (this.view && this.view.variant) || "game", download, send });
    this.fillLanguages();
    loadStrings(this.lang).then(() => {
      if (this.destroyed) return;
      this.translate();
      if (!this.view) this.paintFirst(first);
    });
  }

  get gameId() {
    return this.saves.gameId;
  }

  paintFirst(view) {
    this.board.render(view);
    paintPanels(view);
  }

  async start() {
    this.fillLanguages(); // the engine's list of languages (its hello) is in now
    await loadStrings(this.lang).catch(() => {});
    if (this.destroyed) return;
    this.translate();
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
    if (this.destroyed) return;
    this.ready = true;
    document.body.classList.add("engine-ready");
    for (const id of ["btn-new", "btn-share", "btn-games"]) $(id).disabled = false;
    this.apply(answer);
    // the first boot shows the start screen; the language from the save wins over the guess
  }

  send(intent) {
    if (!this.ready) return Promise.resolve();
    this.queue = this.queue.then(async () => {
      const answer = await this.app.request(intent);
      if (!this.destroyed) this.apply(answer);
    }).catch((error) => {
      if (!this.destroyed) this.engineDied(error);
    });
    return this.queue;
  }

  apply(answer) {
    if (!answer || answer.error) {
      showMessage(t("msg.engine_error", { error: answer ? answer.error : "?" }), "error");
      console.error("engine:", answer && answer.error);
      return;
    }
    this.saves.keep(answer);
    if ($("games").open) this.games.paint();
    const view = answer.view;
    this.view = view;
    if (view.prefs && view.prefs.lang && view.prefs.lang !== this.lang) {
      this.lang = view.prefs.lang;
      rememberLanguage(this.lang);
      loadStrings(this.lang).then(() => {
        if (this.destroyed) return;
        this.translate();
        this.render();
      });
    }
    if (answer.share) this.share.show(answer.share);
    if (typeof answer.url === "string") this.share.show({ game: answer.url });
    this.render();
    this.seq += 1;
    this.root.dataset.seq = String(this.seq); // tests wait for this to change
    this.scheduleBot();
  }

  render() {
    const view = this.view;
    if (!view) return;
    const send = (intent) => this.send(intent);
    this.board.render(view);
    paintPanels(view);
    paintControls(view);
    paintHint(view, send);
    paintReview(view, send);
    paintRecord(view, send);
    paintMessage(view);
    paintLink(view);
    this.editorPanel.paint(view);
    this.setup.follow(view);
  }

  later(fn, ms) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  scheduleBot() {
    clearTimeout(this.botTimer);
    this.timers.delete(this.botTimer);
    if (this.view && this.view.review && !this.view.review.complete) {
      // the review runs a slice per request: ask for the next one (the worker does the work)
      this.botTimer = this.later(() => this.send({ type: "review" }), 0);
      return;
    }
    if (this.view && this.view.bot_pending && this.view.screen !== "setup" && !this.view.review) {
      const delay = reducedMotion() ? 120 : this.view.phase === "move" ? 420 : 650;
      this.botTimer = this.later(() => this.send({ type: "bot" }), delay);
    }
  }

  // The buttons that only send an intent; a game link pasted into this tab's address bar.
  bindControls(send) {
    const intents = {
      "btn-roll": { type: "roll" },
      "btn-undo": { type: "undo" },
      "btn-confirm": { type: "confirm" },
      "btn-hint": { type: "hint" },
      "btn-review": { type: "review" },
      "review-close": { type: "review", close: true },
      "btn-double": { type: "double" },
      "btn-take": { type: "take" },
      "btn-beaver": { type: "beaver" },
      "btn-drop": { type: "drop" },
      "btn-next": { type: "next_game" },
      "btn-play-on": { type: "play_on" },
      "btn-accept-resign": { type: "answer_resign", accept: true },
      "btn-decline-resign": { type: "answer_resign", accept: false },
      "btn-share": { type: "share" },
    };
    for (const [id, intent] of Object.entries(intents)) this.events.click(id, () => send({ ...intent }));
    this.events.click("btn-flip", () => send({ type: "set", name: "flip", value: !(this.view && this.view.prefs.flip) }));
    this.events.on(window, "hashchange", () => {
      const fragment = location.hash.replace(/^#/, "");
      if (!fragment || !this.ready) return;
      history.replaceState(null, "", location.pathname + location.search);
      send({ type: "load_url", fragment, link_save: linkSave(fragment) });
    });
  }

  translate() {
    translateStatic();
    this.setup.refresh();
  }

  // The games, their options, lengths and cube limits, the levels and languages: sent once by
  // the engine in its hello (web/presenter.py catalogue()).
  catalogue() {
    return (this.app.hello && this.app.hello.catalogue) || {};
  }

  fillLanguages() {
    fillLanguages(this.catalogue().languages || LANGUAGES, this.lang);
  }

  async setLanguage(code) {
    this.lang = code;
    rememberLanguage(code);
    await loadStrings(code);
    if (this.destroyed) return;
    this.translate();
    this.render();
    this.fillLanguages();
    if (this.ready) this.send({ type: "set", name: "lang", value: code });
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
    showMessage(t(again ? "engine.dead_again" : "engine.dead", { error: text }), "warn");
    if (!again) this.later(() => location.reload(), 1500);
  }

  // Off the page: every listener and timer of its parts, the board's drawing; the page's
  // static elements stay for the next mount.
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.ready = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.events.off();
    this.unbindKeys();
    this.unbindDialogs();
    this.setup.destroy();
    this.saves.destroy();
    this.games.destroy();
    this.share.destroy();
    this.editorPanel.destroy();
    clearRecord();
    clearCoach();
    this.board.destroy();
    if (window.nardPage === this) delete window.nardPage;
  }
}

// The page on `root` (#board): `window.nardPage` is the page, for tests and the console.
export function mountPage(root, app) {
  const page = new Page(root, app);
  window.nardPage = page;
  const render = (view = page.view) => {
    page.view = view;
    page.render();
  };
  return { start: () => page.start(), render, destroy: () => page.destroy(), page };
}
