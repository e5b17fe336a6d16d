// The study panel beside the board (web/worker/study.py, practice.py): a puzzle (the task, the
// player's rating, the answer graded once confirmed, the next puzzle, the puzzle of the day), a
// drill of the Practice screen (one of the player's own errors asked again, when it is due next)
// or the opening book (each opening roll, its plays with equity and winning chances, the replies).
// The board above is the study's own board; the game of the library waits underneath.
//
// Every decision is the engine's: this panel shows its view and sends intents. Text from the
// engine or a link is only ever set with textContent and input values.

import { $, button, copyText, listeners, make } from "../dom.js";
import { isolate, t } from "../i18n.js";
import { EMBEDDED } from "../keep.js";

/** @typedef {import("../view-model.js").View} View */
/** @typedef {import("../view-model.js").StudyView} StudyView */
/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {(intent: Intent) => unknown} Send */

/**
 * @param {HTMLElement} root the study's section (#study)
 * @param {{send: Send}} deps
 * @returns {import("../dom.js").Part}
 */
export function createStudy(root, { send }) {
  const events = listeners();
  /** @type {StudyView | null} */
  let current = null;
  const variant = () => (current ? current.variant : undefined);
  events.click("btn-puzzles", () => send({ type: "puzzles", pick: "next" }));
  events.click("btn-openings", () => send({ type: "openings" }));
  events.click("btn-practice", () => send({ type: "practice" }));
  events.click("study-close", () => send({ type: "study_close" }));
  events.click("study-next", () => send(current && current.kind === "drills" ? { type: "practice" } : { type: "puzzles", variant: variant(), pick: "next" }));
  events.click("study-daily", () => send({ type: "puzzles", variant: variant(), pick: "daily" }));
  events.click("study-again", () => send({ type: "puzzles", pick: "again" }));
  events.click("study-copy", () => copyText($("study-url", HTMLInputElement)));
  const games = $("study-game", HTMLSelectElement);
  events.on(games, "change", () => {
    if (current) send(current.kind === "puzzles" ? { type: "puzzles", variant: games.value, pick: "next" } : { type: "openings", variant: games.value });
  });
  return {
    paint(view) {
      const due = view.practice_due || 0;
      const practice = $("btn-practice");
      practice.textContent = due ? t("btn.practice_due", { n: due }) : t("btn.practice");
      practice.hidden = !due && view.study?.kind !== "drills"; // in the menu while a drill is due (or asked)
      current = view.study || null;
      root.hidden = !current;
      document.body.classList.toggle("studying", Boolean(current));
      if (current) paintStudy(current, view, send);
    },
    destroy() {
      events.off();
      document.body.classList.remove("studying");
    },
  };
}

/**
 * @param {StudyView} study
 * @param {View} view
 * @param {Send} send
 */
function paintStudy(study, view, send) {
  const drills = study.kind === "drills";
  const puzzles = study.kind === "puzzles" || drills; // a drill is asked as a puzzle is
  $("study-title").textContent = t(drills ? "study.practice" : puzzles ? "study.puzzles" : "study.openings");
  const games = $("study-game", HTMLSelectElement);
  games.replaceChildren(...study.games.map((name) => {
    const option = make("option", "", t(`variant.${name}.title`));
    option.value = name;
    return option;
  }));
  games.value = study.variant;
  // embedded in another page (docs/embed.md), a puzzle stands alone: no other game, puzzle or rating
  games.hidden = drills || EMBEDDED;
  $("study-daily").hidden = drills || EMBEDDED;
  $("study-next").hidden = EMBEDDED;
  $("study-close").hidden = EMBEDDED;
  $("study-rating").hidden = EMBEDDED;
  $("study-next").textContent = t(drills ? "drills.next" : "study.next");
  $("study-puzzle").hidden = !puzzles;
  $("study-book").hidden = puzzles;
  const link = study.puzzle ? study.puzzle.link : study.link || "";
  $("study-link").hidden = drills || EMBEDDED; // a drill is the player's own: no link
  $("study-url", HTMLInputElement).value = `${location.origin}${location.pathname}#${link}`;
  $("study-link-label").textContent = t(puzzles ? "study.link_puzzle" : "study.link_book");
  if (drills) paintDrill(study, send);
  else if (puzzles) paintPuzzle(study, view);
  else paintBook(study, send);
}

