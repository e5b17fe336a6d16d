// The Games screen: the player's library (library/store.js), newest first. Open, rename,
// export, delete with an undo, and import a game exported before or a .mat game record (the
// engine tells them apart). Opening goes through the engine (`open_game`), which reads the
// save as strictly as any other.
//
// Names and details come from storage, which another page could have written: they are only
// ever set with textContent.

import { $, button, listeners, make } from "../dom.js";
import { isolate, t } from "../i18n.js";
import { deleteGame, listGames, renameGame, restoreGame, savedGame } from "./store.js";

/** @typedef {import("./store.js").StoredEntry} StoredEntry */
/** @typedef {import("./store.js").Removed} Removed */
/** @typedef {import("../view-model.js").Intent} Intent */
/**
 * @typedef {object} GamesDeps
 * @property {(intent: Intent) => unknown} send
 * @property {() => string | undefined} currentId the library id of the game on the board
 * @property {() => string} lang the page's language, for dates
 * @property {(data: string, name: string) => void} download
 */

const MAX_IMPORT = 2_000_000; // bytes: the engine refuses larger saves anyway
// Bytes of a .mat game record: every action of a record is replayed through the rules as it is
// read, about 12 kB a second in the browser's engine on a busy 2-core machine (116 kB in 9.4 s:
// bench/bench_startup.py), so a longer one is refused at once, with its size, rather than keep
// the engine busy for more than 10 s. A save (JSON, from Export) is opened without a replay of
// its finished games: up to MAX_IMPORT.
const MAX_RECORD_IMPORT = 100_000;

/**
 * @param {HTMLDialogElement} root the dialog (#games)
 * @param {GamesDeps} deps
 * @returns {{open: () => void, paint: () => void, destroy: () => void}}
 */
export function createGames(root, deps) {
  const events = listeners();
  /** @type {Removed | null} the last deleted game, for Undo */
  let removed = null;
  const undo = $("games-undo");
  const repaint = () => paintList(deps, actions);
  /** @type {EntryActions} */
  const actions = {
    open: (entry) => {
      const save = savedGame(entry.id);
      if (!save) return say(t("games.missing"));
      root.close();
      deps.send({ type: "open_game", save });
    },
    rename: (entry, name) => {
      renameGame(entry.id, name);
      repaint();
    },
    paint: () => repaint(),
    exportGame: (entry) => {
      const save = savedGame(entry.id);
      if (!save) return;
      const stamp = new Date(entry.updated || Date.now()).toISOString().slice(0, 10);
      deps.download(save, `nard-${entry.variant}-${stamp}-${entry.id}.json`);
    },
    remove: (entry) => {
      const gone = deleteGame(entry.id);
      if (!gone) return;
      removed = gone;
      $("games-undo-text").textContent = t("games.deleted", { name: entry.name || variantTitle(entry) });
      undo.hidden = false;
      $("games-undo-btn").hidden = false;
      // the game on the board is gone from the library: the next newest takes its place
      if (entry.id === deps.currentId()) {
        const next = listGames()[0];
        const save = next && savedGame(next.id);
        deps.send(save ? { type: "open_game", save } : { type: "discard" });
      }
      repaint();
    },
  };
  const say = (/** @type {string} */ text) => {
    $("games-undo-text").textContent = text;
    undo.hidden = false;
    $("games-undo-btn").hidden = true;
  };
  const open = () => {
    repaint();
    if (!root.open) root.showModal();
  };
  events.click("btn-games", open);
  events.click("games-close", () => root.close());
  events.click("games-undo-btn", () => {
    if (removed) restoreGame(removed);
    removed = null;
    undo.hidden = true;
    repaint();
  });
  const importInput = $("games-import", HTMLInputElement);
  events.on(importInput, "change", async () => {
    const save = await importedSave(importInput, say, deps.lang());
    if (save === null) return;
    root.close();
    deps.send({ type: "open_game", save, copy: true });
  });
  events.on(root, "close", () => {
    removed = null;
    undo.hidden = true;
  });
  return {
    open,
    // after every answer of the engine: the list in step while it is shown
    paint() {
      if (root.open) repaint();
    },
    // its listeners off the page, the list's with it
    destroy() {
      events.off();
      $("games-list").replaceChildren();
    },
  };
}

/**
 * What the buttons of an entry do.
 * @typedef {object} EntryActions
 * @property {(entry: StoredEntry) => void} open
 * @property {(entry: StoredEntry, name: string) => void} rename
 * @property {() => void} paint the list again, as it is now
 * @property {(entry: StoredEntry) => void} exportGame
 * @property {(entry: StoredEntry) => void} remove
 */

/**
 * @param {GamesDeps} deps
 * @param {EntryActions} actions
 */
function paintList(deps, actions) {
  const games = listGames();
  const current = deps.currentId();
  $("games-list").replaceChildren(...games.map((entry) => gameItem(entry, entry.id === current, deps.lang(), actions)));
  $("games-empty").hidden = games.length > 0;
  $("games-count").textContent = t("games.count", { n: games.length });
}

/**
 * One game of the list: its name, what it is, its buttons.
 * @param {StoredEntry} entry
 * @param {boolean} current
 * @param {string} lang
 * @param {EntryActions} actions
 */
