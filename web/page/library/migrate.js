// The library as the page kept it in localStorage before IndexedDB, moved into IndexedDB at the
// start, with nothing lost (docs/library.md):
//
//   "nard.library"           the index (schema 1): {schema, current, games: [entry ...]}
//   "nard.game.<id>"         each game's save, which began with the page's revision stamp
//                            {"rev":N,"tab":"<tab>", ... (taken off: revisions are kept beside it now)
//   "nard.save"              the single save of before the library (left for the engine to read
//                            once: store.js saveToOpen, then removed by the page)
//   "nard.library.damaged.*", "nard.game-aside.*", "nard.save.set-aside.*"
//                            what the page had kept aside: kept aside in IndexedDB too
//
// Each entry is checked as the page checked it; an index that is not one (unreadable, another
// schema, no list of games), or that leaves out games whose saves are kept, is rebuilt from the
// saves, its text kept aside, and the page says so (msg.library_rebuilt). A save holding another
// game's id is kept aside as it was and moved under its key's id (msg.save_set_aside). The keys
// are removed from localStorage only once the transaction that wrote them all has completed;
// a key written again later (another page of before) is moved at the next start.

import { readStore, removeStore, storedKeys } from "../keep.js";

/** @typedef {import("./store.js").StoredEntry} StoredEntry */
/** @typedef {import("./store.js").Stores} Stores */
/** @typedef {import("../view-model.js").LibraryEntry} LibraryEntry */
/**
 * @typedef {object} MoveDeps
 * @property {(mode: IDBTransactionMode, work: (stores: Stores, done: (value: unknown) => void) => void) => Promise<unknown>} run
 * @property {(key: string) => void} note a message for the page
 * @property {(entry: LibraryEntry) => string} outcomeOf
 * @property {(entry: LibraryEntry) => string} rivalOf
 */

