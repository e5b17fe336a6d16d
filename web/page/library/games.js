// The Games screen: the player's library (library/store.js), newest first, searched and
// filtered (game, opponent or level, result, match or single, dates, text in the name) in
// memory, and drawn as a virtual list: only the rows in view exist, so 100,000 games open and
// scroll as fast as ten. Open, rename, export, delete with an undo, and import a game exported
// before or a .mat game record (the engine tells them apart). Opening goes through the engine
// (`open_game`), which reads the save as strictly as any other. Each card says the result
// from the player's side.
//
// Names and details come from storage, which another page could have written: they are only
// ever set with textContent.

import { $, button, listeners, make } from "../dom.js";
import { isolate, t } from "../i18n.js";
import { isLibrary, libraryFile, paintReport, readChosen } from "./backup.js";
import {
  allSavedGames, deleteGame, listGames, listed, mergeGames, newestGames, outcomeOf, renameGame, restoreGame, rivalOf,
  savedGame,
} from "./store.js";
import { storageUse } from "./space.js";

/** @typedef {import("./store.js").StoredEntry} StoredEntry */
/** @typedef {import("./store.js").Removed} Removed */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {import("../view-model.js").Answer} Answer */
/**
 * @typedef {object} GamesDeps
 * @property {(intent: Intent) => unknown} send
 * @property {(intent: Intent) => Promise<Answer | undefined>} ask an intent answered (and kept), its answer
 * @property {() => string | undefined} currentId the library id of the game on the board
 * @property {() => string} lang the page's language, for dates
 * @property {(data: string, name: string) => void} download
 * @property {() => void} changed the library was changed here: other tabs are told
 */

/**
 * @param {HTMLDialogElement} root the dialog (#games)
 * @param {GamesDeps} deps
 * @returns {{open: () => Promise<void>, paint: () => void, refresh: () => void, destroy: () => void}}
 */
export function createGames(root, deps) {
  const events = listeners();
  /** @type {Removed | null} the last deleted game, for Undo */
  let removed = null;
  const undo = $("games-undo");
  /** @type {Promise<void> | null} */
  let painting = null;
  let again = false;
  // One paint at a time; keys typed meanwhile make one more, with the search as it is then.
  const repaint = () => {
    if (painting !== null) {
      again = true;
      return painting;
    }
    painting = paintList(deps, actions).finally(() => {
      painting = null;
      if (again) {
        again = false;
        void repaint();
      }
    });
    return painting;
  };
  /** @type {EntryActions} */
  const actions = {
    open: async (entry) => {
      const save = await savedGame(entry.id);
      if (!save) return say(t("games.missing"));
      root.close();
      deps.send({ type: "open_game", save });
    },
    rename: async (entry, name) => {
      if (await renameGame(entry.id, name)) deps.changed();
      void repaint();
    },
    paint: () => repaint(),
    exportGame: async (entry) => {
      const save = await savedGame(entry.id);
      if (!save) return say(t("games.missing"));
      const stamp = new Date(entry.updated || Date.now()).toISOString().slice(0, 10);
      deps.download(save, `nard-${entry.variant}-${stamp}-${entry.id}.json`);
    },
    remove: async (entry) => {
      const gone = await deleteGame(entry.id);
      if (!gone) return;
      deps.changed();
      removed = gone;
      $("games-undo-text").textContent = t("games.deleted", { name: entry.name || variantTitle(entry) });
      undo.hidden = false;
      $("games-undo-btn").hidden = false;
      // the game on the board is gone from the library: the next newest takes its place
      if (entry.id === deps.currentId()) {
        const next = (await listGames())[0];
        const save = next && (await savedGame(next.id));
        deps.send(save ? { type: "open_game", save } : { type: "discard" });
      }
      void repaint();
    },
  };
  const say = (/** @type {string} */ text) => {
    $("games-undo-text").textContent = text;
    undo.hidden = false;
    $("games-undo-btn").hidden = true;
  };
  const open = async () => {
    await repaint();
    if (!root.open) root.showModal();
    void paintSpace(deps.lang());
  };
  events.click("btn-games", open);
  events.click("games-close", () => root.close());
  events.click("games-undo-btn", async () => {
    if (removed && (await restoreGame(removed))) deps.changed();
    removed = null;
    undo.hidden = true;
    void repaint();
  });
  fillFilters();
  for (const id of ["games-search", "games-variant", "games-rival", "games-outcome", "games-kind", "games-from", "games-to"]) {
    events.on($(id), "input", () => {
      $("games-scroll").scrollTop = 0;
      void repaint();
    });
  }
  events.on($("games-scroll"), "scroll", () => drawRows());
  const importInput = $("games-import", HTMLInputElement);
  const report = $("games-report");
  events.on(importInput, "change", async () => {
    const chosen = [...(importInput.files || [])];
    importInput.value = "";
    if (!chosen.length) return;
    const size = (/** @type {number} */ bytes) => fileSize(bytes, deps.lang());
    const { files, refused } = await readChosen(chosen);
    if (chosen.length === 1 && refused.length) {
      const file = refused[0];
      return say(t(file.record ? "games.import_record_large" : "games.import_large", { size: size(file.size), limit: size(file.limit) }));
    }
    if (files.length === 1 && !refused.length && !isLibrary(files[0].text)) {
      root.close(); // one game: opened on the board as a new game, as before
      deps.send({ type: "open_game", save: files[0].text, copy: true });
      return;
    }
    const answer = files.length ? await deps.ask({ type: "import_files", files }) : undefined;
    const imported = answer && answer.imported;
    const merged = imported ? await mergeGames(imported.games, imported.aside) : null;
    if (merged && (merged.added || merged.replaced)) deps.changed();
    paintReport(report, imported, merged, refused, size);
    void repaint();
  });
  events.click("games-export-all", async () => {
    const answer = await deps.ask({ type: "export_library" });
    if (!answer || !answer.library) return;
    const stamp = new Date().toISOString().slice(0, 10);
    deps.download(libraryFile(answer.library, await allSavedGames()), `nard-library-${stamp}.json`);
  });
  events.on(root, "close", () => {
    removed = null;
    undo.hidden = true;
    report.hidden = true;
  });
  return {
    open,
    // after every answer of the engine: the list in step while it is shown
    paint() {
      if (root.open) void repaint();
    },
    refresh: () => fillFilters(), // the page's language changed
    // its listeners off the page, the list's with it
    destroy() {
      events.off();
      shown = null;
      $("games-list").replaceChildren();
    },
  };
}

