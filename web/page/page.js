// The page around the board, put together: the board (board/), the panels beside it (panels/),
// the dialogs (dialogs/), the keyboard (keys.js), the library and what is kept in storage
// (library/), in the page's language (i18n.js). This module holds the order of things: the
// queue of intents to the engine, each answer kept and painted, the view's `next` request sent.
// It holds no rules: every decision comes from the engine's view model (web/worker/presenter.py).
//
//   const page = mountPage(root, app);   // paints at once (the last view seen), before Python is up
//   await page.start();                  // once the engine answers: the boot intent, then playable
//   page.paint(view);                    // paint a view model
//   page.destroy();                      // every listener and timer gone; mountPage may run again
//
// Every part has one shape, createX(root, deps) -> {paint(view), destroy()}; the page paints
// them all in render() and takes them all down in destroy().
// Text from the engine or a URL is only ever set with textContent / setAttribute.

import { createBoard } from "./board/board.js";
import { createResign } from "./dialogs/resign.js";
import { createRules } from "./dialogs/rules.js";
import { createSettings, fillLanguages } from "./dialogs/settings.js";
import { chooseLive, createSetup } from "./dialogs/setup.js";
import { createLearn } from "./dialogs/learn.js";
import { createShare } from "./dialogs/share.js";
import { $, download, listeners, reducedMotion } from "./dom.js";
import { firstView, startView } from "./first-view.js";
import { LANGUAGES, guessLanguage, loadStrings, rememberLanguage, t, translateStatic } from "./i18n.js";
import { createKeys } from "./keys.js";
import { createBackgroundReview } from "./library/background.js";
import { createGames } from "./library/games.js";
import { createStatistics } from "./library/statistics.js";
import { forgetListing, openLibrary, saveToOpen } from "./library/store.js";
import { createTabs } from "./library/tabs.js";
import { createHint } from "./panels/hint.js";
import { createControls } from "./panels/controls.js";
import { createDicePanel } from "./panels/dice-panel.js";
import { createDiceHistory } from "./panels/dice-history.js";
import { createHandDice } from "./panels/hand-dice.js";
import { createEditorPanel } from "./panels/editor-panel.js";
import { createLinkPanel, linkSave } from "./panels/link-panel.js";
import { createLivePanel, handOver } from "./panels/live-panel.js";
import { createMessage } from "./panels/message.js";
import { createPlayers } from "./panels/players.js";
import { createRecord } from "./panels/record.js";
import { createRollout } from "./panels/rollout.js";
import { createStudy } from "./panels/study.js";
import { createSound } from "./sound.js";
import { createReview, rollableTurn } from "./panels/review.js";

/** @typedef {import("./view-model.js").View} View */
/** @typedef {import("./view-model.js").FirstView} FirstView */
/** @typedef {import("./view-model.js").Answer} Answer */
/** @typedef {Partial<import("./view-model.js").Catalogue>} Catalogue the hello's, or nothing before it */
/** @typedef {import("./view-model.js").Intent} Intent */
/** @typedef {import("./boot/app.js").App} App */
/** @typedef {import("./dom.js").Part} Part */
/**
 * The page on its root: what app.js, tests and the console use (window.nardPage).
 * @typedef {object} Page
 * @property {() => Promise<void>} start
 * @property {(view?: View | null) => void} paint
 * @property {() => void} destroy
 * @property {View | null} view the view painted last
 * @property {string | undefined} gameId the library id of the game on the board
 */

const STATISTICS_LINK = "statistics"; // #statistics opens the Statistics screen, not a game
const DIED_KEY = "nard.engine-died"; // sessionStorage: when the engine last stopped
const RESTARTED_KEY = "nard.engine-restarted"; // sessionStorage: this load restarts a dead engine
const REDUCED_MOTION_MS = 120; // the longest pace of the computer with reduced motion

/**
 * The page on `root` (#board): `window.nardPage` is the page, for tests and the console.
 * @param {HTMLElement} root
 * @param {App} app
 * @returns {Page}
 */
