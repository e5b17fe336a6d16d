// The Statistics screen (#statistics, from Games, a game's dice panel, or the link #statistics):
// the player's results by game, by opponent and level, by single game or match; their error rate,
// skill and rating per game over time, with a moving average; the luck; and how the dice fell
// beside fair dice's, with the chi-square test's verdict in plain words. The engine computes
// every figure (web/worker/statistics_view.py) from the library this page reads and sends (each
// game's save, or the summary of it the engine made before: summaries.js); this part only draws
// them (charts.js).
//
// Everything from storage or the engine is set with textContent only.

import { $, listeners, make } from "../dom.js";
import { isolate, t } from "../i18n.js";
import { barPlot, timePlot } from "./charts.js";
import { askStatistics } from "./summaries.js";

/** @typedef {import("../view-model.js").Intent} Intent */
/** @typedef {{played: number, won: number, lost: number, drawn: number, points_won: number, points_lost: number}} Tally */
/**
 * One side's dice beside fair dice's (statistics_view.py dice_side).
 * @typedef {{who: string, count: number, rolls: Record<string, number>, expected_rolls: Record<string, number>,
 *   faces: number[], expected_face: number, doubles: number, expected_doubles: number, pips: number,
 *   expected_pips: number, p: number, verdict: string}} DiceSide
 */
/**
 * One game's play over time (statistics_view.py skill_by_variant).
 * @typedef {{points: {when: number, rate: number | null, rating: number | null}[], average: (number | null)[],
 *   reviewed: number, moves: number, rate: number | null, cube_rate: number | null, rating: number | null,
 *   skill: string | null, luck: {mine: number, theirs: number}}} Skill
 */
/**
 * The engine's figures (statistics_view.py report).
 * @typedef {{scope: string, games: number, unread: number,
 *   results: {total: Tally, by_variant: Record<string, Tally>, by_rival: Record<string, Tally>, by_kind: Record<string, Tally>},
 *   skill: Record<string, Skill>, dice: {hand_games: number, sides: DiceSide[]}}} Report
 */
/**
 * @typedef {object} StatisticsDeps
 * @property {(message: Intent) => Promise<unknown>} request to the engine, after the page's own requests
 * @property {() => string | undefined} currentId the library id of the game on the board
 * @property {() => string} lang the page's language, for numbers and dates
 */

const ROLL_ORDER = ["11", "21", "22", "31", "32", "33", "41", "42", "43", "44", "51", "52", "53", "54", "55",
  "61", "62", "63", "64", "65", "66"];

/**
 * @param {HTMLDialogElement} root the dialog (#statistics)
 * @param {StatisticsDeps} deps
 * @returns {{open: (scope?: string) => Promise<void>, paint: () => void, refresh: () => void, destroy: () => void}}
 */
export function createStatistics(root, deps) {
  const events = listeners();
  const scope = $("stats-scope", HTMLSelectElement);
  /** @type {Report | null} */
  let shown = null;
  let asked = 0;
  const fillScope = () => {
    const value = scope.value || "all";
    const current = deps.currentId();
    /** @type {[string, string][]} */
    const choices = [["all", t("stats.scope.all")], ["computer", t("stats.scope.computer")]];
    if (current) choices.push([current, t("stats.scope.game")]);
    scope.replaceChildren(...choices.map(([v, text]) => {
      const option = make("option", "", text);
      option.value = v;
      return option;
    }));
    scope.value = choices.some(([v]) => v === value) ? value : "all";
  };
  const load = async () => {
    const ask = ++asked;
    $("stats-status").textContent = t("app.loading");
    root.setAttribute("aria-busy", "true");
    const answer = /** @type {{statistics?: Report, error?: string}} */ (await askStatistics(deps.request, scope.value || "all"));
    if (ask !== asked) return; // asked again meanwhile
    root.removeAttribute("aria-busy");
    if (!answer || !answer.statistics) {
      $("stats-status").textContent = t("msg.engine_error", { error: (answer && answer.error) || "?" });
      return;
    }
    shown = answer.statistics;
    draw(shown, deps.lang());
  };
  events.on(scope, "change", () => void load());
  events.click("stats-close", () => root.close());
  return {
    async open(which) {
      fillScope();
      if (which) scope.value = which === "game" ? deps.currentId() || "all" : which;
      if (!root.open) root.showModal();
      await load();
    },
    paint() {},
    refresh() {
      // the page's language changed: the choices and the figures in it
      fillScope();
      if (root.open && shown) draw(shown, deps.lang());
    },
    destroy() {
      events.off();
      $("stats-body").replaceChildren();
    },
  };
}

// The direction marks some languages put into numbers and dates (Arabic's letter mark before a
// minus, right-to-left marks between a date's parts): left out, as the figures are set left to
// right (isolated in a sentence, or on a plot, which is drawn left to right).
const MARKS = /[\u061c\u200e\u200f]/g;

