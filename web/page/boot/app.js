// Boot of the page: paint the board at once, start the Python engine in a PyScript worker,
// then mark the page ready. This is the one module that knows about PyScript.
//
// Contract with web/view.js (the page around the SVG board of web/board.js):
//
//   export function mountPage(root, app)   called at once, before Python is up: draw the board
//                                       (the last board seen, or the start) into `root` (#board).
//                                       Returns {start, render, destroy}; start() is awaited
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

import { mountPage } from "./view.js";
import { createBoard } from "./board.js";
import { ensureIndexedDB } from "./idb-fallback.js";
import { EMBEDDED } from "./store.js";

const ENGINE_SELECTOR = 'script[type="py"][name="engine"]';
const html = document.documentElement;
const status = document.getElementById("boot-status");
// ?embed=1: the app inside another page (docs/embed.md): no header, a compact layout
// (style.css), its saves apart from the site's own (web/store.js).
if (EMBEDDED) html.classList.add("embed");

let resolveReady, rejectReady;
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // reported by boot() below; keep the rejection from counting as unhandled

let engine = null;

export const app = {
  ready,
  hello: null,
  async request(message) {
    await ready;
    return call(message);
  },
  createBoard, // another board on the page: createBoard(root, {onIntent, t}) -> {render, destroy}
  mountPage, // the page again after its destroy(): mountPage(root, app) -> {start, render, destroy}
};
window.nardApp = app;

// A request the engine does not answer within this long means the worker is gone (its slowest
// honest answer, the strongest level's move, takes about a second). Tests may shorten it.
const ANSWER_TIMEOUT_MS = 30_000;

async function call(message) {
  const limit = Number(window.nardAnswerTimeoutMs) || ANSWER_TIMEOUT_MS;
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the engine in ${limit / 1000} s`)), limit);
  });
  try {
    const answer = await Promise.race([engine.dispatch(JSON.stringify(message)), late]);
    return JSON.parse(answer);
  } finally {
    clearTimeout(timer);
  }
}

// PyScript defines `xworker` on the <script worker> element once the worker exists;
// `xworker.ready` resolves after the worker ran engine.py and exported its __export__ list.
async function engineWorker() {
  const element = document.querySelector(ENGINE_SELECTOR);
  if (!element) throw new Error(`no ${ENGINE_SELECTOR} element in the page`);
  await ensureIndexedDB();
  await import(new URL("../vendor/pyscript/core.js", import.meta.url).href);
  const started = performance.now();
  while (!element.xworker) {
    if (performance.now() - started > 60_000) throw new Error("PyScript did not start the engine worker");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const worker = await element.xworker.ready;
  return worker.sync;
}

// After the next paint; at most 100 ms (hidden tabs and off-screen frames get no frames).
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
    const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
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
  const page = mountPage(document.getElementById("board"), app);
  performance.mark("nard:board-mounted");
  await nextFrame(); // let the board paint before PyScript starts its work
  performance.mark("nard:board-painted");
  try {
    engine = await engineWorker();
    app.hello = await call({ type: "hello" });
    performance.mark("nard:engine-ready");
    resolveReady();
    await page.start();
  } catch (error) {
    rejectReady(error);
    html.dataset.ready = "error";
    if (status) status.textContent = "The game engine could not start. Reload the page to try again.";
    console.error("engine boot failed:", error);
    return;
  }
  status?.remove();
  html.dataset.ready = "1";
  performance.mark("nard:ready");
  registerServiceWorker();
}

boot();
