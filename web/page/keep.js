// Small things kept in localStorage, read at once before anything else runs: the language and
// the last view painted. Storage that never throws (private windows, full quota, a frame with
// storage blocked). The games themselves live in IndexedDB (library/store.js).
//
// The app embedded in another page (?embed=1, docs/embed.md) keeps everything of its own under
// "nard.embed." instead of "nard.": its games stay apart from the site's own.

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

/** @returns {string | null} */
export function readStore(/** @type {string} */ key) {
  try {
    return window.localStorage.getItem(storeKey(key));
  } catch (_) {
    return null;
  }
}

/** True when `value` was written and read back. */
export function writeStore(/** @type {string} */ name, /** @type {string} */ value) {
  const key = storeKey(name);
  try {
    window.localStorage.setItem(key, value);
    return window.localStorage.getItem(key) === value;
  } catch (_) {
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

// Every key of localStorage in this namespace that begins with `prefix` ("nard.game." ...), as
// named without the namespace.
/** @returns {string[]} */
export function storedKeys(/** @type {string} */ prefix) {
  const full = storeKey(prefix);
  /** @type {string[]} */
  const keys = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key && key.startsWith(full)) keys.push(prefix + key.slice(full.length));
    }
  } catch (_) {
    /* no storage: no keys */
  }
  return keys;
}

export function readSession(/** @type {string} */ key) {
  try {
    return window.sessionStorage.getItem(storeKey(key));
  } catch (_) {
    return null;
  }
}

export function writeSession(/** @type {string} */ key, /** @type {string} */ value) {
  try {
    window.sessionStorage.setItem(storeKey(key), value);
  } catch (_) {
    /* the library's current game is used instead */
  }
}
