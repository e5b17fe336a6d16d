// What the page keeps: every answer's save in the library (library/store.js) and its view for
// the next boot, in step with other tabs, and the notices when either cannot be done (storage
// that does not keep the game; a game changed in another tab while this one is mid-turn).
//
//   const saves = createSaves(root, { ready: () => bool, send, request, showShare });
//   saves.keep(answer)   after every engine answer, before it is painted
//   saves.paint(view)    the view painted (what the notices' buttons and other tabs act on)
//   saves.gameId         the library id of the game on the board
//   saves.destroy()      its listeners gone

import { $, copyText, listeners, part } from "../dom.js";
import { t } from "../i18n.js";
import {
  gameKey, keepEntry, keepGame, lastStoreProblem, readStore, saveRevision, stampSave, takeLibraryNotes, unstamped,
  writeStore,
} from "./store.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").FirstView} FirstView */
/** @typedef {import("../view-model.js").Answer} Answer */
/** @typedef {import("../view-model.js").Intent} Intent */
/**
 * @typedef {object} SavesDeps
 * @property {() => boolean} ready whether the engine answers
 * @property {(intent: Intent) => unknown} send an intent, its answer painted
 * @property {(intent: Intent) => Promise<Answer>} request an intent, its answer returned
 * @property {(url: string) => void} showShare the share dialog with the game's link
 */
/**
 * @typedef {object} Saves
 * @property {(answer: Answer) => void} keep
 * @property {(view: View) => void} paint
 * @property {string | undefined} gameId
 * @property {() => void} destroy
 */

const VIEW_KEY = "nard.view";
const ASIDE_KEY = "nard.save.set-aside";
const TAB = Math.random().toString(36).slice(2, 10) || "0"; // this tab, among the writers of a game

/**
 * @param {HTMLElement} root the page (#app), which holds the storage and other-tab notices
 * @param {SavesDeps} deps
 * @returns {Saves}
 */
