// web/page/library/store.js under Node's own test runner (its in-memory library, as where
// IndexedDB is denied): a finished game's background review goes out in the library file and
// comes back in with its game.
import assert from "node:assert/strict";
import { test } from "node:test";

Object.assign(globalThis, { location: { search: "", href: "file:///" } });
const store = await import("../../web/page/library/store.js");

const REVIEW = { version: 1, games: [{ w: { moves: 9, move_loss: 0.5, cubes: 0, cube_loss: 0, luck: 0.25 },
  b: { moves: 8, move_loss: 0.25, cubes: 1, cube_loss: 0.1, luck: -0.25 } }] };

/** A game of an import (web/worker/backup.py import_files), finished or not. */
function imported(/** @type {string} */ id, /** @type {boolean} */ over, /** @type {object} */ extra = {}) {
  const entry = { id, variant: "narde", token: "", opponent: "computer", level: "advanced", seat: "w",
    match_length: 0, score: [0, 0], position: "", phase: over ? "over" : "move", over, winner: over ? "w" : null,
    started: true, link: null };
  return { id, name: "", created: 1000, updated: 2000, save: `{"id": "${id}"}`, entry, ...extra };
}

test("a finished game's review is kept from an import and goes out again with its save", async () => {
  const merged = await store.mergeGames([imported("aaaaaaaaaaa1", true, { review: REVIEW }),
    imported("aaaaaaaaaaa2", false, { review: REVIEW }), imported("aaaaaaaaaaa3", true)], []);
  assert.deepEqual(merged, { added: 3, replaced: 0, kept: 0 });
  const entries = new Map((await store.listGames()).map((entry) => [entry.id, entry]));
  assert.deepEqual(entries.get("aaaaaaaaaaa1")?.review, REVIEW);
  assert.equal(entries.get("aaaaaaaaaaa2")?.review, undefined); // a game going on has no review of its own
  const out = new Map((await store.allSavedGames()).map((game) => [game.id, game]));
  assert.deepEqual(out.get("aaaaaaaaaaa1")?.review, REVIEW);
  assert.ok(!("review" in (out.get("aaaaaaaaaaa3") || {})));
  // the same game from a file with a review: kept as it is, the review added
  const again = await store.mergeGames([imported("aaaaaaaaaaa3", true, { review: REVIEW })], []);
  assert.deepEqual(again, { added: 0, replaced: 0, kept: 1 });
  const later = new Map((await store.allSavedGames()).map((game) => [game.id, game]));
  assert.deepEqual(later.get("aaaaaaaaaaa3")?.review, REVIEW);
});