function gameItem(entry, current, lang, actions) {
  const li = make("li", "game-entry");
  li.dataset.gameId = entry.id;
  li.dataset.position = typeof entry.position === "string" ? entry.position : "";
  if (current) li.dataset.current = "1";
  const main = make("div", "game-main");
  const name = make("span", "game-name", entry.name || variantTitle(entry));
  main.append(name, make("span", "game-detail", detail(entry, current, lang)));
  const buttons = make("div", "game-actions");
  const add = (/** @type {string} */ cls, /** @type {string} */ key, /** @type {() => void} */ fn, primary = false) => {
    const b = button(`${cls}${primary ? " primary" : " ghost"}`, t(key));
    b.addEventListener("click", fn);
    buttons.append(b);
    return b;
  };
  const openButton = add("game-open", current ? "games.on_board" : "games.open", () => actions.open(entry), !current);
  openButton.disabled = current;
  add("game-rename", "games.rename", () => startRename(name, entry, actions));
  add("game-export", "games.export", () => actions.exportGame(entry));
  add("game-delete", "games.delete", () => actions.remove(entry));
  li.append(main, buttons);
  return li;
}

function variantTitle(/** @type {StoredEntry} */ entry) {
  const base = t(`variant.${entry.variant}.title`);
  const options = typeof entry.token === "string" ? entry.token.split("+").slice(1) : [];
  return options.length ? `${base} (${options.map(optionName).join(", ")})` : base;
}

// A rule option by its name in the page's language ("cube-limit-8": the cube limit and 8).
function optionName(/** @type {string} */ option) {
  const limit = /^cube-limit-(\d+)$/.exec(option);
  return limit ? `${t("option.cube-limit")} ${isolate(limit[1])}` : t(`option.${option}`);
}

/**
 * The line under a game's name: the game, the opponent, the score, who is to play, when.
 * @param {StoredEntry} entry
 * @param {boolean} current
 * @param {string} lang
 */
function detail(entry, current, lang) {
  const parts = [];
  if (entry.name) parts.push(variantTitle(entry));
  parts.push(entry.opponent === "computer"
    ? t("games.vs_computer", { level: t(`level.${entry.level}`) })
    : t("games.two_players"));
  if (entry.hand) parts.push(t("games.hand"));
  const score = Array.isArray(entry.score) ? entry.score.map((n) => Number(n) || 0) : [0, 0];
  if (entry.match_length) parts.push(t("games.match_score", { n: entry.match_length, w: score[0], b: score[1] }));
  else if (score[0] || score[1]) parts.push(t("games.score", { w: score[0], b: score[1] }));
  if (entry.over) {
    parts.push(entry.winner === "w" || entry.winner === "b" ? t("games.won", { side: t(`side.${entry.winner}`) }) : t("games.over"));
  } else {
    const turn = typeof entry.position === "string" ? entry.position.split(":")[1] : "";
    if (turn === "w" || turn === "b") parts.push(t("games.to_play", { side: t(`side.${turn}`) }));
  }
  if (entry.updated) {
    try {
      parts.push(dateFormat(lang).format(new Date(entry.updated)));
    } catch (_) {
      /* a date this browser cannot format: left out */
    }
  }
  if (current) parts.push(t("games.current"));
  return parts.join(" · ");
}

// Dates in the page's language, always in Western digits (-u-nu-latn: docs/i18n.md).
/** @type {Map<string, Intl.DateTimeFormat>} */
const DATE_FORMATS = new Map();

/** @returns {Intl.DateTimeFormat} */
function dateFormat(/** @type {string} */ lang) {
  let format = DATE_FORMATS.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: "medium", timeStyle: "short" });
    DATE_FORMATS.set(lang, format);
  }
  return format;
}

/**
 * The game's name as a field to type in; Enter or leaving it keeps the name, Escape does not.
 * @param {HTMLElement} name
 * @param {StoredEntry} entry
 * @param {EntryActions} actions
 */
function startRename(name, entry, actions) {
  const input = make("input", "game-name-input");
  input.maxLength = 80;
  input.value = entry.name || variantTitle(entry);
  input.setAttribute("aria-label", t("games.rename"));
  const done = (/** @type {boolean} */ keep) => (keep ? actions.rename(entry, input.value) : actions.paint());
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") done(true);
    if (e.key === "Escape") {
      e.preventDefault(); // the dialog stays open
      done(false);
    }
    e.stopPropagation(); // the page's keys (R, U, H ...) are not for this field
  });
  input.addEventListener("blur", () => done(true));
  name.replaceWith(input);
  input.focus();
  input.select();
}

// The text of the file chosen to import, or null (none, or too large: said with `say`, naming
// the file's size and the limit).
/**
 * @param {HTMLInputElement} input
 * @param {(text: string) => void} say
 * @param {string} lang the page's language, for the sizes
 * @returns {Promise<string | null>}
 */
async function importedSave(input, say, lang) {
  const file = input.files && input.files[0];
  input.value = "";
  if (!file) return null;
  if (file.size > MAX_IMPORT) {
    say(t("games.import_large", { size: fileSize(file.size, lang), limit: fileSize(MAX_IMPORT, lang) }));
    return null;
  }
  const text = await file.text();
  const record = !text.replace(/^[\ufeff \t\r\n]+/, "").startsWith("{"); // as web/worker/saves.py looks_like_mat
  if (record && file.size > MAX_RECORD_IMPORT) {
    say(t("games.import_record_large", { size: fileSize(file.size, lang), limit: fileSize(MAX_RECORD_IMPORT, lang) }));
    return null;
  }
  return text;
}

// A file's size in kilobytes or megabytes, in the page's language and Western digits ("733 kB").
/**
 * @param {number} bytes
 * @param {string} lang
 */
function fileSize(bytes, lang) {
  const mega = bytes >= 1_000_000;
  const options = { style: "unit", unit: mega ? "megabyte" : "kilobyte", maximumFractionDigits: mega ? 1 : 0 };
  try {
    return new Intl.NumberFormat(`${lang}-u-nu-latn`, /** @type {Intl.NumberFormatOptions} */ (options))
      .format(mega ? bytes / 1e6 : Math.max(1, Math.round(bytes / 1e3)));
  } catch (_) {
    return mega ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
  }
}
