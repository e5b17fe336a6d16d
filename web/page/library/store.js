// The player's games in localStorage: storage that never throws, and the library.
//
// The library (schema 1 of "nard.library"): an index of entries, one per game or match, and
// each game's save (web/persistence.py) under "nard.game.<id>". The engine gives every game
// its id and, with each answer, the entry to list (variant, opponent, score, position ...);
// this module adds the times and the name the player gave it. Which game this tab shows is
// kept in sessionStorage, so a reload brings back this tab's game even when another tab
// played a different one since.
//
// Before the library, one game was kept under "nard.save" (save schema 1, no id): it is read
// once as the library's first game and removed when its entry is written.
//
// The app embedded in another page (?embed=1, docs/embed.md) keeps everything of its own under
// "nard.embed." instead of "nard.": its games stay apart from the site's own.

/** @typedef {import("../view-model.js").LibraryEntry} LibraryEntry */
/**
 * An entry of the library: the engine's, with the name the player gave it and its times.
 * @typedef {LibraryEntry & {name: string, created: number, updated: number}} StoredEntry
 */
/** @typedef {{schema: number, current: string | null, games: StoredEntry[]}} Library */
/** @typedef {{entry: StoredEntry, save: string | null}} Removed */

export const OLD_SAVE_KEY = "nard.save";
export const INDEX_KEY = "nard.library";
export const GAME_PREFIX = "nard.game.";
const CURRENT_KEY = "nard.current"; // sessionStorage: the id of the game this tab shows
const INDEX_SCHEMA = 1;
const GAME_ID = /^[0-9a-f]{12}$/;
const MAX_NAME = 80;

export const EMBEDDED = new URLSearchParams(location.search).get("embed") === "1";
const EMBED_NAMESPACE = "nard.embed.";

// The key a name is kept under: "nard.x" is "nard.embed.x" in the embedded app.
/**
 * @param {string} key
 * @returns {string}
 */
export function storeKey(key) {
  if (!EMBEDDED || !key.startsWith("nard.") || key.startsWith(EMBED_NAMESPACE)) return key;
  return EMBED_NAMESPACE + key.slice("nard.".length);
}

// -- storage that never throws (private windows, full quota) ----------------------------------

/** @returns {string | null} */
export function readStore(/** @type {string} */ key) {
  try {
    return window.localStorage.getItem(storeKey(key));
  } catch (_) {
    return null;
  }
}

// Why the last write failed ("quota", "denied", "failed"), or null when it was written and read back.
/** @type {"quota" | "denied" | "failed" | null} */
let storeProblem = null;

/** @returns {typeof storeProblem} */
export function lastStoreProblem() {
  return storeProblem; // a function, not an exported `let`: the inlined page copies exports once
}

/** True when `value` was written and read back. */
export function writeStore(/** @type {string} */ name, /** @type {string} */ value) {
  const key = storeKey(name);
  try {
    window.localStorage.setItem(key, value);
    if (window.localStorage.getItem(key) !== value) throw new Error("read back differs");
    storeProblem = null;
    return true;
  } catch (error) {
    const name = error && /** @type {{name?: unknown}} */ (error).name;
    storeProblem = name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" ? "quota"
      : name === "SecurityError" || !storageReachable() ? "denied" : "failed";
    return false;
  }
}

/** @param {string} key */
export function removeStore(key) {
  try {
    window.localStorage.removeItem(storeKey(key));
  } catch (_) {
    /* nothing kept to remove */
  }
}

function storageReachable() {
  try {
    return Boolean(window.localStorage);
  } catch (_) {
    return false;
  }
}

function readSession(/** @type {string} */ key) {
  try {
    return window.sessionStorage.getItem(storeKey(key));
  } catch (_) {
    return null;
  }
}

function writeSession(/** @type {string} */ key, /** @type {string} */ value) {
  try {
    window.sessionStorage.setItem(storeKey(key), value);
  } catch (_) {
    /* the shared index's current game is used instead */
  }
}

// -- the library ----------------------------------------------------------------------------------

export const gameKey = (/** @type {string | undefined} */ id) => storeKey(GAME_PREFIX + id); // as storage events name it