/** "6-4": a roll as a player reads it. */
const roll = (/** @type {string} */ dice) => isolate(`${dice[0]}-${dice[1]}`);
const figure = (/** @type {number} */ x, digits = 3) => isolate((x >= 0 ? "+" : "−") + Math.abs(x).toFixed(digits));
const percent = (/** @type {number | null | undefined} */ x) => (x === null || x === undefined ? "" : isolate(`${(100 * x).toFixed(1)}%`));

/**
 * @param {StudyView} study
 * @param {View} view
 */
function paintPuzzle(study, view) {
  const puzzle = study.puzzle;
  const rating = study.rating;
  if (!puzzle || !rating) return;
  $("study-rating").textContent = t(rating.provisional ? "study.rating_provisional" : "study.rating", { rating: rating.rating })
    + " · " + t("study.record", { solved: rating.solved, missed: rating.missed });
  $("study-daily-tag").hidden = !puzzle.daily;
  $("study-task").textContent = t("study.task", { side: t(`side.${puzzle.side}`), dice: roll(puzzle.dice) });
  const about = [t("study.puzzle_rating", { rating: puzzle.rating })];
  if (puzzle.themes.length) about.push(t("study.themes", { themes: puzzle.themes.map((name) => t(`study.theme.${name}`)).join(", ") }));
  $("study-about").textContent = about.join(" · ");
  const result = study.result;
  $("study-again").hidden = !result;
  paintWhy(result);
  const words = verdictWords(result);
  if (!result || !words) return;
  if (EMBEDDED) {
    // a puzzle on another page: no rating to tell of
  } else if (result.rated) {
    const change = result.after - result.before;
    words.push(t("study.rated", { before: result.before, after: result.after, change: isolate((change >= 0 ? "+" : "−") + Math.abs(change)) }));
  } else {
    words.push(t("study.not_rated"));
  }
  if (!result.solved && view.arrows.length) words.push(t("study.arrows"));
  $("study-verdict").textContent = words.join(" ");
}

/**
 * Why the best play is better, once answered: than the play made, or than the second best.
 * @param {import("../view-model.js").StudyResult | null} result
 */
function paintWhy(result) {
  const list = $("study-why");
  const facts = result && result.why ? result.why : [];
  list.replaceChildren(...facts.map((fact) => make("li", "", t(fact.key, fact.args))));
  list.hidden = !facts.length;
}

/**
 * The graded answer's words (null before the answer: the verdict hidden).
 * @param {import("../view-model.js").StudyResult | null} result
 * @returns {string[] | null}
 */
function verdictWords(result) {
  const verdict = $("study-verdict");
  verdict.hidden = !result;
  if (!result) return null;
  verdict.dataset.tone = result.solved ? "good" : "bad";
  const missed = t("study.missed", {
    played: isolate(result.played || t("hint.pass")),
    best: isolate(result.best),
    lost: isolate(result.lost.toFixed(3)),
  });
  if (!result.solved) return [missed, t(`study.mark.${result.mark || "small"}`)];
  return result.lost > 0 ? [missed, t("study.mark.small")] : [t("study.solved", { play: isolate(result.best) })];
}

/**
 * A drill: the task, the deck's counts, what was played in the game, and once answered the
 * verdict with the day it is asked again. A cube card is asked with its own buttons.
 * @param {StudyView} study
 * @param {Send} send
 */
