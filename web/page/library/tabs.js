// Tabs in step, by the browser's own primitives: every request to the engine runs under the
// game's Web Lock (navigator.locks), one tab at a time. Under it the tab first takes the game as
// another tab left it (when its stored revision is newer than the one this tab last wrote or
// read), then sends its own intent, which the engine judges against the game as it stands, then
// keeps the answer: the save written only when it changed, and the other tabs told by a
// BroadcastChannel, where they take it the same way. No turn of either tab is lost and nothing
// depends on timing (docs/library.md). Also the notice when storage does not keep the game.
//
//   const tabs = createTabs(root, { request, apply, enqueue, showShare });
//   await tabs.run(intent)    the intent answered, painted (apply) and kept, under the lock
//   tabs.changed()            the library was changed here (rename, delete): other tabs list it again
//   tabs.onChange(fn)         fn() when another tab changed the library
//   tabs.gameId               the library id of the game on the board
//   tabs.paint(view), tabs.destroy()

import { $, copyText, download, listeners, part } from "../dom.js";
import { t } from "../i18n.js";
import { EMBEDDED, writeStore } from "../keep.js";
import {
  forgetListing, keepAside, keepGame, lastStoreProblem, libraryKept, savedGame, storedRevision,
  takeLibraryNotes,
} from "./store.js";
import { askToPersist } from "./space.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").Answer} Answer */
/** @typedef {import("../view-model.js").Intent} Intent */
/**
 * @typedef {object} TabsDeps
 * @property {(intent: Intent) => Promise<Answer>} request an intent to the engine, its answer
 * @property {(answer: Answer) => void} apply an answer painted
 * @property {(work: () => Promise<unknown>) => void} enqueue work after the page's requests waiting
 * @property {(url: string) => void} showShare the share dialog with the game's link
 */
/**
 * @typedef {object} Tabs
 * @property {(intent: Intent) => Promise<Answer | undefined>} run the intent's answer, once kept
 * @property {() => void} changed
 * @property {(listener: () => void) => void} onChange
 * @property {(view: View) => void} paint
 * @property {string | undefined} gameId
 * @property {() => void} destroy
 */
/** @typedef {{kind: "saved", id: string, rev: number} | {kind: "library"}} TabMessage */

export const VIEW_KEY = "nard.view";
const CHANNEL = EMBEDDED ? "nard.embed.library" : "nard.library";

/**
 * @param {HTMLElement} root the page (#app), which holds the storage notice
 * @param {TabsDeps} deps
 * @returns {Tabs}
 */