export const OLD_SAVE_KEY = "nard.save";
const INDEX_KEY = "nard.library";
const GAME_PREFIX = "nard.game.";
const ASIDE_PREFIXES = ["nard.library.damaged.", "nard.game-aside.", "nard.save.set-aside"];
const INDEX_SCHEMA = 1;
const GAME_ID = /^[0-9a-f]{12}$/;
const MAX_NAME = 80;
const STAMP = /^\{"rev":(\d+),"tab":"[0-9a-z]*",/;

/** @param {MoveDeps} deps */
export async function moveFromLocalStorage(deps) {
  const indexText = readStore(INDEX_KEY);
  const saveKeys = storedKeys(GAME_PREFIX).filter((key) => GAME_ID.test(key.slice(GAME_PREFIX.length)));
  const asideKeys = ASIDE_PREFIXES.flatMap((prefix) => storedKeys(prefix));
  if (indexText === null && !saveKeys.length && !asideKeys.length) return;
  const { games, current, damaged } = readIndex(indexText);
  const listed = new Set(games.map((entry) => entry.id));
  for (const key of saveKeys) {
    const id = key.slice(GAME_PREFIX.length);
    if (listed.has(id)) continue;
    const entry = entryOfSave(id, readStore(key));
    if (entry) games.push(entry);
    else games.push(unknownEntry(id)); // not a save of this app: listed, and the engine says so when opened
    listed.add(id);
  }
  /** @type {{kind: string, id: string, text: string}[]} */
  const aside = asideKeys.map((key) => ({ kind: key.replace(/\.[^.]*$/, ""), id: "", text: readStore(key) || "" }));
  if (damaged && indexText !== null) aside.push({ kind: "library_index", id: "", text: indexText });
  /** @type {Map<string, string>} */
  const saves = new Map();
  let mended = false;
  for (const entry of games) {
    const text = readStore(GAME_PREFIX + entry.id);
    if (text === null) continue; // an entry whose save is missing: listed, and Games says so
    const { save, moved } = ownSave(entry.id, unstamped(text));
    if (moved) {
      aside.push({ kind: "save_other_id", id: entry.id, text });
      mended = true;
    }
    saves.set(entry.id, save);
  }
  await deps.run("readwrite", (stores) => {
    for (const entry of games) {
      stores.games.get(entry.id).onsuccess = function () {
        /** @type {StoredEntry | undefined} the same game already moved (from an older start) */
        const there = /** @type {IDBRequest} */ (this).result;
        const rev = ((there && there.rev) || 0) + 1;
        stores.games.put({ ...entry, rev, rival: deps.rivalOf(entry), outcome: deps.outcomeOf(entry) });
      };
      const save = saves.get(entry.id);
      if (save !== undefined) stores.saves.put(save, entry.id);
    }
    for (const item of aside) stores.aside.put({ ...item, when: Date.now() });
    if (current) stores.meta.put(current, "current");
  });
  // all written: localStorage gives them up
  for (const key of [...saveKeys, ...asideKeys]) removeStore(key);
  removeStore(INDEX_KEY);
  if (damaged && indexText !== null) deps.note("library_rebuilt");
  if (mended) deps.note("save_set_aside");
}

// The index as stored, its entries checked one by one: an entry that makes no sense is left out
// (its save is listed again from itself). `damaged`: the index is not one, or left games out.
/**
 * @param {string | null} text
 * @returns {{games: StoredEntry[], current: string | null, damaged: boolean}}
 */
function readIndex(text) {
  /** @type {any} parsed from storage, which another page could have written: checked below */
  let data = null;
  let damaged = false;
  try {
    data = JSON.parse(text || "null");
  } catch (_) {
    damaged = true;
  }
  if (text !== null && (!data || typeof data !== "object" || data.schema !== INDEX_SCHEMA || !Array.isArray(data.games))) {
    damaged = true;
  }
  /** @type {StoredEntry[]} */
  const games = [];
  const seen = new Set();
  for (const entry of damaged || !data ? [] : data.games) {
    if (!entry || typeof entry !== "object" || typeof entry.id !== "string" || !GAME_ID.test(entry.id)) {
      damaged = true;
      continue;
    }
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    games.push({
      ...entry,
      name: typeof entry.name === "string" ? entry.name.slice(0, MAX_NAME) : "",
      created: Number(entry.created) || 0,
      updated: Number(entry.updated) || 0,
    });
  }
  const current = !damaged && data && typeof data.current === "string" && seen.has(data.current) ? data.current : null;
  const unlisted = (/** @type {string} */ key) => GAME_ID.test(key.slice(GAME_PREFIX.length)) && !seen.has(key.slice(GAME_PREFIX.length));
  if (text !== null && !damaged && storedKeys(GAME_PREFIX).some(unlisted)) {
    damaged = true; // an index that leaves out games whose saves are kept
  }
  return { games, current, damaged };
}

// The least entry the Games screen can list for a save (the engine writes the whole entry when
// the game is opened), or null when the save is not one of this app's.
/**
 * @param {string} id
 * @param {string | null} text
 * @returns {StoredEntry | null}
 */
function entryOfSave(id, text) {
  /** @type {any} checked below */
  let save;
  try {
    save = JSON.parse(text || "null");
  } catch (_) {
    return null;
  }
  if (!save || typeof save !== "object" || save.app !== "nard") return null;
  const settings = save.settings && typeof save.settings === "object" ? save.settings : {};
  const match = save.match && typeof save.match === "object" ? save.match : null;
  const game = (match ? match.game : save.game) || {};
  const token = typeof settings.variant === "string" ? settings.variant : typeof game.variant === "string" ? game.variant : "";
  const score = match && Array.isArray(match.score) ? match.score : Array.isArray(save.tally) ? save.tally : [0, 0];
  return {
    ...unknownEntry(id),
    variant: token.split("+")[0],
    token,
    opponent: settings.opponent === "computer" ? "computer" : "human",
    level: String(settings.level || ""),
    seat: settings.seat === "b" ? "b" : "w",
    match_length: Number(settings.match_length) || 0,
    score: score.slice(0, 2).map((/** @type {unknown} */ n) => Number(n) || 0),
    position: typeof game.position === "string" ? game.position : "",
    phase: typeof game.phase === "string" ? game.phase : "",
    over: Boolean(game.result) && !match,
  };
}

/** @returns {StoredEntry} the entry of a save nothing can be read of */
function unknownEntry(/** @type {string} */ id) {
  return { id, variant: "", token: "", opponent: "human", level: "", seat: "w", match_length: 0, score: [0, 0],
    position: "", phase: "", over: false, winner: null, started: true, link: null, name: "", created: 0, updated: 0 };
}

/** @returns {string} the save without the page's old revision stamp */
function unstamped(/** @type {string} */ text) {
  return text.replace(STAMP, "{");
}

// The key is trusted over the id the save holds: a save claiming another game's id would be
// opened, and then kept, as that game. Such a save is answered with the key's id (`moved`: the
// text as it was is kept aside by the caller).
/**
 * @param {string} id
 * @param {string} text
 * @returns {{save: string, moved: boolean}}
 */
function ownSave(id, text) {
  /** @type {any} */
  let save;
  try {
    save = JSON.parse(text);
  } catch (_) {
    return { save: text, moved: false }; // the engine says it cannot be read, and sets it aside
  }
  if (!save || typeof save !== "object" || save.id === id || save.id === undefined) return { save: text, moved: false };
  save.id = id;
  return { save: JSON.stringify(save), moved: true };
}