export function createSaves(root, { ready, send, request, showShare }) {
  const events = listeners();
  /** @type {View | null} */
  let current = null;
  /** @type {string | undefined} */
  let gameId;
  /** @type {string | null | undefined} the save as last written or read: another tab's equal save is no change */
  let lastSave;
  let syncs = 0; // syncs sent and not answered: their answers are other tabs' saves, in storage already
  let syncSent = 0; // when the last one was sent
  /** @type {string | undefined} the engine's save as last answered (unstamped) */
  let lastEngineSave;
  let ownChange = false; // this tab changed the game since it last took another tab's
  /** @type {string | null} another tab's save, waiting while this tab finishes its turn */
  let conflict = null;
  /** @type {string | null} */
  let saveProblem = null;
  let rev = 0; // the revision of the game's save this tab last wrote or took (store.js)
  /** @type {import("./store.js").LibraryEntry | undefined} the entry written with it */
  let lastEntry;
  let raced = false; // another tab wrote the same turn at the same instant, and won

  const paintNotices = () => {
    part(root, "#store-notice").hidden = !saveProblem;
    if (saveProblem) $("store-text").textContent = t("store.off", { why: t(`store.${saveProblem}`) });
    part(root, "#tabs-notice").hidden = !conflict;
  };

  const takeOtherTab = (/** @type {string | null} */ save) => {
    conflict = null;
    lastSave = save;
    rev = saveRevision(save).rev;
    syncs += 1; // writing it back would echo
    syncSent = Date.now();
    send({ type: "sync", save });
  };

  // another tab saved: show its game, unless this tab is in the middle of a turn of its own
  events.on(window, "storage", (/** @type {StorageEvent} */ e) => {
    if (e.key !== gameKey(gameId) || e.newValue === null || e.newValue === lastSave || !ready()) return;
    const theirs = saveRevision(e.newValue);
    if (theirs.rev && lastSave && (theirs.rev < rev || (theirs.rev === rev && theirs.tab < TAB))) {
      // an older write, or the loser of two at the same instant: this tab's save stays the game
      if (!keepGame(lastSave, lastEntry)) writeStore(gameKey(gameId), lastSave);
      return;
    }
    raced = theirs.rev !== 0 && theirs.rev === rev;
    const view = current;
    // an unfinished turn this tab made itself (steps it played, not ones it was shown)
    const midTurn = ownChange && view && view.phase === "move" && view.can && view.can.undo;
    if (midTurn) {
      conflict = e.newValue;
      paintNotices();
    } else {
      takeOtherTab(e.newValue);
    }
  });
  events.click("tabs-take", () => takeOtherTab(conflict || readStore(gameKey(gameId))));
  // the stored save is newer than the one this tab wrote or took last: another tab's turn won
  const stale = (/** @type {string} */ id) => {
    const stored = readStore(gameKey(id));
    return stored && stored !== lastSave && saveRevision(stored).rev > rev ? stored : null;
  };
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
    paint(view) {
      current = view;
    },
    keep(answer) {
      if (answer.set_aside && !writeStore(`${ASIDE_KEY}.${Date.now()}`, answer.set_aside)) {
        // the engine said the old data was kept aside: it was not, so say that instead
        const m = answer.view && answer.view.message;
        if (m && m.key === "save_corrupt") m.key = "save_corrupt_lost";
      }
      const notes = takeLibraryNotes(); // the library set something right: say so
      if (notes.length && answer.view) answer.view.message = { key: notes[0], args: {} };
      const sameGame = answer.entry && answer.entry.id === gameId;
      /** @type {string | null} another game opened: its save as kept */
      let opened = null;
      if (answer.entry && !sameGame) {
        opened = readStore(gameKey(answer.entry.id));
        rev = saveRevision(opened).rev; // opened as kept
      }
      const newer = sameGame && !syncs && !conflict && typeof answer.save === "string" ? stale(gameId || "") : null;
      const synced = Boolean(answer.view && answer.view.message && answer.view.message.key === "synced");
      if (syncs && !synced && Date.now() - syncSent < 5000) {
        raced = true; // this tab's own answer, to a request sent before the other tab's game came: not kept
      } else if (syncs) {
        syncs = synced ? syncs - 1 : 0;
        ownChange = false;
        if (typeof answer.save === "string") lastEngineSave = answer.save;
        if (raced && answer.view) answer.view.message = { key: "tabs_race", args: {} };
        raced = false;
      } else if (newer) {
        raced = true; // written over this tab's turn in the meantime: its game is shown instead
        takeOtherTab(newer);
      } else if (opened !== null && answer.save === unstamped(opened) && !conflict) {
        // a game opened as it is kept (a start, the Games screen): its save, megabytes for a long
        // match, is not written again, nor its revision counted; only its entry is kept
        lastEngineSave = answer.save;
        lastSave = opened;
        lastEntry = answer.entry;
        saveProblem = keepEntry(answer.entry) ? null : lastStoreProblem() || "failed";
      } else if (typeof answer.save === "string" && !conflict) {
        if (answer.save !== lastEngineSave && answer.save !== unstamped(lastSave)) ownChange = true; // this tab changed the game
        lastEngineSave = answer.save;
        rev += 1;
        lastSave = stampSave(answer.save, rev, TAB);
        lastEntry = answer.entry;
        saveProblem = keepGame(lastSave, answer.entry) ? null : lastStoreProblem() || "failed";
      }
      if (answer.entry && answer.entry.id !== gameId) {
        gameId = answer.entry.id; // another game on the board: another tab's turns are not ours
        conflict = null;
        ownChange = false;
      }
      paintNotices();
      // a reload goes back to the game: neither the editor's set-up nor a lesson's board is kept
      if (!answer.view.editor && !answer.view.learn) writeStore(VIEW_KEY, JSON.stringify(answer.view));
    },
    destroy: () => events.off(),
  };
}

// -- a view to paint before Python is up: the last one seen, or the engine's start view ----------

/** @returns {FirstView} */
export function firstView() {
  try {
    const view = JSON.parse(readStore(VIEW_KEY) || "null");
    if (view && Array.isArray(view.checkers) && typeof view.position === "string") {
      // a view kept by an older page may lack the board's arrows
      return { ...view, arrows: Array.isArray(view.arrows) ? view.arrows : [], movable: [], destinations: [], selected: null, can: {}, screen: "board" };
    }
  } catch (_) {
    /* painted from the start position instead */
  }
  return startView();
}

// The engine's view of a fresh default session (web/presenter.py start_view), which the build
// puts into the page as JSON; an empty board where a page lacks it.
/** @returns {FirstView} */
export function startView() {
  try {
    const view = JSON.parse(document.getElementById("nard-start-view")?.textContent || "null");
    if (view && Array.isArray(view.checkers) && typeof view.position === "string") {
      return { ...view, screen: "board" };
    }
  } catch (_) {
    /* an empty board instead */
  }
  return { variant: "backgammon", token: "backgammon", options: [], cube_limit: 64, cube_face: 64, geometry: "opposite",
    numbering: [0, ...Array.from({ length: 24 }, (_, k) => 24 - k)], position: "", phase: "opening", turn: "w", to_act: null,
    checkers: [], points: {}, movable: [], selected: null, destinations: [], dice: [], dice_text: "", opening_dice: null,
    cube: { enabled: false, value: 1, owner: null, offered: false }, flipped: false, arrows: [], guide: null, players: {} };
}

// Save `data` (text, kept as JSON, or a Blob) as a file named `name`.
/**
 * @param {string | Blob} data
 * @param {string} name
 */
export function download(data, name) {
  const blob = data instanceof Blob ? data : new Blob([data], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
