// The player's games in IndexedDB: every game's save and its entry in the library, in one
// database ("nard", "nard.embed" for the app embedded in another page: docs/embed.md).
//
//   games   one entry per game or match (the engine's LibraryEntry, the name the player gave it,
//           its times, its revision, its background review's summary); indexes by date (updated), game (variant), opponent and
//           level (rival) and result from the player's side (outcome), each with the date
//   saves   each game's save (web/worker/saves.py save_text), by the game's id
//   aside   what could not be read or kept as it was: never lost, never opened again by itself
//   meta    the game on the board last ("current"), whether persistence was asked for
//   summaries  each save's summary for Statistics, with the revision it was made of (summaries.js)
//
// Plain IndexedDB, wrapped here in one small helper (`run`): a transaction, its requests and
// their callbacks, one promise for its end. Where the browser denies IndexedDB (a cross-site
// frame with storage blocked) the library lives in memory for the visit and says so
// (libraryKept() false: the page shows the storage notice). Games kept in localStorage by the
// page before IndexedDB are moved over at the start (library/migrate.js).

import { EMBEDDED, readSession, readStore, removeStore, writeSession } from "../keep.js";
import { OLD_SAVE_KEY, moveFromLocalStorage } from "./migrate.js";

/** @typedef {import("../view-model.js").LibraryEntry} LibraryEntry */
/**
 * An entry of the library: the engine's, with the name the player gave it, its times, its
 * revision (the writes of its save) and the keys of two indexes.
 * @typedef {LibraryEntry & {name: string, created: number, updated: number, rev?: number,
 *   rival?: string, outcome?: string, review?: Record<string, unknown>}} StoredEntry
 */
/** @typedef {{entry: StoredEntry, save: string | null}} Removed */
/** @typedef {{[name: string]: IDBObjectStore}} Stores */

const DB_NAME = EMBEDDED ? "nard.embed" : "nard";
const DB_VERSION = 2; // 2: the store summaries
const STORES = ["games", "saves", "aside", "meta", "summaries"];
export const GAME_ID = /^[0-9a-f]{12}$/;
export const MAX_NAME = 80;
const CURRENT_KEY = "nard.current"; // sessionStorage: the id of the game this tab shows

/** @type {Promise<IDBDatabase | null> | null} */
let opened = null;
let kept = true; // false: IndexedDB denied, the library in memory only
/** @type {"quota" | "denied" | "failed" | null} */
let problem = null;
/** @type {Map<string, StoredEntry> | null} every entry, once listed: kept in step by this tab's writes */
let cache = null;

/** @type {Set<string>} what the page has to say about the library: message keys (msg.*) */
const notes = new Set();

// -- the database ----------------------------------------------------------------------------------

/** @returns {Promise<IDBDatabase | null>} the database, null where IndexedDB is denied */
function database() {
  if (!opened) opened = openDatabase().then(async (db) => {
    kept = db !== null;
    if (!kept) problem = "denied";
    memoryDb = db ? null : memoryDatabase();
    const on = db || memoryDb;
    await moveFromLocalStorage({ run: (mode, work) => runOn(on, mode, work), note: (key) => notes.add(key), outcomeOf, rivalOf })
      .catch((error) => console.warn("the games kept in localStorage stay there:", error));
    return db;
  });
  return opened;
}

/** @type {IDBDatabase | null} the stand-in where IndexedDB is denied */
let memoryDb = null;