function paintDrill(study, send) {
  const drill = study.drill;
  if (!drill) return;
  $("study-rating").textContent = t("drills.deck", { due: drill.due, cards: drill.cards });
  $("study-daily-tag").hidden = true;
  $("study-again").hidden = true;
  const result = study.result;
  paintWhy(null);
  const cube = drill.cube;
  const answers = $("study-cube");
  answers.hidden = !cube || Boolean(result);
  answers.replaceChildren();
  /** @type {string[] | null} */
  let words;
  if (cube) {
    $("study-task").textContent = t(`drills.cube.task_${cube.ask}`, { side: t(`side.${cube.side}`), cube: cube.value });
    const about = [t("drills.cube.played", { action: t(`drills.cube.${drill.played}`) })];
    if (cube.score) {
      about.unshift(t("drills.cube.score", { length: cube.score.length, need: cube.score.need, other: cube.score.other })
        + (cube.score.crawford ? ` · ${t("match.crawford")}` : ""));
    }
    $("study-about").textContent = about.join(" ");
    answers.append(...cube.answers.map((action, index) => {
      const choice = button(index ? "ghost" : "primary", t(`drills.cube.btn.${action}`));
      choice.dataset.action = action;
      choice.addEventListener("click", () => send({ type: "drill_cube", action }));
      return choice;
    }));
    words = cubeVerdictWords(result);
  } else {
    $("study-task").textContent = t("study.task", { side: t(`side.${drill.side}`), dice: roll(drill.dice) });
    $("study-about").textContent = t("drills.played", { played: isolate(drill.played || t("hint.pass")) });
    words = verdictWords(result);
  }
  if (!result || !words) return;
  const day = new Date(Date.now() + (result.interval || 0) * 86_400_000);
  words.push(t("drills.again_on", { date: day.toLocaleDateString(document.documentElement.lang || undefined, { day: "numeric", month: "long" }) }));
  $("study-verdict").textContent = words.join(" ");
}

/**
 * A cube card's graded answer in words: right, or what the action gave up against the best
 * (the cubeful equities are in the hint beside the board).
 * @param {import("../view-model.js").StudyResult | null} result
 * @returns {string[] | null}
 */
function cubeVerdictWords(result) {
  const verdict = $("study-verdict");
  verdict.hidden = !result;
  if (!result) return null;
  verdict.dataset.tone = result.solved ? "good" : "bad";
  const action = (/** @type {string} */ key) => t(`drills.cube.${key}`);
  if (result.lost <= 0) return [t("drills.cube.right", { action: action(result.best) }), t("drills.cube.equities")];
  const missed = t("drills.cube.wrong", { played: action(result.played), best: action(result.best), lost: isolate(result.lost.toFixed(3)) });
  return [missed, t(`study.mark.${result.mark || "small"}`), t("drills.cube.equities")];
}

/**
 * @param {StudyView} study
 * @param {Send} send
 */
function paintBook(study, send) {
  const book = study.book;
  if (!book) return;
  const rolls = $("study-rolls");
  rolls.replaceChildren(...book.openings.map((line) => {
    const choice = button("ghost study-roll", "");
    choice.textContent = roll(line.dice);
    choice.title = line.best;
    if (line.index === book.opening) choice.setAttribute("aria-current", "true");
    choice.addEventListener("click", () => send({ type: "openings", entry: line.index }));
    return choice;
  }));
  $("study-book-task").textContent = t("study.book_task", { side: t(`side.${book.side}`), dice: roll(book.dice) })
    + " · " + t("study.book_games", { n: book.games });
  const table = $("study-plays", HTMLTableElement);
  const head = make("tr");
  for (const key of ["study.col.play", "study.col.equity", "study.col.win"]) head.appendChild(make("th", "", t(key)));
  const rows = book.plays.map((play, index) => {
    const row = make("tr");
    const cell = make("td");
    const choice = button("link", play.play || t("hint.pass"));
    choice.dir = "ltr";
    if (index === book.shown) choice.setAttribute("aria-current", "true");
    choice.addEventListener("click", () => send({ type: "hint", show: index }));
    cell.appendChild(choice);
    row.append(cell, make("td", "num", figure(play.equity)), make("td", "num", percent(play.win)));
    return row;
  });
  table.replaceChildren(head, ...rows);
  const replies = $("study-replies");
  replies.hidden = !book.replies.length;
  $("study-replies-title").textContent = t("study.replies");
  const list = $("study-reply-list");
  list.replaceChildren(...book.replies.map((line) => {
    const item = make("li");
    const choice = button("link", "");
    choice.textContent = `${roll(line.dice)}: ${isolate(line.best)}  ${percent(line.win)}`;
    if (line.index === book.entry) choice.setAttribute("aria-current", "true");
    choice.addEventListener("click", () => send({ type: "openings", entry: line.index }));
    item.appendChild(choice);
    return item;
  }));
}