/** @typedef {{format: (n: number) => string}} Format */

/**
 * Numbers in the page's language, Western digits (docs/i18n.md).
 * @param {string} lang
 * @param {number} [digits]
 * @param {boolean} [signed] with a plus before a positive number
 * @returns {Format}
 */
function numberFormat(lang, digits = 0, signed = false) {
  /** @type {Intl.NumberFormatOptions} */
  const options = { maximumFractionDigits: digits, minimumFractionDigits: digits, signDisplay: signed ? "exceptZero" : "auto" };
  let format;
  try {
    format = new Intl.NumberFormat(`${lang}-u-nu-latn`, options);
  } catch (_) {
    format = new Intl.NumberFormat("en", options);
  }
  return { format: (n) => format.format(n).replace(MARKS, "") };
}

/**
 * A day in the page's language.
 * @param {string} lang
 * @returns {Format}
 */
function dayFormat(lang) {
  let format;
  try {
    format = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { dateStyle: "medium" });
  } catch (_) {
    format = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
  }
  return { format: (ms) => format.format(new Date(ms)).replace(MARKS, "") };
}

/**
 * Every section of the screen from the engine's figures.
 * @param {Report} report
 * @param {string} lang
 */
function draw(report, lang) {
  const whole = numberFormat(lang);
  const status = [t("stats.games", { n: report.games })];
  if (report.unread) status.push(t("stats.unread", { n: report.unread }));
  $("stats-status").textContent = status.join(" · ");
  const body = $("stats-body");
  const width = body.clientWidth || 600; // the plots drawn at the width they are shown at
  body.replaceChildren(resultsSection(report, whole), skillSection(report, lang, width), diceSection(report, lang, width));
}

/**
 * @param {string} key
 * @returns {HTMLElement}
 */
function section(key) {
  const box = make("section", "stats-section");
  box.append(make("h3", "", t(key)));
  return box;
}

/** A group's name: a game, an opponent and level, single or match. */
function groupName(/** @type {string} */ kind, /** @type {string} */ key) {
  if (kind === "variant") return t(`variant.${key}.title`);
  if (kind === "kind") return t(`games.kind.${key}`);
  if (key === "link") return t("games.by_link");
  if (key === "human") return t("games.two_players");
  return t(`games.level.${key.replace(/^computer:/, "")}`);
}

/**
 * A table in a box that scrolls sideways on a narrow screen, reachable by the keyboard to scroll it.
 * @param {HTMLElement} table
 * @param {string} label
 */
function scrollBox(table, label) {
  const scroller = make("div", "stats-scroll");
  scroller.tabIndex = 0;
  scroller.setAttribute("role", "region");
  scroller.setAttribute("aria-label", label);
  scroller.append(table);
  return scroller;
}

/**
 * Games and points won: in all, by game, by opponent and level, by single game or match.
 * @param {Report} report
 * @param {Format} whole
 */
function resultsSection(report, whole) {
  const box = section("stats.results");
  const table = make("table", "stats-table stats-results");
  const head = make("tr");
  for (const key of ["", "stats.col.played", "stats.col.won", "stats.col.lost", "stats.col.drawn", "stats.col.points_won", "stats.col.points_lost"]) {
    head.append(make("th", "", key ? t(key) : ""));
  }
  table.append(make("thead"));
  /** @type {HTMLElement} */ (table.firstChild).append(head);
  const rows = make("tbody");
  /** @param {string} name @param {Tally} tally @param {string} cls @param {string} group */
  const row = (name, tally, cls, group) => {
    const tr = make("tr", cls);
    tr.dataset.group = group;
    tr.append(make("th", "", name));
    for (const n of [tally.played, tally.won, tally.lost, tally.drawn, tally.points_won, tally.points_lost]) {
      tr.append(make("td", "", whole.format(n)));
    }
    rows.append(tr);
  };
  row(t("stats.total"), report.results.total, "stats-total", "total");
  /** @type {[string, string, Record<string, Tally>][]} */
  const groups = [["variant", "stats.by_game", report.results.by_variant], ["rival", "stats.by_rival", report.results.by_rival],
    ["kind", "stats.by_kind", report.results.by_kind]];
  for (const [kind, key, tallies] of groups) {
    const heading = make("tr", "stats-group");
    const cell = make("th", "", t(key));
    cell.colSpan = 7;
    heading.append(cell);
    rows.append(heading);
    for (const [name, tally] of Object.entries(tallies)) row(groupName(kind, name), tally, "", `${kind}:${name}`);
  }
  table.append(rows);
  box.append(scrollBox(table, t("stats.results")));
  return box;
}

/**
 * Error rate, skill, rating and luck per game, and a plot of every reviewed game.
 * @param {Report} report
 * @param {string} lang
 * @param {number} width the plots', in CSS pixels
 */
