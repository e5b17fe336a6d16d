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
const ASIDE_PREFIX = "nard.game-aside."; // a save whose id was not its key's
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
// of the list (its save stays where it is). An index that is not one (unreadable, another
// schema, no list of games), or that leaves out games whose saves are kept, is rebuilt from
// the saves: the damaged text is first kept aside under "nard.library.damaged.<time>", never
// written over, and the page says so (takeLibraryNotes). The saves themselves are only read.
/** @returns {Library} */
export function readLibrary() {
  const text = readStore(INDEX_KEY);
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
      damaged = true; // and the games it no longer lists are listed again below
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
  /** @type {Library} */
  const library = { schema: INDEX_SCHEMA, current, games };
  if (text !== null && !damaged) return library;
  // no index, or a damaged one: every game whose save is kept is listed again, from its save
  const unlisted = keptGameIds().filter((id) => !seen.has(id));
  if (text === null && !unlisted.length) return library; // nothing kept yet
  for (const id of unlisted) {
    const entry = entryOfSave(id, readStore(gameKey(id)));
    if (entry) games.push(entry);
  }
  if (text !== null && !keptAside(text)) return library; // kept aside, or left alone
  // Only a damaged index is news: none at all is also what a browser's first game meets
  // between its save and its entry being written.
  if (writeLibrary(library) && text !== null) notes.add("library_rebuilt");
  return library;
}

/** @type {Set<string>} what the page has to say about the library: message keys (msg.*) */
const notes = new Set();

/**
 * What the library had to set right since it was last asked (message keys, each said once).
 * @returns {string[]}
 */
export function takeLibraryNotes() {
  const taken = [...notes];
  notes.clear();
  return taken;
}

// The damaged index kept under "nard.library.damaged.<time>" (once: an index that could not be
// written again is not copied at every read).
/** @returns {boolean} whether it is kept */
function keptAside(/** @type {string} */ text) {
  const prefix = storeKey(`${INDEX_KEY}.damaged.`);
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key && key.startsWith(prefix) && window.localStorage.getItem(key) === text) return true;
    }
  } catch (_) {
    return false;
  }
  return writeStore(`${INDEX_KEY}.damaged.${Date.now()}`, text);
}

// The ids of every game whose save is kept ("nard.game.<id>", in this namespace).
/** @returns {string[]} */
function keptGameIds() {
  const prefix = storeKey(GAME_PREFIX);
  /** @type {string[]} */
  const ids = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (!key || !key.startsWith(prefix)) continue;
      const id = key.slice(prefix.length);
      if (GAME_ID.test(id)) ids.push(id);
    }
  } catch (_) {
    /* no storage: no games */
  }
  return ids;
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
    id,
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
    winner: null,
    started: true,
    link: null,
    name: "",
    created: 0,
    updated: 0,
  };
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
    const save = savedGame(id);
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
  return keepEntry(entry);
}

// Keep the entry of a game whose save is kept already, as it is (a game opened and not changed:
// its save, which may be megabytes long, is not written again). True when it was written.
/**
 * @param {LibraryEntry | undefined} entry
 */
export function keepEntry(entry) {
  if (!entry || typeof entry.id !== "string" || !GAME_ID.test(entry.id)) return false;
  writeSession(CURRENT_KEY, entry.id);
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

// A game's save. The key is trusted over the id the save holds: a save claiming another game's
// id would be opened, and then kept, as that game. Such a save is set aside as it was (under
// "nard.game-aside.<id>.<time>") and answered with the key's id (the page says so).
/**
 * @param {string} id
 * @returns {string | null} the game's save
 */
export function savedGame(id) {
  const text = readStore(gameKey(id));
  if (!text || ownId(text, id)) return text;
  /** @type {any} */
  let save;
  try {
    save = JSON.parse(text);
  } catch (_) {
    return text; // the engine says it cannot be read
  }
  if (!save || typeof save !== "object" || save.id === id || save.id === undefined) return text;
  if (!writeStore(`${ASIDE_PREFIX}${id}.${Date.now()}`, text)) return null; // not opened unless kept
  save.id = id;
  const mended = JSON.stringify(save);
  writeStore(gameKey(id), mended);
  notes.add("save_set_aside");
  return mended;
}

// Whether a save surely holds `id` as its only id, without reading the whole of it (a long match's
// save is megabytes): it begins as the engine writes it ({"schema":2,"app":"nard","id":…, after
// the page's revision), and no other key of the text can be "id" (none is spelled so, and no
// \u escape could spell one). Anything else is read whole (savedGame).
const SAVE_HEAD = /^\{(?:"rev":\d+,"tab":"[0-9a-z]*",)?"schema":2,"app":"nard","id":"([0-9a-f]{12})",/;

/**
 * @param {string} text
 * @param {string} id
 */
function ownId(text, id) {
  const head = SAVE_HEAD.exec(text);
  return Boolean(head && head[1] === id && !text.includes('"id"', head[0].length) && !text.includes("\\u"));
}

// -- revisions: which of two tabs' writes of one game wins -----------------------------------------
//
// Every save the page keeps starts {"rev":N,"tab":"<writer>", ...: N counts the writes of that
// game, and a tab writes N+1 only over N. Two tabs writing N+1 at the same instant: the higher
// writer wins, the other takes its game (library/saves.js). The engine ignores both fields.

const STAMP = /^\{"rev":(\d+),"tab":"([0-9a-z]*)",/;

/**
 * @param {string} save the engine's save
 * @param {number} rev
 * @param {string} tab
 * @returns {string}
 */
export function stampSave(save, rev, tab) {
  const plain = save.replace(STAMP, "{");
  return plain.startsWith("{") ? `{"rev":${rev},"tab":"${tab}",${plain.slice(1)}` : save;
}

/**
 * @param {string | null | undefined} text a save as kept
 * @returns {{rev: number, tab: string}} its revision (0 for a save of before revisions)
 */
export function saveRevision(text) {
  const stamp = text ? STAMP.exec(text) : null;
  return stamp ? { rev: Number(stamp[1]), tab: stamp[2] } : { rev: 0, tab: "" };
}

/**
 * @param {string | null | undefined} text
 * @returns {string | null | undefined} the save without its revision
 */
export function unstamped(text) {
  return text ? text.replace(STAMP, "{") : text;
}