/** @returns {Promise<IDBDatabase | null>} */
function openDatabase() {
  return new Promise((resolve) => {
    /** @type {IDBOpenDBRequest} */
    let request;
    try {
      // the in-memory stand-in of boot/idb-fallback.js, where IndexedDB is denied, keeps nothing
      if (!globalThis.indexedDB || /** @type {any} */ (globalThis.indexedDB).standIn) return resolve(null);
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (_) {
      return resolve(null);
    }
    // a new database, or one of an earlier version: the stores it lacks (version 2 added summaries)
    request.onupgradeneeded = () => {
      const db = request.result;
      const lacks = (/** @type {string} */ name) => !db.objectStoreNames.contains(name);
      if (lacks("games")) {
        const games = db.createObjectStore("games", { keyPath: "id" });
        games.createIndex("updated", "updated");
        games.createIndex("variant", ["variant", "updated"]);
        games.createIndex("rival", ["rival", "updated"]);
        games.createIndex("outcome", ["outcome", "updated"]);
      }
      for (const name of ["saves", "meta", "summaries"]) if (lacks(name)) db.createObjectStore(name);
      if (lacks("aside")) db.createObjectStore("aside", { autoIncrement: true });
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close(); // a newer page's database: this one steps aside
      resolve(db);
    };
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

// One transaction over every store: `work(stores, done)` makes its requests (their callbacks may
// make more); the promise gives what `done` was last called with once the transaction completed,
// or rejects with its error (a full disk: "quota").
/**
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(stores: Stores, done: (value: T) => void) => void} work
 * @returns {Promise<T | undefined>}
 */
export async function run(mode, work) {
  return runOn((await database()) || memoryDb, mode, work);
}

/**
 * @template T
 * @param {IDBDatabase | null} db
 * @param {IDBTransactionMode} mode
 * @param {(stores: Stores, done: (value: T) => void) => void} work
 * @returns {Promise<T | undefined>}
 */
function runOn(db, mode, work) {
  if (!db) return Promise.reject(new Error("no library"));
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORES, mode);
    /** @type {T | undefined} */
    let result;
    /** @type {Stores} */
    const stores = {};
    for (const name of STORES) stores[name] = transaction.objectStore(name);
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = transaction.onabort = () => reject(thrown.get(transaction) || transaction.error || new Error("aborted"));
    try {
      work(stores, (value) => {
        result = value;
      });
    } catch (error) {
      thrown.set(transaction, error);
      transaction.abort();
    }
  });
}

/**
 * A request's result to `then` when it succeeds.
 * @param {IDBRequest} request
 * @param {(result: any) => void} then
 */
export function when(request, then) {
  request.onsuccess = () => {
    try {
      then(request.result);
    } catch (error) {
      // a write refused (a full disk): the whole transaction is undone, and says why
      if (request.transaction) {
        thrown.set(request.transaction, error);
        request.transaction.abort();
      }
    }
  };
}

/** @type {WeakMap<IDBTransaction, unknown>} what a transaction's callbacks threw */
const thrown = new WeakMap();

// Where IndexedDB is denied: the same calls on maps, for this visit only.
/** @returns {IDBDatabase} */
function memoryDatabase() {
  /** @type {Map<string, Map<unknown, unknown>>} */
  const data = new Map(STORES.map((name) => [name, new Map()]));
  let nextKey = 1;
  /** @type {any} */
  const db = {
    transaction() {
      /** @type {any} */
      const transaction = { oncomplete: null, onerror: null, onabort: null, error: null };
      let pending = 0;
      let done = false;
      const settle = () => setTimeout(() => {
        if (pending || done) return;
        done = true;
        transaction.oncomplete?.();
      });
      const call = (/** @type {() => unknown} */ work) => {
        /** @type {any} */
        const request = { result: undefined, onsuccess: null };
        pending += 1;
        queueMicrotask(() => {
          request.result = work();
          request.onsuccess?.();
          pending -= 1;
          if (!pending) settle();
        });
        return request;
      };
      transaction.objectStore = (/** @type {string} */ name) => {
        const map = /** @type {Map<unknown, unknown>} */ (data.get(name));
        const all = () => [...map.values()].map((v) => structuredClone(v));
        return {
          get: (/** @type {unknown} */ key) => call(() => structuredClone(map.get(key))),
          put: (/** @type {any} */ value, /** @type {unknown} */ key) => call(() => {
            const at = key !== undefined ? key : name === "games" ? value.id : nextKey++;
            map.set(at, structuredClone(value));
            return at;
          }),
          delete: (/** @type {unknown} */ key) => call(() => void map.delete(key)),
          getAll: () => call(all),
          // (the newest first is asked for only when no game is current: none is kept yet here)
          index: () => ({ getAll: () => call(all), openCursor: () => call(() => null) }),
        };
      };
      settle();
      return transaction;
    },
    close() {},
  };
  return db;
}

// -- what the page asks of the library ---------------------------------------------------------------

/** Open the library (and move any game left in localStorage into it); at the start. */
export async function openLibrary() {
  await database();
}

/** @returns {boolean} false where IndexedDB is denied: nothing outlives the visit */
export function libraryKept() {
  return kept;
}

/** @returns {typeof problem} why the last write failed, or null */
export function lastStoreProblem() {
  return problem;
}

/**
 * What the library had to set right since it was last asked (message keys, each said once).
 * @returns {string[]}
 */
export function takeLibraryNotes() {
  const taken = [...notes];
  notes.clear();
  return taken;
}

// The result of a game from the player's side (the index "outcome"): "on" while it is played,
// "won", "lost" or "draw" for the seat the player took, "over" for two players at one device.
/** @param {LibraryEntry} entry */
export function outcomeOf(entry) {
  if (!entry.over) return "on";
  if (entry.winner !== "w" && entry.winner !== "b") return "draw";
  const mine = entry.link ? entry.link.side : entry.opponent === "computer" ? entry.seat : null;
  if (!mine) return "over";
  return entry.winner === mine ? "won" : "lost";
}

// Who the game was against (the index "rival"): "computer:<level>", "link" or "human".
/** @param {LibraryEntry} entry */
export function rivalOf(entry) {
  return entry.link ? "link" : entry.opponent === "computer" ? `computer:${entry.level}` : "human";
}

/**
 * Every entry, newest first (kept in memory once read: 100,000 entries are read once).
 * @returns {Promise<StoredEntry[]>}
 */
export async function listGames() {
  if (!cache) {
    /** @type {StoredEntry[]} */
    const all = (await run("readonly", (stores, done) => when(stores.games.getAll(), done))) || [];
    cache = new Map(all.map((entry) => [entry.id, entry]));
    newestFirst = null;
  }
  if (!newestFirst) newestFirst = [...cache.values()].sort((a, b) => b.updated - a.updated);
  return newestFirst; // shared: read, never changed, by the caller
}

/** @returns {boolean} whether every entry is in memory (listGames answers at once) */
export function listed() {
  return cache !== null;
}

/**
 * The newest `count` entries, by the index of dates: what Games shows first while it reads the rest.
 * @returns {Promise<StoredEntry[]>}
 */
export async function newestGames(/** @type {number} */ count) {
  /** @type {StoredEntry[]} */
  const found = [];
  await run("readonly", (stores) => {
    when(stores.games.index("updated").openCursor(null, "prev"), (cursor) => {
      if (!cursor) return;
      found.push(cursor.value);
      if (found.length < count) cursor.continue();
    });
  });
  return found;
}

/** @type {StoredEntry[] | null} the entries in memory, newest first, until one of them changes */
let newestFirst = null;

/** @returns {Promise<StoredEntry[]>} the games played by link (the index "rival") */
export async function linkedGames() {
  const range = IDBKeyRange.bound(["link", -Infinity], ["link", Infinity]);
  /** @type {StoredEntry[]} */
  const found = (await run("readonly", (stores, done) => when(stores.games.index("rival").getAll(range), done))) || [];
  return found.filter((entry) => entry.rival === "link");
}

/** Another tab changed the library: the entries are read again when next listed. */
export function forgetListing() {
  cache = null;
}

/** @returns {Promise<StoredEntry | undefined>} */
export async function gameEntry(/** @type {string} */ id) {
  return run("readonly", (stores, done) => when(stores.games.get(id), done));
}

// The save to start with: this tab's game, else the library's last one, else the newest, else
// the single save of before the library (web/page/library/migrate.js OLD_SAVE_KEY).
/** @returns {Promise<{save: string, id: string | null} | null>} */
export async function saveToOpen() {
  const tabs = readSession(CURRENT_KEY);
  /** @type {{save: string, id: string} | undefined} */
  const found = await run("readonly", (stores, done) => {
    const tryId = (/** @type {unknown} */ id, /** @type {() => void} */ otherwise) => {
      if (typeof id !== "string" || !GAME_ID.test(id)) return otherwise();
      when(stores.saves.get(id), (save) => (typeof save === "string" ? done({ save, id }) : otherwise()));
    };
    const newest = () => {
      const cursor = stores.games.index("updated").openCursor(null, "prev");
      when(cursor, (c) => c && tryId(c.value.id, () => c.continue()));
    };
    tryId(tabs, () => when(stores.meta.get("current"), (current) => tryId(current, newest)));
  });
  if (found) return found;
  const old = readStore(OLD_SAVE_KEY);
  return old ? { save: old, id: null } : null;
}

/** @returns {Promise<string | null>} the game's save */
export async function savedGame(/** @type {string} */ id) {
  const save = await run("readonly", (stores, done) => when(stores.saves.get(id), done));
  return typeof save === "string" ? save : null;
}

/** @returns {Promise<number>} how many times the game's save was written (0: not kept) */
export async function storedRevision(/** @type {string | undefined} */ id) {
  if (!id) return 0;
  const entry = await gameEntry(id);
  return (entry && entry.rev) || 0;
}

// Keep the engine's answer: its entry, and its save unless `save` is null (a game opened as it is
// kept: its save, which may be megabytes long, is not written again). In one transaction, with
// the game this one replaces on the board forgotten if nobody ever rolled in it. The revision
// written, or null when it could not be kept (lastStoreProblem() says why).
/**
 * @param {string | null} save
 * @param {LibraryEntry} entry
 * @returns {Promise<number | null>}
 */
export async function keepGame(save, entry) {
  if (!entry || typeof entry.id !== "string" || !GAME_ID.test(entry.id)) return null;
  writeSession(CURRENT_KEY, entry.id);
  try {
    const rev = await run("readwrite", (stores, done) => {
      when(stores.games.get(entry.id), (/** @type {StoredEntry | undefined} */ old) => {
        const now = Date.now();
        const rev = ((old && old.rev) || 0) + (save === null ? 0 : 1);
        /** @type {StoredEntry} */
        const record = { ...entry, name: old ? old.name : "", created: old ? old.created : now, updated: now, rev,
          rival: rivalOf(entry), outcome: outcomeOf(entry) };
        // a finished game's background review stays with it: its moves do not change any more
        if (old && old.review && old.over && entry.over) record.review = old.review;
        putEntry(stores, record);
        if (save !== null) stores.saves.put(save, entry.id);
        when(stores.meta.get("current"), (current) => {
          stores.meta.put(entry.id, "current");
          if (typeof current !== "string" || current === entry.id) return;
          when(stores.games.get(current), (replaced) => {
            if (!replaced || replaced.started !== false) return;
            stores.games.delete(current);
            stores.saves.delete(current);
            stores.summaries.delete(current);
            if (cache) cache.delete(current);
            newestFirst = null;
          });
        });
        done(rev);
      });
    });
    problem = kept ? null : "denied";
    removeStore(OLD_SAVE_KEY); // the single slot of old now lives in the library
    return rev === undefined ? null : rev;
  } catch (error) {
    const name = error && /** @type {{name?: unknown}} */ (error).name;
    problem = name === "QuotaExceededError" ? "quota" : kept ? "failed" : "denied";
    cache = null; // what was written is read again
    return null;
  }
}

/**
 * Keep what could not be read or kept as it was (a save the engine refused, a damaged index).
 * @param {string} kind
 * @param {string} text
 * @param {string} [id] the game it was kept under
 * @returns {Promise<boolean>} whether it is kept
 */
export async function keepAside(kind, text, id = "") {
  try {
    await run("readwrite", (stores) => stores.aside.put({ kind, id, text, when: Date.now() }));
    return kept;
  } catch (_) {
    return false;
  }
}

/**
 * @param {string} id
 * @param {string} name
 * @returns {Promise<boolean>} whether it was written
 */
export async function renameGame(id, name) {
  try {
    const done = await run("readwrite", (stores, ok) => when(stores.games.get(id), (entry) => {
      if (!entry) return;
      entry.name = String(name).trim().slice(0, MAX_NAME);
      putEntry(stores, entry);
      ok(true);
    }));
    return Boolean(done);
  } catch (_) {
    return false;
  }
}

// Remove a game; answers what `restoreGame` needs to bring it back (undo), or null.
/** @returns {Promise<Removed | null>} */
export async function deleteGame(/** @type {string} */ id) {
  try {
    /** @type {Removed | undefined} */
    const removed = await run("readwrite", (stores, done) => when(stores.games.get(id), (entry) => {
      if (!entry) return;
      when(stores.saves.get(id), (save) => {
        stores.games.delete(id);
        stores.saves.delete(id);
        stores.summaries.delete(id);
        when(stores.meta.get("current"), (current) => current === id && stores.meta.delete("current"));
        if (cache) cache.delete(id);
        newestFirst = null;
        done({ entry, save: typeof save === "string" ? save : null });
      });
    }));
    return removed || null;
  } catch (_) {
    return null;
  }
}

/**
 * @param {Removed | null} removed what deleteGame answered
 * @returns {Promise<boolean>} whether the game is back
 */
export async function restoreGame(removed) {
  if (!removed || !removed.save) return false;
  const { entry, save } = removed;
  try {
    await run("readwrite", (stores) => {
      stores.games.put(entry);
      stores.saves.put(save, entry.id);
    });
    if (cache) cache.set(entry.id, entry);
    newestFirst = null;
    return true;
  } catch (_) {
    return false;
  }
}

// -- the whole library as one file (library/backup.js, web/worker/backup.py) ---------------------------

/**
 * Every game with its save (and its background review, when kept), as the library file holds them.
 * @returns {Promise<{id: string, name: string, created: number, updated: number, save: string,
 *   review?: Record<string, unknown>}[]>}
 */
export async function allSavedGames() {
  const entries = await listGames();
  /** @type {Map<string, string>} */
  const texts = new Map();
  await run("readonly", (stores) => {
    for (const entry of entries) when(stores.saves.get(entry.id), (save) => typeof save === "string" && texts.set(entry.id, save));
  });
  return entries.filter((entry) => texts.has(entry.id)).map((entry) => ({ id: entry.id, name: entry.name || "",
    created: entry.created || 0, updated: entry.updated || 0, save: /** @type {string} */ (texts.get(entry.id)),
    ...(entry.review ? { review: entry.review } : {}) }));
}

/** @typedef {import("../view-model.js").ImportedGame} ImportedGame */
/** @typedef {{added: number, replaced: number, kept: number}} Merged */

// Imported games into the library, in one transaction, never twice: a game whose id is there
// already with the same save is left as it is; with another save, the copy changed later is kept
// and the other set aside (a file's game, of no date, never replaces one kept here). Saves the
// engine could not read are set aside.
/**
 * @param {ImportedGame[]} games
 * @param {string[]} unreadable
 * @returns {Promise<Merged | null>} what was done, or null when nothing could be written
 */
export async function mergeGames(games, unreadable) {
  const now = Date.now();
  /** @type {Merged} */
  const merged = { added: 0, replaced: 0, kept: 0 };
  try {
    await run("readwrite", (stores) => {
      for (const text of unreadable) stores.aside.put({ kind: "import_unreadable", id: "", text, when: now });
      for (const game of games) {
        if (!GAME_ID.test(game.id) || game.entry.id !== game.id) continue;
        when(stores.games.get(game.id), (/** @type {StoredEntry | undefined} */ old) => {
          when(stores.saves.get(game.id), (/** @type {unknown} */ save) => {
            if (old && save === game.save) {
              merged.kept += 1;
              if (game.review && !old.review && old.over) putEntry(stores, { ...old, review: game.review });
              return;
            }
            if (old && typeof save === "string" && !(game.updated > (old.updated || 0))) {
              merged.kept += 1;
              if (game.updated) stores.aside.put({ kind: "import_older", id: game.id, text: game.save, when: now });
              return;
            }
            if (old && typeof save === "string") stores.aside.put({ kind: "import_replaced", id: game.id, text: save, when: now });
            /** @type {StoredEntry} */
            const record = { ...game.entry, name: String(game.name || (old && old.name) || "").slice(0, MAX_NAME),
              created: game.created || (old && old.created) || now, updated: game.updated || now,
              rev: ((old && old.rev) || 0) + 1, rival: rivalOf(game.entry), outcome: outcomeOf(game.entry) };
            if (game.review && game.entry.over) record.review = game.review; // the file's review of this save
            putEntry(stores, record);
            stores.saves.put(game.save, game.id);
            if (old) merged.replaced += 1;
            else merged.added += 1;
          });
        });
      }
    });
    return merged;
  } catch (_) {
    cache = null; // what was written is read again
    return null;
  }
}

// An entry written, and this tab's list of entries kept in step.
function putEntry(/** @type {Stores} */ stores, /** @type {StoredEntry} */ record) {
  stores.games.put(record);
  if (cache) cache.set(record.id, record);
  newestFirst = null;
}

/**
 * Keep a finished game's background review (web/worker/background.py) with its entry (not if
 * it is gone, or not over: then the review is no longer its own).
 * @param {string} id
 * @param {Record<string, unknown>} review
 * @returns {Promise<boolean>} whether it is kept
 */
export async function keepReview(id, review) {
  try {
    const kept = await run("readwrite", (stores, done) => {
      when(stores.games.get(id), (/** @type {StoredEntry | undefined} */ entry) => {
        if (!entry || !entry.over) return done(false);
        putEntry(stores, { ...entry, review });
        done(true);
      });
    });
    return Boolean(kept);
  } catch (_) {
    return false;
  }
}
