// Boot of the page: paint the board at once, start the Python engine in a PyScript worker,
// then mark the page ready. This is the one module that knows about PyScript.
//
// Contract with page.js (the page around the SVG board of board/board.js):
//
//   export function mountPage(root, app)   called at once, before Python is up: draw the board
//                                       (the last board seen, or the start) into `root` (#board).
//                                       Returns {start, paint, destroy}; start() is awaited
//                                       once the engine answers, before data-ready.
//
// `app` (also window.nardApp, for tests, embedders and the console):
//
//   app.ready               Promise, resolves when the engine answers
//   app.request(obj)        Promise<obj>: JSON in, JSON out through engine.dispatch()
//   app.hello               the engine's answer to {"type": "hello"}, sent once at boot
//
// When everything is up: <html data-ready="1">. If the engine cannot start:
// data-ready="error", a message in #boot-status and the error on the console.

import { mountPage } from "../page.js";
import { createBoard } from "../board/board.js";
import { ensureIndexedDB } from "./idb-fallback.js";
import { EMBEDDED } from "../keep.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").Hello} Hello */
/** @typedef {import("../view-model.js").Answer} Answer */
/** @typedef {import("../view-model.js").Intent} Intent */
/**
 * The engine's exports in the worker (web/worker/engine.py): JSON text in, JSON text out; a
 * request's save may go beside its JSON.
 * @typedef {{dispatch(request: string, save?: string): Promise<string>}} Engine
 */
/**
 * The <script type="py" worker> element once PyScript has made its worker.
 * @typedef {{ready: Promise<{sync: Engine}>, terminate?: () => void,
 *   addEventListener?: (type: string, listener: (event: ErrorEvent & MessageEvent) => void) => void}} XWorker
 * @typedef {HTMLScriptElement & {xworker?: XWorker}} EngineElement
 */
/**
 * @typedef {object} App
 * @property {Promise<void>} ready resolves when the engine answers
 * @property {Hello | null} hello the engine's answer to {"type": "hello"}, sent once at boot
 * @property {(message: Intent) => Promise<Answer>} request JSON in, JSON out through engine.dispatch()
 * @property {typeof createBoard} createBoard another board on the page: createBoard(root, {onIntent, t}) -> {paint, destroy}
 * @property {typeof mountPage} mountPage the page again after its destroy(): mountPage(root, app) -> {start, paint, destroy}
 * @property {(listener: (error: Error) => void) => void} onDead `listener` is called once the engine is found dead
 */

const ENGINE_SELECTOR = 'script[type="py"][name="engine"]';
const html = document.documentElement;
const status = document.getElementById("boot-status");
// ?embed=1: the app inside another page (docs/embed.md): no header, a compact layout
// (style.css), its saves apart from the site's own (keep.js, library/store.js).
if (EMBEDDED) html.classList.add("embed");

/** @type {() => void} */
let resolveReady = () => {};
/** @type {(error: unknown) => void} */
let rejectReady = () => {};
/** @type {Promise<void>} */
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // reported by boot() below; keep the rejection from counting as unhandled

/** @type {Engine | null} */
let engine = null;

/** @type {App} */
export const app = {
  ready,
  hello: null,
  async request(message) {
    await ready;
    return call(message);
  },
  createBoard,
  mountPage,
  onDead(listener) {
    deathListeners.push(listener);
  },
};
window.nardApp = app;

// A request the engine does not answer within this long means the worker is gone, even if it
// says it is alive (a loop that keeps calling nardcore). Tests may shorten it.
const ANSWER_TIMEOUT_MS = 30_000;

// A dead worker (terminated, crashed, or stuck in a loop) answers nothing, and says so at most
// by an error event. So the engine is watched: while nothing is asked, the heartbeat's ping
// goes every HEARTBEAT_MS; while a long request runs (the computer's search, a review, an
// import), the worker cannot answer, but posts "nard:alive" four times a second from
// inside nardcore's long computations (web/worker/engine.py, nardcore/progress.py). A worker
// that neither answers nor says it is alive for SILENT_MS, whatever it was asked, is gone: it
// is terminated, its requests fail at once, and the page restarts it from the last save
// (page.js). Three seconds: long enough that a machine loaded with other work (a test run on
// two cores, three browsers at once) does not pass a busy worker for a dead one.
const SILENT_MS = 3000;
const HEARTBEAT_MS = 1000;
const ALIVE = "nard:alive";
/** @typedef {{since: number, fail: (error: Error) => void}} Flight */
/** @type {Set<Flight>} the requests sent and not answered */
const inFlight = new Set();
let lastAnswer = 0; // the last answer, or the last word that the worker is alive
/** @type {XWorker | null} */
let worker = null;
/** @type {Error | null} */
let deadError = null;
/** @type {((error: Error) => void)[]} */
const deathListeners = [];
/** @type {number | undefined} */
let watchTimer;
let strikes = 0; // checks in a row that found the worker silent too long

/** @param {Error} error */
function engineDead(error) {
  if (deadError) return;
  deadError = error;
  clearInterval(watchTimer);
  for (const flight of inFlight) flight.fail(error);
  inFlight.clear();
  try {
    worker?.terminate?.(); // a hung worker would keep a core busy until the reload
  } catch (_) {
    /* gone already */
  }
  for (const listener of deathListeners) listener(error);
}