function skillSection(report, lang, width) {
  const box = section("stats.skill");
  const variants = Object.entries(report.skill);
  if (!variants.length) {
    box.append(make("p", "stats-note", t("stats.no_reviews")));
    return box;
  }
  const one = numberFormat(lang, 1);
  const whole = numberFormat(lang);
  const signed = numberFormat(lang, 2, true);
  const day = dayFormat(lang);
  for (const [variant, skill] of variants) {
    const part = make("div", "stats-skill");
    part.dataset.variant = variant;
    part.append(make("h4", "", t(`variant.${variant}.title`)));
    const facts = make("ul", "stats-facts");
    const fact = (/** @type {string} */ text, /** @type {string} */ name) => {
      const li = make("li", "", text);
      li.dataset.fact = name;
      facts.append(li);
    };
    fact(t("stats.reviewed", { n: skill.reviewed }), "reviewed");
    if (skill.rate !== null) {
      const label = skill.skill ? ` (${t(`skill.${skill.skill}`)})` : "";
      fact(t("stats.rate", { rate: isolate(one.format(skill.rate)) }) + label, "rate");
    }
    if (skill.rating !== null) {
      fact(t(variant === "backgammon" ? "stats.rating_gnubg" : "stats.rating_own", { rating: isolate(whole.format(skill.rating)) }), "rating");
    }
    fact(t("stats.luck", { mine: isolate(signed.format(skill.luck.mine)), theirs: isolate(signed.format(skill.luck.theirs)) }), "luck");
    part.append(facts);
    const points = skill.points.map((p) => ({ when: p.when, value: p.rate }));
    part.append(timePlot(points, skill.average, {
      label: t("stats.plot"),
      axis: t("stats.axis.rate"),
      format: (n) => whole.format(n),
      date: (ms) => (ms ? day.format(ms) : ""),
      dotLabel: (i) => t("stats.dot", { date: skill.points[i].when ? day.format(skill.points[i].when) : "",
        rate: one.format(skill.points[i].rate || 0) }),
    }, width));
    part.append(make("p", "stats-legend", t("stats.plot")));
    box.append(part);
  }
  box.append(make("p", "stats-note", t("stats.units")));
  return box;
}

/**
 * The dice of each side: the verdict, the 21 rolls plotted beside fair dice, the faces, doubles, pips.
 * @param {Report} report
 * @param {string} lang
 * @param {number} width the plots', in CSS pixels
 */
function diceSection(report, lang, width) {
  const box = section("stats.dice");
  const whole = numberFormat(lang);
  const one = numberFormat(lang, 1);
  if (report.dice.hand_games) box.append(make("p", "stats-note", t("stats.dice.hand", { n: report.dice.hand_games })));
  for (const side of report.dice.sides) {
    const part = make("div", "stats-dice");
    part.dataset.who = side.who;
    part.append(make("h4", "", t(`stats.dice.${side.who}`)));
    const verdict = make("p", `stats-verdict verdict-${side.verdict.split(".").pop()}`, t(side.verdict));
    verdict.dataset.verdict = side.verdict;
    part.append(verdict);
    const p = t("stats.dice.p", { p: isolate(numberFormat(lang, 3).format(side.p)) });
    part.append(make("p", "stats-note", `${t("stats.dice.rolls", { n: side.count })} · ${p}`));
    part.append(barPlot(ROLL_ORDER.map((roll) => ({ label: roll, count: side.rolls[roll] || 0, expected: side.expected_rolls[roll] || 0 })),
      { label: t("stats.dice.plot"), format: (n) => whole.format(n) }, width));
    part.append(make("p", "stats-legend", t("stats.dice.plot")));
    const table = make("table", "stats-table stats-faces");
    const head = make("tr");
    head.append(make("th", "", ""));
    for (let face = 1; face <= 6; face++) head.append(make("th", "", String(face)));
    head.append(make("th", "", t("stats.dice.doubles")), make("th", "", t("stats.dice.pips")));
    const seen = make("tr", "stats-seen");
    seen.append(make("th", "", t("stats.dice.count")));
    for (const n of side.faces) seen.append(make("td", "", whole.format(n)));
    seen.append(make("td", "", whole.format(side.doubles)), make("td", "", whole.format(side.pips)));
    const fair = make("tr", "stats-fair");
    fair.append(make("th", "", t("stats.dice.expected")));
    for (let face = 0; face < 6; face++) fair.append(make("td", "", one.format(side.expected_face)));
    fair.append(make("td", "", one.format(side.expected_doubles)), make("td", "", one.format(side.expected_pips)));
    table.append(head, seen, fair);
    part.append(scrollBox(table, t(`stats.dice.${side.who}`)));
    box.append(part);
  }
  return box;
}