/**
 * What the buttons of an entry do.
 * @typedef {object} EntryActions
 * @property {(entry: StoredEntry) => Promise<void>} open
 * @property {(entry: StoredEntry, name: string) => Promise<void>} rename
 * @property {() => void} paint the list again, as it is now
 * @property {(entry: StoredEntry) => Promise<void>} exportGame
 * @property {(entry: StoredEntry) => Promise<void>} remove
 */

const VARIANTS = ["backgammon", "narde", "khachapuri", "moultezim", "tawla31"];
const LEVELS = ["beginner", "intermediate", "advanced", "strongest"];

/**
 * What the player searches for: each field empty for "any".
 * @typedef {{text: string, variant: string, rival: string, outcome: string, kind: string, from: number, to: number}} Search
 */

// The search as the fields say it (dates as times: from the start of the first day to the end of the last).
/** @returns {Search} */
function searchOf() {
  const day = (/** @type {string} */ id, /** @type {number} */ end) => {
    const value = $(id, HTMLInputElement).value;
    const time = value ? new Date(`${value}T00:00:00`).getTime() : NaN;
    return Number.isFinite(time) ? time + end : 0;
  };
  return {
    text: $("games-search", HTMLInputElement).value.trim().toLowerCase(),
    variant: $("games-variant", HTMLSelectElement).value,
    rival: $("games-rival", HTMLSelectElement).value,
    outcome: $("games-outcome", HTMLSelectElement).value,
    kind: $("games-kind", HTMLSelectElement).value,
    from: day("games-from", 0),
    to: day("games-to", 86_400_000 - 1),
  };
}

/** @type {WeakMap<StoredEntry, string>} each entry's name in lower case, made once */
const LOWER_NAMES = new WeakMap();

/**
 * The entries the search finds, in the order given (newest first).
 * @param {StoredEntry[]} games
 * @param {Search} search
 * @returns {StoredEntry[]}
 */