// The index as stored, its entries checked one by one: an entry that makes no sense is left out
// of the list (its save stays where it is), an index that is not one starts empty.
/** @returns {Library} */
export function readLibrary() {
  /** @type {Library} */
  const empty = { schema: INDEX_SCHEMA, current: null, games: [] };
  /** @type {any} parsed from storage, which another page could have written: checked below */
  let data;
  try {
    data = JSON.parse(readStore(INDEX_KEY) || "null");
  } catch (_) {
    return empty;
  }
  if (!data || typeof data !== "object" || data.schema !== INDEX_SCHEMA || !Array.isArray(data.games)) return empty;
  /** @type {StoredEntry[]} */
  const games = [];
  const seen = new Set();
  for (const entry of data.games) {
    if (!entry || typeof entry !== "object" || typeof entry.id !== "string" || !GAME_ID.test(entry.id)) continue;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    games.push({
      ...entry,
      name: typeof entry.name === "string" ? entry.name.slice(0, MAX_NAME) : "",
      created: Number(entry.created) || 0,
      updated: Number(entry.updated) || 0,
    });
  }
  const current = typeof data.current === "string" && seen.has(data.current) ? data.current : null;
  return { schema: INDEX_SCHEMA, current, games };
}

function writeLibrary(/** @type {Library} */ library) {
  return writeStore(INDEX_KEY, JSON.stringify(library));
}

// Newest first.
/** @returns {StoredEntry[]} */
export function listGames() {
  return readLibrary().games.sort((a, b) => b.updated - a.updated);
}

// The save to start with: this tab's game, else the library's last one, else the newest; the
// old single slot when there is no library yet. {save, id} (id null for the old slot), or null.
/** @returns {{save: string, id: string | null} | null} */
export function saveToOpen() {
  const library = readLibrary();
  const ids = new Set(library.games.map((g) => g.id));
  const candidates = [readSession(CURRENT_KEY), library.current, ...listGames().map((g) => g.id)];
  for (const id of candidates) {
    if (!id || !ids.has(id)) continue;
    const save = readStore(gameKey(id));
    if (save) return { save, id };
  }
  const old = readStore(OLD_SAVE_KEY);
  return old ? { save: old, id: null } : null;
}

// Keep the engine's answer: the save under its id and the entry in the index. True when both
// were written and read back (else lastStoreProblem() says why).
/**
 * @param {string} save
 * @param {LibraryEntry | undefined} entry
 */
export function keepGame(save, entry) {
  if (!entry || typeof entry.id !== "string" || !GAME_ID.test(entry.id)) return false;
  writeSession(CURRENT_KEY, entry.id);
  if (!writeStore(gameKey(entry.id), save)) return false;
  const library = readLibrary(); // read again: another tab may have changed the index
  const now = Date.now();
  const old = library.games.find((g) => g.id === entry.id);
  /** @type {StoredEntry} */
  const kept = { ...entry, name: old ? old.name : "", created: old ? old.created : now, updated: now };
  // the game this one replaces on the board, if nobody ever rolled in it, is not worth a place
  const replaced = library.current !== entry.id && library.games.find((g) => g.id === library.current);
  const forgotten = replaced && replaced.started === false ? replaced.id : null;
  library.games = [kept, ...library.games.filter((g) => g.id !== entry.id && g.id !== forgotten)];
  library.current = entry.id;
  if (!writeLibrary(library)) return false;
  if (forgotten) removeStore(gameKey(forgotten));
  removeStore(OLD_SAVE_KEY); // the single slot of old now lives in the library
  return true;
}

/**
 * @param {string} id
 * @param {string} name
 * @returns {boolean} whether the library was written
 */
export function renameGame(id, name) {
  const library = readLibrary();
  const entry = library.games.find((g) => g.id === id);
  if (!entry) return false;
  entry.name = String(name).trim().slice(0, MAX_NAME);
  return writeLibrary(library);
}

// Remove a game; answers what `restoreGame` needs to bring it back (undo), or null.
/** @returns {Removed | null} */
export function deleteGame(/** @type {string} */ id) {
  const library = readLibrary();
  const entry = library.games.find((g) => g.id === id);
  if (!entry) return null;
  const save = readStore(gameKey(id));
  library.games = library.games.filter((g) => g.id !== id);
  if (library.current === id) library.current = null;
  if (!writeLibrary(library)) return null;
  removeStore(gameKey(id));
  return { entry, save };
}

/**
 * @param {Removed | null} removed what deleteGame answered
 * @returns {boolean} whether the game is back
 */
export function restoreGame(removed) {
  if (!removed || !removed.save) return false;
  if (!writeStore(gameKey(removed.entry.id), removed.save)) return false;
  const library = readLibrary();
  library.games = [removed.entry, ...library.games.filter((g) => g.id !== removed.entry.id)];
  return writeLibrary(library);
}

/**
 * @param {string} id
 * @returns {string | null} the game's save
 */
export function savedGame(id) {
  return readStore(gameKey(id));
}
