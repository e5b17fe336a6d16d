// The player's finished games against the computer reviewed in the background, when the
// preference says so (Settings, off by default): once the page has had no answer for IDLE_MS
// (the player is not playing), one game without a review is sent to the engine a slice at a
// time (web/worker/background.py), each slice behind the page's own requests; as soon as the
// player acts again, the slices stop and wait for the next quiet moment, the engine keeping
// the job where it was. The summary is kept with the game's entry (store.js keepReview), where
// Statistics reads it. One tab at a time does this (the Web Lock "nard.background").

import { keepReview, listGames, savedGame } from "./store.js";
import { EMBEDDED } from "../keep.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {import("./store.js").StoredEntry} StoredEntry */
/**
 * @typedef {object} BackgroundDeps
 * @property {(message: Intent) => Promise<unknown>} request to the engine, after the page's own requests
 */

export const IDLE_MS = 3000;
const LOCK = EMBEDDED ? "nard.embed.background" : "nard.background";

/** @param {StoredEntry} entry */
export function wantsReview(entry) {
  return Boolean(entry.over && entry.opponent === "computer" && !entry.link && !entry.review && entry.started !== false);
}

/**
 * @param {BackgroundDeps} deps
 * @returns {{paint: (view: View) => void, destroy: () => void}}
 */
export function createBackgroundReview(deps) {
  let on = false;
  let lastAnswer = Date.now();
  let running = false;
  let destroyed = false;
  /** @type {number | undefined} */
  let timer;
  /** @type {Set<string>} games the engine would not review, not asked again while the page lives */
  const skipped = new Set();
  const schedule = () => {
    clearTimeout(timer);
    if (on && !destroyed) timer = setTimeout(tryNow, IDLE_MS);
  };
  const idle = () => on && !destroyed && Date.now() - lastAnswer >= IDLE_MS;
  // Review games while the player stays idle; false when interrupted.
  const work = async () => {
    for (;;) {
      const entry = (await listGames()).find((e) => wantsReview(e) && !skipped.has(e.id));
      if (!entry) return true;
      const save = await savedGame(entry.id);
      if (save === null) {
        skipped.add(entry.id);
        continue;
      }
      for (;;) {
        if (!idle()) return false;
        const answer = /** @type {{review?: Record<string, unknown>, skip?: boolean, error?: string}} */ (
          await deps.request({ type: "review_in_background", id: entry.id, save }));
        if (!answer || answer.skip || answer.error) {
          skipped.add(entry.id);
          break;
        }
        if (answer.review) {
          if (!(await keepReview(entry.id, answer.review))) skipped.add(entry.id);
          break;
        }
      }
    }
  };
  const tryNow = async () => {
    if (running || !idle()) return;
    running = true;
    try {
      const run = () => work();
      const done = navigator.locks ? await navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? run() : false))
        : await run();
      if (!done) schedule();
    } catch (error) {
      console.warn("background review:", error);
    } finally {
      running = false;
    }
  };
  return {
    paint(view) {
      // every answer to the player's requests: the page is busy now; quiet from here on?
      lastAnswer = Date.now();
      on = Boolean(view.prefs && view.prefs.background_review) && !view.bot_pending;
      schedule();
    },
    destroy() {
      destroyed = true;
      clearTimeout(timer);
    },
  };
}
