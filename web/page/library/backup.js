// The whole library as one file, and files imported many at once (docs/library.md). The page
// reads the files chosen and writes the library file; the engine reads every file strictly
// (web/worker/backup.py) and says what it found; library/store.js keeps the games, never twice.

import { make } from "../dom.js";
import { t } from "../i18n.js";

/** @typedef {import("../view-model.js").LibraryHead} LibraryHead */
/** @typedef {import("../view-model.js").Imported} Imported */
/** @typedef {import("../view-model.js").ImportedFile} ImportedFile */
/** @typedef {import("./store.js").Merged} Merged */
/** @typedef {{name: string, size: number, limit: number, record: boolean}} Refused */

export const MAX_IMPORT = 16_000_000; // bytes of a save: the engine refuses larger saves anyway (saves.py MAX_SAVE)
// Bytes of a .mat game record: its finished games are read without a replay until asked for
// (nardcore.formats.mat), so a long session imports in seconds (bench/bench_mat.py).
export const MAX_RECORD_IMPORT = 10_000_000;
export const MAX_LIBRARY_IMPORT = 300_000_000; // bytes of a library file
// The head of a library file, as web/worker/backup.py is_library reads it.
const LIBRARY_HEAD = /^\ufeff?\s*\{\s*"app"\s*:\s*"nard"\s*,\s*"kind"\s*:\s*"library"/;

/** @returns {boolean} a library file (by its first characters) */
export function isLibrary(/** @type {string} */ text) {
  return LIBRARY_HEAD.test(text.slice(0, 200));
}

/**
 * The files chosen, read; those over their limit refused at once, unread.
 * @param {File[]} chosen
 * @returns {Promise<{files: ImportedFile[], refused: Refused[]}>}
 */
export async function readChosen(chosen) {
  /** @type {ImportedFile[]} */
  const files = [];
  /** @type {Refused[]} */
  const refused = [];
  for (const file of chosen) {
    const head = await file.slice(0, 200).text();
    const record = !head.replace(/^[\ufeff \t\r\n]+/, "").startsWith("{") && head.trim() !== ""; // as saves.py looks_like_mat
    const limit = isLibrary(head) ? MAX_LIBRARY_IMPORT : record ? MAX_RECORD_IMPORT : MAX_IMPORT;
    if (file.size > limit) refused.push({ name: file.name, size: file.size, limit, record });
    else files.push({ name: file.name, text: await file.text() });
  }
  return { files, refused };
}

/**
 * The library file: the engine's head (the preferences, the version) and every game, with its
 * stored background review when it has one.
 * @param {LibraryHead} head
 * @param {{id: string, name: string, created: number, updated: number, save: string,
 *   review?: Record<string, unknown>}[]} games
 */
export function libraryFile(head, games) {
  return JSON.stringify({ ...head, exported: Date.now(), games });
}

/**
 * What came of an import, a line a file (and what the library took), into `list`.
 * @param {HTMLElement} list
 * @param {Imported | undefined} imported the engine's report
 * @param {Merged | null} merged what the library kept (null: it could not be written)
 * @param {Refused[]} refused files over their limit
 * @param {(bytes: number) => string} size
 */
export function paintReport(list, imported, merged, refused, size) {
  const lines = refused.map((file) => t(file.record ? "games.import_record_large" : "games.import_large",
    { size: size(file.size), limit: size(file.limit) }) + ` (${file.name})`);
  for (const line of (imported && imported.report) || []) {
    if (line.error) lines.push(t("games.report_refused", { name: line.name, error: line.error }));
    else if (line.failed) lines.push(t("games.report_some", { name: line.name, n: line.games, failed: line.failed.length }));
    else lines.push(t("games.report_ok", { name: line.name, n: line.games }));
  }
  if (imported && imported.games.length) {
    lines.push(merged ? t("games.report_merged", { added: merged.added, replaced: merged.replaced, kept: merged.kept })
      : t("games.report_unkept"));
  }
  list.replaceChildren(...lines.map((text) => make("li", "", text)));
  list.hidden = !lines.length;
}