export function mountPage(root, app) {
  /** @type {View | null} */
  let view = null;
  let queue = Promise.resolve();
  /** @type {Set<number>} */
  const timers = new Set();
  /** @type {number | undefined} */
  let nextTimer;
  let ready = false;
  let destroyed = false;
  let seq = Number(root.dataset.seq) || 0; // a page mounted again counts on
  let lang = guessLanguage();

  // Work for the engine, one piece after another (an intent, another tab's game taken); how
  // many pieces wait is on the root (tests wait for their own request's answer: none left).
  let pending = 0;
  const count = (/** @type {number} */ step) => {
    pending += step;
    root.dataset.pending = String(pending);
  };
  const enqueue = (/** @type {() => Promise<unknown>} */ work) => {
    count(1);
    queue = queue.then(async () => {
      if (!destroyed) await work();
    }).catch((error) => {
      if (!destroyed) engineDied(error);
    }).finally(() => count(-1));
    return queue;
  };
  // An intent: answered under the game's lock, painted and kept (library/tabs.js).
  /** @param {Intent} intent */
  const send = (intent) => {
    if (!ready) return Promise.resolve();
    return enqueue(() => tabs.run(intent));
  };
  // The games, their options, lengths and cube limits, the levels and languages: sent once by
  // the engine in its hello (web/worker/presenter.py catalogue()).
  /** @returns {Catalogue} */
  const catalogue = () => (app.hello && app.hello.catalogue) || {};
  const showLanguages = () => fillLanguages(catalogue().languages || LANGUAGES, lang); // i18n.js's list before the hello

  const board = createBoard(root, { onIntent: send, t });
  const pageRoot = $("app");
  const players = createPlayers(pageRoot);
  const message = createMessage($("message"));
  const paintFirst = (/** @type {FirstView} */ first) => {
    board.paint(first);
    players.paint(first);
  };
  let first = firstView();
  try {
    paintFirst(first);
  } catch (error) {
    console.warn("the last board could not be drawn again:", error);
    first = startView();
    paintFirst(first);
  }
  const share = createShare($("share", HTMLDialogElement), { send, download });
  /** @type {(answer: Answer) => void} */
  let apply = () => {};
  const tabs = createTabs(pageRoot, { request: (m) => app.request(m), apply: (answer) => apply(answer), enqueue,
    showShare: (url) => share.show({ game: url }) });
  const rules = createRules($("rules", HTMLDialogElement), { catalogue });
  const setup = createSetup($("setup", HTMLDialogElement), { send, catalogue, showRules: (name) => rules.open(name) });
  // an intent answered and kept, its answer (undefined when the engine is not ready or failed)
  /** @type {(intent: Intent) => Promise<Answer | undefined>} */
  const ask = (intent) => new Promise((resolve) => {
    if (!ready) return resolve(undefined);
    void enqueue(async () => {
      try {
        resolve(await tabs.run(intent));
      } finally {
        resolve(undefined);
      }
    });
  });
  const games = createGames($("games", HTMLDialogElement), { send, ask, currentId: () => tabs.gameId, lang: () => lang, download,
    changed: () => tabs.changed() });
  tabs.onChange(() => games.paint());
  // a request of the page's own (not the game's), after the player's waiting ones: its answer
  const askEngine = (/** @type {Intent} */ message) => new Promise((resolve) => {
    void enqueue(async () => resolve(await app.request(message)));
  });
  const statistics = createStatistics($("statistics", HTMLDialogElement), { request: askEngine, currentId: () => tabs.gameId,
    lang: () => lang });
  const showStatistics = (/** @type {string} */ scope) => {
    if (!ready) return;
    if ($("games", HTMLDialogElement).open) $("games", HTMLDialogElement).close();
    void statistics.open(scope);
  };
  $("btn-games", HTMLButtonElement).disabled = false; // the library is in storage: no engine needed to list, export, delete
  // painted in this order; taken down in the opposite one
  /** @type {Part[]} */
  const parts = [
    board, players,
    createControls($("app").querySelector(".controls") || pageRoot, { send }),
    createResign($("resign", HTMLDialogElement), { send }),
    createHint($("hint"), { send }),
    createRollout($("rollout"), { send }),
    createReview($("review"), { send }),
    // a turn of the review rolled out: the hint's rollout box, on the review's figures
    createRollout($("review-rollout"), {
      send,
      prefix: "review-",
      offered: rollableTurn,
      state: (view) => view.review && view.review.rollout,
      of: "review",
    }),
    createRecord($("record"), { send }),
    message,
    createLinkPanel($("link-panel"), { send }),
    createLivePanel($("live-panel"), { send }),
    createDicePanel($("dice-panel", HTMLDetailsElement), { send }),
    createHandDice($("hand-dice"), { send }),
    createDiceHistory($("dice-history")),
    createEditorPanel($("editor"), { send, catalogue }),
    createStudy($("study"), { send }),
    createLearn($("learn", HTMLDialogElement), { send, panel: $("lesson") }),
    setup, rules, share, games, statistics, tabs,
    createBackgroundReview({ request: askEngine }),
    createSettings($("settings", HTMLDialogElement), { send, setLanguage: (code) => setLanguage(code), fillLanguages: showLanguages }),
    createKeys(document, { send }),
    createSound(document),
  ];
  const events = listeners();
  events.click("games-statistics", () => showStatistics("all"));
  events.click("dice-statistics", () => showStatistics("game"));
  // a game link pasted into this tab's address bar
  events.on(window, "hashchange", () => {
    const fragment = location.hash.replace(/^#/, "");
    if (!fragment || !ready) return;
    history.replaceState(null, "", location.pathname + location.search);
    if (fragment === STATISTICS_LINK) return showStatistics("all");
    if (fragment === "live") chooseLive();
    void handOver(fragment).then(async (taken) => {
      if (taken) message.show(t("live.handed"), "");
      else send({ type: "load_url", fragment, link_save: await linkSave(fragment) });
    });
  });
  showLanguages();
  // loadStrings never rejects: a missing language file falls back to English
  void loadStrings(lang).then(() => {
    if (destroyed) return;
    translate();
    if (!view) paintFirst(first);
  });

  const translate = () => {
    translateStatic();
    setup.refresh();
    games.refresh();
    statistics.refresh();
  };

  const render = () => {
    if (!view) return;
    for (const part of parts) part.paint(view);
  };

  // The boot's answer came: the engine is ready.
  const booted = (/** @type {Answer} */ answer) => {
    app.onDead((error) => {
      if (!destroyed && ready) engineDied(error);
    });
    ready = true;
    document.body.classList.add("engine-ready");
    try {
      if (sessionStorage.getItem(RESTARTED_KEY) && answer && answer.view) answer.view.message = { key: "engine_restarted", args: {} };
      sessionStorage.removeItem(RESTARTED_KEY);
    } catch (_) {
      /* no session storage: nothing to say */
    }
    for (const id of ["btn-new", "btn-share", "btn-games", "btn-puzzles", "btn-openings", "btn-practice", "btn-learn"]) {
      $(id, HTMLButtonElement).disabled = false;
    }
  };

  /** @param {Answer} answer */
  apply = (answer) => {
    if (destroyed) return;
    if (!ready) booted(answer);
    if (!answer || answer.error) {
      message.show(t("msg.engine_error", { error: answer ? answer.error : "?" }), "error");
      console.error("engine:", answer && answer.error);
      return;
    }
    view = answer.view;
    if (view.prefs && view.prefs.lang && view.prefs.lang !== lang) {
      lang = view.prefs.lang;
      rememberLanguage(lang);
      void loadStrings(lang).then(() => {
        if (destroyed) return;
        translate();
        render();
      });
    }
    if (answer.share) share.show(answer.share);
    if (typeof answer.url === "string") share.show({ game: answer.url });
    render();
    seq += 1;
    root.dataset.seq = String(seq); // tests wait for this to change
    scheduleNext();
  };

  const later = (/** @type {() => void} */ fn, /** @type {number} */ ms) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  };

  // What comes next without the person: the worker says which request and after how long (the
  // view's `next`, web/worker/next_work.py); a reduced-motion page shortens the computer's paces.
  const scheduleNext = () => {
    clearTimeout(nextTimer);
    if (nextTimer !== undefined) timers.delete(nextTimer);
    const next = view && view.next;
    if (!next) return;
    const delay = reducedMotion() && next.paced ? Math.min(next.delay_ms, REDUCED_MOTION_MS) : next.delay_ms;
    nextTimer = later(() => send(next.request), delay);
  };

  const setLanguage = async (/** @type {string} */ code) => {
    lang = code;
    rememberLanguage(code);
    await loadStrings(code);
    if (destroyed) return;
    translate();
    render();
    showLanguages();
    if (ready) send({ type: "set", name: "lang", value: code });
  };

  // The worker is gone (a fatal error in the interpreter): never look ready over a dead engine.
  // Reload once, which restarts it from the last good save; a second death within a minute
  // only says so.
  const engineDied = (/** @type {unknown} */ error) => {
    if (!ready) return; // said once
    console.error("the engine stopped:", error);
    document.documentElement.dataset.ready = "error";
    ready = false;
    const text = String((error instanceof Error && error.message) || error).slice(0, 200);
    let recent = 0;
    try {
      recent = Number(sessionStorage.getItem(DIED_KEY) || 0);
      sessionStorage.setItem(DIED_KEY, String(Date.now()));
    } catch (_) {
      recent = Date.now(); // no session storage: do not risk a reload loop
    }
    const again = Date.now() - recent < 60_000;
    message.show(t(again ? "engine.dead_again" : "engine.dead", { error: text }), "warn");
    if (again) return;
    try {
      sessionStorage.setItem(RESTARTED_KEY, "1");
    } catch (_) {
      /* restarted without a word */
    }
    later(() => location.reload(), 1500);
  };

  /** @type {Page} */
  const page = {
    async start() {
      showLanguages(); // the engine's list of languages (its hello) is in now
      await loadStrings(lang).catch(() => {});
      if (destroyed) return;
      translate();
      const hash = location.hash.replace(/^#/, "");
      const fragment = hash === STATISTICS_LINK ? "" : hash; // the screen, once the game is up
      // off the address bar before it is read: a link that hurts the engine must not come back on reload
      if (hash) history.replaceState(null, "", location.pathname + location.search);
      await openLibrary();
      const opening = await saveToOpen();
      // a live link that the tab waiting for it took: this tab opens as it would with no link
      const handed = await handOver(fragment);
      if (fragment === "live") chooseLive(); // a page's invitation to play live
      const boot = {
        type: /** @type {const} */ ("boot"),
        save: opening ? opening.save : null,
        fragment: handed ? "" : fragment,
        link_save: await linkSave(fragment),
        query: location.search,
        lang,
      };
      if (destroyed) return;
      // the first boot shows the start screen; the language from the save wins over the guess
      await tabs.run(boot);
      if (hash === STATISTICS_LINK) showStatistics("all");
      if (handed) message.show(t("live.handed"), "");
    },
    paint(next = view) {
      view = next;
      render();
    },
    // Off the page: every listener and timer of its parts, the board's drawing; the page's
    // static elements stay for the next mount.
    destroy() {
      if (destroyed) return;
      destroyed = true;
      ready = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      events.off();
      for (const part of [...parts].reverse()) part.destroy();
      forgetListing(); // a page mounted again reads the library afresh
      if (window.nardPage === page) delete window.nardPage;
    },
    get view() {
      return view;
    },
    get gameId() {
      return tabs.gameId;
    },
  };
  window.nardPage = page;
  return page;
}
