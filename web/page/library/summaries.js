// What Statistics sends the engine (library/statistics.js): for each game, the summary of its
// save the engine made at an earlier opening (web/worker/statistics.py summary_of_save), kept in
// the store `summaries` with the revision of the save it was made of, or the save itself where
// there is none or the save was written since (the game played on, imported again). The
// engine's answer brings the summaries of the saves it read, kept here for the next opening:
// the library's saves are read once, not at every opening. A summary is the engine's to judge:
// one it does not read (another version, damaged) is named in its answer (`again`), and that
// game's save is sent in its place.

import { listGames, run, when } from "./store.js";

/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {import("../view-model.js").StatisticsGame} StatisticsGame */
/** @typedef {{id: string, rev: number, summary: Record<string, unknown>}} KeptSummary */
/** @typedef {{games: StatisticsGame[], revs: Map<string, number>}} Inputs */

/**
 * The games Statistics reads, newest first: each with its kept summary where that was made of
 * the save kept now, else with its save; its background review and time.
 * @param {Set<string>} [withSaves] ids whose save is sent whatever summary is kept
 * @returns {Promise<Inputs>} and the revision of each save sent (what its summary is made of)
 */
export async function statisticsInputs(withSaves = new Set()) {
  const entries = (await listGames()).filter((entry) => entry.started !== false);
  /** @type {Map<string, Record<string, unknown>>} */
  const summaries = new Map();
  /** @type {Map<string, string>} */
  const texts = new Map();
  await run("readonly", (stores) => {
    when(stores.summaries.getAll(), (/** @type {KeptSummary[]} */ kept) => {
      /** @type {Map<string, KeptSummary>} */
      const byId = new Map(kept.map((record) => [record.id, record]));
      for (const entry of entries) {
        const record = byId.get(entry.id);
        if (record && record.rev === (entry.rev || 0) && !withSaves.has(entry.id)) summaries.set(entry.id, record.summary);
        else when(stores.saves.get(entry.id), (save) => typeof save === "string" && texts.set(entry.id, save));
      }
    });
  });
  /** @type {Map<string, number>} */
  const revs = new Map();
  /** @type {StatisticsGame[]} */
  const games = [];
  for (const entry of entries) {
    const summary = summaries.get(entry.id);
    const save = texts.get(entry.id);
    if (summary === undefined && save === undefined) continue;
    const item = summary !== undefined ? { id: entry.id, summary } : { id: entry.id, save: /** @type {string} */ (save) };
    if (save !== undefined) revs.set(entry.id, entry.rev || 0);
    games.push({ ...item, review: entry.review || null, when: entry.updated });
  }
  return { games, revs };
}

/**
 * Keep the engine's summaries of the saves it read, each with the revision of the save sent.
 * @param {unknown} made the answer's `summaries`: {id: summary}
 * @param {Map<string, number>} revs
 */
export async function keepSummaries(made, revs) {
  if (!made || typeof made !== "object") return;
  const found = Object.entries(/** @type {Record<string, Record<string, unknown>>} */ (made)).filter(([id]) => revs.has(id));
  if (!found.length) return;
  try {
    await run("readwrite", (stores) => {
      for (const [id, summary] of found) stores.summaries.put({ id, rev: revs.get(id), summary }, id);
    });
  } catch (_) {
    // not kept (a full disk): the saves are read again at the next opening
  }
}

/**
 * The engine's statistics for `scope`, from the kept summaries and the saves of the other games;
 * the summaries of the saves it read kept for the next time.
 * @param {(message: Intent) => Promise<unknown>} request
 * @param {string} scope
 * @returns {Promise<unknown>} the engine's answer
 */
export async function askStatistics(request, scope) {
  const empty = { games: [], revs: new Map() };
  let inputs = await statisticsInputs().catch(() => empty);
  let answer = /** @type {{again?: unknown, summaries?: unknown}} */ (await request({ type: "statistics", games: inputs.games, scope }));
  if (answer && Array.isArray(answer.again)) {
    // summaries the engine would not read: those games' saves instead, and their summaries made again
    inputs = await statisticsInputs(new Set(answer.again.map(String))).catch(() => empty);
    answer = /** @type {{again?: unknown, summaries?: unknown}} */ (await request({ type: "statistics", games: inputs.games, scope }));
  }
  if (answer && answer.summaries) void keepSummaries(answer.summaries, inputs.revs);
  return answer;
}