export function searchGames(games, search) {
  /** @type {Map<string, string>} a title per game and options, in lower case */
  const titles = new Map();
  const name = (/** @type {StoredEntry} */ entry) => {
    if (!entry.name) return "";
    let found = LOWER_NAMES.get(entry);
    if (found === undefined) {
      found = (entry.name || "").toLowerCase();
      LOWER_NAMES.set(entry, found);
    }
    return found;
  };
  const title = (/** @type {StoredEntry} */ entry) => {
    let found = titles.get(entry.token);
    if (found === undefined) {
      found = variantTitle(entry).toLowerCase();
      titles.set(entry.token, found);
    }
    return found;
  };
  return games.filter((entry) =>
    (!search.variant || entry.variant === search.variant)
    && (!search.rival || (entry.rival || rivalOf(entry)) === search.rival)
    && (!search.outcome || (entry.outcome || outcomeOf(entry)) === search.outcome)
    && (!search.kind || (search.kind === "match") === Boolean(entry.match_length))
    && (!search.from || entry.updated >= search.from)
    && (!search.to || entry.updated <= search.to)
    && (!search.text || name(entry).includes(search.text) || title(entry).includes(search.text)));
}

// The choices of the filters, in the page's language (again when the language changes).
function fillFilters() {
  /** @param {string} id @param {[string, string][]} choices */
  const fill = (id, choices) => {
    const select = $(id, HTMLSelectElement);
    const value = select.value;
    select.replaceChildren(...[["", t("games.any")], ...choices].map(([v, text]) => {
      const option = make("option", "", text);
      option.value = v;
      return option;
    }));
    select.value = value;
  };
  fill("games-variant", VARIANTS.map((v) => [v, t(`variant.${v}.title`)]));
  fill("games-rival", [...LEVELS.map((l) => /** @type {[string, string]} */ ([`computer:${l}`, t(`games.level.${l}`)])),
    ["link", t("games.by_link")], ["human", t("games.two_players")]]);
  fill("games-outcome", ["won", "lost", "draw", "on", "over"].map((o) => [o, t(`games.outcome.${o}`)]));
  fill("games-kind", [["single", t("games.kind.single")], ["match", t("games.kind.match")]]);
}

/**
 * The list as the search finds it: its height that of every row, and only the rows in view drawn.
 * @param {GamesDeps} deps
 * @param {EntryActions} actions
 */
async function paintList(deps, actions) {
  if (!listed()) {
    // a big library is read in seconds: its newest games first, at once, then the whole list
    const first = await newestGames(FIRST_PAGE);
    if (first.length === FIRST_PAGE) {
      drawList(searchGames(first, searchOf()), deps, actions);
      $("games-empty").hidden = true;
      $("games-none").hidden = true;
      $("games-count").textContent = t("app.loading");
      listGames().then(() => paintList(deps, actions)).catch(() => {});
      return;
    }
  }
  const all = await listGames();
  const found = searchGames(all, searchOf());
  drawList(found, deps, actions);
  $("games-empty").hidden = all.length > 0;
  $("games-none").hidden = !all.length || found.length > 0;
  $("games-count").textContent = found.length === all.length ? t("games.count", { n: all.length })
    : t("games.shown", { shown: found.length, total: all.length });
}

// The space the site uses and has left, as the browser estimates it.
async function paintSpace(/** @type {string} */ lang) {
  const space = await storageUse();
  $("games-space").hidden = !space;
  if (space) {
    $("games-space").textContent = t("games.space", { used: fileSize(space.usage, lang), free: fileSize(Math.max(0, space.quota - space.usage), lang) });
  }
}

/**
 * The list as high as all `found`, and the rows in view drawn.
 * @param {StoredEntry[]} found
 * @param {GamesDeps} deps
 * @param {EntryActions} actions
 */
function drawList(found, deps, actions) {
  const list = $("games-list");
  row = parseFloat(getComputedStyle(list).getPropertyValue("--game-row")) || 84;
  list.style.height = `${found.length * row}px`;
  shown = { found, deps, actions, drawn: "" };
  drawRows();
}

const FIRST_PAGE = 60; // entries read first, by the index of dates, while the rest are read

/** @type {{found: StoredEntry[], deps: GamesDeps, actions: EntryActions, drawn: string} | null} what the list shows */
let shown = null;
let row = 84; // px: every row is this high (style.css --game-row), so the list knows where each is