function watchEngine() {
  const now = performance.now();
  if (deadError || !engine) return;
  if (!inFlight.size) {
    strikes = 0;
    if (now - lastAnswer >= HEARTBEAT_MS) call({ type: "ping" }).catch(() => {});
    return;
  }
  const since = Math.max(lastAnswer, Math.min(...[...inFlight].map((f) => f.since)));
  // twice in a row: a page frozen a while (a hidden tab) may run this before the answer waiting for it
  strikes = now - since > SILENT_MS ? strikes + 1 : 0;
  if (strikes >= 2) engineDead(new Error(`no word from the engine in ${SILENT_MS / 1000} s`));
}

/**
 * @param {Intent} message
 * @returns {Promise<any>} the engine's answer: a Hello to the hello, an Answer to any intent
 */
async function call(message) {
  const limit = Number(window.nardAnswerTimeoutMs) || ANSWER_TIMEOUT_MS;
  /** @type {number | undefined} */
  let timer;
  /** @type {Flight} */
  const flight = { since: performance.now(), fail: () => {} };
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    flight.fail = reject;
    timer = setTimeout(() => reject(new Error(`no answer from the engine in ${limit / 1000} s`)), limit);
  });
  try {
    if (deadError) throw deadError;
    if (!engine) throw new Error("the engine has not started");
    inFlight.add(flight);
    // a save goes beside the request, as it is: megabytes neither escaped into the JSON nor read twice
    const { save, ...rest } = /** @type {Intent & {save?: unknown}} */ (message);
    const sent = typeof save === "string" ? engine.dispatch(JSON.stringify(rest), save) : engine.dispatch(JSON.stringify(message));
    const answer = JSON.parse(await Promise.race([sent, late]));
    lastAnswer = performance.now();
    // the engine's save is the one it was sent, unchanged: not sent back (web/worker/engine.py)
    if (answer && answer.same_save === true && typeof save === "string") {
      delete answer.same_save;
      answer.save = save;
    }
    return answer;
  } finally {
    clearTimeout(timer);
    inFlight.delete(flight);
  }
}

// PyScript defines `xworker` on the <script worker> element once the worker exists;
// `xworker.ready` resolves after the worker ran engine.py and exported its __export__ list.
/** @returns {Promise<Engine>} */
async function engineWorker() {
  /** @type {EngineElement | null} */
  const element = document.querySelector(ENGINE_SELECTOR);
  if (!element) throw new Error(`no ${ENGINE_SELECTOR} element in the page`);
  await ensureIndexedDB();
  await import(new URL("../../../vendor/pyscript/core.js", import.meta.url).href);
  const started = performance.now();
  while (!element.xworker) {
    if (performance.now() - started > 60_000) throw new Error("PyScript did not start the engine worker");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  worker = element.xworker;
  worker.addEventListener?.("error", (event) => engineDead(new Error(`the engine's worker failed: ${event.message || "error"}`)));
  worker.addEventListener?.("message", (event) => {
    if (event.data === ALIVE) lastAnswer = performance.now();
  });
  const { sync } = await worker.ready;
  return sync;
}

// After the next paint; at most 100 ms (hidden tabs and off-screen frames get no frames).
/** @returns {Promise<void>} */
function nextFrame() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

// How often an open app asks whether a new build was deployed (a navigation asks too).
const UPDATE_CHECK_MS = 30 * 60_000;

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  // A new build's worker takes over as soon as it has cached everything (sw.js: skipWaiting,
  // clients.claim); this page still runs the old build, so it offers a reload. On a first
  // visit the first worker taking control is no update; any later one is.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) offerReload();
    controlled = true;
  });
  try {
    const registration = await navigator.serviceWorker.register(new URL("../../../sw.js", import.meta.url));
    setInterval(() => registration.update().catch(() => {}), UPDATE_CHECK_MS);
  } catch (error) {
    // Offline start is a bonus: the app works without it (file://, private windows ...).
    console.warn("service worker not registered:", error);
  }
}

function offerReload() {
  const notice = document.getElementById("update-notice");
  if (!notice) return;
  notice.hidden = false;
  // every answer of the engine is saved at once, so a reload loses nothing
  document.getElementById("update-reload")?.addEventListener("click", () => location.reload(), { once: true });
}

async function boot() {
  const board = document.getElementById("board");
  if (!board) throw new Error("index.html has no #board");
  const page = mountPage(board, app);
  performance.mark("nard:board-mounted");
  await nextFrame(); // let the board paint before PyScript starts its work
  performance.mark("nard:board-painted");
  try {
    engine = await engineWorker();
    app.hello = await call({ type: "hello" });
    performance.mark("nard:engine-ready");
    lastAnswer = performance.now();
    watchTimer = window.setInterval(watchEngine, 250);
    resolveReady();
    await page.start();
  } catch (error) {
    rejectReady(error);
    html.dataset.ready = "error";
    if (status) status.textContent = t("app.failed");
    console.error("engine boot failed:", error);
    return;
  }
  status?.remove();
  html.dataset.ready = "1";
  performance.mark("nard:ready");
  void registerServiceWorker(); // it catches its own failure
}

void boot(); // boot shows the engine's failure in #status and logs it