export function createTabs(root, { request, apply, enqueue, showShare }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  /** @type {string | undefined} */
  let gameId;
  let rev = 0; // the revision of the game's save this tab last wrote or took
  /** @type {string | null} the game's save as last written or taken: an equal answer is no change */
  let lastSave = null;
  let lastEntry = ""; // the entry as last written (JSON)
  /** @type {string | null} */
  let saveProblem = null;
  /** @type {Set<() => void>} */
  const changeListeners = new Set();
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  const tell = (/** @type {TabMessage} */ message) => channel && channel.postMessage(message);

  const paintNotices = () => {
    part(root, "#store-notice").hidden = !saveProblem;
    if (saveProblem) $("store-text").textContent = t("store.off", { why: t(`store.${saveProblem}`) });
  };

  // One tab at a time on a game: the lock is the game's (the game a request starts from; a new
  // game's id is new, so no other tab writes it meanwhile).
  // Where the browser denies the lock (a frame of another site, whose storage is blocked: it
  // keeps nothing, so no other tab can take its game), the work goes on without it.
  /** @returns {Promise<void>} */
  const locked = (/** @type {string | undefined} */ id, /** @type {() => Promise<void>} */ work) => {
    if (!navigator.locks || !id) return work();
    let started = false;
    const held = () => {
      started = true;
      return work();
    };
    return navigator.locks.request(`${CHANNEL}.${id}`, held).then(() => {}, (error) => {
      if (started) throw error;
      return work();
    });
  };

  // The game as another tab kept it, when that is newer than what this tab has: taken first.
  const catchUp = async (/** @type {string} */ id) => {
    const stored = await storedRevision(id);
    if (stored <= rev || id !== gameId) return;
    const save = await savedGame(id);
    if (save === null) return;
    const answer = await request({ type: "sync", save });
    rev = stored;
    // the engine's save once it took the game (it says "synced"): an answer that changes nothing
    // more writes nothing, and sends no other tab after it
    lastSave = typeof answer.save === "string" ? answer.save : save;
    lastEntry = JSON.stringify(answer.entry);
    finish(answer);
  };

  const finish = (/** @type {Answer} */ answer) => {
    const notes = takeLibraryNotes(); // the library set something right: say so
    if (notes.length && answer.view) answer.view.message = { key: notes[0], args: {} };
    apply(answer);
    paintNotices();
    // a reload goes back to the game: neither the editor's set-up nor a lesson's board is kept
    if (answer.view && !answer.view.editor && !answer.view.learn) writeStore(VIEW_KEY, JSON.stringify(answer.view));
  };

  // The answer kept: its save when it changed (else its entry when that changed), under its id.
  const keep = async (/** @type {Answer} */ answer, /** @type {string | null} */ sent) => {
    if (answer.set_aside && !(await keepAside("engine_refused", answer.set_aside))) {
      // the engine said the old data was kept aside: it was not, so say that instead
      const m = answer.view && answer.view.message;
      if (m && m.key === "save_corrupt") m.key = "save_corrupt_lost";
    }
    const entry = answer.entry;
    const sameGame = Boolean(entry) && entry.id === gameId;
    const before = sameGame ? lastSave : sent; // a game opened is kept as it was sent
    const changed = typeof answer.save === "string" && answer.save !== before;
    const entryText = JSON.stringify(entry);
    if (entry && !sameGame) {
      gameId = entry.id;
      rev = await storedRevision(entry.id);
      lastEntry = "";
    }
    finish(answer);
    if (!entry || (!changed && entryText === lastEntry)) return;
    const written = await keepGame(changed ? /** @type {string} */ (answer.save) : null, entry);
    saveProblem = written === null || !libraryKept() ? lastStoreProblem() || "failed" : null;
    paintNotices();
    if (written === null) return;
    rev = written;
    if (changed) lastSave = /** @type {string} */ (answer.save);
    else if (!sameGame) lastSave = sent;
    lastEntry = entryText;
    tell(changed ? { kind: "saved", id: entry.id, rev } : { kind: "library" });
    if (changed && entry.over) void askToPersist(); // a finished game: worth keeping for good
  };

  if (channel) {
    channel.onmessage = (/** @type {MessageEvent<TabMessage>} */ event) => {
      const message = event.data;
      forgetListing();
      for (const listener of changeListeners) listener();
      if (message && message.kind === "saved" && message.id === gameId && message.rev > rev) {
        const id = message.id;
        enqueue(() => locked(id, () => catchUp(id)));
      }
    };
  }
  // storage that does not keep the game: the game as a link, or as a file
  events.click("store-copy", async () => {
    const answer = await request({ type: "export_url" });
    const url = `${location.origin}${location.pathname}#${answer.url}`;
    if (await copyText(url)) $("store-status").textContent = t("store.copied");
    else showShare(String(answer.url)); // the share dialog shows the link to copy by hand
  });
  events.click("store-download", () => download(lastSave || "{}", `nard-${(current && current.variant) || "game"}.json`));

  return {
    get gameId() {
      return gameId;
    },
    run(intent) {
      const id = gameId;
      /** @type {Answer | undefined} */
      let answered;
      return locked(id, async () => {
        if (id) await catchUp(id);
        const sent = "save" in intent && typeof intent.save === "string" ? intent.save : null;
        const answer = await request(intent);
        if (!answer || answer.error) return apply(answer);
        // the luck measured ahead changes nothing shown: the line's message stays (a library note too)
        if (intent.type === "luck_ahead" && answer.view && current) answer.view.message = current.message;
        await keep(answer, sent);
        answered = answer;
      }).then(() => answered);
    },
    changed() {
      forgetListing();
      tell({ kind: "library" });
    },
    onChange(listener) {
      changeListeners.add(listener);
    },
    paint(view) {
      current = view;
    },
    destroy() {
      events.off();
      changeListeners.clear();
      if (channel) channel.close();
    },
  };
}