// The rows in view (and a few around them) of what the list shows, each at its place.
function drawRows() {
  if (!shown) return;
  const scroller = $("games-scroll");
  const first = Math.max(0, Math.floor(scroller.scrollTop / row) - 5);
  const last = Math.min(shown.found.length, Math.ceil((scroller.scrollTop + (scroller.clientHeight || 600)) / row) + 5);
  const drawn = `${first}:${last}:${shown.found.length}`;
  if (drawn === shown.drawn) return;
  shown.drawn = drawn;
  const current = shown.deps.currentId();
  const lang = shown.deps.lang();
  const rows = [];
  for (let k = first; k < last; k++) {
    const entry = shown.found[k];
    const li = gameItem(entry, entry.id === current, lang, shown.actions);
    li.style.top = `${k * row}px`;
    rows.push(li);
  }
  $("games-list").replaceChildren(...rows);
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
 * The line under a game's name: the game, whom against, the score, the result from the
 * player's side (or who is to play), when.
 * @param {StoredEntry} entry
 * @param {boolean} current
 * @param {string} lang
 */
function detail(entry, current, lang) {
  const parts = [];
  if (entry.name) parts.push(variantTitle(entry));
  parts.push(entry.link ? t("games.by_link") : entry.opponent === "computer" ? t(`games.level.${entry.level}`) : t("games.two_players"));
  if (entry.hand) parts.push(t("games.hand"));
  const score = Array.isArray(entry.score) ? entry.score.map((n) => Number(n) || 0) : [0, 0];
  if (entry.match_length) parts.push(t("games.match_score", { n: entry.match_length, w: score[0], b: score[1] }));
  else if (score[0] || score[1]) parts.push(t("games.score", { w: score[0], b: score[1] }));
  parts.push(resultText(entry));
  if (entry.updated) {
    try {
      parts.push(dateFormat(lang).format(new Date(entry.updated)));
    } catch (_) {
      /* a date this browser cannot format: left out */
    }
  }
  if (current) parts.push(t("games.current"));
  return parts.filter(Boolean).join(" · ");
}

// How the game ended, from the player's side where the player had a side ("you lost 2 pt —
// gammon"), else who won; who is to play while it goes on.
function resultText(/** @type {StoredEntry} */ entry) {
  const outcome = entry.outcome || outcomeOf(entry);
  if (outcome === "on") {
    const turn = typeof entry.position === "string" ? entry.position.split(":")[1] : "";
    return turn === "w" || turn === "b" ? t("games.to_play", { side: t(`side.${turn}`) }) : "";
  }
  if (outcome === "draw") return t("games.outcome.draw");
  const result = entry.result;
  if (outcome === "won" || outcome === "lost") {
    if (entry.match_length) return t(outcome === "won" ? "games.you_won_match" : "games.you_lost_match");
    if (!result) return t(`games.outcome.${outcome}`);
    const said = t(outcome === "won" ? "games.you_won" : "games.you_lost", { n: result.points });
    return ["single", "checkers", "draw"].includes(result.kind) ? said : `${said} — ${t(`kind.${result.kind}`)}`;
  }
  return entry.winner === "w" || entry.winner === "b" ? t("games.won", { side: t(`side.${entry.winner}`) }) : t("games.over");
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

// A file's size in kilobytes or megabytes, in the page's language and Western digits ("733 kB").
/**
 * @param {number} bytes
 * @param {string} lang
 */
function fileSize(bytes, lang) {
  const [unit, size, short] = bytes >= 1e9 ? ["gigabyte", 1e9, "GB"] : bytes >= 1e6 ? ["megabyte", 1e6, "MB"] : ["kilobyte", 1e3, "kB"];
  const value = size === 1e3 ? Math.max(1, Math.round(bytes / 1e3)) : bytes / size;
  const options = { style: "unit", unit, maximumFractionDigits: size === 1e3 ? 0 : 1 };
  try {
    return new Intl.NumberFormat(`${lang}-u-nu-latn`, /** @type {Intl.NumberFormatOptions} */ (options)).format(value);
  } catch (_) {
    return `${size === 1e3 ? value : value.toFixed(1)} ${short}`;
  }
}
